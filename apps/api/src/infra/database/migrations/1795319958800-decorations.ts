import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decorations of project images and their versions (the last 5 are kept). A version is rendered
 * once: its state leaves 'pending' exactly once, which is what makes a repeated render job harmless.
 */
export class Decorations1795319958800 implements MigrationInterface {
  name = 'Decorations1795319958800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE decorations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        image_id uuid NOT NULL REFERENCES project_images (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('automatic', 'supervised')),
        room_type text NOT NULL,
        style text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
        stage text NOT NULL DEFAULT 'queued',
        percent int NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
        failure text CHECK (failure IN ('GENERATION_ERROR', 'GENERATION_TIMEOUT')),
        credits int NOT NULL DEFAULT 0,
        current_version_id uuid,
        awaiting_review boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX decorations_project_idx ON decorations (project_id, created_at)`);
    await q.query(`CREATE INDEX decorations_image_idx ON decorations (image_id)`);
    await q.query(`
      CREATE TABLE decoration_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        decoration_id uuid NOT NULL REFERENCES decorations (id) ON DELETE CASCADE,
        number int NOT NULL,
        room_type text NOT NULL,
        style text NOT NULL,
        seed int NOT NULL,
        result_key text,
        thumbnail_key text,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
        -- what this version cost and the wallet key that charged it, so a failure refunds exactly that
        credits int NOT NULL,
        charge_key text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT decoration_versions_number UNIQUE (decoration_id, number)
      )`);
    await q.query(`
      ALTER TABLE decorations ADD CONSTRAINT decorations_current_version
        FOREIGN KEY (current_version_id) REFERENCES decoration_versions (id) ON DELETE SET NULL
        DEFERRABLE INITIALLY DEFERRED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE decorations DROP CONSTRAINT decorations_current_version`);
    await q.query(`DROP TABLE decoration_versions, decorations`);
  }
}
