import { Controller, Get, Query, Res } from '@nestjs/common';
import type { LedgerEntry } from '@estancia/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { AdminOnly } from '../../infra/http/access';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { toLedgerEntry } from './wallet.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTABLE = { createdAt: 'created_at', delta: 'delta' } as const;

/** Staff console, admins only: ledger entries (the user page shows them with `filter={"userId":...}`), newest first. */
@AdminOnly()
@Controller('admin/ledger')
export class AdminLedgerController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<LedgerEntry[]> {
    const list = parseListQuery(query, Object.keys(SORTABLE) as (keyof typeof SORTABLE)[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const { userId } = list.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    if (userId !== undefined) {
      // An id that cannot exist lists nothing, exactly like an unknown one.
      if (typeof userId !== 'string' || !UUID.test(userId)) {
        setContentRange(res, 'ledger', list.skip, 0, 0);
        return [];
      }
      params.push(userId);
      where.push(`user_id = $${params.length}`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM ledger_entries ${whereSql}`,
      params,
    )) as {
      total: number;
    }[];
    const rows = await this.dataSource.query(
      `SELECT id, user_id, delta, balance_after, reason, idempotency_key, created_at FROM ledger_entries ${whereSql}
        ORDER BY ${SORTABLE[list.sort.field]} ${list.sort.order}, id ${list.sort.order}
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    );
    const entries = (rows as Parameters<typeof toLedgerEntry>[0][]).map(toLedgerEntry);
    setContentRange(res, 'ledger', list.skip, entries.length, total);
    return entries;
  }
}
