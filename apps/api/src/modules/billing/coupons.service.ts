import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type Coupon } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { CouponsRepository, type CouponRow, type CouponUse } from './coupons.repository';

export type { CouponRow } from './coupons.repository';

/** Stripe refuses to charge less than this, so a discount always leaves it to pay. */
export const MINIMUM_CHARGE_CENTS = 50;

const couponError = (code: ErrorCode): AppError => new AppError(code, { coupon: code });

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

/**
 * Why this customer cannot have the coupon now, or null. Redemptions are the paid ones plus those
 * reserved by open, unexpired checkout sessions: an abandoned checkout frees its use when it expires.
 */
export const refusalOf = (coupon: CouponRow, use: CouponUse): ErrorCode | null => {
  if (coupon.max_redemptions_per_customer !== null && use.byCustomer >= coupon.max_redemptions_per_customer)
    return ErrorCode.COUPON_ALREADY_USED;
  if (coupon.max_redemptions !== null && coupon.times_redeemed + use.reserved >= coupon.max_redemptions)
    return ErrorCode.COUPON_EXHAUSTED;
  return null;
};

/**
 * Coupons at checkout, as Stripe counts them: opening a session with one reserves a use (refused
 * with COUPON_EXHAUSTED or COUPON_ALREADY_USED past its limits), paying it redeems that use.
 */
@Injectable()
export class CouponsService {
  private readonly logger = new Logger('Coupons');

  constructor(private readonly repository: CouponsRepository) {}

  /**
   * The coupon for this code and what is bought, or COUPON_INVALID (field `coupon`) when it does not
   * exist, is withdrawn, has not started or has expired, or is for the other kind of purchase. With
   * `userId`, a coupon this customer can no longer have is refused as `reserve` would refuse it.
   */
  async usable(code: string, kind: 'pack' | 'subscription', userId?: string): Promise<CouponRow> {
    const row = await this.repository.findOfferable(code.trim().toUpperCase(), kind);
    if (!row) throw couponError(ErrorCode.COUPON_INVALID);
    if (userId) {
      const refusal = refusalOf(row, await this.repository.use(row.id, userId));
      if (refusal) throw couponError(refusal);
    }
    return row;
  }

  /**
   * Inside the transaction that stores the checkout session: holds one use of the coupon for it, or
   * throws. The coupon's row lock serialises concurrent checkouts, so the last use goes to one.
   */
  async reserve(m: EntityManager, couponId: string, userId: string): Promise<void> {
    const row = await this.repository.lockOfferable(m, couponId);
    if (!row) throw couponError(ErrorCode.COUPON_INVALID);
    const refusal = refusalOf(row, await this.repository.use(couponId, userId, m));
    if (refusal) throw couponError(refusal);
  }

  /**
   * Counts a paid session's redemption. Its reservation kept the use for it; only a session paid after
   * its own expiry can find the coupon used up, and that sale is honoured at the price it was offered.
   */
  async redeem(m: EntityManager, couponId: string): Promise<void> {
    if (!(await this.repository.redeem(m, couponId)))
      this.logger.warn(`coupon ${couponId} paid past its limit (a session paid after it expired)`);
  }
}
