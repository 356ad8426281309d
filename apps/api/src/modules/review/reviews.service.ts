import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  displayName,
  ErrorCode,
  FieldIssue,
  REVIEW_SLA_STATES,
  REVIEW_STATES,
  STAFF_ROLES,
  type ApproveReviewRequest,
  type NextReviewResponse,
  type Review,
  type ReviewAction,
  type ReviewAlerts,
  type ReviewDashboard,
  type ReviewDownloadPreview,
  type ReviewEvent,
  type ReviewImage,
  type ReviewSlaState,
  type ReviewState,
  type Role,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { Storage } from '../../infra/storage/storage.port';
import { DomainEvents } from '../../infra/events/domain-events';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery } from '../../infra/http/simple-rest';
import { Realtime } from '../../infra/realtime/realtime.service';
import { AuditLog } from '../audit/audit-log.service';
import { PlanRights } from '../billing/plan-rights.service';
import { assertId, DecorationsService, deliverDecoration } from '../decorations/decorations.service';
import { applyWatermark } from '../decorations/watermark';
import type { AuthUser } from '../identity/session.service';
import { MediaUrls } from '../projects/media-urls.service';
import { notHeldError } from './review-access';
import { AT_RISK_MS, ReviewClock } from './review-clock';
import { countEvents, recordEvent, type Sql } from './review-events';
import { ReviewMail } from './review-mail.service';
import { ReviewsRepository } from './reviews.repository';
import { draftVersionOf, editRendering, UNRENDERED_EDITS } from './review-versions';
import { localDay, workingMsBetween, type WorkingCalendar } from './working-hours';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DASHBOARD_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

const SORTABLE = {
  id: 'r.id',
  deadlineAt: 'r.deadline_at',
  orderedAt: 'r.ordered_at',
  state: 'r.state',
  claimedAt: 'r.claimed_at',
  deliveredAt: 'r.delivered_at',
  propertyName: 'p.property_name',
} as const;
type SortField = keyof typeof SORTABLE;

const FROM_REVIEWS = `FROM reviews r
  JOIN decorations d ON d.id = r.decoration_id
  JOIN projects p ON p.id = d.project_id
  JOIN users u ON u.id = d.user_id`;

const SELECT_REVIEWS = `SELECT r.id, r.decoration_id, r.state, r.ordered_at, r.deadline_at, r.claimed_by, r.claimed_at,
    r.delivered_at, d.project_id, d.room_type, d.style, p.property_name,
    u.id AS customer_id, u.email AS customer_email, u.name AS customer_name,
    s.name AS claimer_name, s.email AS claimer_email,
    v.id AS version_id, v.state AS version_state, v.number AS version_number, v.result_key, v.thumbnail_key,
    v.structure_changed, i.original_key, i.thumbnail_key AS photo_thumbnail_key,
    dv.id AS draft_id, dv.number AS draft_number, dv.result_key AS draft_result_key,
    dv.thumbnail_key AS draft_thumbnail_key,
    e.rendering_version_id, e.rendering_since, ${UNRENDERED_EDITS} AS unrendered_edits
  ${FROM_REVIEWS}
  JOIN project_images i ON i.id = d.image_id
  LEFT JOIN users s ON s.id = r.claimed_by
  LEFT JOIN decoration_versions v ON v.id = COALESCE(r.delivered_version_id, d.current_version_id)
  LEFT JOIN decoration_versions cv ON cv.id = d.current_version_id
  LEFT JOIN decoration_versions dv ON dv.id = ${draftVersionOf('d.id', 'v.number')}
  LEFT JOIN edit_documents e ON e.decoration_id = d.id`;

/** Open reviews whose decoration can still be delivered (a failed first draft waits for the customer). */
const OPEN = `r.state <> 'delivered' AND d.state <> 'failed'`;

interface ReviewRow {
  id: string;
  decoration_id: string;
  state: ReviewState;
  ordered_at: Date;
  deadline_at: Date;
  claimed_by: string | null;
  claimed_at: Date | null;
  delivered_at: Date | null;
  project_id: string;
  room_type: RoomType;
  style: Style;
  property_name: string;
  customer_id: string;
  customer_email: string;
  customer_name: string;
  claimer_name: string | null;
  claimer_email: string | null;
  version_id: string | null;
  version_state: string | null;
  version_number: number | null;
  result_key: string | null;
  thumbnail_key: string | null;
  original_key: string;
  photo_thumbnail_key: string;
  structure_changed: boolean | null;
  draft_id: string | null;
  draft_number: number | null;
  draft_result_key: string | null;
  draft_thumbnail_key: string | null;
  rendering_version_id: string | null;
  rendering_since: Date | null;
  unrendered_edits: boolean;
}

