import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Credit wallet: a balance that cannot go negative and an append-only ledger that sums to it. */
export class Wallet1795319958496 implements MigrationInterface {
  name = 'Wallet1795319958496';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wallets (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
        balance int NOT NULL DEFAULT 0 CONSTRAINT wallets_balance_not_negative CHECK (balance >= 0)
      )`);
    await q.query(`
      CREATE TABLE ledger_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        delta int NOT NULL CHECK (delta <> 0),
        balance_after int NOT NULL CHECK (balance_after >= 0),
        reason text NOT NULL,
        idempotency_key text NOT NULL CONSTRAINT ledger_entries_idempotency_key UNIQUE,
        -- clock_timestamp, not now(): entries written in one transaction still sort in order
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, created_at DESC)`);
    // The ledger is history: a correction is a new entry, never an edit.
    await q.query(`
      CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_entries is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_entries, wallets`);
    await q.query(`DROP FUNCTION ledger_entries_append_only()`);
  }
}
