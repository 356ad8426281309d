import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';

/**
 * Options of the clients a request waits on (the shared command client, the queue producer): while Redis
 * is down a command fails at once instead of waiting in ioredis's offline queue, a Redis that stopped
 * answering fails it after 1.5 s, and the client keeps reconnecting in the background, so everything
 * resumes by itself when Redis is back. Blocking clients (BullMQ workers, queue events, the hub's
 * subscriber) keep ioredis's defaults: they only wait, nobody waits on them.
 */
export const FAIL_FAST_REDIS: RedisOptions = {
  enableOfflineQueue: false,
  connectTimeout: 2000,
  commandTimeout: 1500,
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

/**
 * Options of the hub's publishers (the adapter's and the worker's emitter), whose publishes nobody awaits:
 * a publish waits in the offline queue through start-up and a short reconnection, and is dropped (see
 * dropFailedPublishes) once the client has failed to reconnect twice, so an outage neither piles events up
 * nor replays them late.
 */
export const PUBLISHER_REDIS: RedisOptions = {
  connectTimeout: 2000,
  maxRetriesPerRequest: 2,
  retryStrategy: FAIL_FAST_REDIS.retryStrategy,
};

/** Redis did not answer in time (or the client was not connected); mapped to SERVICE_UNAVAILABLE. */
export class RedisUnavailableError extends Error {
  constructor(what: string) {
    super(`Redis unavailable: ${what}`);
    this.name = 'RedisUnavailableError';
  }
}

/** What ioredis and BullMQ reject a command with when Redis is unreachable (not a Redis reply error). */
const UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Connection is closed.',
];
const UNAVAILABLE_NAMES = ['RedisUnavailableError', 'MaxRetriesPerRequestError', 'ConnectionClosedError'];

/** Whether an error means "Redis cannot be reached right now", the one test the error filter uses for its 503. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return UNAVAILABLE_NAMES.includes(error.name) || UNAVAILABLE_MESSAGES.includes(error.message);
}

/** Resolves once the client is connected; RedisUnavailableError after `ms` (a client reconnecting keeps trying). */
export async function whenReady(client: Redis, ms: number, what = 'not connected'): Promise<void> {
  if (client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onReady = resolve;
      client.once('ready', onReady);
      timer = setTimeout(() => reject(new RedisUnavailableError(what)), ms);
    });
  } finally {
    clearTimeout(timer);
    if (onReady) client.off('ready', onReady);
  }
}

/** `work`, or RedisUnavailableError once it has taken `ms` (it may still finish later: callers stay idempotent). */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(what)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One warning when a client loses Redis and one line when it is back, instead of ioredis's
 * "Unhandled error event" on every reconnection attempt.
 */
export function reportOutages(client: Redis, label: string, logger: Logger): Redis {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`${label}: Redis unreachable (${error.message}); reconnecting in the background`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log(`${label}: Redis reachable again`);
  });
  return client;
}

/**
 * The Socket.IO adapter and emitter publish without awaiting; a publish refused while Redis is down would
 * be an unhandled rejection (which ends the process). Events are notifications: one lost in an outage is
 * dropped, the apps reload their state when they reconnect.
 */
export function dropFailedPublishes(client: Redis): Redis {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) =>
    publish(...args).catch(() => 0);
  return client;
}

/** Closes a client without waiting on a Redis that is down (QUIT would wait for a reconnection). */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await within(client.quit(), 1000, 'quit').catch(() => client.disconnect());
}
