import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Property descriptions: one per project and language, holding the current facts and the version
 * shown; every text ever written is a version row with what it cost (credits, or one of the plan's
 * monthly descriptions), so the history, the free regenerations and the monthly allowance are all
 * counted from these rows.
 */
export class Descriptions1795319959200 implements MigrationInterface {
  name = 'Descriptions1795319959200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE descriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        language text NOT NULL CHECK (language IN ('en', 'es', 'cat')),
        facts jsonb NOT NULL,
        seed int NOT NULL,
        current_version_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT descriptions_project_language UNIQUE (project_id, language)
      )`);
    await q.query(`
      CREATE TABLE description_versions (
        id uuid PRIMARY KEY,
        description_id uuid NOT NULL REFERENCES descriptions (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        number int NOT NULL CHECK (number >= 1),
        kind text NOT NULL CHECK (kind IN ('generate', 'regenerate', 'modify')),
        facts jsonb NOT NULL,
        seed int NOT NULL,
        text text,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
        credits int NOT NULL DEFAULT 0 CHECK (credits >= 0),
        plan_units int NOT NULL DEFAULT 0 CHECK (plan_units >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT description_versions_number UNIQUE (description_id, number),
        CONSTRAINT description_versions_ready_has_text CHECK (state <> 'ready' OR text IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX description_versions_user_month_idx ON description_versions (user_id, created_at) WHERE plan_units > 0`,
    );
    await q.query(
      `ALTER TABLE descriptions ADD CONSTRAINT descriptions_current_version_fk
         FOREIGN KEY (current_version_id) REFERENCES description_versions (id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE descriptions DROP CONSTRAINT descriptions_current_version_fk`);
    await q.query(`DROP TABLE description_versions, descriptions`);
  }
}
