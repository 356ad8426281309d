import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_USER_PLAN_FILTERS,
  ErrorCode,
  ROLES,
  type AdminUser,
  type Locale,
  type Role,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { ListQuery } from '../../infra/http/simple-rest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}/;

export const ADMIN_USER_SORTABLE = {
  id: 'u.id',
  createdAt: 'u.created_at',
  email: 'u.email',
  name: 'u.name',
  credits: 'credits',
} as const;
export type AdminUserSortField = keyof typeof ADMIN_USER_SORTABLE;

/** The account columns a staff action reads and locks before changing it. */
export interface LockedUser {
  id: string;
  email: string;
  name: string;
  language: Locale;
  role: Role;
  verifiedAt: Date | null;
  blockedAt: Date | null;
  blockedReason: string | null;
}

interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  credits: number;
  company: string;
  phone: string;
  language: string;
  referral_code: string;
  verified: boolean;
  created_at: Date;
  blocked_at: Date | null;
  blocked_reason: string | null;
  plan: AdminUser['plan'];
  referrer_id: string | null;
  referrer_name: string | null;
  referrer_email: string | null;
}

/*
 * Joined per row of the page only: the wallet and referrer by primary key, the plan through the view
 * active_subscriptions. Its LIMIT keeps the planner from flattening the view into one join over every
 * subscription, so `user_id = u.id` (its DISTINCT ON key) goes down to an index probe per row.
 */
const SELECT_USERS = `SELECT u.id, u.name, u.email, u.role, COALESCE(w.balance, 0) AS credits, u.company, u.phone,
    u.language, u.referral_code, u.verified_at IS NOT NULL AS verified, u.created_at, u.blocked_at,
    u.blocked_reason, s.plan_code AS plan, r.id AS referrer_id, r.name AS referrer_name, r.email AS referrer_email
  FROM users u
  LEFT JOIN wallets w ON w.user_id = u.id
  LEFT JOIN users r ON r.id = u.referred_by_user_id
  LEFT JOIN LATERAL (SELECT a.plan_code FROM active_subscriptions a WHERE a.user_id = u.id LIMIT 1) s ON true`;

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  credits: row.credits,
  company: row.company,
  phone: row.phone,
  language: row.language,
  referralCode: row.referral_code,
  verified: row.verified,
  createdAt: row.created_at.toISOString(),
  plan: row.plan,
  blocked: row.blocked_at !== null,
  blockedAt: row.blocked_at?.toISOString() ?? null,
  blockedReason: row.blocked_reason,
  referredBy:
    row.referrer_id === null
      ? null
      : { id: row.referrer_id, name: row.referrer_name ?? '', email: row.referrer_email ?? '' },
});

