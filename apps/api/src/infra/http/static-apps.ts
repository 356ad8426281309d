import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../config/config';

/** The repository root, the same from src/ (tests, ts) and dist/ (built) of apps/api. */
const REPO_ROOT = resolve(__dirname, '../../../../..');

/** Paths the API owns; everything else may be a route of the customer app. */
const API_PATH = /^\/(data|api|socket\.io)(\/|$)/;
const STAFF_PATH = /^\/backoffice(\/|$)/;

export interface StaticApp {
  name: string;
  mount: string;
  dir: string;
  built: boolean;
}

/** Where the two built apps are and whether they exist. */
export function staticApps(config: AppConfig): { web: StaticApp; admin: StaticApp } {
  const app = (name: string, mount: string, configured: string | undefined, fallback: string): StaticApp => {
    const dir = resolve(configured ?? join(REPO_ROOT, fallback));
    return { name, mount, dir, built: existsSync(join(dir, 'index.html')) };
  };
  return {
    web: app('customer app', '/', config.WEB_DIST, 'apps/web/dist'),
    admin: app('staff console', '/backoffice/', config.ADMIN_DIST, 'apps/admin/dist'),
  };
}

/**
 * Serves the staff console at /backoffice/ and the customer app at /, each with its own SPA
 * fallback to index.html. /data and the other API paths never fall back: they keep answering JSON.
 */
export function serveStaticApps(
  app: NestExpressApplication,
  config: AppConfig,
  logger: Logger,
): { web: StaticApp; admin: StaticApp } {
  const { web, admin } = staticApps(config);
  for (const spa of [web, admin]) {
    if (!spa.built)
      logger.warn(`The ${spa.name} is not built (no index.html in ${spa.dir}); run \`npm run build\`.`);
  }
  app.use('/backoffice', (req: Request, res: Response, next: NextFunction) => {
    // Without the slash the app's relative URLs and router base would not match.
    if (req.originalUrl === '/backoffice') return res.redirect(301, '/backoffice/');
    next();
  });
  app.use('/backoffice', spaHandler(admin));
  const webHandler = spaHandler(web);
  // What the staff console passed on (a missing asset) must not become a page of the customer app.
  app.use((req: Request, res: Response, next: NextFunction) =>
    API_PATH.test(req.path) || STAFF_PATH.test(req.path) ? next() : webHandler(req, res, next),
  );
  return { web, admin };
}

function spaHandler(spa: StaticApp) {
  const files = express.static(spa.dir, {
    index: 'index.html',
    setHeaders: (res, path) =>
      // Vite fingerprints everything under assets/, so those may be cached for good.
      res.setHeader(
        'Cache-Control',
        path.includes(`${spa.dir}/assets/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!spa.built) {
      res.status(503).type('html').send(notBuiltPage());
      return;
    }
    files(req, res, () => {
      // A missing fingerprinted file is a real 404, not a page of the app.
      if (req.path.startsWith('/assets/')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(spa.dir, 'index.html'));
    });
  };
}

/** Shown instead of an app that was not built; in the three product languages. */
function notBuiltPage(): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Estancia</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>Estancia</h1>
<p lang="es">Esta aplicación aún no está compilada. Ejecuta <code>npm run build</code> y recarga la página.</p>
<p lang="ca">Aquesta aplicació encara no està compilada. Executa <code>npm run build</code> i torna a carregar la pàgina.</p>
<p lang="en">This app is not built yet. Run <code>npm run build</code> and reload the page.</p>
</body></html>`;
}
