import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** One shared ioredis client for commands (rate limits, locks). BullMQ and Socket.IO open their own. */
export const REDIS = Symbol('REDIS');

/** Prefix every key with REDIS_PREFIX so tests and environments never collide. */
export const redisKey = (config: AppConfig, ...parts: string[]): string =>
  [config.REDIS_PREFIX, ...parts].join(':');

class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }),
    },
    RedisShutdown,
  ],
  exports: [REDIS],
})
export class RedisModule {}