/** A boolean filter as react-admin sends it (true/false, or their strings from a select input). */
function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** SQL of the staff console's `users` resource and of the staff actions on accounts. */
@Injectable()
export class AdminUsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One page and the total. Every filter is a plain condition on `users` (or one semi-join with the
   * subscriptions view for `plan`), so the count never touches the wallet or referrer joins.
   */
  async list(list: ListQuery<AdminUserSortField>): Promise<{ rows: AdminUser[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    const { q, id, role, plan, verified, blocked, createdFrom, createdTo } = list.filter;
    if (typeof q === 'string' && q.trim())
      add(
        (n) => `(u.name ILIKE $${n} OR u.email ILIKE $${n})`,
        `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    if (id !== undefined)
      add(
        (n) => `u.id = ANY($${n}::uuid[])`,
        (Array.isArray(id) ? id : [id]).filter((v): v is string => typeof v === 'string' && UUID.test(v)),
      );
    // An unknown role or plan matches nobody, as an unknown id does.
    if (role !== undefined)
      add((n) => `u.role = $${n}`, (ROLES as readonly unknown[]).includes(role) ? role : null);
    if (plan === 'none')
      where.push(`NOT EXISTS (SELECT 1 FROM active_subscriptions a WHERE a.user_id = u.id)`);
    else if (plan !== undefined)
      add(
        (n) => `u.id IN (SELECT a.user_id FROM active_subscriptions a WHERE a.plan_code = $${n})`,
        (ADMIN_USER_PLAN_FILTERS as readonly unknown[]).includes(plan) ? plan : null,
      );
    const isVerified = flag(verified);
    if (isVerified !== undefined) where.push(`u.verified_at IS ${isVerified ? 'NOT ' : ''}NULL`);
    const isBlocked = flag(blocked);
    if (isBlocked !== undefined) where.push(`u.blocked_at IS ${isBlocked ? 'NOT ' : ''}NULL`);
    // Whole days of the business's time zone (as the dashboard counts them), both ends included.
    const dayStart = (sql: (n: number) => string, date: string) => {
      params.push(date, this.config.BUSINESS_TIME_ZONE);
      where.push(`u.created_at ${sql(params.length - 1)}`);
    };
    if (createdFrom !== undefined)
      dayStart((n) => `>= ($${n}::date)::timestamp AT TIME ZONE $${n + 1}`, day('createdFrom', createdFrom));
    if (createdTo !== undefined)
      dayStart((n) => `< ($${n}::date + 1)::timestamp AT TIME ZONE $${n + 1}`, day('createdTo', createdTo));

    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM users u ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      list.sort.field === 'credits'
        ? this.pageByCredits(where, params, list)
        : (this.dataSource.query(
            `${SELECT_USERS} ${whereSql}
              ORDER BY ${ADMIN_USER_SORTABLE[list.sort.field]} ${order}, u.id ${order}
              OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
            [...params, list.skip, list.take],
          ) as Promise<AdminUserRow[]>),
    ]);
    return { rows: rows.map(toAdminUser), total };
  }

  /**
   * Sorted by credits. The balance lives in `wallets`, which accounts without any credit movement lack, so one
   * LEFT JOIN sorted by COALESCE would read every account. Instead the page is taken from two runs that each
   * follow an index: accounts with a wallet in (balance, user_id) order, and those without one (0 credits) in id
   * order: after the others when DESC, before them when ASC. The second run is read only when the first does not
   * fill the page (its length is counted only then, to know how far the page starts into the next run).
   */
  private async pageByCredits(
    where: string[],
    params: unknown[],
    list: ListQuery<AdminUserSortField>,
  ): Promise<AdminUserRow[]> {
    const order = list.sort.order;
    const filters = where.map((w) => `AND ${w}`).join(' ');
    const n = params.length;
    const walleted = {
      page: `SELECT w.user_id AS id FROM wallets w JOIN users u ON u.id = w.user_id WHERE true ${filters}
              ORDER BY w.balance ${order}, w.user_id ${order} OFFSET $${n + 1} LIMIT $${n + 2}`,
      count: `SELECT count(*)::int AS n FROM wallets w JOIN users u ON u.id = w.user_id WHERE true ${filters}`,
    };
    const walletless = {
      page: `SELECT u.id FROM users u WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id) ${filters}
              ORDER BY u.id ${order} OFFSET $${n + 1} LIMIT $${n + 2}`,
      count: `SELECT count(*)::int AS n FROM users u
               WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id) ${filters}`,
    };
    const ids: string[] = [];
    let skip = list.skip;
    for (const run of order === 'DESC' ? [walleted, walletless] : [walletless, walleted]) {
      const need = list.take - ids.length;
      const found = (await this.dataSource.query(run.page, [...params, skip, need])) as { id: string }[];
      ids.push(...found.map((row) => row.id));
      if (ids.length === list.take) break;
      // A partly used run took the whole offset; an unreached one leaves the offset minus its length.
      if (found.length || skip === 0) skip = 0;
      else {
        const [{ n: length }] = (await this.dataSource.query(run.count, params)) as { n: number }[];
        skip = Math.max(0, skip - length);
      }
    }
    if (!ids.length) return [];
    const rows = (await this.dataSource.query(`${SELECT_USERS} WHERE u.id = ANY($1::uuid[])`, [
      ids,
    ])) as AdminUserRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is AdminUserRow => row !== undefined);
  }

  /** One account as the console shows it; null for an unknown or malformed id. */
  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<AdminUser | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await manager.query(`${SELECT_USERS} WHERE u.id = $1`, [id])) as AdminUserRow[];
    return row ? toAdminUser(row) : null;
  }

  async exists(m: EntityManager, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return ((await m.query(`SELECT 1 FROM users WHERE id = $1`, [id])) as unknown[]).length > 0;
  }

  /**
   * Locks the account for a staff action inside the caller's transaction (NO KEY UPDATE: the product's own
   * writes that merely reference the account do not wait); null when there is none.
   */
  async lock(m: EntityManager, id: string): Promise<LockedUser | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await m.query(
      `SELECT id, email, name, language, role, verified_at AS "verifiedAt", blocked_at AS "blockedAt",
              blocked_reason AS "blockedReason"
         FROM users WHERE id = $1 FOR NO KEY UPDATE`,
      [id],
    )) as LockedUser[];
    return row ?? null;
  }

  async setRole(m: EntityManager, id: string, role: Role): Promise<void> {
    await m.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
  }

  /** Keeps the time of the first block when the reason is changed by blocking again. */
  async block(m: EntityManager, id: string, reason: string): Promise<void> {
    await m.query(
      `UPDATE users SET blocked_at = COALESCE(blocked_at, now()), blocked_reason = $2 WHERE id = $1`,
      [id, reason],
    );
  }

  async unblock(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE users SET blocked_at = NULL, blocked_reason = NULL WHERE id = $1`, [id]);
  }

  /** The note and author of a console grant or removal, beside its ledger entry. */
  async recordCreditNote(
    m: EntityManager,
    ledgerEntryId: string,
    staffId: string,
    note: string,
  ): Promise<void> {
    await m.query(
      `INSERT INTO credit_grants (ledger_entry_id, granted_by_user_id, note) VALUES ($1, $2, $3)`,
      [ledgerEntryId, staffId, note],
    );
  }
}

/** `YYYY-MM-DD` (a date input's value; the day of an ISO time); anything else is a malformed filter. */
function day(field: string, value: unknown): string {
  const date = typeof value === 'string' && DAY.test(value) ? value.slice(0, 10) : '';
  // Round-tripped, so 2024-02-31 is refused here rather than by PostgreSQL.
  const parsed = Date.parse(date);
  if (date && !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(date)) return date;
  throw new AppError(ErrorCode.VALIDATION_FAILED, { [field]: 'invalid' });
}
