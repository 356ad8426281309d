import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Engine control: the engine (model, fallbacks) staff chose per use, every change to it, one row per
 * engine attempt for the figures, and what the structure guard and the style lock need on versions.
 */
export class Engines1795319959500 implements MigrationInterface {
  name = 'Engines1795319959500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE engine_routes (
        use text PRIMARY KEY CHECK (use IN ('free_try', 'automatic', 'supervised_draft', 'editor_ai')),
        engine text NOT NULL,
        model text,
        fallbacks jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`
      CREATE TABLE engine_route_changes (
        id bigserial PRIMARY KEY,
        use text NOT NULL,
        before jsonb NOT NULL,
        after jsonb NOT NULL,
        changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX engine_route_changes_at_idx ON engine_route_changes (changed_at DESC)`);
    await q.query(`
      CREATE TABLE engine_renders (
        id bigserial PRIMARY KEY,
        engine text NOT NULL,
        model text,
        use text NOT NULL,
        ok boolean NOT NULL,
        reason text,
        duration_ms int NOT NULL CHECK (duration_ms >= 0),
        cost_cents numeric(10, 2) NOT NULL DEFAULT 0,
        credits int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX engine_renders_created_idx ON engine_renders (created_at DESC)`);
    await q.query(`
      ALTER TABLE decoration_versions
        ADD COLUMN engine text,
        ADD COLUMN structure_score real,
        ADD COLUMN structure_changed boolean NOT NULL DEFAULT false,
        ADD COLUMN empty_room boolean NOT NULL DEFAULT false,
        ADD COLUMN added_key text`);
    // A delivery whose structure changed earns the customer one redo at no cost.
    await q.query(`ALTER TABLE decorations ADD COLUMN free_redo boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE decorations DROP COLUMN free_redo`);
    await q.query(`
      ALTER TABLE decoration_versions DROP COLUMN engine, DROP COLUMN structure_score,
        DROP COLUMN structure_changed, DROP COLUMN empty_room, DROP COLUMN added_key`);
    await q.query(`DROP TABLE engine_renders`);
    await q.query(`DROP TABLE engine_route_changes`);
    await q.query(`DROP TABLE engine_routes`);
  }
}