const oneOrMany = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The staff side of the review: the queue, claims, approval, send-back, alerts and the dashboard. */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
    private readonly decorations: DecorationsService,
    private readonly urls: MediaUrls,
    private readonly realtime: Realtime,
    private readonly mail: ReviewMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly auditLog: AuditLog,
    private readonly repository: ReviewsRepository,
    private readonly planRights: PlanRights,
    private readonly storage: Storage,
  ) {}

  /** GET reviews (ra-data-simple-rest): filters state, claimedBy (an id or "me"), sla, q, id. */
  async list(
    query: unknown,
    viewerId: string,
    now = new Date(),
  ): Promise<{ rows: Review[]; skip: number; total: number }> {
    const list = parseListQuery<SortField>(query, Object.keys(SORTABLE) as SortField[], {
      field: 'deadlineAt',
      order: 'ASC',
    });
    const calendar = await this.clock.calendar(this.dataSource);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const { q, id, state, claimedBy, sla, decorationId } = list.filter;
    if (typeof q === 'string' && q.trim()) {
      const like = param(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(p.property_name ILIKE ${like} OR u.email ILIKE ${like})`);
    }
    if (id !== undefined) {
      const ids = oneOrMany(id).filter((v): v is string => typeof v === 'string' && UUID.test(v));
      where.push(`r.id = ANY(${param(ids)}::uuid[])`);
    }
    if (typeof decorationId === 'string')
      where.push(`r.decoration_id = ${param(UUID.test(decorationId) ? decorationId : null)}`);
    if (state !== undefined) {
      const states = oneOrMany(state).filter((s) => (REVIEW_STATES as readonly unknown[]).includes(s));
      where.push(`r.state = ANY(${param(states)}::text[])`);
    }
    if (claimedBy !== undefined) {
      const holder = claimedBy === 'me' ? viewerId : claimedBy;
      where.push(`r.claimed_by = ${param(typeof holder === 'string' && UUID.test(holder) ? holder : null)}`);
    }
    if (sla !== undefined) {
      const wanted = oneOrMany(sla).filter((s): s is ReviewSlaState =>
        (REVIEW_SLA_STATES as readonly unknown[]).includes(s),
      );
      where.push(await this.slaCondition(wanted, now, calendar, param));
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total ${FROM_REVIEWS} ${whereSql}`,
      params,
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `${SELECT_REVIEWS} ${whereSql}
        ORDER BY ${SORTABLE[list.sort.field]} ${list.sort.order} NULLS LAST, r.id ${list.sort.order}
        OFFSET ${param(list.skip)} LIMIT ${param(list.take)}`,
      params,
    )) as ReviewRow[];
    return { rows: rows.map((row) => this.toReview(row, now, calendar)), skip: list.skip, total };
  }

  async show(reviewId: string, now = new Date()): Promise<Review> {
    assertId(reviewId);
    const [row] = (await this.dataSource.query(`${SELECT_REVIEWS} WHERE r.id = $1`, [
      reviewId,
    ])) as ReviewRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return this.toReview(row, now, await this.clock.calendar(this.dataSource));
  }

  /** Every step, oldest first, with who took it. */
  async history(reviewId: string): Promise<ReviewEvent[]> {
    await this.stateOf(this.dataSource, reviewId);
    const rows = (await this.dataSource.query(
      `SELECT e.id, e.action, e.actor_id, a.name AS actor_name, a.email AS actor_email, e.created_at, e.note,
              e.version_id
         FROM review_events e LEFT JOIN users a ON a.id = e.actor_id
        WHERE e.review_id = $1 ORDER BY e.created_at, e.id`,
      [reviewId],
    )) as {
      id: string;
      action: ReviewAction;
      actor_id: string | null;
      actor_name: string | null;
      actor_email: string | null;
      created_at: Date;
      note: string | null;
      version_id: string | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      by:
        row.actor_id && row.actor_email !== null
          ? { id: row.actor_id, name: displayName({ name: row.actor_name ?? '', email: row.actor_email }) }
          : null,
      at: row.created_at.toISOString(),
      note: row.note,
      versionId: row.version_id,
    }));
  }

  /** One decorator holds a queued review; claiming again what you hold keeps the claim alive. */
  async claim(reviewId: string, staffId: string): Promise<Review> {
    assertId(reviewId);
    const claimed = await this.dataSource.transaction((m) => this.takeQueued(m, reviewId, staffId));
    if (!claimed) {
      const [held] = (await this.dataSource.query(
        `UPDATE reviews SET touched_at = now() WHERE id = $1 AND state = 'claimed' AND claimed_by = $2 RETURNING id`,
        [reviewId, staffId],
      )) as [{ id: string }[], number];
      if (!held.length) {
        const state = await this.stateOf(this.dataSource, reviewId);
        if (state === 'drafting' || state === 'delivered') throw notHeldError(state);
        throw new AppError(ErrorCode.REVIEW_CLAIMED);
      }
    }
    return this.show(reviewId);
  }

  /**
   * "Next job": the oldest unclaimed job, claimed for staffId exactly as claim() does; null when the
   * queue is empty. A job another decorator takes meanwhile is skipped, not fought over.
   */
  async next(staffId: string): Promise<NextReviewResponse> {
    const reviewId = await this.dataSource.transaction(async (m) => {
      const oldest = await this.repository.lockOldestQueued(m);
      return oldest && (await this.takeQueued(m, oldest, staffId)) ? oldest : null;
    });
    return { review: reviewId ? await this.show(reviewId) : null };
  }

  /** What the customer's plan does to the file the approval hands them (the watermark or not). */
  async downloadPreview(reviewId: string): Promise<ReviewDownloadPreview> {
    const result = await this.deliverable(reviewId);
    const rights = await this.planRights.forUser(result.customerId);
    return {
      versionId: result.versionId,
      number: result.number,
      watermark: rights.watermark,
      planCode: rights.planCode,
    };
  }

  /**
   * The file itself, as downloads.service.ts makes it: the result, marked when the customer's plan adds
   * the mark. `versionId` (what the dialog asked about) must still be the result, else REVIEW_RESULT_CHANGED.
   */
  async downloadPreviewImage(reviewId: string, versionId: unknown): Promise<Buffer> {
    const result = await this.deliverable(reviewId);
    if (versionId !== undefined && versionId !== result.versionId)
      throw new AppError(ErrorCode.REVIEW_RESULT_CHANGED);
    const { watermark } = await this.planRights.forUser(result.customerId);
    const image = await this.storage.get(result.resultKey);
    return watermark ? applyWatermark(image) : image;
  }

  /** The review's ready result; NOT_FOUND for an unknown or malformed id, REVIEW_NOT_READY without one. */
  private async deliverable(
    reviewId: string,
  ): Promise<{ customerId: string; versionId: string; number: number; resultKey: string }> {
    assertId(reviewId);
    const result = await this.repository.deliverableResult(reviewId);
    if (!result) throw new AppError(ErrorCode.NOT_FOUND);
    const { customerId, versionId, number, resultKey } = result;
    if (!versionId || number === null || !resultKey) throw new AppError(ErrorCode.REVIEW_NOT_READY);
    return { customerId, versionId, number, resultKey };
  }

  /** Back to the queue, by the holder or an admin. */
  async release(reviewId: string, by: AuthUser): Promise<Review> {
    assertId(reviewId);
    await this.dataSource.transaction(async (m) => {
      const holder = await this.holderOf(m, reviewId);
      const [rows] = (await m.query(
        `UPDATE reviews SET state = 'queued', claimed_by = NULL, claimed_at = NULL, touched_at = NULL,
           updated_at = now() WHERE id = $1 AND state = 'claimed' AND (claimed_by = $2 OR $3) RETURNING id`,
        [reviewId, by.userId, by.role === 'admin'],
      )) as [{ id: string }[], number];
      if (!rows.length) throw notHeldError(await this.stateOf(m, reviewId));
      await recordEvent(m, reviewId, 'released', by.userId);
      await this.audit(m, 'release', reviewId, by.userId, {
        before: { state: 'claimed', claimedBy: holder },
        after: { state: 'queued', claimedBy: null },
      });
    });
    return this.show(reviewId);
  }

  /** An admin gives the review to a staff member, or back to the queue with null. */
  async reassign(reviewId: string, adminId: string, decoratorId: string | null): Promise<Review> {
    assertId(reviewId);
    let note: string | null = null;
    if (decoratorId) {
      const [staff] = (await this.dataSource.query(`SELECT name, email, role FROM users WHERE id = $1`, [
        decoratorId,
      ])) as { name: string; email: string; role: Role }[];
      if (!staff || !STAFF_ROLES.includes(staff.role))
        throw new AppError(ErrorCode.VALIDATION_FAILED, { decoratorId: FieldIssue.INVALID });
      note = displayName(staff);
    }
    await this.dataSource.transaction(async (m) => {
      const [was] = (await m.query(`SELECT state, claimed_by FROM reviews WHERE id = $1 FOR UPDATE`, [
        reviewId,
      ])) as { state: ReviewState; claimed_by: string | null }[];
      const [rows] = (await m.query(
        `UPDATE reviews SET state = CASE WHEN $2::uuid IS NULL THEN 'queued' ELSE 'claimed' END,
           claimed_by = $2, claimed_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END,
           touched_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END, updated_at = now()
         WHERE id = $1 AND state IN ('queued', 'claimed') RETURNING id`,
        [reviewId, decoratorId],
      )) as [{ id: string }[], number];
      if (!rows.length) throw notHeldError(await this.stateOf(m, reviewId));
      await recordEvent(m, reviewId, 'reassigned', adminId, { note });
      await this.audit(m, 'reassign', reviewId, adminId, {
        before: { state: was.state, claimedBy: was.claimed_by },
        after: { state: decoratorId ? 'claimed' : 'queued', claimedBy: decoratorId },
      });
    });
    return this.show(reviewId);
  }

  /**
   * The holder delivers the decoration's current version (the draft, or the fix an edit rendered).
   * The conditional UPDATE on the claim makes a second approval, even a concurrent one, deliver nothing.
   * With `versionId` (the result the approval dialog showed) exactly that version is delivered: a result
   * that changed or is being rendered since is refused, and so are saved edits it does not show, unless
   * `ignoreUnrenderedEdits`.
   */
  async approve(reviewId: string, staffId: string, request: ApproveReviewRequest = {}): Promise<Review> {
    assertId(reviewId);
    const delivered = await this.dataSource.transaction(async (m) => {
      // The decoration is locked first, the same order a finishing render takes its locks in; an edit
      // render reserves and finishes under the same lock, so the result cannot change until we commit.
      const [target] = (await m.query(
        `SELECT d.id, d.project_id, d.user_id, d.state, d.current_version_id, cv.state AS version_state,
                cv.room_type, cv.style, e.rendering_version_id, e.rendering_since,
                ${UNRENDERED_EDITS} AS unrendered_edits
           FROM reviews r JOIN decorations d ON d.id = r.decoration_id
           LEFT JOIN decoration_versions cv ON cv.id = d.current_version_id
           LEFT JOIN edit_documents e ON e.decoration_id = d.id
          WHERE r.id = $1 FOR UPDATE OF d`,
        [reviewId],
      )) as {
        id: string;
        project_id: string;
        user_id: string;
        state: string;
        current_version_id: string | null;
        version_state: string | null;
        room_type: string;
        style: string;
        rendering_version_id: string | null;
        rendering_since: Date | null;
        unrendered_edits: boolean;
      }[];
      if (!target) throw new AppError(ErrorCode.NOT_FOUND);
      const [rows] = (await m.query(
        `UPDATE reviews SET state = 'delivered', claimed_by = NULL, claimed_at = NULL, touched_at = NULL,
           delivered_at = now(), delivered_version_id = $3, updated_at = now()
         WHERE id = $1 AND state = 'claimed' AND claimed_by = $2 RETURNING id`,
        [reviewId, staffId, target.current_version_id],
      )) as [{ id: string }[], number];
      if (!rows.length) throw notHeldError(await this.stateOf(m, reviewId));
      if (!target.current_version_id || target.version_state !== 'ready')
        throw new AppError(ErrorCode.REVIEW_NOT_READY);
      if (request.versionId !== undefined) {
        if (
          request.versionId !== target.current_version_id ||
          editRendering(target, this.config.RENDER_TIMEOUT_SECONDS, new Date())
        )
          throw new AppError(ErrorCode.REVIEW_RESULT_CHANGED);
        if (target.unrendered_edits && !request.ignoreUnrenderedEdits)
          throw new AppError(ErrorCode.REVIEW_EDITS_UNRENDERED);
      }
      // A redo delivered again: the image was completed at its first delivery, it counts once.
      const deliveredBefore = (await countEvents(m, reviewId, 'approved')) > 0;
      await deliverDecoration(m, {
        decorationId: target.id,
        projectId: target.project_id,
        versionId: target.current_version_id,
        roomType: target.room_type,
        style: target.style,
        wasState: deliveredBefore ? 'ready' : target.state,
      });
      await recordEvent(m, reviewId, 'approved', staffId, { versionId: target.current_version_id });
      await this.audit(m, 'approve', reviewId, staffId, {
        before: { state: 'claimed', claimedBy: staffId },
        after: { state: 'delivered', claimedBy: null, deliveredVersionId: target.current_version_id },
      });
      return {
        customerId: target.user_id,
        projectId: target.project_id,
        decorationId: target.id,
        versionId: target.current_version_id,
        roomType: target.room_type as RoomType,
        style: target.style as Style,
      };
    });
    this.realtime.toUser(delivered.customerId, 'SendProjectDecorationConfirm', delivered.projectId);
    await this.events.publish('supervised.delivered', delivered.customerId, {
      projectId: delivered.projectId,
      decorationId: delivered.decorationId,
      versionId: delivered.versionId,
      state: 'ready',
      type: 'supervised',
      roomType: delivered.roomType,
      style: delivered.style,
    });
    await this.mail.delivered(reviewId);
    return this.show(reviewId);
  }

  /** The holder asks for a fresh AI draft; the review waits for it in drafting, unclaimed. */
  async sendBack(reviewId: string, staffId: string, note: string | undefined): Promise<Review> {
    assertId(reviewId);
    const [review] = (await this.dataSource.query(`SELECT decoration_id FROM reviews WHERE id = $1`, [
      reviewId,
    ])) as { decoration_id: string }[];
    if (!review) throw new AppError(ErrorCode.NOT_FOUND);
    await this.decorations.redraft(review.decoration_id, async (m, versionId) => {
      const [rows] = (await m.query(
        `UPDATE reviews SET state = 'drafting', claimed_by = NULL, claimed_at = NULL, touched_at = NULL,
           updated_at = now() WHERE id = $1 AND state = 'claimed' AND claimed_by = $2 RETURNING id`,
        [reviewId, staffId],
      )) as [{ id: string }[], number];
      if (!rows.length) throw notHeldError(await this.stateOf(m, reviewId));
      await recordEvent(m, reviewId, 'sent_back', staffId, { note: note || null, versionId });
      await this.audit(m, 'send-back', reviewId, staffId, {
        before: { state: 'claimed', claimedBy: staffId },
        after: { state: 'drafting', claimedBy: null, note: note || null },
      });
    });
    return this.show(reviewId);
  }

  /** The console badge: open reviews at risk or overdue (drafting ones too: their clock runs). */
  async alerts(now = new Date()): Promise<ReviewAlerts> {
    const open = await this.openStandings(now);
    return {
      atRisk: open.filter((r) => r.sla === 'at_risk').length,
      overdue: open.filter((r) => r.sla === 'overdue').length,
    };
  }

  /** Admins' view of the last 30 days of deliveries and of the queue now. */
  async dashboard(now = new Date()): Promise<ReviewDashboard> {
    const calendar = await this.clock.calendar(this.dataSource);
    const since = new Date(now.getTime() - DASHBOARD_DAYS * DAY_MS);
    // Reviews waiting for their draft are counted apart; the others by where they stand.
    const queue = { drafting: 0, on_time: 0, at_risk: 0, overdue: 0 };
    for (const review of await this.openStandings(now, calendar))
      queue[review.state === 'drafting' ? 'drafting' : (review.sla as 'on_time' | 'at_risk' | 'overdue')]++;
    const deliveries = (await this.dataSource.query(
      `SELECT ordered_at, deadline_at, delivered_at FROM reviews
        WHERE state = 'delivered' AND delivered_at > $1 AND delivered_at <= $2`,
      [since, now],
    )) as { ordered_at: Date; deadline_at: Date; delivered_at: Date }[];
    const perDecorator = (await this.dataSource.query(
      `SELECT e.actor_id AS id, u.name, u.email, count(*)::int AS delivered
         FROM review_events e JOIN users u ON u.id = e.actor_id
        WHERE e.action = 'approved' AND e.created_at > $1 AND e.created_at <= $2
        GROUP BY e.actor_id, u.name, u.email ORDER BY delivered DESC, u.name`,
      [since, now],
    )) as { id: string; name: string; email: string; delivered: number }[];

    const days = new Map<string, { met: number; missed: number }>();
    const today = localDay(now, calendar.timeZone);
    for (let i = DASHBOARD_DAYS - 1; i >= 0; i--) {
      const day = new Date(Date.parse(`${today}T00:00:00Z`) - i * DAY_MS).toISOString().slice(0, 10);
      days.set(day, { met: 0, missed: 0 });
    }
    let met = 0;
    for (const delivery of deliveries) {
      const onTime = delivery.delivered_at <= delivery.deadline_at;
      if (onTime) met++;
      const day = days.get(localDay(delivery.delivered_at, calendar.timeZone));
      if (day) day[onTime ? 'met' : 'missed']++;
    }
    const hours = deliveries.map((d) => this.clock.workingHours(d.ordered_at, d.delivered_at, calendar));
    const medianHours = median(hours);
    return {
      queue,
      days: DASHBOARD_DAYS,
      delivered: deliveries.length,
      slaHitRate: deliveries.length ? met / deliveries.length : null,
      medianWorkingHoursToDeliver: medianHours === null ? null : Math.round(medianHours * 10) / 10,
      perDecorator: perDecorator.map((row) => ({
        id: row.id,
        name: displayName(row),
        delivered: row.delivered,
      })),
      perDay: [...days].map(([date, counts]) => ({ date, ...counts })),
    };
  }

  /** Every open review's state and where it stands now. */
  private async openStandings(
    now: Date,
    calendar?: WorkingCalendar,
  ): Promise<{ state: ReviewState; sla: ReviewSlaState }[]> {
    const cal = calendar ?? (await this.clock.calendar(this.dataSource));
    const rows = (await this.dataSource.query(
      `SELECT r.state, r.deadline_at ${FROM_REVIEWS} WHERE ${OPEN}`,
    )) as { state: ReviewState; deadline_at: Date }[];
    return rows.map((row) => ({
      state: row.state,
      sla: this.clock.standing({ state: row.state, deadlineAt: row.deadline_at, deliveredAt: null }, now, cal)
        .sla,
    }));
  }

  /**
   * The SQL for an sla filter. Met, missed and overdue compare timestamps; at risk needs the
   * working-hours clock, so the open reviews not yet overdue are measured here (the queue is small).
   */
  private async slaCondition(
    wanted: ReviewSlaState[],
    now: Date,
    calendar: WorkingCalendar,
    param: (value: unknown) => string,
  ): Promise<string> {
    if (!wanted.length) return 'false';
    const parts: string[] = [];
    // Bound only when used: PostgreSQL refuses a parameter the query never mentions.
    let bound: string | undefined;
    const at = () => (bound ??= param(now));
    if (wanted.includes('met')) parts.push(`(r.state = 'delivered' AND r.delivered_at <= r.deadline_at)`);
    if (wanted.includes('missed')) parts.push(`(r.state = 'delivered' AND r.delivered_at > r.deadline_at)`);
    if (wanted.includes('overdue')) parts.push(`(r.state <> 'delivered' AND r.deadline_at < ${at()})`);
    if (wanted.includes('at_risk') || wanted.includes('on_time')) {
      const open = (await this.dataSource.query(
        `SELECT id, deadline_at FROM reviews WHERE state <> 'delivered' AND deadline_at >= $1`,
        [now],
      )) as { id: string; deadline_at: Date }[];
      const atRisk = param(
        open.filter((r) => workingMsBetween(now, r.deadline_at, calendar) <= AT_RISK_MS).map((r) => r.id),
      );
      const stillOpen = `r.state <> 'delivered' AND r.deadline_at >= ${at()}`;
      if (wanted.includes('at_risk')) parts.push(`(${stillOpen} AND r.id = ANY(${atRisk}::uuid[]))`);
      if (wanted.includes('on_time')) parts.push(`(${stillOpen} AND NOT r.id = ANY(${atRisk}::uuid[]))`);
    }
    return `(${parts.join(' OR ')})`;
  }

  /** Claims a queued review for staffId inside m, with its history step and audit row; false if not queued. */
  private async takeQueued(m: EntityManager, reviewId: string, staffId: string): Promise<boolean> {
    const [rows] = (await m.query(
      `UPDATE reviews SET state = 'claimed', claimed_by = $2, claimed_at = now(), touched_at = now(),
         updated_at = now() WHERE id = $1 AND state = 'queued' RETURNING id`,
      [reviewId, staffId],
    )) as [{ id: string }[], number];
    if (!rows.length) return false;
    await recordEvent(m, reviewId, 'claimed', staffId);
    await this.audit(m, 'claim', reviewId, staffId, {
      before: { state: 'queued', claimedBy: null },
      after: { state: 'claimed', claimedBy: staffId },
    });
    return true;
  }

  /** One audit row per staff action on a review, in the action's transaction. */
  private audit(
    m: EntityManager,
    verb: string,
    reviewId: string,
    actorId: string,
    change: { before: Record<string, unknown>; after: Record<string, unknown> },
  ): Promise<void> {
    return this.auditLog.record(m, {
      actorId,
      action: `reviews.${verb}`,
      resource: 'reviews',
      recordId: reviewId,
      ...change,
    });
  }

  /** Who holds the review now, locking it for the rest of the transaction. */
  private async holderOf(m: EntityManager, reviewId: string): Promise<string | null> {
    const [row] = (await m.query(`SELECT claimed_by FROM reviews WHERE id = $1 FOR UPDATE`, [reviewId])) as {
      claimed_by: string | null;
    }[];
    return row?.claimed_by ?? null;
  }

  private async stateOf(sql: Sql, reviewId: string): Promise<ReviewState> {
    assertId(reviewId);
    const [row] = (await sql.query(`SELECT state FROM reviews WHERE id = $1`, [reviewId])) as {
      state: ReviewState;
    }[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row.state;
  }

  private toReview(row: ReviewRow, now: Date, calendar: WorkingCalendar): Review {
    const standing = this.clock.standing(
      { state: row.state, deadlineAt: row.deadline_at, deliveredAt: row.delivered_at },
      now,
      calendar,
    );
    const result = row.version_state === 'ready' && row.result_key ? row : null;
    // A render under way and unrendered edits matter only while the result can still change.
    const open = row.state !== 'delivered';
    return {
      id: row.id,
      decorationId: row.decoration_id,
      projectId: row.project_id,
      propertyName: row.property_name,
      customer: {
        id: row.customer_id,
        email: row.customer_email,
        name: displayName({ name: row.customer_name, email: row.customer_email }),
      },
      roomType: row.room_type,
      style: row.style,
      state: row.state,
      sla: standing.sla,
      orderedAt: row.ordered_at.toISOString(),
      deadlineAt: row.deadline_at.toISOString(),
      workingMsLeft: standing.workingMsLeft,
      claimedBy:
        row.claimed_by && row.claimer_email !== null
          ? {
              id: row.claimed_by,
              name: displayName({ name: row.claimer_name ?? '', email: row.claimer_email }),
            }
          : null,
      claimedAt: row.claimed_at?.toISOString() ?? null,
      deliveredAt: row.delivered_at?.toISOString() ?? null,
      draftUrl: result?.result_key ? this.urls.sign(result.result_key) : null,
      originalUrl: this.urls.sign(row.original_key),
      versionId: result?.version_id ?? null,
      structureChanged: result?.structure_changed ?? false,
      draft:
        row.draft_id && row.draft_number !== null && row.draft_result_key
          ? this.image(row.draft_id, row.draft_number, row.draft_result_key, row.draft_thumbnail_key)
          : null,
      result:
        result?.version_id && result.version_number !== null && result.result_key
          ? this.image(result.version_id, result.version_number, result.result_key, result.thumbnail_key)
          : null,
      thumbnailUrl: this.urls.sign(
        result?.result_key ? (result.thumbnail_key ?? result.result_key) : row.photo_thumbnail_key,
      ),
      rendering: open && editRendering(row, this.config.RENDER_TIMEOUT_SECONDS, now),
      unrenderedEdits: open && row.unrendered_edits,
    };
  }

  private image(
    versionId: string,
    number: number,
    resultKey: string,
    thumbnailKey: string | null,
  ): ReviewImage {
    const imageUrl = this.urls.sign(resultKey);
    return {
      versionId,
      number,
      imageUrl,
      thumbnailUrl: thumbnailKey ? this.urls.sign(thumbnailKey) : imageUrl,
    };
  }
}
