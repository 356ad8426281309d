import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  SUPPORT_STATUSES,
  type AdminContactRequest,
  type AdminProblemReport,
  type SupportStatus,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery } from '../../infra/http/simple-rest';
import { AuditLog } from '../audit/audit-log.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Inbox<Row> {
  table: 'contact_requests' | 'problem_reports';
  /** The console's resource name, as the audit log names it. */
  resource: 'contact-requests' | 'problem-reports';
  select: string;
  /** Columns `q` searches (ILIKE). */
  search: string[];
  sortable: Record<string, string>;
  toRecord: (row: Record<string, unknown>) => Row;
}

/** Who took each step of the workflow, joined by name. */
const WORKFLOW_COLUMNS = `s.status, s.created_at, s.started_at, s.started_by, sb.name AS started_by_name,
  s.done_at, s.done_by, db.name AS done_by_name`;
const WORKFLOW_JOINS = `LEFT JOIN users sb ON sb.id = s.started_by LEFT JOIN users db ON db.id = s.done_by`;

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : null);
const member = (id: unknown, name: unknown) =>
  typeof id === 'string' ? { id, name: typeof name === 'string' ? name : '' } : null;

const workflow = (row: Record<string, unknown>) => ({
  status: row.status as SupportStatus,
  createdAt: iso(row.created_at) ?? '',
  startedAt: iso(row.started_at),
  startedBy: member(row.started_by, row.started_by_name),
  doneAt: iso(row.done_at),
  doneBy: member(row.done_by, row.done_by_name),
});

export const CONTACT_INBOX: Inbox<AdminContactRequest> = {
  table: 'contact_requests',
  resource: 'contact-requests',
  select: `SELECT s.id, s.name, s.email, s.company, s.services, s.volumes, s.wants_meeting, s.meeting_times,
      s.message, s.language, ${WORKFLOW_COLUMNS}
    FROM contact_requests s ${WORKFLOW_JOINS}`,
  search: ['s.name', 's.email', 's.company'],
  sortable: { createdAt: 's.created_at', status: 's.status', name: 's.name', email: 's.email' },
  toRecord: (row) =>
    ({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      services: row.services,
      volumes: row.volumes,
      wantsMeeting: row.wants_meeting,
      meetingTimes: row.meeting_times,
      message: row.message,
      language: row.language,
      ...workflow(row),
    }) as AdminContactRequest,
};

export const PROBLEM_INBOX: Inbox<AdminProblemReport> = {
  table: 'problem_reports',
  resource: 'problem-reports',
  select: `SELECT s.id, s.user_id, u.name AS user_name, u.email AS user_email, s.text, s.page_url, s.user_agent,
      ${WORKFLOW_COLUMNS}
    FROM problem_reports s LEFT JOIN users u ON u.id = s.user_id ${WORKFLOW_JOINS}`,
  search: ['s.text', 'u.email', 'u.name'],
  sortable: { createdAt: 's.created_at', status: 's.status' },
  toRecord: (row) =>
    ({
      id: row.id,
      reporter:
        typeof row.user_id === 'string'
          ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' }
          : null,
      text: row.text,
      pageUrl: row.page_url,
      userAgent: row.user_agent,
      ...workflow(row),
    }) as AdminProblemReport,
};

/** The console's side of contact requests and problem reports: list, read, and move one status forward. */
@Injectable()
export class SupportInbox {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auditLog: AuditLog,
  ) {}

  async list<Row>(inbox: Inbox<Row>, query: unknown): Promise<{ rows: Row[]; skip: number; total: number }> {
    const fields = Object.keys(inbox.sortable);
    const list = parseListQuery(query, fields, { field: 'createdAt', order: 'DESC' });
    const where: string[] = [];
    const params: unknown[] = [];
    const { q, status, id } = list.filter;
    if (typeof q === 'string' && q.trim()) {
      params.push(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(${inbox.search.map((column) => `${column} ILIKE $${params.length}`).join(' OR ')})`);
    }
    if (typeof status === 'string' && (SUPPORT_STATUSES as readonly string[]).includes(status)) {
      params.push(status);
      where.push(`s.status = $${params.length}`);
    }
    // getMany of ra-data-simple-rest asks for `filter={"id":[...]}`.
    if (Array.isArray(id)) {
      params.push(id.filter((value): value is string => typeof value === 'string' && UUID.test(value)));
      where.push(`s.id = ANY($${params.length}::uuid[])`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = inbox.select.slice(inbox.select.indexOf('FROM'));
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total ${from} ${whereSql}`,
      params,
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `${inbox.select} ${whereSql} ORDER BY ${inbox.sortable[list.sort.field]} ${list.sort.order}, s.id
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    )) as Record<string, unknown>[];
    return { rows: rows.map(inbox.toRecord), skip: list.skip, total };
  }

  async show<Row>(inbox: Inbox<Row>, id: string): Promise<Row> {
    const row = UUID.test(id) ? await this.row(inbox, id) : undefined;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return inbox.toRecord(row);
  }

  /**
   * Moves a record one step (new → in_progress → done), recording who and when. Any other step, such as
   * finishing a new one or starting it twice, is SUPPORT_STATUS_NOT_NEXT.
   */
  async advance<Row>(
    inbox: Inbox<Row>,
    id: string,
    to: 'in_progress' | 'done',
    staffId: string,
  ): Promise<Row> {
    await this.show(inbox, id);
    const from = to === 'in_progress' ? 'new' : 'in_progress';
    const column = to === 'in_progress' ? 'started' : 'done';
    await this.dataSource.transaction(async (m) => {
      const [updated] = (await m.query(
        `UPDATE ${inbox.table} SET status = $3, ${column}_at = now(), ${column}_by = $2
          WHERE id = $1 AND status = $4 RETURNING id`,
        [id, staffId, to, from],
      )) as [{ id: string }[], number];
      if (!updated.length) throw new AppError(ErrorCode.SUPPORT_STATUS_NOT_NEXT);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: `${inbox.resource}.${to === 'in_progress' ? 'start' : 'finish'}`,
        resource: inbox.resource,
        recordId: id,
        before: { status: from },
        after: { status: to },
      });
    });
    return this.show(inbox, id);
  }

  private async row<Row>(inbox: Inbox<Row>, id: string): Promise<Record<string, unknown> | undefined> {
    const [row] = (await this.dataSource.query(`${inbox.select} WHERE s.id = $1`, [id])) as Record<
      string,
      unknown
    >[];
    return row;
  }
}
