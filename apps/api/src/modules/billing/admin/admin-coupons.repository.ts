import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminCoupon, CouponScope } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../../../infra/http/simple-rest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COUPON_SORTABLE = {
  createdAt: 'c.created_at',
  code: 'c.code',
  expiresAt: 'c.expires_at',
  timesRedeemed: 'c.times_redeemed',
} as const;
export type CouponSortField = keyof typeof COUPON_SORTABLE;

/** What the console writes of a coupon (its code already upper-cased by the contract). */
export interface CouponWrite {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  appliesTo: CouponScope;
  startsAt: string | null;
  expiresAt: string | null;
  maxRedemptions: number | null;
  maxRedemptionsPerCustomer: number | null;
  active: boolean;
}

interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  applies_to: CouponScope;
  starts_at: Date | null;
  expires_at: Date | null;
  max_redemptions: number | null;
  max_redemptions_per_customer: number | null;
  times_redeemed: number;
  active: boolean;
  created_at: Date;
}

const toCoupon = (row: CouponRow): AdminCoupon => ({
  id: row.id,
  code: row.code,
  percentOff: row.percent_off,
  amountOffCents: row.amount_off_cents,
  appliesTo: row.applies_to,
  startsAt: row.starts_at?.toISOString() ?? null,
  expiresAt: row.expires_at?.toISOString() ?? null,
  maxRedemptions: row.max_redemptions,
  maxRedemptionsPerCustomer: row.max_redemptions_per_customer,
  timesRedeemed: row.times_redeemed,
  active: row.active,
  createdAt: row.created_at.toISOString(),
});

const COLUMNS = `c.id, c.code, c.percent_off, c.amount_off_cents, c.applies_to, c.starts_at, c.expires_at,
  c.max_redemptions, c.max_redemptions_per_customer, c.times_redeemed, c.active, c.created_at`;

const values = (c: CouponWrite): unknown[] => [
  c.code,
  c.percentOff,
  c.amountOffCents,
  c.appliesTo,
  c.startsAt,
  c.expiresAt,
  c.maxRedemptions,
  c.active,
  c.maxRedemptionsPerCustomer,
];

/** SQL of the console's coupons. A code is unique (coupons_code_key); a coupon is never deleted. */
@Injectable()
export class AdminCouponsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Filters: `q` (part of the code), `active` (boolean), `id` (one or many, getMany). */
  async list(list: ListQuery<CouponSortField>): Promise<{ rows: AdminCoupon[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    const { q, active, id } = list.filter;
    if (typeof q === 'string' && q.trim())
      add(
        (n) => `c.code LIKE $${n}`,
        `%${q
          .trim()
          .toUpperCase()
          .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
      );
    if (typeof active === 'boolean') add((n) => `c.active = $${n}`, active);
    if (id !== undefined)
      add(
        (n) => `c.id = ANY($${n}::uuid[])`,
        [id].flat().filter((v): v is string => typeof v === 'string' && UUID.test(v)),
      );
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = list.sort.order;
    const [[{ total }], rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM coupons c ${whereSql}`, params) as Promise<
        { total: number }[]
      >,
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM coupons c ${whereSql}
          ORDER BY ${COUPON_SORTABLE[list.sort.field]} ${order} NULLS LAST, c.id ${order}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, list.skip, list.take],
      ) as Promise<CouponRow[]>,
    ]);
    return { rows: rows.map(toCoupon), total };
  }

  async find(
    id: string,
    m: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<AdminCoupon | null> {
    if (!UUID.test(id)) return null;
    const [row] = (await m.query(
      `SELECT ${COLUMNS} FROM coupons c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )) as CouponRow[];
    return row ? toCoupon(row) : null;
  }

  /** Answers the new coupon's id; null when the code is taken. */
  async insert(m: EntityManager, coupon: CouponWrite): Promise<string | null> {
    const [row] = (await m.query(
      `INSERT INTO coupons (code, percent_off, amount_off_cents, applies_to, starts_at, expires_at, max_redemptions,
                            active, max_redemptions_per_customer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      values(coupon),
    )) as { id: string }[];
    return row?.id ?? null;
  }

  /** Answers false when the new code is another coupon's. */
  async update(m: EntityManager, id: string, coupon: CouponWrite): Promise<boolean> {
    const [taken] = (await m.query(`SELECT 1 FROM coupons WHERE code = $1 AND id <> $2`, [
      coupon.code,
      id,
    ])) as unknown[];
    if (taken) return false;
    await m.query(
      `UPDATE coupons SET code = $1, percent_off = $2, amount_off_cents = $3, applies_to = $4, starts_at = $5,
              expires_at = $6, max_redemptions = $7, active = $8, max_redemptions_per_customer = $9
        WHERE id = $10`,
      [...values(coupon), id],
    );
    return true;
  }
}
