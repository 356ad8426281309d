import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditLogRepository, type AuditEntry } from './audit-log.repository';

/**
 * The audit log of staff actions: every change a staff member makes in the console calls `record` inside the
 * transaction that makes the change, so the change and its row land together or not at all.
 */
@Injectable()
export class AuditLog {
  constructor(private readonly repository: AuditLogRepository) {}

  record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    return this.repository.insert(manager, entry);
  }
}

/** The fields of `after` whose values differ from `before`, as the two halves of an audit row. */
export function changedFields<T extends object>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[key];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    was[key] = old ?? null;
    now[key] = value ?? null;
  }
  return { before: was, after: now };
}
