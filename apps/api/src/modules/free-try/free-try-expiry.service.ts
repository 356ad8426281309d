import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { JobQueue } from '../../infra/queue/job-queue.service';
import type { JobOf } from '../../infra/queue/jobs';
import { OnJob } from '../../infra/queue/on-job.decorator';
import { REDIS, redisKey } from '../../infra/redis/redis.module';
import { Storage } from '../../infra/storage/storage.port';
import { freeTryFolder } from './free-try-files';

const SWEEP_MS = 60_000;
/** How long a deleted try still answers FREE_TRY_EXPIRED instead of NOT_FOUND. */
const GONE_SECONDS = 24 * 3600;

/**
 * Deletes a free try 15 minutes after its latest images were made: its files and its row (the
 * e-mail codes go with the row). The delayed `free-try.expire` job does it on time; the
 * `free-try.sweep` every minute catches whatever that missed (a worker down, a lost job). Both
 * delete only a row that is due, so a redecoration that moved the expiry keeps its try.
 */
@Injectable()
export class FreeTryExpiry implements OnApplicationBootstrap {
  private readonly logger = new Logger('FreeTryExpiry');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: Storage,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    // Upserted by every worker at boot: one schedule however many start.
    await this.jobs.every('free-try.sweep', {}, SWEEP_MS);
  }

  @OnJob('free-try.expire')
  async onExpire({ freeTryId }: JobOf<'free-try.expire'>): Promise<void> {
    await this.expire(freeTryId);
  }

  @OnJob('free-try.sweep')
  async onSweep(): Promise<void> {
    const deleted = await this.sweep();
    if (deleted) this.logger.log(`${deleted} expired free tr${deleted === 1 ? 'y' : 'ies'} deleted`);
  }

  /** `now` is a parameter so tests can move the clock; the jobs use the real one. */
  async sweep(now = new Date()): Promise<number> {
    const due = (await this.dataSource.query(`SELECT id FROM free_tries WHERE expires_at <= $1`, [now])) as {
      id: string;
    }[];
    let deleted = 0;
    for (const { id } of due) {
      try {
        if (await this.expire(id, now)) deleted++;
      } catch (error) {
        this.logger.error(`Free try ${id} not deleted: ${String(error)}`);
      }
    }
    return deleted;
  }

  /** Deletes the try if it is due; true when this call deleted it. */
  async expire(freeTryId: string, now = new Date()): Promise<boolean> {
    const deleted = await this.dataSource.transaction(async (m) => {
      const [rows] = (await m.query(
        `DELETE FROM free_tries WHERE id = $1 AND expires_at <= $2 RETURNING id`,
        [freeTryId, now],
      )) as [unknown[], number];
      if (!rows.length) return false;
      // Before the commit: if the files cannot be removed, the row stays and the next sweep tries again.
      await this.storage.deletePrefix(freeTryFolder(freeTryId));
      return true;
    });
    if (deleted)
      await this.redis
        .set(this.goneKey(freeTryId), '1', 'EX', GONE_SECONDS)
        .catch((error: unknown) => this.logger.warn(`Expired mark not kept: ${String(error)}`));
    return deleted;
  }

  /** True for a try deleted at its expiry (within the last day), as opposed to one that never existed. */
  async wasDeleted(freeTryId: string): Promise<boolean> {
    return (await this.redis.exists(this.goneKey(freeTryId))) === 1;
  }

  private goneKey(freeTryId: string): string {
    return redisKey(this.config, 'free-try', 'gone', freeTryId);
  }
}
