import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
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

/** The only way services enqueue work: `jobs.add('mail.send', { outboxId })`. One BullMQ queue per job name. */
@Injectable()
export class JobQueue implements OnModuleDestroy {
  private readonly queues = new Map<JobName, Queue>();
  private connection?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async add<N extends JobName>(name: N, data: JobOf<N>, opts: JobsOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, data, { ...DEFAULT_JOB_OPTIONS, ...opts });
    return job.id ?? '';
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

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
