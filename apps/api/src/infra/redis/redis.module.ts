import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { FAIL_FAST_REDIS, reportOutages, whenReady } from './redis-outage';

/** One shared ioredis client for commands (rate limits, locks). BullMQ and Socket.IO open their own. */
export const REDIS = Symbol('REDIS');

/** Prefix every key with REDIS_PREFIX so tests and environments never collide. */
export const redisKey = (config: AppConfig, ...parts: string[]): string =>
  [config.REDIS_PREFIX, ...parts].join(':');

/** How long boot waits for the first connection; past it the process starts anyway and answers 503s until Redis is up. */
const BOOT_WAIT_MS = 5000;

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
      // Requests wait on this client (rate limits, free tries), so it fails fast while Redis is down.
      useFactory: async (config: AppConfig) => {
        const logger = new Logger('Redis');
        const redis = reportOutages(new Redis(config.REDIS_URL, FAIL_FAST_REDIS), 'commands', logger);
        // Without an offline queue a command sent before the first connection would be refused.
        await whenReady(redis, BOOT_WAIT_MS).catch(() =>
          logger.warn(`Redis not reachable at boot; starting anyway, it is retried in the background`),
        );
        return redis;
      },
    },
    RedisShutdown,
  ],
  exports: [REDIS],
})
export class RedisModule {}
