import { Logger as NestLogger, RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { AppConfig } from './infra/config/config';
import { applySecurity } from './infra/http/security';
import { serveStaticApps, type StaticApp } from './infra/http/static-apps';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter';

/** Big enough for the canvas editor's masks sent as data URLs; uploads are multipart and not limited here. */
const JSON_BODY_LIMIT = '5mb';

export interface ApiApp {
  app: NestExpressApplication;
  apps: { web: StaticApp; admin: StaticApp };
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
  applySecurity(app, config);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { extended: true, limit: JSON_BODY_LIMIT });
  const apps = serveStaticApps(app, config, new NestLogger('Static'));
  // The public API (/api/v1, its documents under /api) has its own prefix; everything else is /data.
  app.setGlobalPrefix('data', { exclude: [{ path: 'api/{*rest}', method: RequestMethod.ALL }] });
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  app.enableShutdownHooks();
  return { app, apps };
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
  app.enableShutdownHooks();
  await app.init();
  return app;
}
