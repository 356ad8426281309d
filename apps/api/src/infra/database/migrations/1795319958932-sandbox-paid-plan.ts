import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox gateway's subscriptions remember which plan the current period was paid for, apart
 * from the plan billed next (they differ after a scheduled downgrade): an upgrade is prorated from
 * the plan paid for, as a real provider does.
 */
export class SandboxPaidPlan1795319958932 implements MigrationInterface {
  name = 'SandboxPaidPlan1795319958932';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sandbox_subscriptions
        ADD COLUMN paid_plan_code text,
        ADD COLUMN paid_cycle text`);
    await q.query(`UPDATE sandbox_subscriptions SET paid_plan_code = plan_code, paid_cycle = cycle`);
    await q.query(`
      ALTER TABLE sandbox_subscriptions
        ALTER COLUMN paid_plan_code SET NOT NULL,
        ALTER COLUMN paid_cycle SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_subscriptions DROP COLUMN paid_plan_code, DROP COLUMN paid_cycle`);
  }
}
