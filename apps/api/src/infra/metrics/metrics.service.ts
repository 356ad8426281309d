import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';

/** Every series name we expose besides prom-client's default process metrics (which share the prefix). */
export const METRIC_PREFIX = 'estancia_';
export const METRICS = {
  httpDuration: 'estancia_http_request_duration_seconds',
  queueJobs: 'estancia_queue_jobs',
  jobDuration: 'estancia_job_duration_seconds',
  socketConnections: 'estancia_socket_connections',
  renders: 'estancia_renders_total',
  creditsSpent: 'estancia_credits_spent_total',
} as const;

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export type QueueDepth = { queue: string; counts: Record<QueueState, number> }[];

/**
 * The process's Prometheus registry and the product's instruments. Its own Registry (not prom-client's global
 * one), so two apps in one process (the tests) never share series. Labels stay low-cardinality: route patterns,
 * queue and engine names, outcomes, ledger reasons; never ids.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly jobDuration: Histogram<'queue' | 'outcome'>;
  private readonly renders: Counter<'engine' | 'outcome'>;
  private readonly creditsSpentTotal: Counter<'reason'>;
  private readonly queueJobs: Gauge<'queue' | 'state'>;
  private readonly sockets: Gauge;
  private socketCount: (() => number) | null = null;
  private queueDepth: (() => Promise<QueueDepth | null>) | null = null;
  /** Spends inside a transaction still open, counted when it commits (dropped when it rolls back). */
  private readonly uncommitted = new WeakMap<QueryRunner, (() => void)[]>();

  constructor(@Optional() private readonly dataSource?: DataSource) {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: METRICS.httpDuration,
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.jobDuration = new Histogram({
      name: METRICS.jobDuration,
      help: 'Queue job run time by queue and outcome (one observation per attempt)',
      labelNames: ['queue', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    this.renders = new Counter({
      name: METRICS.renders,
      help: 'Engine renders by engine and outcome (succeeded, or the failure reason)',
      labelNames: ['engine', 'outcome'],
      registers,
    });
    this.creditsSpentTotal = new Counter({
      name: METRICS.creditsSpent,
      help: 'Credits taken from wallets (committed ledger rows with a negative delta), by ledger reason',
      labelNames: ['reason'],
      registers,
    });
    this.queueJobs = new Gauge({
      name: METRICS.queueJobs,
      help: 'Jobs per queue and state, read from Redis at each scrape (the same in every process)',
      labelNames: ['queue', 'state'],
      registers,
      collect: async () => {
        const depth = await this.queueDepth?.();
        this.queueJobs.reset();
        for (const { queue, counts } of depth ?? [])
          for (const state of QUEUE_STATES) this.queueJobs.set({ queue, state }, counts[state]);
      },
    });
    this.sockets = new Gauge({
      name: METRICS.socketConnections,
      help: 'Socket.IO connections open on this process',
      registers,
      collect: () => this.sockets.set(this.socketCount?.() ?? 0),
    });
  }

  /** Counts spends on commit: TypeORM tells its subscribers when a transaction commits or rolls back. */
  onModuleInit(): void {
    const watcher: EntitySubscriberInterface = {
      afterTransactionCommit: ({ queryRunner }) => {
        // A savepoint released inside the transaction is not the commit.
        if (queryRunner.isTransactionActive) return;
        const pending = this.uncommitted.get(queryRunner);
        this.uncommitted.delete(queryRunner);
        pending?.forEach((count) => count());
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.uncommitted.delete(queryRunner);
      },
    };
    this.dataSource?.subscribers.push(watcher);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text (Prometheus format) of every series of this process. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** Runs one job attempt and records how long it took and whether it threw. */
  async timeJob<T>(queue: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ queue });
    try {
      const result = await run();
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  renderFinished(engine: string, outcome: string): void {
    this.renders.inc({ engine, outcome });
  }

  /**
   * Credits taken from a wallet. Inside a caller's transaction (`transaction` active), counted only once it
   * commits, so a spend rolled back with the order is never counted.
   */
  creditsSpent(reason: string, credits: number, transaction?: QueryRunner): void {
    const count = () => this.creditsSpentTotal.inc({ reason }, credits);
    if (!transaction?.isTransactionActive || !this.dataSource) return count();
    const pending = this.uncommitted.get(transaction) ?? [];
    pending.push(count);
    this.uncommitted.set(transaction, pending);
  }

  /** Where the socket gauge reads the open connections at each scrape (the hub's namespace). */
  countSocketsWith(read: () => number): void {
    this.socketCount = read;
  }

  /** Where the queue gauge reads the queues at each scrape; null (no series this time) when it cannot. */
  readQueuesWith(read: () => Promise<QueueDepth | null>): void {
    this.queueDepth = read;
  }
}
