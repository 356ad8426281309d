import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Faults (issue 25): a sandbox pay or decline claims its checkout session with a short lease, taken and
 * cleared by conditional UPDATEs, instead of a session advisory lock that held a pool connection while the
 * settling waited for another one (a burst of clicks emptied the pool and hung the process).
 */
export class CheckoutSettling1795319959900 implements MigrationInterface {
  name = 'CheckoutSettling1795319959900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checkout_sessions ADD COLUMN settling_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checkout_sessions DROP COLUMN settling_until`);
  }
}
