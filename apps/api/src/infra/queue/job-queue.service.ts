import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { closeClient, FAIL_FAST_REDIS, reportOutages, whenReady, within } from '../redis/redis-outage';
import type { JobName, JobOf } from './jobs';

/** Retries with backoff and bounded history, so Redis does not grow with every job ever run. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * How long an enqueue may take before the caller is told Redis is unavailable (RedisUnavailableError, a 503
 * for a request). Covers a queue whose first connection is still pending, which ioredis's options cannot.
 */
export const ENQUEUE_TIMEOUT_MS = 2000;
/** How long `assertAvailable` waits for a connection being (re)established. */
const AVAILABLE_WAIT_MS = 1000;
/** How long boot waits for the first connection before starting anyway. */
const BOOT_WAIT_MS = 5000;

/** The job ran and failed for good; `reason` is the message of the error its handler threw. */
export class JobFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailedError';
  }
}

/** The job did not finish within the wait; it may still run and finish later. */
export class JobWaitTimeoutError extends Error {
  constructor(name: string, id: string) {
    super(`${name} job ${id} did not finish in time`);
    this.name = 'JobWaitTimeoutError';
  }
}

/**
 * The only way services enqueue work: `jobs.add('mail.send', { outboxId })`. One BullMQ queue per job name.
 * The producer fails fast while Redis is down (BullMQ's "failing fast when Redis is down"): an enqueue
 * rejects within ENQUEUE_TIMEOUT_MS instead of waiting for a reconnection, so a request can answer 503.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly queues = new Map<JobName, Queue>();
  private readonly events = new Map<JobName, { events: QueueEvents; connection: Redis }>();
  private connection?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Connects at boot: without an offline queue, an enqueue before the first connection would be refused. */
  async onModuleInit(): Promise<void> {
    await whenReady(this.producer(), BOOT_WAIT_MS).catch(() =>
      this.logger.warn('Redis not reachable at boot; enqueues answer 503 until it is'),
    );
  }

  async add<N extends JobName>(name: N, data: JobOf<N>, opts: JobsOptions = {}): Promise<string> {
    const job = await within(
      this.queue(name).add(name, data, { ...DEFAULT_JOB_OPTIONS, ...opts }),
      ENQUEUE_TIMEOUT_MS,
      `${name} not enqueued in time`,
    );
    return job.id ?? '';
  }

  /**
   * Several jobs of one queue in one round trip (a pipeline, not a transaction). When this rejects, some may
   * have been queued all the same: callers keep their jobs idempotent (a job id, a conditional start).
   */
  async addBulk<N extends JobName>(
    name: N,
    jobs: readonly { data: JobOf<N>; opts?: JobsOptions }[],
  ): Promise<void> {
    if (!jobs.length) return;
    await within(
      this.queue(name).addBulk(
        jobs.map(({ data, opts }) => ({ name, data, opts: { ...DEFAULT_JOB_OPTIONS, ...opts } })),
      ),
      ENQUEUE_TIMEOUT_MS,
      `${name} not enqueued in time`,
    );
  }

  /**
   * Like addBulk for jobs with their own `jobId`, for a sweep that queues work again: a job kept under that
   * id as failed or completed (BullMQ would ignore the add) is removed first, so it runs again; one waiting,
   * delayed or running is left as it is. Answers how many were taken out of the failed or completed set.
   */
  async addAgain<N extends JobName>(
    name: N,
    jobs: readonly { data: JobOf<N>; opts: JobsOptions & { jobId: string } }[],
  ): Promise<number> {
    if (!jobs.length) return 0;
    const queue = this.queue(name);
    const states = await within(
      Promise.all(jobs.map(({ opts }) => queue.getJobState(opts.jobId))),
      ENQUEUE_TIMEOUT_MS,
      `${name} states not read in time`,
    );
    const finished = jobs.filter((_, i) => states[i] === 'failed' || states[i] === 'completed');
    await within(
      Promise.all(finished.map(({ opts }) => queue.remove(opts.jobId))),
      ENQUEUE_TIMEOUT_MS,
      `${name} finished jobs not removed in time`,
    );
    await this.addBulk(name, jobs);
    return finished.length;
  }

  /**
   * Rejects with RedisUnavailableError unless the producer is connected (waiting a moment for a connection
   * being made). Checked before work that must not be charged when its job cannot be queued.
   */
  async assertAvailable(): Promise<void> {
    await whenReady(this.producer(), AVAILABLE_WAIT_MS, 'queue not connected');
  }

  /**
   * Adds a job and waits for its handler's answer, for a request that answers with the result (the
   * editor's render). The job runs wherever a worker is; the wait listens to the queue's events, so
   * it works across processes. Throws JobFailedError or JobWaitTimeoutError.
   */
  async addAndWait<N extends JobName>(
    name: N,
    data: JobOf<N>,
    opts: JobsOptions,
    timeoutMs: number,
  ): Promise<unknown> {
    const events = await this.queueEvents(name);
    const job = await this.queue(name).add(name, data, { ...DEFAULT_JOB_OPTIONS, ...opts });
    try {
      return await job.waitUntilFinished(events, timeoutMs);
    } catch (error) {
      // The same rejection means "failed" or "gave up waiting": the job's state tells which.
      if ((await job.getState()) === 'failed') throw new JobFailedError((error as Error).message);
      throw new JobWaitTimeoutError(name, job.id ?? '?');
    }
  }

  /**
   * Runs a job every `everyMs` (a sweep). Upserting under the job's name keeps one schedule however
   * many processes boot and call this.
   */
  async every<N extends JobName>(name: N, data: JobOf<N>, everyMs: number): Promise<void> {
    await this.queue(name).upsertJobScheduler(
      name,
      { every: everyMs },
      {
        name,
        data,
        opts: {
          removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete,
          removeOnFail: DEFAULT_JOB_OPTIONS.removeOnFail,
        },
      },
    );
  }

  /** Jobs waiting or running, e.g. to judge demand. */
  async pending(name: JobName): Promise<number> {
    return this.queue(name).getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized');
  }

  /** A queue's jobs by state, for the metrics (prioritized jobs wait too, so they count as waiting). */
  async counts(name: JobName): Promise<Record<'waiting' | 'active' | 'delayed' | 'failed', number>> {
    const c = await this.queue(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  private queue(name: JobName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const created = new Queue(name, { connection: this.producer(), prefix: this.config.REDIS_PREFIX });
      // Connection errors are reported once by the connection itself (reportOutages).
      created.on('error', () => undefined);
      // A queue whose start-up (INFO, script loading) failed, say while Redis hung, would answer that
      // error forever: it is dropped so the next enqueue starts a fresh one.
      created.waitUntilReady().catch(() => {
        if (this.queues.get(name) === created) this.queues.delete(name);
        void created.close().catch(() => undefined);
      });
      this.queues.set(name, created);
      queue = created;
    }
    return queue;
  }

  private producer(): Redis {
    this.connection ??= reportOutages(
      new Redis(this.config.REDIS_URL, FAIL_FAST_REDIS),
      'queue producer',
      this.logger,
    );
    return this.connection;
  }

  /** Event listeners block on Redis, so each queue's gets a connection of its own. */
  private async queueEvents(name: JobName): Promise<QueueEvents> {
    let entry = this.events.get(name);
    if (!entry) {
      const connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      entry = { events: new QueueEvents(name, { connection, prefix: this.config.REDIS_PREFIX }), connection };
      this.events.set(name, entry);
    }
    await entry.events.waitUntilReady();
    return entry.events;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(
      [...this.events.values()].map(async ({ events, connection }) => {
        await events.close();
        await closeClient(connection);
      }),
    );
    this.events.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    if (this.connection) await closeClient(this.connection);
  }
}
