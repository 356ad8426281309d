import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  REFORM_REQUEST_STATUSES,
  displayName,
  nextReformStatus,
  type CreateReformRequestBody,
  type Locale,
  type ReformRequest,
  type ReformRequestStatus,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery } from '../../infra/http/simple-rest';
import { AuditLog } from '../audit/audit-log.service';
import { assertId } from '../decorations/decorations.service';
import { ReformRequestMail } from './reform-request-mail.service';

const SORTABLE = {
  createdAt: 'r.created_at',
  status: `array_position(ARRAY['new','contacted','quoted','closed'], r.status)`,
  areaSquareMeters: 'r.area_square_meters',
  budgetRange: `array_position(ARRAY['under_5k','5k_15k','15k_30k','30k_60k','over_60k'], r.budget_range)`,
  propertyName: 'p.property_name',
} as const;
type SortField = keyof typeof SORTABLE;

interface Row {
  id: string;
  project_id: string;
  property_name: string;
  decoration_id: string | null;
  user_id: string;
  email: string;
  name: string;
  what: ReformRequest['what'];
  area_square_meters: number;
  budget_range: ReformRequest['budgetRange'];
  contact_preference: ReformRequest['contactPreference'];
  phone: string;
  notes: string;
  status: ReformRequestStatus;
  created_at: Date;
  history: {
    status: ReformRequestStatus;
    at: string;
    byId: string | null;
    byName: string | null;
    byEmail: string | null;
  }[];
}

const SELECT = `
  SELECT r.id, r.project_id, p.property_name, r.decoration_id, r.user_id, u.email, u.name, r.what,
         r.area_square_meters, r.budget_range, r.contact_preference, r.phone, r.notes, r.status,
         r.created_at,
         (SELECT coalesce(json_agg(json_build_object('status', e.status, 'at', e.at, 'byId', s.id,
                  'byName', s.name, 'byEmail', s.email) ORDER BY e.at), '[]'::json)
            FROM reform_request_events e LEFT JOIN users s ON s.id = e.by_user_id
           WHERE e.reform_request_id = r.id) AS history
    FROM reform_requests r
    JOIN projects p ON p.id = r.project_id
    JOIN users u ON u.id = r.user_id`;

const toDto = (row: Row): ReformRequest => ({
  id: row.id,
  projectId: row.project_id,
  propertyName: row.property_name,
  decorationId: row.decoration_id,
  customer: { id: row.user_id, email: row.email, name: displayName(row) },
  what: row.what,
  areaSquareMeters: row.area_square_meters,
  budgetRange: row.budget_range,
  contactPreference: row.contact_preference,
  phone: row.phone,
  notes: row.notes,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  history: row.history.map((event) => ({
    status: event.status,
    at: new Date(event.at).toISOString(),
    by:
      event.byId && event.byEmail !== null
        ? { id: event.byId, name: displayName({ name: event.byName ?? '', email: event.byEmail }) }
        : null,
  })),
});

/**
 * Reform budget requests: a customer asks for one about a project of theirs (and is sent a
 * confirmation); staff take it forward new → contacted → quoted → closed, each step recorded.
 */
