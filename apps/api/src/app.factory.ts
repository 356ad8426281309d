import { Logger as NestLogger, RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './infra/config/config';
import { applySecurity } from './infra/http/security';
import { httpMetrics } from './infra/metrics/http-metrics';
import { MetricsService } from './infra/metrics/metrics.service';
import { serveStaticApps, type StaticApp } from './infra/http/static-apps';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter';
import { stopApi } from './infra/shutdown/graceful-shutdown';
import { MCP_PATH, mcpJsonBody } from './modules/integrations/mcp/mcp-http';
import { HttpConnections } from './infra/shutdown/http-connections';

/** Big enough for the canvas editor's masks sent as data URLs; uploads are multipart and not limited here. */
const JSON_BODY_LIMIT = '5mb';

export interface ApiApp {
  app: NestExpressApplication;
  apps: { web: StaticApp; admin: StaticApp };
  /** What SIGTERM runs (main.ts): drain the requests and hub connections in flight, then close. */
  stop: () => Promise<void>;
}

/**
 * The HTTP process (roles api and all) exactly as production runs it; the integration tests use it too.
 * Queue workers start inside it when ROLE is all (QueueModule reads the role).
 */
export async function createApi(config: AppConfig): Promise<ApiApp> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
    // keeps req.rawBody beside the parsed JSON: payment webhooks are signed over the exact bytes
    rawBody: true,
    logger: config.LOG_LEVEL === 'silent' ? false : undefined,
  });
  if (config.LOG_LEVEL !== 'silent') app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // First, so every request is timed, whatever answers it.
  app.use(httpMetrics(app.get(MetricsService)));
  applySecurity(app, config);
  // Before the app's parser: MCP answers a body that is not JSON with JSON-RPC's parse error.
  app.use(MCP_PATH, ...mcpJsonBody(JSON_BODY_LIMIT));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { extended: true, limit: JSON_BODY_LIMIT });
  const apps = serveStaticApps(app, config, new NestLogger('Static'));
  // The public API (/api/v1, its documents under /api) has its own prefix, the probes and metrics sit at the
  // root (as on a worker); everything else is /data.
  app.setGlobalPrefix('data', {
    exclude: [
      { path: 'api/{*rest}', method: RequestMethod.ALL },
      // RFC 9728's metadata of the MCP endpoint; the rest of /.well-known answers the API's JSON 404.
      { path: '.well-known/{*rest}', method: RequestMethod.ALL },
      { path: 'health/live', method: RequestMethod.GET },
      { path: 'health/ready', method: RequestMethod.GET },
      { path: 'metrics', method: RequestMethod.GET },
    ],
  });
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  // Signals are handled by main.ts (graceful-shutdown.ts), not by Nest's shutdown hooks, which would close
  // the database while requests are still being answered.
  const connections = new HttpConnections(app.getHttpServer());
  return { app, apps, stop: () => stopApi(app, connections, config) };
}

/** Kept for callers that only need the application. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  return (await createApi(config)).app;
}

/** The worker process: no HTTP, no sockets; BullMQ workers and the Redis emitter for events. */
export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    bufferLogs: true,
    logger: config.LOG_LEVEL === 'silent' ? false : undefined,
  });
  if (config.LOG_LEVEL !== 'silent') app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
