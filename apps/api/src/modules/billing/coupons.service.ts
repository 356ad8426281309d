import { Injectable } from '@nestjs/common';
import { ErrorCode, type Coupon, type CouponScope } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';

/** Stripe refuses to charge less than this, so a discount always leaves it to pay. */
export const MINIMUM_CHARGE_CENTS = 50;

export interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  applies_to: CouponScope;
  expires_at: Date | null;
}

const couponInvalid = (): AppError => new AppError(ErrorCode.COUPON_INVALID, { coupon: 'COUPON_INVALID' });

export const toCoupon = (row: CouponRow): Coupon => ({
  code: row.code,
  percentOff: row.percent_off,
  amountOffCents: row.amount_off_cents,
  appliesTo: row.applies_to,
  expiresAt: row.expires_at?.toISOString() ?? null,
});

/** What a coupon takes off a price, never leaving less than the minimum charge. */
export const discountFor = (coupon: CouponRow, priceCents: number): number => {
  const off =
    coupon.percent_off !== null
      ? Math.round((priceCents * coupon.percent_off) / 100)
      : (coupon.amount_off_cents ?? 0);
  return Math.max(0, Math.min(off, priceCents - MINIMUM_CHARGE_CENTS));
};

/** Coupons at checkout: which one applies, and counting it once per paid session. */
@Injectable()
export class CouponsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The coupon for this code and what is bought, or COUPON_INVALID (field `coupon`) when it does not
   * exist, is withdrawn, has not started or has expired, is used up or is for the other kind of purchase.
   */
  async usable(code: string, kind: 'pack' | 'subscription'): Promise<CouponRow> {
    const [row] = (await this.dataSource.query(
      `SELECT id, code, percent_off, amount_off_cents, applies_to, expires_at
         FROM coupons
        WHERE code = $1
          AND active
          AND (starts_at IS NULL OR starts_at <= now())
          AND (expires_at IS NULL OR expires_at > now())
          AND (max_redemptions IS NULL OR times_redeemed < max_redemptions)
          AND applies_to IN ($2, 'any')`,
      [code.trim().toUpperCase(), kind],
    )) as CouponRow[];
    if (!row) throw couponInvalid();
    return row;
  }

  /**
   * Counts a paid session's redemption. A coupon used up meanwhile stays at its limit: the sale was
   * offered with it and is honoured anyway.
   */
  async redeem(m: EntityManager, couponId: string): Promise<void> {
    await m.query(
      `UPDATE coupons SET times_redeemed = times_redeemed + 1
        WHERE id = $1 AND (max_redemptions IS NULL OR times_redeemed < max_redemptions)`,
      [couponId],
    );
  }
}
