import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminReferral, AdminTopReferrer } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import type { ListQuery } from '../../infra/http/simple-rest';
import { DISPLAY_NAME_SQL } from './referral.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REFERRAL_SORTABLE = { referredAt: 'r.created_at' } as const;
export type ReferralSortField = keyof typeof REFERRAL_SORTABLE;

export const TOP_REFERRER_SORTABLE = {
  referred: 'referred',
  rewarded: 'rewarded',
  credits: 'credits',
} as const;
export type TopReferrerSortField = keyof typeof TOP_REFERRER_SORTABLE;

/** A referred customer is referred when they registered with the referrer's code. */
const FROM_REFERRALS = `FROM users r
  JOIN users u ON u.id = r.referred_by_user_id
  LEFT JOIN referral_rewards w ON w.referred_user_id = r.id`;

const SELECT_REFERRALS = `SELECT r.id, u.id AS referrer_id, ${DISPLAY_NAME_SQL('u')} AS referrer_name,
    u.email AS referrer_email, ${DISPLAY_NAME_SQL('r')} AS referred_name, r.email AS referred_email,
    r.created_at AS referred_at, w.credits, w.payment_id, w.created_at AS paid_at
  ${FROM_REFERRALS}`;

interface ReferralRow {
  id: string;
  referrer_id: string;
  referrer_name: string;
  referrer_email: string;
  referred_name: string;
  referred_email: string;
  referred_at: Date;
  credits: number | null;
  payment_id: string | null;
  paid_at: Date | null;
}

const toReferral = (row: ReferralRow): AdminReferral => ({
  id: row.id,
  referrer: { id: row.referrer_id, name: row.referrer_name, email: row.referrer_email },
  referred: { id: row.id, name: row.referred_name, email: row.referred_email },
  referredAt: row.referred_at.toISOString(),
  status: row.payment_id ? 'paid' : 'pending',
  reward:
    row.payment_id && row.credits !== null && row.paid_at
      ? { credits: row.credits, paymentId: row.payment_id, paidAt: row.paid_at.toISOString() }
      : null,
});

/** Ids from a filter value (one or many); malformed ones match nothing. */
const uuids = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && UUID.test(v));

/** SQL of the console's referral views: who referred whom, the reward, and the top referrers. */
@Injectable()
export class AdminReferralsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Filters: referrerId, referredId, status ('paid' | 'pending'), id (getMany). */
  async list(list: ListQuery<ReferralSortField>): Promise<{ rows: AdminReferral[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const { referrerId, referredId, status, id } = list.filter;
    if (referrerId !== undefined) where.push(`u.id = ANY(${param(uuids(referrerId))}::uuid[])`);
    if (referredId !== undefined) where.push(`r.id = ANY(${param(uuids(referredId))}::uuid[])`);
    if (id !== undefined) where.push(`r.id = ANY(${param(uuids(id))}::uuid[])`);
    if (status === 'paid') where.push('w.referred_user_id IS NOT NULL');
    else if (status === 'pending') where.push('w.referred_user_id IS NULL');
    else if (status !== undefined) where.push('false');
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total ${FROM_REFERRALS} ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `${SELECT_REFERRALS} ${whereSql}
          ORDER BY ${REFERRAL_SORTABLE[list.sort.field]} ${order}, r.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<ReferralRow[]>,
    ]);
    return { rows: rows.map(toReferral), total };
  }

  /** One referred customer's referral (id = the referred user's id); null when not referred or unknown. */
  async find(id: string): Promise<AdminReferral | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await this.dataSource.query(`${SELECT_REFERRALS} WHERE r.id = $1`, [id])) as ReferralRow[];
    return row ? toReferral(row) : null;
  }

  /**
   * Referrers with at least one referred customer, by customers referred (then credits earned, then name).
   * Filter: id (one or many, getMany).
   */
  async topReferrers(
    list: ListQuery<TopReferrerSortField>,
  ): Promise<{ rows: AdminTopReferrer[]; total: number }> {
    const params: unknown[] = [];
    const filterSql =
      list.filter.id !== undefined ? `AND u.id = ANY($${params.push(uuids(list.filter.id))}::uuid[])` : '';
    const order = list.sort.order;
    // Counted per referrer in two grouped subqueries, so the rewards do not multiply the referred count.
    const grouped = `
      SELECT u.id, ${DISPLAY_NAME_SQL('u')} AS name, u.email, c.referred,
             COALESCE(w.rewarded, 0)::int AS rewarded, COALESCE(w.credits, 0)::int AS credits
        FROM (SELECT referred_by_user_id AS id, count(*)::int AS referred
                FROM users WHERE referred_by_user_id IS NOT NULL GROUP BY referred_by_user_id) c
        JOIN users u ON u.id = c.id
        LEFT JOIN (SELECT referrer_user_id AS id, count(*) AS rewarded, sum(credits) AS credits
                     FROM referral_rewards GROUP BY referrer_user_id) w ON w.id = u.id
       WHERE true ${filterSql}`;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM (${grouped}) t`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `SELECT * FROM (${grouped}) t
          ORDER BY ${TOP_REFERRER_SORTABLE[list.sort.field]} ${order}, credits ${order}, name, id
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<AdminTopReferrer[]>,
    ]);
    return { rows, total };
  }

  /** One referrer's figures; null when they referred nobody (or the id is unknown or malformed). */
  async findTopReferrer(id: string): Promise<AdminTopReferrer | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.topReferrers({
      sort: { field: 'referred', order: 'DESC' },
      skip: 0,
      take: 1,
      filter: { id },
    });
    return rows[0] ?? null;
  }
}
