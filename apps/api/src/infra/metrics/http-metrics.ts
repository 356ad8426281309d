import type { NextFunction, Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

const API_PATH = /^\/(data|api)(\/|$)/;

/**
 * The route label of a finished request: the pattern Express matched (`/data/projects/:id`), never the URL
 * itself (ids, tokens). A /data path no controller answers keeps the request logger's catch-all, `/data/{*path}`;
 * other requests no route matched are `unmatched` under the API paths, else `static` (the apps' files).
 */
export function routeLabel(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  return API_PATH.test(req.originalUrl.split('?')[0] ?? '') ? 'unmatched' : 'static';
}

/** Express middleware, first in the chain, that times every request into estancia_http_request_duration_seconds. */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(req.method, routeLabel(req), res.statusCode, seconds);
    });
    next();
  };
}
