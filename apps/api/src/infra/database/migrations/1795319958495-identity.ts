import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts: users, sessions (JWT revocation), e-mail verification codes, password resets, subscriptions. */
export class Identity1795319958495 implements MigrationInterface {
  name = 'Identity1795319958495';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CONSTRAINT users_email_lower CHECK (email = lower(email)),
        name text NOT NULL DEFAULT '',
        company text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        language text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'ca', 'en')),
        role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'decorator', 'admin')),
        password_hash text,
        google_sub text CONSTRAINT users_google_sub_key UNIQUE,
        referral_code text NOT NULL CONSTRAINT users_referral_code_key UNIQUE,
        referred_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_key UNIQUE (email)
      )`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at)`);
    await q.query(
      `CREATE INDEX users_referred_by_idx ON users (referred_by_user_id) WHERE referred_by_user_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE verification_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, created_at DESC)`,
    );

    await q.query(`
      CREATE TABLE password_resets (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);

    await q.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        plan_code text NOT NULL CHECK (plan_code IN ('STARTER', 'PRO', 'ULTIMATE', 'BUSINESS')),
        cycle text NOT NULL CHECK (cycle IN ('monthly', 'annual')),
        status text NOT NULL CHECK (status IN ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, current_period_end DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscriptions, password_resets, verification_codes, sessions, users`);
  }
}
