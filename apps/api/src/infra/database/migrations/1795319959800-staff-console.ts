import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff console's commerce side (issue 16): blocked accounts; plans and packs on sale within dates, with the
 * gateway price of each figure (a new price per change, the old one archived); coupons that start and can be
 * withdrawn; refunds of payments; and the audit log of every staff action, which the database keeps append-only.
 */
export class StaffConsole1795319959800 implements MigrationInterface {
  name = 'StaffConsole1795319959800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN blocked_at timestamptz, ADD COLUMN blocked_reason text`);
    await q.query(`CREATE INDEX users_blocked_idx ON users (blocked_at) WHERE blocked_at IS NOT NULL`);
    // The customers list at 100 000 accounts: search anywhere in name or e-mail (trigrams), sort by name or
    // credits, filter by role, each from an index.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_name_idx ON users (name, id)`);
    await q.query(`CREATE INDEX users_role_created_idx ON users (role, created_at)`);
    await q.query(`CREATE INDEX wallets_balance_idx ON wallets (balance, user_id)`);

    await q.query(`
      ALTER TABLE plans
        ADD COLUMN decorations_per_order integer CHECK (decorations_per_order > 0),
        ADD COLUMN available_from timestamptz,
        ADD COLUMN available_until timestamptz,
        ADD CONSTRAINT plans_available CHECK (available_from IS NULL OR available_until IS NULL OR available_from < available_until)`);
    await q.query(`
      ALTER TABLE packs
        ADD COLUMN available_from timestamptz,
        ADD COLUMN available_until timestamptz,
        ADD CONSTRAINT packs_available CHECK (available_from IS NULL OR available_until IS NULL OR available_from < available_until)`);
    await q.query(`
      ALTER TABLE coupons
        ADD COLUMN starts_at timestamptz,
        ADD COLUMN active boolean NOT NULL DEFAULT true,
        ADD CONSTRAINT coupons_dates CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at)`);
    await q.query(`CREATE INDEX coupons_created_idx ON coupons (created_at DESC)`);
    // The shop picture staff uploaded (a storage key); null: our own drawing.
    await q.query(`ALTER TABLE products ADD COLUMN picture_key text`);

    // One live price per product figure and gateway; archived prices stay, as the gateway keeps them.
    await q.query(`
      CREATE TABLE gateway_prices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product text NOT NULL CHECK (product IN ('plan', 'pack')),
        code text NOT NULL,
        cycle text NOT NULL CHECK (cycle IN ('monthly', 'annual', 'once')),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        gateway text NOT NULL,
        ref text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        archived_at timestamptz,
        UNIQUE (gateway, ref)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX gateway_prices_live ON gateway_prices (gateway, product, code, cycle)
       WHERE archived_at IS NULL`);

    await q.query(`
      CREATE TABLE payment_refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_id uuid NOT NULL REFERENCES payments(id),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        credits_taken integer NOT NULL CHECK (credits_taken >= 0),
        reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
        gateway_ref text,
        idempotency_key text NOT NULL UNIQUE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id, created_at)`);
    await q.query(`CREATE INDEX payments_created_idx ON payments (created_at DESC, id DESC)`);
    // The console sorts payments by amount too; without it that page sorts the whole table.
    await q.query(`CREATE INDEX payments_amount_idx ON payments (amount_cents DESC, id DESC)`);
    await q.query(`CREATE INDEX subscriptions_created_idx ON subscriptions (created_at DESC, id DESC)`);

    // Who did what: the actor's name and e-mail are copied, so the row needs no update when the account goes.
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        actor_id uuid,
        actor_name text NOT NULL,
        actor_email text NOT NULL,
        action text NOT NULL,
        resource text NOT NULL,
        record_id text NOT NULL,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_record_idx ON audit_log (resource, record_id, created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log, payment_refunds, gateway_prices`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(
      `DROP INDEX payments_created_idx, payments_amount_idx, subscriptions_created_idx, coupons_created_idx, users_blocked_idx`,
    );
    await q.query(
      `ALTER TABLE coupons DROP CONSTRAINT coupons_dates, DROP COLUMN starts_at, DROP COLUMN active`,
    );
    await q.query(
      `ALTER TABLE packs DROP CONSTRAINT packs_available, DROP COLUMN available_from, DROP COLUMN available_until`,
    );
    await q.query(
      `ALTER TABLE plans DROP CONSTRAINT plans_available, DROP COLUMN decorations_per_order, DROP COLUMN available_from, DROP COLUMN available_until`,
    );
    await q.query(`ALTER TABLE products DROP COLUMN picture_key`);
    await q.query(
      `DROP INDEX users_name_trgm_idx, users_email_trgm_idx, users_name_idx, users_role_created_idx, wallets_balance_idx`,
    );
    await q.query(`ALTER TABLE users DROP COLUMN blocked_at, DROP COLUMN blocked_reason`);
  }
}
