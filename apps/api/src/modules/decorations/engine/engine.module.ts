import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { EngineAdminController } from './engine-admin.controller';
import { EngineAdminService } from './engine-admin.service';
import { EngineRepository } from './engine.repository';
import { CONFIGURED_ENGINES, EngineRouter } from './engine-router.service';
import { configuredEngines } from './engines';

export { stagingPrompt } from './staging-prompt';

/**
 * Provides `EngineRouter`: every configured engine (engines.ts), routed per use as staff chose in the
 * console, with fallbacks; without any choice, ENGINE (or ENGINE_URL's HTTP protocol, or the built-in renderer).
 */
@Module({
  controllers: [EngineAdminController],
  providers: [
    { provide: CONFIGURED_ENGINES, inject: [APP_CONFIG], useFactory: (c: AppConfig) => configuredEngines(c) },
    EngineRepository,
    EngineRouter,
    EngineAdminService,
  ],
  exports: [EngineRouter],
})
export class EngineModule {}
