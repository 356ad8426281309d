import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import type { AppConfig } from './infra/config/config';

/** Builds the HTTP application exactly as production runs it; the integration tests use it too. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    logger: config.LOG_LEVEL === 'silent' ? false : undefined,
  });
  app.setGlobalPrefix('data');
  app.enableShutdownHooks();
  return app;
}
