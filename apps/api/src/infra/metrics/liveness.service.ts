import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';

export type LivenessCheck = 'ok' | 'stuck';
export interface LivenessReport {
  status: 'ok' | 'stuck';
  checks: { eventLoop: LivenessCheck; databasePool: LivenessCheck };
}

/** The parts of pg's Pool we watch (TypeORM keeps it as the postgres driver's `master`). */
interface WatchedPool {
  readonly waitingCount: number;
  on(event: 'acquire' | 'release', listener: () => void): unknown;
  off(event: 'acquire' | 'release', listener: () => void): unknown;
}

/**
 * GET /health/live (api and worker): whether a restart would help. Two things a process does not get out
 * of by itself fail it:
 * - the event loop stalled: a timer ran more than LIVENESS_EVENT_LOOP_MS late (the failure is reported for
 *   as long again after the stall, so the probe that waited through it sees it);
 * - the database pool jammed: LIVENESS_POOL_SECONDS have passed since a request was first seen waiting for a
 *   connection, and meanwhile no connection was handed out or given back while some stay checked out (waiters
 *   that give up after the pool's connect timeout do not count as progress).
 * PostgreSQL being down is not a jam (readiness reports it): refused connections fail their waiters and leave
 * no connection checked out, and a connection whose server went away errors and is given back.
 */
@Injectable()
export class Liveness implements OnModuleInit, OnApplicationShutdown {
  private pool: WatchedPool | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;
  private lastTick = Date.now();
  private lateUntil = 0;
  private checkedOut = 0;
  /** When a request was first seen waiting for a connection since one was last handed out or given back. */
  private waitingSince: number | null = null;
  private readonly acquired = () => this.poolMoved(1);
  private readonly released = () => this.poolMoved(-1);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A stall is seen at least its length minus one tick: a fifth of the bound keeps that well past it.
    this.tickMs = Math.max(20, Math.min(1000, Math.floor(config.LIVENESS_EVENT_LOOP_MS / 5)));
  }

  onModuleInit(): void {
    const pool = (this.dataSource.driver as unknown as { master?: WatchedPool }).master;
    if (pool && typeof pool.on === 'function') {
      this.pool = pool;
      pool.on('acquire', this.acquired);
      pool.on('release', this.released);
    }
    this.lastTick = Date.now();
    this.timer = setInterval(() => this.tick(), this.tickMs);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.pool?.off('acquire', this.acquired);
    this.pool?.off('release', this.released);
    this.pool = null;
  }

  report(now = Date.now()): LivenessReport {
    this.tick(now);
    const eventLoop: LivenessCheck = now < this.lateUntil ? 'stuck' : 'ok';
    const databasePool: LivenessCheck = this.poolJammed(now) ? 'stuck' : 'ok';
    const stuck = eventLoop === 'stuck' || databasePool === 'stuck';
    return { status: stuck ? 'stuck' : 'ok', checks: { eventLoop, databasePool } };
  }

  private tick(now = Date.now()): void {
    const late = now - this.lastTick - this.tickMs;
    if (late > this.config.LIVENESS_EVENT_LOOP_MS) this.lateUntil = now + this.config.LIVENESS_EVENT_LOOP_MS;
    // Called by the probe as well: only a tick that is due counts as one.
    if (now - this.lastTick >= this.tickMs) this.lastTick = now;
    // Not cleared when a waiter gives up (connectionTimeoutMillis): only a connection moving is progress.
    if ((this.pool?.waitingCount ?? 0) > 0) this.waitingSince ??= now;
  }

  private poolMoved(delta: number): void {
    this.checkedOut = Math.max(0, this.checkedOut + delta);
    this.waitingSince = null;
  }

  private poolJammed(now: number): boolean {
    if (this.waitingSince === null || this.checkedOut === 0) return false;
    return now - this.waitingSince >= this.config.LIVENESS_POOL_SECONDS * 1000;
  }
}
