import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CouponScope } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  applies_to: CouponScope;
  expires_at: Date | null;
  max_redemptions: number | null;
  max_redemptions_per_customer: number | null;
  times_redeemed: number;
}

/** How much of a coupon is taken: by everyone (paid plus held by open sessions) and by one customer. */
export interface CouponUse {
  /** Open, unexpired checkout sessions holding the coupon (reservations), everyone's. */
  reserved: number;
  /** The customer's paid sessions with the coupon plus their open, unexpired ones. */
  byCustomer: number;
}

const COLUMNS = `id, code, percent_off, amount_off_cents, applies_to, expires_at, max_redemptions,
  max_redemptions_per_customer, times_redeemed`;

/** A coupon that can be offered now: exists, not withdrawn, started, not expired. */
const OFFERABLE = `active AND (starts_at IS NULL OR starts_at <= now()) AND (expires_at IS NULL OR expires_at > now())`;

/** SQL of coupons at checkout: finding one, its reservations by open sessions, and counting paid redemptions. */
@Injectable()
export class CouponsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The offerable coupon of this (upper-cased) code for this kind of purchase. */
  async findOfferable(code: string, kind: 'pack' | 'subscription'): Promise<CouponRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM coupons WHERE code = $1 AND ${OFFERABLE} AND applies_to IN ($2, 'any')`,
      [code, kind],
    )) as CouponRow[];
    return row ?? null;
  }

  /**
   * The coupon, still offerable, with its row locked until the commit: every checkout reserving it
   * counts the others' reservations one after the other.
   */
  async lockOfferable(m: EntityManager, id: string): Promise<CouponRow | null> {
    const [row] = (await m.query(`SELECT ${COLUMNS} FROM coupons WHERE id = $1 AND ${OFFERABLE} FOR UPDATE`, [
      id,
    ])) as CouponRow[];
    return row ?? null;
  }

  /** Served by checkout_sessions_coupon_idx. An open session past its expiry holds nothing, swept or not. */
  async use(
    couponId: string,
    userId: string,
    m: EntityManager = this.dataSource.manager,
  ): Promise<CouponUse> {
    const [row] = (await m.query(
      `SELECT count(*) FILTER (WHERE state = 'open' AND expires_at > now())::int AS reserved,
              count(*) FILTER (WHERE user_id = $2 AND (state = 'paid' OR expires_at > now()))::int AS by_customer
         FROM checkout_sessions
        WHERE coupon_id = $1 AND state IN ('open', 'paid')`,
      [couponId, userId],
    )) as { reserved: number; by_customer: number }[];
    return { reserved: row.reserved, byCustomer: row.by_customer };
  }

  /** Counts a paid redemption; false when the coupon was already at its limit (nothing counted). */
  async redeem(m: EntityManager, couponId: string): Promise<boolean> {
    const redeemed = (await m.query(
      `WITH redeemed AS (
         UPDATE coupons SET times_redeemed = times_redeemed + 1
          WHERE id = $1 AND (max_redemptions IS NULL OR times_redeemed < max_redemptions)
          RETURNING id
       ) SELECT id FROM redeemed`,
      [couponId],
    )) as unknown[];
    return redeemed.length > 0;
  }
}
