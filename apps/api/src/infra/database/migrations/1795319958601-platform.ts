import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Platform flags: one row (id 'status') with the demand and maintenance switches and who changed them last. */
export class Platform1795319958601 implements MigrationInterface {
  name = 'Platform1795319958601';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE platform_flags (
        id text PRIMARY KEY DEFAULT 'status' CHECK (id = 'status'),
        is_high_demand_free boolean NOT NULL DEFAULT false,
        is_high_demand_auto boolean NOT NULL DEFAULT false,
        is_maintenance_mode boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`INSERT INTO platform_flags (id) VALUES ('status')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE platform_flags`);
  }
}
