import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer can delete their account. Payments (the invoices the law keeps) and the checkout
 * sessions they came from outlive it: the link to the account is set to NULL instead of cascading.
 * The credit ledger stays append-only except for the rows of the one account being erased, named by
 * the erasing transaction (`SET LOCAL estancia.erasing_user`).
 */
export class AccountErasure1795319959680 implements MigrationInterface {
  name = 'AccountErasure1795319959680';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['payments', 'checkout_sessions']) {
      await q.query(`
        ALTER TABLE ${table}
          ALTER COLUMN user_id DROP NOT NULL,
          DROP CONSTRAINT ${table}_user_id_fkey,
          ADD CONSTRAINT ${table}_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`);
    }
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND OLD.user_id::text = current_setting('estancia.erasing_user', true) THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'ledger_entries is append-only';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_entries is append-only';
      END $$`);
    for (const table of ['payments', 'checkout_sessions']) {
      // Rows of erased accounts have no owner to point at any more.
      await q.query(`DELETE FROM ${table} WHERE user_id IS NULL`);
      await q.query(`
        ALTER TABLE ${table}
          ALTER COLUMN user_id SET NOT NULL,
          DROP CONSTRAINT ${table}_user_id_fkey,
          ADD CONSTRAINT ${table}_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`);
    }
  }
}
