import type { ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/config';
import { corsOrigins } from '../realtime/hub';
import { presignedOrigin, s3StorageOptions } from '../storage/s3.storage';

const GOOGLE = 'https://accounts.google.com';

/** The API's JSON surfaces whose answers are the caller's own (the apps', the console's, the public API's). */
const ACCOUNT_API = /^\/(data|api\/v1)(\/|$)/;

/**
 * The origins the apps may fetch from and open sockets to: ours (PUBLIC_URL and CORS_ORIGINS), each also
 * as its ws:/wss: twin for Socket.IO, never any socket host.
 */
export function connectSources(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const address of [config.PUBLIC_URL, ...corsOrigins(config)]) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    origins.add(url.origin);
    origins.add(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return [...origins];
}

/**
 * `Cache-Control: no-store` on the JSON answers of the account API and on every JSON answer to a request that
 * carried a credential (session token or API key), decided when the headers go out so it sees the final
 * Content-Type: media, pictures and downloads keep the caching their handlers chose.
 */
export function noStoreForAccountAnswers(req: Request, res: Response, next: NextFunction): void {
  const credentialed = Boolean(req.headers.authorization);
  const accountApi = ACCOUNT_API.test(req.originalUrl.split('?')[0] ?? '');
  if (!credentialed && !accountApi) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && /\bjson\b/i.test(String(this.getHeader('content-type') ?? ''))) {
      if (credentialed || !this.hasHeader('cache-control')) this.setHeader('Cache-Control', 'no-store');
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  next();
}

/** The editor's surface-selection worker, in either app (Vite names it `selection.worker-<hash>.js`). */
const SELECTION_WORKER = /^(\/backoffice)?\/assets\/selection\.worker-[\w-]+\.js$/;

/**
 * The selection worker's own policy (a worker runs under the policy its script is served with): it
 * compiles OpenCV's WebAssembly ('wasm-unsafe-eval') and OpenCV's bindings build their functions from
 * strings ('unsafe-eval'); it evaluates nothing else, has no DOM and fetches only its inlined WebAssembly
 * (a data: URL). The pages keep their strict policy.
 */
export const SELECTION_WORKER_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src data:";

function selectionWorkerPolicy(req: Request, res: Response, next: NextFunction): void {
  if (SELECTION_WORKER.test(req.path)) res.setHeader('Content-Security-Policy', SELECTION_WORKER_POLICY);
  next();
}

/**
 * Security headers with a policy the built React apps and Socket.IO work under: own scripts and
 * styles, inline styles (MUI/emotion inject them), images from data:/blob: (canvas editor), sockets to our
 * own origins, and Google's sign-in script and popup; account answers are never stored by a cache.
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
          connectSrc: ["'self'", ...connectSources(config), GOOGLE, ...objectStore],
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
  app.use(selectionWorkerPolicy);
  app.use(noStoreForAccountAnswers);
  const origins = corsOrigins(config);
  app.enableCors({
    origin: origins.length ? origins : false,
    credentials: true,
    // ra-data-simple-rest reads the total of a list from Content-Range.
    exposedHeaders: ['Content-Range'],
  });
}
