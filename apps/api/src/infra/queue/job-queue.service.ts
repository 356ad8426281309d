import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { JobName, JobOf } from './jobs';

/** Retries with backoff and bounded history, so Redis does not grow with every job ever run. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

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

/** The only way services enqueue work: `jobs.add('mail.send', { outboxId })`. One BullMQ queue per job name. */
@Injectable()
export class JobQueue implements OnModuleDestroy {
  private readonly queues = new Map<JobName, Queue>();
  private readonly events = new Map<JobName, { events: QueueEvents; connection: Redis }>();
  private connection?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async add<N extends JobName>(name: N, data: JobOf<N>, opts: JobsOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, data, { ...DEFAULT_JOB_OPTIONS, ...opts });
    return job.id ?? '';
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

  private queue(name: JobName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.connection ??= new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 3 });
      queue = new Queue(name, { connection: this.connection, prefix: this.config.REDIS_PREFIX });
      this.queues.set(name, queue);
    }
    return queue;
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
        await connection.quit().catch(() => connection.disconnect());
      }),
    );
    this.events.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
