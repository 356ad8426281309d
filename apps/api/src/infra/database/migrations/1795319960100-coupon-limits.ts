import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money (issue 25): coupons with a per-customer limit, counted from the checkout sessions that hold them (open
 * and unexpired, or paid); referral rewards taken back when the purchase that earned them is fully refunded.
 */
export class CouponLimits1795319960100 implements MigrationInterface {
  name = 'CouponLimits1795319960100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE coupons ADD COLUMN max_redemptions_per_customer int CHECK (max_redemptions_per_customer > 0)`,
    );
    // A coupon's reservations and redemptions (all, and one customer's) are counted at every checkout with it.
    await q.query(`
      CREATE INDEX checkout_sessions_coupon_idx ON checkout_sessions (coupon_id, user_id)
       WHERE coupon_id IS NOT NULL AND state IN ('open', 'paid')`);
    await q.query(`
      ALTER TABLE referral_rewards
        ADD COLUMN reversed_at timestamptz,
        ADD COLUMN credits_reversed int NOT NULL DEFAULT 0 CHECK (credits_reversed >= 0 AND credits_reversed <= credits)`);
    await q.query(`CREATE INDEX referral_rewards_payment_idx ON referral_rewards (payment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX referral_rewards_payment_idx`);
    await q.query(`ALTER TABLE referral_rewards DROP COLUMN reversed_at, DROP COLUMN credits_reversed`);
    await q.query(`DROP INDEX checkout_sessions_coupon_idx`);
    await q.query(`ALTER TABLE coupons DROP COLUMN max_redemptions_per_customer`);
  }
}
