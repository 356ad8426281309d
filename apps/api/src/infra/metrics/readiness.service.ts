import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module';
import { Storage } from '../storage/storage.port';
import { Lifecycle } from './lifecycle';

/** Each dependency gets this long to answer; a probe must answer well within the balancer's own timeout. */
export const READY_CHECK_TIMEOUT_MS = 1500;

export type CheckResult = 'ok' | 'unreachable';
export interface ReadinessReport {
  /** `draining`: the process is shutting down and takes no new work, whatever its dependencies say. */
  status: 'ready' | 'unready' | 'draining';
  checks: { database: CheckResult; redis: CheckResult; storage: CheckResult };
}

/** GET /health/ready (api and worker): PostgreSQL, Redis and storage answer, each checked in parallel. */
@Injectable()
export class Readiness {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: Storage,
    private readonly lifecycle: Lifecycle,
  ) {}

  async report(): Promise<ReadinessReport> {
    const [database, redis, storage] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(() => this.storage.check()),
    ]);
    const checks = { database, redis, storage };
    const allOk = Object.values(checks).every((result) => result === 'ok');
    return { status: this.lifecycle.draining ? 'draining' : allOk ? 'ready' : 'unready', checks };
  }
}

/** 'ok' when `check` resolves within READY_CHECK_TIMEOUT_MS; a client stuck reconnecting counts as down. */
async function probe(check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
