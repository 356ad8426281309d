import { Controller, Get, Query, Res } from '@nestjs/common';
import { type AdminLedgerEntry, LEDGER_REASONS } from '@estancia/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { AdminOnly } from '../../infra/http/access';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { toLedgerEntry } from './wallet.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTABLE = { createdAt: 'created_at', delta: 'delta' } as const;

type AdminLedgerRow = Parameters<typeof toLedgerEntry>[0] & {
  note: string | null;
  granted_by_user_id: string | null;
  granted_by_name: string | null;
};

/**
 * Staff console, admins only: ledger entries, newest first, all of them or one user's (`filter={"userId":...}`, as
 * the user page asks), optionally of one `reason`. A grant from the console comes with its note and who gave it.
 */
@AdminOnly()
@Controller('admin/ledger')
export class AdminLedgerController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async list(
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLedgerEntry[]> {
    const list = parseListQuery(query, Object.keys(SORTABLE) as (keyof typeof SORTABLE)[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const { userId, reason } = list.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    if (userId !== undefined) {
      // An id that cannot exist lists nothing, exactly like an unknown one.
      if (typeof userId !== 'string' || !UUID.test(userId)) {
        setContentRange(res, 'ledger', list.skip, 0, 0);
        return [];
      }
      params.push(userId);
      where.push(`l.user_id = $${params.length}`);
    }
    if (reason !== undefined) {
      // A reason the ledger does not know matches nothing.
      params.push((LEDGER_REASONS as readonly unknown[]).includes(reason) ? reason : null);
      where.push(`l.reason = $${params.length}`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM ledger_entries l ${whereSql}`,
      params,
    )) as {
      total: number;
    }[];
    const rows = await this.dataSource.query(
      `SELECT l.id, l.user_id, l.delta, l.balance_after, l.reason, l.idempotency_key, l.created_at,
              g.note, g.granted_by_user_id, COALESCE(NULLIF(u.name, ''), u.email) AS granted_by_name
         FROM ledger_entries l
         LEFT JOIN credit_grants g ON g.ledger_entry_id = l.id
         LEFT JOIN users u ON u.id = g.granted_by_user_id
        ${whereSql}
        ORDER BY l.${SORTABLE[list.sort.field]} ${list.sort.order}, l.id ${list.sort.order}
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    );
    const entries = (rows as AdminLedgerRow[]).map((row) => ({
      ...toLedgerEntry(row),
      note: row.note,
      grantedBy:
        row.granted_by_user_id === null
          ? null
          : { id: row.granted_by_user_id, name: row.granted_by_name ?? '' },
    }));
    setContentRange(res, 'ledger', list.skip, entries.length, total);
    return entries;
  }
}
