import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Everything money beyond packs: subscriptions mirrored from the gateway, gateway customers and
 * their saved card, invoices in the payment history, coupons on checkouts, referral rewards, the
 * sandbox gateway's own (provider-side) records, and each user's download options.
 */
export class BillingFlows1795319958930 implements MigrationInterface {
  name = 'BillingFlows1795319958930';

  async up(q: QueryRunner): Promise<void> {
    // ---- checkout sessions sell every kind; expiry is fixed when the session opens ----
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_kind_check`);
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_credits_check`);
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_amount_cents_check`);
    await q.query(`
      ALTER TABLE checkout_sessions
        ADD CONSTRAINT checkout_sessions_kind_check
          CHECK (kind IN ('pack', 'subscription', 'decoration', 'extra_decorations', 'card_setup')),
        ADD CONSTRAINT checkout_sessions_credits_check CHECK (credits >= 0),
        -- only a card setup moves no money
        ADD CONSTRAINT checkout_sessions_amount_cents_check CHECK (amount_cents > 0 OR kind = 'card_setup'),
        ADD COLUMN plan_code text CHECK (plan_code IN ('STARTER', 'PRO', 'ULTIMATE', 'BUSINESS')),
        ADD COLUMN cycle text CHECK (cycle IN ('monthly', 'annual')),
        ADD COLUMN quantity int NOT NULL DEFAULT 1 CHECK (quantity > 0),
        ADD COLUMN discount_cents int NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
        ADD COLUMN coupon_id uuid REFERENCES coupons(id),
        ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 hour',
        ADD CONSTRAINT checkout_sessions_subscription_plan
          CHECK (kind <> 'subscription' OR (plan_code IS NOT NULL AND cycle IS NOT NULL))`);
    await q.query(
      `CREATE INDEX checkout_sessions_open_idx ON checkout_sessions (expires_at) WHERE state = 'open'`,
    );

    // ---- the payment history: paid sessions and subscription invoices ----
    await q.query(`CREATE SEQUENCE invoice_number_seq`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`);
    await q.query(`
      ALTER TABLE payments
        ALTER COLUMN session_id DROP NOT NULL,
        ADD CONSTRAINT payments_kind_check
          CHECK (kind IN ('pack', 'subscription', 'decoration', 'extra_decorations')),
        ADD COLUMN gateway text NOT NULL DEFAULT 'sandbox',
        -- the gateway's invoice (subscriptions) or payment id; a redelivered invoice finds its row
        ADD COLUMN invoice_ref text,
        -- set when the gateway hosts the invoice document (Stripe's invoice PDF); else we render ours
        ADD COLUMN invoice_url text,
        ADD COLUMN invoice_number text NOT NULL
          DEFAULT 'EST-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
        ADD COLUMN plan_code text CHECK (plan_code IN ('STARTER', 'PRO', 'ULTIMATE', 'BUSINESS')),
        ADD COLUMN cycle text CHECK (cycle IN ('monthly', 'annual')),
        ADD COLUMN period_start timestamptz,
        ADD COLUMN period_end timestamptz,
        ADD COLUMN discount_cents int NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
        ADD CONSTRAINT payments_invoice_ref_key UNIQUE (gateway, invoice_ref),
        ADD CONSTRAINT payments_invoice_number_key UNIQUE (invoice_number),
        ADD CONSTRAINT payments_source CHECK (session_id IS NOT NULL OR invoice_ref IS NOT NULL)`);

    // ---- gateway customers and their one saved card ----
    await q.query(`
      CREATE TABLE billing_customers (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        gateway text NOT NULL,
        customer_ref text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, customer_ref)
      )`);
    await q.query(`
      CREATE TABLE payment_methods (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        gateway text NOT NULL,
        method_ref text NOT NULL,
        brand text NOT NULL,
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        exp_month int NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
        exp_year int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // ---- subscriptions mirror the gateway ----
    // plan_code/cycle: today's rights (from the latest paid invoice); next_plan_code/next_cycle:
    // what the gateway bills at the next renewal (differs after a scheduled downgrade).
    // version: the gateway time of the last snapshot applied, so an older snapshot changes nothing.
    await q.query(`
      ALTER TABLE subscriptions
        ADD COLUMN gateway text NOT NULL DEFAULT 'sandbox',
        ADD COLUMN gateway_ref text,
        ADD COLUMN current_period_start timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN next_plan_code text CHECK (next_plan_code IN ('STARTER', 'PRO', 'ULTIMATE', 'BUSINESS')),
        ADD COLUMN next_cycle text CHECK (next_cycle IN ('monthly', 'annual')),
        ADD COLUMN version bigint NOT NULL DEFAULT 0,
        ADD COLUMN invoice_period_start timestamptz,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD CONSTRAINT subscriptions_gateway_ref_key UNIQUE (gateway, gateway_ref)`);
    // The one definition of "the user's active subscription", read by PlanRights and the user payload.
    await q.query(`
      CREATE VIEW active_subscriptions AS
        SELECT DISTINCT ON (user_id) *
          FROM subscriptions
         WHERE status IN ('active', 'trialing') AND current_period_end > now()
         ORDER BY user_id, current_period_end DESC, created_at DESC`);

    // ---- referral rewards: one per referred user, ever ----
    await q.query(`
      CREATE TABLE referral_rewards (
        referred_user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        referrer_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        payment_id uuid NOT NULL REFERENCES payments(id),
        credits int NOT NULL CHECK (credits > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX referral_rewards_referrer_idx ON referral_rewards (referrer_user_id, created_at DESC)`,
    );

    // ---- the sandbox gateway's provider-side records (what Stripe would keep on its side) ----
    await q.query(`
      CREATE TABLE sandbox_cards (
        customer_ref text PRIMARY KEY,
        method_ref text NOT NULL UNIQUE,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month int NOT NULL,
        exp_year int NOT NULL,
        -- the test card that declines every charge
        declines boolean NOT NULL
      )`);
    await q.query(`
      CREATE TABLE sandbox_subscriptions (
        ref text PRIMARY KEY,
        customer_ref text NOT NULL,
        plan_code text NOT NULL,
        cycle text NOT NULL,
        status text NOT NULL,
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        -- bumps on every change; sent as the snapshot's version
        version bigint NOT NULL DEFAULT 1
      )`);
    await q.query(
      `CREATE INDEX sandbox_subscriptions_due_idx ON sandbox_subscriptions (period_end) WHERE status = 'active'`,
    );

    // ---- download options ----
    await q.query(`
      ALTER TABLE users
        ADD COLUMN download_format text NOT NULL DEFAULT 'jpg' CHECK (download_format IN ('jpg', 'png')),
        ADD COLUMN download_size text NOT NULL DEFAULT 'original' CHECK (download_size IN ('original', 'web'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN download_format, DROP COLUMN download_size`);
    await q.query(`DROP TABLE sandbox_subscriptions, sandbox_cards, referral_rewards`);
    await q.query(`DROP VIEW active_subscriptions`);
    await q.query(`
      ALTER TABLE subscriptions
        DROP CONSTRAINT subscriptions_gateway_ref_key,
        DROP COLUMN gateway, DROP COLUMN gateway_ref, DROP COLUMN current_period_start,
        DROP COLUMN next_plan_code, DROP COLUMN next_cycle, DROP COLUMN version,
        DROP COLUMN invoice_period_start, DROP COLUMN updated_at`);
    await q.query(`DROP TABLE payment_methods, billing_customers`);
    await q.query(`DELETE FROM payments WHERE session_id IS NULL`);
    await q.query(`
      ALTER TABLE payments
        DROP CONSTRAINT payments_source, DROP CONSTRAINT payments_invoice_number_key,
        DROP CONSTRAINT payments_invoice_ref_key, DROP CONSTRAINT payments_kind_check,
        DROP COLUMN gateway, DROP COLUMN invoice_ref, DROP COLUMN invoice_url, DROP COLUMN invoice_number,
        DROP COLUMN plan_code, DROP COLUMN cycle, DROP COLUMN period_start, DROP COLUMN period_end,
        DROP COLUMN discount_cents,
        ALTER COLUMN session_id SET NOT NULL,
        ADD CONSTRAINT payments_kind_check CHECK (kind IN ('pack'))`);
    await q.query(`DROP SEQUENCE invoice_number_seq`);
    await q.query(`DELETE FROM checkout_sessions WHERE kind <> 'pack'`);
    await q.query(`
      ALTER TABLE checkout_sessions
        DROP CONSTRAINT checkout_sessions_subscription_plan,
        DROP CONSTRAINT checkout_sessions_kind_check,
        DROP CONSTRAINT checkout_sessions_credits_check,
        DROP CONSTRAINT checkout_sessions_amount_cents_check,
        DROP COLUMN plan_code, DROP COLUMN cycle, DROP COLUMN quantity, DROP COLUMN discount_cents,
        DROP COLUMN coupon_id, DROP COLUMN expires_at,
        ADD CONSTRAINT checkout_sessions_kind_check CHECK (kind IN ('pack')),
        ADD CONSTRAINT checkout_sessions_credits_check CHECK (credits > 0),
        ADD CONSTRAINT checkout_sessions_amount_cents_check CHECK (amount_cents > 0)`);
  }
}
