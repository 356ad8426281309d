import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { resolveJobHandlers, type FoundHandler } from './job-handlers';
import { JOB_NAMES, JOB_SETTINGS, type JobName } from './jobs';
import { ON_JOB } from './on-job.decorator';

/**
 * Finds the `@OnJob` methods, checks at boot that each job has exactly one (in every role, so a
 * mistake fails the api as well), and runs BullMQ workers in the worker and all roles.
 */
@Injectable()
export class JobWorkers implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private handlers = new Map<JobName, FoundHandler>();
  private readonly workers: { worker: Worker; connection: Redis }[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.handlers = resolveJobHandlers(JOB_NAMES, this.discover());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    for (const [name, handler] of this.handlers) {
      const settings = JOB_SETTINGS[name];
      // Workers block on Redis, which needs a connection of their own without a retry limit.
      const connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      const worker = new Worker(name, (job) => handler.run(job.data), {
        connection,
        prefix: this.config.REDIS_PREFIX,
        concurrency:
          typeof settings.concurrency === 'function'
            ? settings.concurrency(this.config)
            : settings.concurrency,
        // A live worker renews its lock every half period; a dead one's job is taken back after one.
        lockDuration: this.config.QUEUE_LOCK_SECONDS * 1000,
        stalledInterval: this.config.QUEUE_LOCK_SECONDS * 1000,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(
          `${name} job ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`,
        ),
      );
      worker.on('error', (error) => this.logger.error(`${name} worker: ${error.message}`));
      this.workers.push({ worker, connection });
    }
    await Promise.all(this.workers.map(({ worker }) => worker.waitUntilReady()));
  }

  /** Lets running jobs finish before the database and Redis close (those close later, on shutdown). */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(
      this.workers.map(async ({ worker, connection }) => {
        await worker.close();
        await connection.quit().catch(() => connection.disconnect());
      }),
    );
    this.workers.length = 0;
  }

  private discover(): FoundHandler[] {
    const found: FoundHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!wrapper.isDependencyTreeStatic() || typeof instance !== 'object' || instance === null) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = (instance as Record<string, unknown>)[method];
        if (typeof fn !== 'function') continue;
        const job = this.reflector.get<string | undefined>(ON_JOB, fn as () => unknown);
        if (job) {
          found.push({
            job,
            owner: `${instance.constructor.name}.${method}`,
            run: (data) => Promise.resolve((fn as (d: unknown) => unknown).call(instance, data)),
          });
        }
      }
    }
    return found;
  }
}
