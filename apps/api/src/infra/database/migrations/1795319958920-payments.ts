import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout sessions (what a customer is buying through a payment gateway), the gateway events
 * already processed (so a redelivered webhook is a no-op) and the payment history.
 */
export class Payments1795319958920 implements MigrationInterface {
  name = 'Payments1795319958920';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE checkout_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('pack')),
        -- no foreign key to packs: a session is a record of a sale and outlives catalogue rebuilds
        pack_code text CHECK (pack_code IN ('starter', 'standard', 'premium', 'business')),
        -- the pack's credits when the checkout opened: a later catalogue change does not alter what was bought
        credits int NOT NULL CHECK (credits > 0),
        amount_cents int NOT NULL CHECK (amount_cents > 0),
        currency text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'paid', 'declined', 'expired')),
        gateway text NOT NULL,
        gateway_ref text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CHECK (kind <> 'pack' OR pack_code IS NOT NULL),
        CHECK (state NOT IN ('paid', 'declined') OR completed_at IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE payment_events (
        gateway text NOT NULL,
        event_id text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, event_id)
      )`);
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        session_id uuid NOT NULL UNIQUE REFERENCES checkout_sessions(id),
        amount_cents int NOT NULL CHECK (amount_cents > 0),
        kind text NOT NULL CHECK (kind IN ('pack')),
        credits int NOT NULL CHECK (credits >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE payment_events`);
    await q.query(`DROP TABLE checkout_sessions`);
  }
}
