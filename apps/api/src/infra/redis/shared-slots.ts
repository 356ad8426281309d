import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Redis from 'ioredis';

/**
 * Takes a slot when fewer than `limit` are held: holders are a sorted set of tokens scored by when their
 * lease ends (Redis's own clock), so the slot of a process that died comes back once its lease is over.
 */
const TAKE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
  return 1
end
return 0`;

/**
 * How often a caller waiting for a slot asks again, for slots freed in other processes; jittered so waiting
 * callers do not ask in step. A slot freed in this process wakes one of its waiters at once.
 */
const POLL_MS = 5;

/**
 * A fixed number of slots shared by every process on one Redis key: at most `limit` holders at once in the
 * whole cluster, whichever process they run in. A slot is held for at most `leaseMs`.
 */
export class SharedSlots {
  /** This process's waiters, oldest first: each resolves to ask for a slot again now. */
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly limit: number,
    private readonly leaseMs: number,
  ) {}

  /** Runs `work` in a slot, waiting for one first; an abort while waiting rejects with the signal's reason. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const token = randomUUID();
    while ((await this.redis.eval(TAKE, 1, this.key, this.limit, token, this.leaseMs)) !== 1) {
      await this.wait(signal);
    }
    try {
      return await work();
    } finally {
      await this.redis.zrem(this.key, token).catch(() => undefined); // the lease ends it anyway
      this.waiters.shift()?.();
    }
  }

  /** Until this process frees a slot or the next poll, whichever comes first. */
  private async wait(signal?: AbortSignal): Promise<void> {
    const poll = new AbortController();
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    this.waiters.push(wake);
    try {
      await Promise.race([
        woken,
        sleep(POLL_MS + Math.random() * POLL_MS, undefined, {
          signal: signal ? AbortSignal.any([signal, poll.signal]) : poll.signal,
        }),
      ]);
    } catch (error) {
      if (!poll.signal.aborted) throw error; // the caller gave up
    } finally {
      poll.abort();
      const at = this.waiters.indexOf(wake);
      if (at >= 0) this.waiters.splice(at, 1);
    }
  }
}
