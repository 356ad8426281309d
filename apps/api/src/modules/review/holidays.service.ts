import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, type CreateHolidayRequest, type Holiday } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery } from '../../infra/http/simple-rest';
import { AuditLog } from '../audit/audit-log.service';
import { assertId } from '../decorations/decorations.service';

const SORTABLE = { date: 'day', name: 'name', id: 'id' } as const;
type SortField = keyof typeof SORTABLE;

const SELECT_HOLIDAYS = `SELECT id, to_char(day, 'YYYY-MM-DD') AS date, name FROM holidays`;

/**
 * The holiday calendar the review clock skips. Changing it does not move deadlines already set:
 * the customer was promised a date when ordering, and that promise is what the SLA is measured on.
 */
@Injectable()
export class HolidaysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auditLog: AuditLog,
  ) {}

  async list(query: unknown): Promise<{ rows: Holiday[]; skip: number; total: number }> {
    const list = parseListQuery<SortField>(query, Object.keys(SORTABLE) as SortField[], {
      field: 'date',
      order: 'ASC',
    });
    const { year } = list.filter;
    const params: unknown[] = [];
    let whereSql = '';
    if (year !== undefined && Number.isInteger(Number(year))) {
      params.push(Number(year));
      whereSql = `WHERE extract(year FROM day) = $1`;
    }
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM holidays ${whereSql}`,
      params,
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `${SELECT_HOLIDAYS} ${whereSql} ORDER BY ${SORTABLE[list.sort.field]} ${list.sort.order}, id
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    )) as Holiday[];
    return { rows, skip: list.skip, total };
  }

  async show(id: string): Promise<Holiday> {
    assertId(id);
    const [row] = (await this.dataSource.query(`${SELECT_HOLIDAYS} WHERE id = $1`, [id])) as Holiday[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  /** One holiday per day: a second one for the same day is HOLIDAY_EXISTS. */
  async create(request: CreateHolidayRequest, staffId: string): Promise<Holiday> {
    return this.dataSource.transaction(async (m) => {
      // INSERT ... RETURNING answers the rows themselves (only UPDATE and DELETE add the count).
      const [created] = (await m.query(
        `INSERT INTO holidays (day, name) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING
         RETURNING id, to_char(day, 'YYYY-MM-DD') AS date, name`,
        [request.date, request.name],
      )) as Holiday[];
      if (!created) throw new AppError(ErrorCode.HOLIDAY_EXISTS);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: 'holidays.create',
        resource: 'holidays',
        recordId: String(created.id),
        before: null,
        after: { date: created.date, name: created.name },
      });
      return created;
    });
  }

  /** Answers the deleted holiday, as ra-data-simple-rest expects. */
  async remove(id: string, staffId: string): Promise<Holiday> {
    assertId(id);
    return this.dataSource.transaction(async (m) => {
      const [rows] = (await m.query(
        `DELETE FROM holidays WHERE id = $1 RETURNING id, to_char(day, 'YYYY-MM-DD') AS date, name`,
        [id],
      )) as [Holiday[], number];
      const [removed] = rows;
      if (!removed) throw new AppError(ErrorCode.NOT_FOUND);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: 'holidays.delete',
        resource: 'holidays',
        recordId: String(removed.id),
        before: { date: removed.date, name: removed.name },
        after: null,
      });
      return removed;
    });
  }
}
