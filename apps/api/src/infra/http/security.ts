import type { INestApplication } from '@nestjs/common';
import helmet from 'helmet';
import type { AppConfig } from '../config/config';
import { corsOrigins } from '../realtime/hub';
import { presignedOrigin, s3StorageOptions } from '../storage/s3.storage';

const GOOGLE = 'https://accounts.google.com';

/**
 * Security headers with a policy the built React apps and Socket.IO work under: own scripts and
 * styles, inline styles (MUI/emotion inject them), images from data:/blob: (canvas editor), sockets,
 * and Google's sign-in script and popup.
 */
export function applySecurity(app: INestApplication, config: AppConfig): void {
  // Presigned media links redirect the browser to the object store: its images (the editor reads
  // their pixels, so they load with CORS) come from there.
  const objectStore =
    config.MEDIA_DELIVERY === 'presigned' ? [presignedOrigin(s3StorageOptions(config))] : [];
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", GOOGLE],
          styleSrc: ["'self'", "'unsafe-inline'", GOOGLE],
          imgSrc: ["'self'", 'data:', 'blob:', ...objectStore],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:', GOOGLE, ...objectStore],
          frameSrc: ["'self'", GOOGLE],
          // Only the app itself may frame our pages (it embeds the API docs, /api/docs, on its API page).
          frameAncestors: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          // Local installs are reached over plain http (also from other machines on the LAN).
          upgradeInsecureRequests: null,
        },
      },
      // Google's sign-in popup talks back to the opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  const origins = corsOrigins(config);
  app.enableCors({
    origin: origins.length ? origins : false,
    credentials: true,
    // ra-data-simple-rest reads the total of a list from Content-Range.
    exposedHeaders: ['Content-Range'],
  });
}
