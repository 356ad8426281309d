import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DelayedError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { isDatabaseUnavailable } from '../database/database-outage';
import { closeClient, isRedisUnavailable } from '../redis/redis-outage';
import { MetricsService } from '../metrics/metrics.service';
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
  /** Each worker with the jobs it is running (by id), which a shutdown hands back once its grace is over. */
  private readonly workers: { worker: Worker; connection: Redis; running: Map<string, Job> }[] = [];
  private draining?: Promise<void>;
  private outageQuietUntil = 0;
  private databaseQuietUntil = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Optional() private readonly metrics?: MetricsService,
    // Absent in a bare QueueModule (queue.int-spec): no job there is put back for the database.
    @Optional() @InjectDataSource() private readonly dataSource?: DataSource,
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
      // Timed when the app has metrics (a bare QueueModule, as in queue.int-spec, has not).
      const timed = (run: () => Promise<unknown>) => this.metrics?.timeJob(name, run) ?? run();
      const jobs = new Map<string, Job>();
      const worker = new Worker(
        name,
        async (job, token) => {
          try {
            return await timed(() => handler.run(job.data));
          } catch (error) {
            if (await this.putBackForDatabase(name, job, token, error)) {
              jobs.delete(job.id ?? '');
              throw new DelayedError();
            }
            throw error;
          }
        },
        {
          connection,
          prefix: this.config.REDIS_PREFIX,
          concurrency:
            typeof settings.concurrency === 'function'
              ? settings.concurrency(this.config)
              : settings.concurrency,
          // A live worker renews its lock every half period; a dead one's job is taken back after one.
          lockDuration: this.config.QUEUE_LOCK_SECONDS * 1000,
          stalledInterval: this.config.QUEUE_LOCK_SECONDS * 1000,
        },
      );
      worker.on('failed', (job, error) =>
        this.logger.warn(
          `${name} job ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`,
        ),
      );
      worker.on('error', (error) => this.reportError(name, error));
      this.workers.push({ worker, connection, running: running(worker, jobs) });
    }
    await Promise.all(this.workers.map(({ worker }) => worker.waitUntilReady()));
  }

  /** Nest's shutdown: the same drain as SIGTERM's (which started it earlier, with the process's deadline). */
  async onModuleDestroy(): Promise<void> {
    await this.drain();
  }

  /**
   * Stops taking jobs and lets the running ones finish until `deadline` (epoch ms), before the database and
   * Redis close. A job still running then is handed back to its queue (BullMQ's moveToWait with this
   * worker's lock), so another worker starts it at once instead of after the lock expires; the processors
   * are idempotent, so the run cut short here changes nothing. Runs once; later calls await the same drain.
   */
  drain(deadline = Date.now() + this.config.SHUTDOWN_GRACE_SECONDS * 1000): Promise<void> {
    this.draining ??= this.closeWorkers(deadline);
    return this.draining;
  }

  private async closeWorkers(deadline: number): Promise<void> {
    const workers = this.workers.splice(0);
    if (!workers.length) return;
    // close() stops fetching at once and resolves when the running jobs are done (it has no timeout). A
    // connection closes only after its worker: a run cut short below then ends on Redis's "lock lost"
    // answer instead of BullMQ retrying, without pause, against a closed connection.
    const closed = Promise.all(
      workers.map(async ({ worker, connection }) => {
        await worker.close();
        await closeClient(connection);
      }),
    ).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    const finished = await Promise.race([closed.catch(() => true), graceOver]);
    clearTimeout(timer);
    if (!finished) {
      const left = workers.flatMap(({ running }) => [...running.values()]);
      await Promise.all(
        left.map((job) =>
          job.moveToWait(job.token).catch((error: unknown) => {
            // Not handed back (Redis gone, say): the lock expires and the stalled-job check takes it back.
            this.logger.warn(`${job.name} job ${job.id ?? '?'} not handed back: ${String(error)}`);
          }),
        ),
      );
      this.logger.warn(`Shutdown grace over: ${left.length} running job(s) handed back to the queue`);
    }
  }

  /**
   * A job that failed because PostgreSQL is unreachable did not fail: it goes back to the queue, delayed
   * (1 s, doubling up to 10 s), without counting an attempt, until the database answers again. Otherwise a
   * render would burn its attempts against a dead database and land in the failed set, its decoration
   * charged and pending. A sweep's run (a scheduler's job) is not put back: its next run comes anyway.
   * The error alone is not enough (an engine's ECONNRESET looks the same): the database must not answer.
   */
  private async putBackForDatabase(
    name: JobName,
    job: Job,
    token: string | undefined,
    error: unknown,
  ): Promise<boolean> {
    if (!this.dataSource || !token || job.repeatJobKey || !isDatabaseUnavailable(error)) return false;
    const answers = await this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (answers) return false;
    // Runs already put back: started, neither failed nor this one.
    const putBack = Math.max(0, job.attemptsStarted - job.attemptsMade - 1);
    await job.moveToDelayed(
      Date.now() + Math.min(DATABASE_RETRY_MS * 2 ** putBack, DATABASE_RETRY_MAX_MS),
      token,
    );
    if (Date.now() >= this.databaseQuietUntil) {
      this.databaseQuietUntil = Date.now() + OUTAGE_LOG_MS;
      this.logger.warn(
        `${name} job ${job.id ?? '?'} put back: PostgreSQL unreachable (${String(error)}); jobs wait for it`,
      );
    }
    return true;
  }

  /**
   * While Redis is down every worker fails each reconnection attempt: one line per OUTAGE_LOG_MS for all of
   * them says so, instead of a thousand; other errors are logged each time.
   */
  private reportError(name: JobName, error: Error): void {
    if (!isRedisUnavailable(error) && !CONNECTION_ERROR.test(error.message)) {
      this.logger.error(`${name} worker: ${error.message}`);
      return;
    }
    if (Date.now() < this.outageQuietUntil) return;
    this.outageQuietUntil = Date.now() + OUTAGE_LOG_MS;
    this.logger.warn(`Queue workers: Redis unreachable (${error.message}); reconnecting in the background`);
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

const OUTAGE_LOG_MS = 30_000;
/** The first wait of a job put back while PostgreSQL is unreachable, doubled each time up to the max. */
const DATABASE_RETRY_MS = 1000;
const DATABASE_RETRY_MAX_MS = 10_000;
const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|EPIPE/;

/**
 * The jobs a worker is running now, by id: added when one starts, removed when it completes or fails (or,
 * by the processor, when it is put back for the database: BullMQ emits neither then).
 */
function running(worker: Worker, jobs: Map<string, Job>): Map<string, Job> {
  worker.on('active', (job) => jobs.set(job.id ?? '', job));
  worker.on('completed', (job) => jobs.delete(job.id ?? ''));
  worker.on('failed', (job) => job && jobs.delete(job.id ?? ''));
  return jobs;
}
