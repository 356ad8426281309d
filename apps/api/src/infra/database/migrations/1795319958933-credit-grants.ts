import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who gave a customer credits from the staff console, and why: one row per admin_adjustment grant. */
export class CreditGrants1795319958933 implements MigrationInterface {
  name = 'CreditGrants1795319958933';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_grants (
        ledger_entry_id uuid PRIMARY KEY REFERENCES ledger_entries(id),
        granted_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        note text NOT NULL CHECK (length(note) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE credit_grants`);
  }
}
