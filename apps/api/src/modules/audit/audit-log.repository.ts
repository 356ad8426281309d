import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminAuditEntry } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../../infra/http/simple-rest';

/** What one staff action changed; `before`/`after` hold only the fields it changed. */
export interface AuditEntry {
  actorId: string;
  /** `<resource>.<verb>`, e.g. `users.block`. */
  action: string;
  resource: string;
  recordId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export const AUDIT_SORTABLE = { createdAt: 'a.created_at' } as const;
export type AuditSortField = keyof typeof AUDIT_SORTABLE;

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
  action: string;
  resource: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

const toEntry = (row: AuditRow): AdminAuditEntry => ({
  id: row.id,
  actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
  action: row.action,
  resource: row.resource,
  recordId: row.record_id,
  before: row.before,
  after: row.after,
  createdAt: row.created_at.toISOString(),
});

/** SQL of the audit log; the table refuses UPDATE, DELETE and TRUNCATE (migration StaffConsole). */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes one row inside the caller's transaction, copying the actor's name and e-mail. */
  async insert(manager: EntityManager, entry: AuditEntry): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_name, actor_email, action, resource, record_id, before, after)
       SELECT u.id, u.name, u.email, $2, $3, $4, $5::jsonb, $6::jsonb FROM users u WHERE u.id = $1`,
      [
        entry.actorId,
        entry.action,
        entry.resource,
        entry.recordId,
        entry.before ? JSON.stringify(entry.before) : null,
        entry.after ? JSON.stringify(entry.after) : null,
      ],
    );
  }

  async list(list: ListQuery<AuditSortField>): Promise<{ rows: AdminAuditEntry[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    const { actorId, resource, recordId, action, createdFrom, createdTo, id } = list.filter;
    if (typeof actorId === 'string') add((n) => `a.actor_id::text = $${n}`, actorId);
    if (typeof resource === 'string') add((n) => `a.resource = $${n}`, resource);
    if (typeof recordId === 'string') add((n) => `a.record_id = $${n}`, recordId);
    if (typeof action === 'string') add((n) => `a.action = $${n}`, action);
    if (typeof createdFrom === 'string' && !Number.isNaN(Date.parse(createdFrom)))
      add((n) => `a.created_at >= $${n}::date`, createdFrom);
    if (typeof createdTo === 'string' && !Number.isNaN(Date.parse(createdTo)))
      add((n) => `a.created_at < $${n}::date + 1`, createdTo);
    if (id !== undefined)
      add((n) => `a.id::text = ANY($${n}::text[])`, (Array.isArray(id) ? id : [id]).map(String));
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM audit_log a ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `SELECT a.* FROM audit_log a ${whereSql}
          ORDER BY ${AUDIT_SORTABLE[list.sort.field]} ${order}, a.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<AuditRow[]>,
    ]);
    return { rows: rows.map(toEntry), total };
  }

  async find(id: string): Promise<AdminAuditEntry | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [row] = (await this.dataSource.query(`SELECT a.* FROM audit_log a WHERE a.id = $1`, [
      id,
    ])) as AuditRow[];
    return row ? toEntry(row) : null;
  }
}
