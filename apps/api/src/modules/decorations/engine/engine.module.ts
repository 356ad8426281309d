import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { HttpStagingEngine } from './http-staging.engine';
import { StagingEngine } from './staging-engine.port';

export { stagingPrompt } from './staging-prompt';

/** Provides `StagingEngine`: the external service when ENGINE_URL is set, else the built-in renderer. */
@Module({
  providers: [
    {
      provide: StagingEngine,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): StagingEngine =>
        config.ENGINE_URL
          ? new HttpStagingEngine({
              url: config.ENGINE_URL,
              timeoutSeconds: config.ENGINE_TIMEOUT_SECONDS,
              pollMs: config.ENGINE_POLL_MS,
              retries: config.ENGINE_RETRIES,
            })
          : new BuiltInStagingEngine(),
    },
  ],
  exports: [StagingEngine],
})
export class EngineModule {}
