import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode } from '@estancia/contracts';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { PlatformFlagsEntity } from './platform-flags.entity';

/** How long one process trusts its last read of the flag; another process's switch shows within this. */
export const MAINTENANCE_FLAG_TTL_MS = 1000;

/**
 * The maintenance switch as the HTTP guard reads it: at most one database read a second per process
 * (concurrent requests share the read in flight), and a switch made in this process is seen at once.
 */
@Injectable()
export class MaintenanceFlag {
  private value = false;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<boolean> | null = null;
  /** Bumped by every switch here, so that a read started before it cannot store an older answer. */
  private generation = 0;

  constructor(
    @InjectRepository(PlatformFlagsEntity) private readonly flags: Repository<PlatformFlagsEntity>,
  ) {}

  async isOn(): Promise<boolean> {
    if (Date.now() - this.readAt < MAINTENANCE_FLAG_TTL_MS) return this.value;
    this.reading ??= this.read();
    return this.reading;
  }

  /** The flags were just switched in this process: the next request reads them again. */
  forget(): void {
    this.generation++;
    this.readAt = Number.NEGATIVE_INFINITY;
    this.reading = null;
  }

  private async read(): Promise<boolean> {
    const generation = this.generation;
    const startedAt = Date.now();
    try {
      const row = await this.flags.findOne({ where: { id: 'status' }, select: { isMaintenanceMode: true } });
      const on = row?.isMaintenanceMode ?? false;
      if (generation === this.generation) {
        this.value = on;
        this.readAt = startedAt;
      }
      return on;
    } finally {
      if (generation === this.generation) this.reading = null;
    }
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that go on during maintenance: the profile load is a POST that only reads (spec section 7), and
 * signing out (the staff console signs out there too) only ends the caller's own session. Payment gateways'
 * webhooks (`/data/billing/webhook/<gateway>`) report money that already moved: they are always taken.
 */
const ALWAYS_ALLOWED = new Set(['/data/user/profile', '/data/user/logout']);
const GATEWAY_WEBHOOKS = '/data/billing/webhook/';

/**
 * Is this request a write that maintenance mode stops? Writes of the customer app (`/data`) and of
 * integrators (`/api/v1`); never the staff console (`/data/admin/**`, its sign-in included), which is
 * where maintenance is switched off again.
 */
export function stoppedByMaintenance(method: string, requestPath: string): boolean {
  if (!WRITES.has(method.toUpperCase())) return false;
  // Routes match whatever the letter case, so the check must too.
  const path = requestPath.toLowerCase();
  if (path === '/data/admin' || path.startsWith('/data/admin/')) return false;
  if (ALWAYS_ALLOWED.has(path) || path.startsWith(GATEWAY_WEBHOOKS)) return false;
  return path.startsWith('/data/') || path === '/api/v1' || path.startsWith('/api/v1/');
}

/**
 * While maintenance mode is on, every write of customers and integrators answers MAINTENANCE_MODE (503);
 * reads keep working and queued jobs keep running (workers are not HTTP). Registered after the access guard.
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  constructor(private readonly maintenance: MaintenanceFlag) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!stoppedByMaintenance(req.method, req.path)) return true;
    if (await this.maintenance.isOn()) throw new AppError(ErrorCode.MAINTENANCE_MODE);
    return true;
  }
}
