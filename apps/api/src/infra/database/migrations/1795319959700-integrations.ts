import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The integrator API (issue 15): API keys (only a hash of the secret is kept), the answers of requests
 * sent with an Idempotency-Key (replayed to a retry for 24 hours), webhook endpoints and their deliveries.
 * Everything belongs to a user and goes with the account.
 */
export class Integrations1795319959700 implements MigrationInterface {
  name = 'Integrations1795319959700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL UNIQUE,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_user ON api_keys (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE idempotent_requests (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status integer,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id) WHERE deleted_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event text NOT NULL,
        payload jsonb NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_status integer,
        last_response text,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(
      `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
    await q.query(`DROP TABLE idempotent_requests`);
    await q.query(`DROP TABLE api_keys`);
  }
}
