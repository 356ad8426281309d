import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { REDIS, redisKey } from '../../infra/redis/redis.module';
import { isRedisUnavailable } from '../../infra/redis/redis-outage';
import { sha256 } from './secrets';

/** What is being limited; each has its own counters. */
export type RateLimitBucket =
  | 'api-ip'
  | 'login-ip'
  | 'login-email'
  | 'code-ip'
  | 'code-email'
  | 'reset-ip'
  | 'reset-email'
  | 'contact-ip'
  | 'problem-report-ip'
  | 'api-key';

/**
 * While Redis is down nothing can be counted. Limits that only shape traffic let it through (fail open),
 * or a Redis outage would refuse every request; limits that stand between a caller and guessing a secret
 * or making us send mail refuse with SERVICE_UNAVAILABLE (fail closed, the error filter's 503).
 */
const FAILS_OPEN: ReadonlySet<RateLimitBucket> = new Set(['api-ip', 'api-key']);

/**
 * Fixed-window counters in Redis, shared by every api process. Subjects (IPs, e-mails) are hashed
 * so Redis holds no personal data.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private warnedAt = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt and refuses it with RATE_LIMITED once more than `limit` were made in the window. */
  async hit(bucket: RateLimitBucket, subject: string, limit: number): Promise<void> {
    const { count } = await this.count(bucket, subject, this.config.RATE_LIMIT_WINDOW_SECONDS);
    if (count > limit) throw new AppError(ErrorCode.RATE_LIMITED);
  }

  /**
   * Counts one attempt in a window of `windowSeconds` and answers the count and the seconds until the
   * window ends, for callers that tell the client when to retry (the public API's Retry-After).
   */
  async count(
    bucket: RateLimitBucket,
    subject: string,
    windowSeconds: number,
  ): Promise<{ count: number; resetSeconds: number }> {
    const key = this.key(bucket, subject);
    let replies: [Error | null, unknown][] | null;
    try {
      // SET NX starts the window on the first attempt; INCR and TTL in the same MULTI keep them atomic.
      replies = await this.redis.multi().set(key, 0, 'EX', windowSeconds, 'NX').incr(key).ttl(key).exec();
    } catch (error) {
      if (!isRedisUnavailable(error) || !FAILS_OPEN.has(bucket)) throw error;
      this.warnOpen();
      return { count: 0, resetSeconds: windowSeconds };
    }
    const count = Number(replies?.[1]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? windowSeconds);
    return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  /** Forgets the attempts of one subject, e.g. after a successful sign-in. */
  async reset(bucket: RateLimitBucket, subject: string): Promise<void> {
    // The caller already succeeded; attempts left in an unreachable Redis expire with their window.
    await this.redis.del(this.key(bucket, subject)).catch((error: unknown) => {
      if (!isRedisUnavailable(error)) throw error;
    });
  }

  /** At most one line a minute while limits are let through. */
  private warnOpen(): void {
    if (Date.now() - this.warnedAt < 60_000) return;
    this.warnedAt = Date.now();
    this.logger.warn('Redis unreachable: traffic limits are not counted until it is back');
  }

  private key(bucket: RateLimitBucket, subject: string): string {
    return redisKey(this.config, 'rate', bucket, sha256(subject.toLowerCase()).slice(0, 32));
  }
}
