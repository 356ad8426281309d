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
  | 'login-client'
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

/** The longest wait between two tries of one e-mail from one client after repeated wrong passwords. */
export const LOGIN_DELAY_MAX_SECONDS = 60;

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

  /**
   * Counts one attempt and refuses it with RATE_LIMITED once more than `limit` were made in the window,
   * telling the client (Retry-After) when the window ends.
   */
  async hit(bucket: RateLimitBucket, subject: string, limit: number): Promise<void> {
    const { count, resetSeconds } = await this.count(bucket, subject, this.config.RATE_LIMIT_WINDOW_SECONDS);
    if (count > limit)
      throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfterSeconds: resetSeconds });
  }

  /**
   * Wrong passwords are counted per e-mail *and* client address, so a stranger's guesses never lock the
   * owner out of their account from their own device. Past `free` failures each further try must wait,
   * doubling from 1 s up to LOGIN_DELAY_MAX_SECONDS: the client is slowed down, never locked out for the
   * whole window. Refuses with RATE_LIMITED (and Retry-After) while a wait is running.
   */
  async waitForLoginTurn(email: string, ip: string): Promise<void> {
    const key = this.key('login-client', `${email}|${ip}`);
    const waitMs = await this.redis.pttl(`${key}:wait`);
    if (waitMs > 0)
      throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }

  /** Counts a wrong password of `email` from `ip` and, past `free` of them, starts the wait before the next try. */
  async loginFailed(email: string, ip: string, free: number): Promise<void> {
    const key = this.key('login-client', `${email}|${ip}`);
    const window = this.config.RATE_LIMIT_WINDOW_SECONDS;
    const replies = await this.redis.multi().set(key, 0, 'EX', window, 'NX').incr(key).exec();
    const failures = Number(replies?.[1]?.[1] ?? 0);
    if (failures <= free) return;
    const seconds = Math.min(2 ** Math.min(failures - free - 1, 16), LOGIN_DELAY_MAX_SECONDS);
    await this.redis.set(`${key}:wait`, 1, 'EX', seconds);
  }

  /** A right password from this client: its failures are forgotten. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    const key = this.key('login-client', `${email}|${ip}`);
    await this.redis.del(key, `${key}:wait`).catch((error: unknown) => {
      if (!isRedisUnavailable(error)) throw error;
    });
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