@Injectable()
export class ReformRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: ReformRequestMail,
    private readonly auditLog: AuditLog,
  ) {}

  async create(userId: string, request: CreateReformRequestBody): Promise<ReformRequest> {
    // Someone else's project or decoration reads as missing, flagged on its field.
    const [owned] = (await this.dataSource.query(
      `SELECT p.id, u.language,
              ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM decorations d
                 WHERE d.id = $3 AND d.project_id = p.id AND d.user_id = $2)) AS decoration_ok
         FROM projects p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND p.user_id = $2`,
      [request.projectId, userId, request.decorationId ?? null],
    )) as { id: string; language: Locale; decoration_ok: boolean }[];
    if (!owned) throw new AppError(ErrorCode.NOT_FOUND, { projectId: ErrorCode.NOT_FOUND });
    if (!owned.decoration_ok) throw new AppError(ErrorCode.NOT_FOUND, { decorationId: ErrorCode.NOT_FOUND });

    const id = await this.dataSource.transaction(async (m) => {
      const [created] = (await m.query(
        `INSERT INTO reform_requests (user_id, project_id, decoration_id, what, area_square_meters,
                                      budget_range, contact_preference, phone, notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          userId,
          request.projectId,
          request.decorationId ?? null,
          request.what,
          request.areaSquareMeters,
          request.budgetRange,
          request.contactPreference,
          request.phone,
          request.notes,
        ],
      )) as { id: string }[];
      await this.record(m, created!.id, 'new', null);
      return created!.id;
    });
    const saved = await this.show(id);
    await this.mail.received(owned.language, saved);
    return saved;
  }

  async list(query: unknown): Promise<{ rows: ReformRequest[]; skip: number; total: number }> {
    const list = parseListQuery<SortField>(query, Object.keys(SORTABLE) as SortField[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const params: unknown[] = [];
    const where: string[] = [];
    const { status, budgetRange, what, q } = list.filter;
    const statuses = (Array.isArray(status) ? status : [status]).filter((s): s is ReformRequestStatus =>
      REFORM_REQUEST_STATUSES.includes(s as ReformRequestStatus),
    );
    if (statuses.length) {
      params.push(statuses);
      where.push(`r.status = ANY ($${params.length}::text[])`);
    }
    if (typeof budgetRange === 'string') {
      params.push(budgetRange);
      where.push(`r.budget_range = $${params.length}`);
    }
    if (typeof what === 'string') {
      params.push(what);
      where.push(`$${params.length} = ANY (r.what)`);
    }
    if (typeof q === 'string' && q.trim()) {
      params.push(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(u.email ILIKE $${params.length} OR u.name ILIKE $${params.length}
                   OR p.property_name ILIKE $${params.length})`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM reform_requests r JOIN projects p ON p.id = r.project_id
         JOIN users u ON u.id = r.user_id ${whereSql}`,
      params,
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `${SELECT} ${whereSql} ORDER BY ${SORTABLE[list.sort.field]} ${list.sort.order}, r.id
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    )) as Row[];
    return { rows: rows.map(toDto), skip: list.skip, total };
  }

  async show(id: string): Promise<ReformRequest> {
    assertId(id);
    const [row] = (await this.dataSource.query(`${SELECT} WHERE r.id = $1`, [id])) as Row[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toDto(row);
  }

  /**
   * Moves the request to `status`, which must be the one after its current status: staff never
   * go back or skip a step, and two clicks at once move it once (the second is refused).
   */
  async advance(id: string, status: ReformRequestStatus, staffId: string): Promise<ReformRequest> {
    assertId(id);
    await this.dataSource.transaction(async (m) => {
      const [current] = (await m.query(`SELECT status FROM reform_requests WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as { status: ReformRequestStatus }[];
      if (!current) throw new AppError(ErrorCode.NOT_FOUND);
      if (nextReformStatus(current.status) !== status)
        throw new AppError(ErrorCode.REFORM_STATUS_NOT_NEXT, { status: ErrorCode.REFORM_STATUS_NOT_NEXT });
      await m.query(`UPDATE reform_requests SET status = $2, updated_at = clock_timestamp() WHERE id = $1`, [
        id,
        status,
      ]);
      await this.record(m, id, status, staffId);
      await this.auditLog.record(m, {
        actorId: staffId,
        action: 'reform-requests.advance',
        resource: 'reform-requests',
        recordId: id,
        before: { status: current.status },
        after: { status },
      });
    });
    return this.show(id);
  }

  private async record(
    m: EntityManager,
    id: string,
    status: ReformRequestStatus,
    byUserId: string | null,
  ): Promise<void> {
    await m.query(
      `INSERT INTO reform_request_events (reform_request_id, status, by_user_id) VALUES ($1, $2, $3)`,
      [id, status, byUserId],
    );
  }
}
