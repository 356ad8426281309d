import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { REDIS, redisKey } from '../../infra/redis/redis.module';
import { sha256 } from '../identity/secrets';

/**
 * Takes one attempt from every counter, or from none when any is used up: a refusal by the browser's
 * limit must not eat the address's allowance. One script, so parallel requests cannot both pass.
 * KEYS: the counters; ARGV[1]: window in seconds; ARGV[1 + i]: the limit of KEYS[i]. Answers 1, or
 * minus the seconds until the used-up counter's window ends.
 */
const RESERVE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i + 1]) then
    return -math.max(redis.call('TTL', KEYS[i]), 1)
  end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[1]) end
end
return 1`;

/** Gives an attempt back (a refused photo, a failed render), never below zero. */
const RELEASE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1`;

/** The counters one attempt was taken from. */
export interface FreeTryReservation {
  keys: string[];
}

/**
 * How many free tries a network address and a browser may start per FREE_TRY_WINDOW_HOURS. Fixed
 * windows in Redis like the RateLimiter's, but two counters taken together and an attempt that can
 * be given back, which the single-counter limiter cannot do. Subjects are hashed: no personal data.
 */
@Injectable()
export class FreeTryAllowance {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** FREE_TRY_LIMIT once the address or the browser used up its free tries. */
  async reserve(ip: string, visitor: string | null): Promise<FreeTryReservation> {
    const counters: [string, number][] = [[this.key('ip', ip), this.config.FREE_TRY_PER_IP]];
    if (visitor) counters.push([this.key('visitor', visitor), this.config.FREE_TRY_PER_VISITOR]);
    const keys = counters.map(([key]) => key);
    const taken = await this.redis.eval(
      RESERVE,
      keys.length,
      ...keys,
      this.config.FREE_TRY_WINDOW_HOURS * 3600,
      ...counters.map(([, limit]) => limit),
    );
    if (Number(taken) !== 1)
      throw new AppError(ErrorCode.FREE_TRY_LIMIT, undefined, { retryAfterSeconds: -Number(taken) });
    return { keys };
  }

  async release(reservation: FreeTryReservation): Promise<void> {
    await this.redis.eval(RELEASE, reservation.keys.length, ...reservation.keys);
  }

  private key(kind: 'ip' | 'visitor', subject: string): string {
    return redisKey(this.config, 'free-try', kind, sha256(subject).slice(0, 32));
  }
}
