import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './infra/config/config';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { ErrorFilter } from './infra/http/error.filter';
import { RedisModule } from './infra/redis/redis.module';

/** The whole product; the role (api, worker, all) decides what main starts, not which modules load. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        // infrastructure modules (queue, realtime, storage, mail) and domain modules are listed below
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}
