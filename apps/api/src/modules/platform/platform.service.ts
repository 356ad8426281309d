import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ErrorCode,
  type AdminPlatformStatus,
  type HealthPing,
  type PlatformConfig,
  type PlatformFlagsUpdate,
  type PlatformStatus,
} from '@estancia/contracts';
import type Redis from 'ioredis';
import type { DataSource, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { Realtime } from '../../infra/realtime/realtime.service';
import { REDIS } from '../../infra/redis/redis.module';
import { AuditLog, changedFields } from '../audit/audit-log.service';
import { PlatformFlagsEntity } from './platform-flags.entity';
import { MaintenanceFlag } from './maintenance.guard';

const PING_TIMEOUT_MS = 2000;

/** Demand and maintenance switches, the public deployment facts and the health check. */
@Injectable()
export class PlatformService {
  private readonly logger = new Logger('Platform');

  constructor(
    @InjectRepository(PlatformFlagsEntity) private readonly flags: Repository<PlatformFlagsEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly realtime: Realtime,
    private readonly auditLog: AuditLog,
    private readonly maintenance: MaintenanceFlag,
  ) {}

  async status(): Promise<PlatformStatus> {
    const { isHighDemandFree, isHighDemandAuto, isMaintenanceMode } = await this.row();
    return { isHighDemandFree, isHighDemandAuto, isMaintenanceMode };
  }

  async adminStatus(): Promise<AdminPlatformStatus> {
    return toAdminStatus(await this.row());
  }

  /** Switches flags, records who did it and tells every connected app at once. */
  async update(patch: PlatformFlagsUpdate, userId: string): Promise<AdminPlatformStatus> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    // The row is locked, so the audit row's "before" is what this change replaced.
    await this.dataSource.transaction(async (m) => {
      const flags = m.getRepository(PlatformFlagsEntity);
      const before = await flags.findOne({ where: { id: 'status' }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw new AppError(ErrorCode.INTERNAL);
      await flags.update({ id: 'status' }, { ...changes, updatedBy: userId });
      await this.auditLog.record(m, {
        actorId: userId,
        action: 'platform.update',
        resource: 'platform',
        recordId: 'status',
        ...changedFields(
          {
            isHighDemandFree: before.isHighDemandFree,
            isHighDemandAuto: before.isHighDemandAuto,
            isMaintenanceMode: before.isMaintenanceMode,
          },
          changes,
        ),
      });
    });
    // This process's write guard sees the switch at once; other processes within its 1 s cache.
    this.maintenance.forget();
    const record = toAdminStatus(await this.row());
    this.logger.log(`Flags changed by ${userId}: ${JSON.stringify(changes)}`);
    const { isHighDemandFree, isHighDemandAuto, isMaintenanceMode } = record;
    this.realtime.broadcast('PlatformStatus', { isHighDemandFree, isHighDemandAuto, isMaintenanceMode });
    return record;
  }

  publicConfig(): PlatformConfig {
    return { googleClientId: this.config.GOOGLE_CLIENT_ID.trim() || null };
  }

  /** One ping per service the product needs; any failure answers an error naming the failed services. */
  async health(): Promise<HealthPing> {
    const pings = await Promise.all([
      ping('database', () => this.dataSource.query('SELECT 1')),
      ping('redis', () => this.redis.ping()),
    ]);
    const failed = pings.filter((p) => !p.ok);
    if (failed.length) {
      this.logger.error(`Health check failed: ${failed.map((p) => p.service).join(', ')}`);
      throw new AppError(
        ErrorCode.INTERNAL,
        Object.fromEntries(failed.map((p) => [p.service, 'unreachable'])),
      );
    }
    return pings;
  }

  private async row(): Promise<PlatformFlagsEntity> {
    const row = await this.flags.findOneBy({ id: 'status' });
    // The migration inserts the row; its absence means the schema is broken, not that flags are off.
    if (!row) throw new AppError(ErrorCode.INTERNAL);
    return row;
  }
}

async function ping(
  service: string,
  check: () => Promise<unknown>,
): Promise<{ service: string; ok: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { service, ok: true };
  } catch {
    return { service, ok: false };
  } finally {
    clearTimeout(timer);
  }
}

function toAdminStatus(row: PlatformFlagsEntity): AdminPlatformStatus {
  return {
    id: 'status',
    isHighDemandFree: row.isHighDemandFree,
    isHighDemandAuto: row.isHighDemandAuto,
    isMaintenanceMode: row.isMaintenanceMode,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
