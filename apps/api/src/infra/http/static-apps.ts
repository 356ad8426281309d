import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../config/config';

/** The repository root, the same from src/ (tests, ts) and dist/ (built) of apps/api. */
const REPO_ROOT = resolve(__dirname, '../../../../..');

/** Paths the API owns (the probes and metrics too); everything else may be a route of the customer app. */
const API_PATH = /^\/(data|api|socket\.io|health|metrics|\.well-known)(\/|$)/;
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

/** Text files the build precompressed (tools/vite/precompress.mjs writes `.br` and `.gz` beside them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encodings the request accepts, the client's preferred first and brotli on a tie (`q=0` refuses one,
 * `*` stands for any not named).
 */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
}

/** The file under `dir` a request path names, or null when it leaves `dir` or names a hidden file. */
function fileFor(dir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || /(^|\/)\./.test(decoded)) return null;
  const file = resolve(dir, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  return file.startsWith(`${dir}${sep}`) ? file : null;
}

function spaHandler(spa: StaticApp) {
  // Vite fingerprints everything under assets/, so those may be cached for good; the rest (index.html
  // above all) is checked again on each visit, so a release shows at once.
  const cacheControl = (file: string) =>
    file.startsWith(join(spa.dir, 'assets', sep)) ? IMMUTABLE : 'no-cache';
  const files = express.static(spa.dir, {
    index: 'index.html',
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', cacheControl(path));
      if (COMPRESSIBLE.test(path)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  /** Sends the precompressed copy of `file` the client accepts, if the build wrote one; false otherwise. */
  const sendPrecompressed = (req: Request, res: Response, next: NextFunction, file: string): boolean => {
    if (!COMPRESSIBLE.test(file)) return false;
    for (const encoding of acceptedEncodings(req.headers['accept-encoding'])) {
      const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      if (!isFile(copy) || !isFile(file)) continue;
      // The type of the file itself, as express.static sends it (`text/javascript; charset=utf-8`).
      res.type(extname(file));
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.sendFile(
        copy,
        { cacheControl: false, headers: { 'Cache-Control': cacheControl(file) } },
        (error) => {
          if (error && !res.headersSent) next(error);
        },
      );
      return true;
    }
    return false;
  };

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!spa.built) {
      res.status(503).type('html').send(notBuiltPage());
      return;
    }
    const file = fileFor(spa.dir, req.path);
    if (file && sendPrecompressed(req, res, next, file)) return;
    files(req, res, () => {
      // A missing fingerprinted file is a real 404, not a page of the app.
      if (req.path.startsWith('/assets/')) return next();
      const index = join(spa.dir, 'index.html');
      if (sendPrecompressed(req, res, next, index)) return;
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
      res.sendFile(index);
    });
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
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
