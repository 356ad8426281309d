import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects and their uploaded photos. The counter columns of `projects` are kept by the decorations
 * module in its own transactions; a project name is unique per user regardless of case.
 */
export class Projects1795319958700 implements MigrationInterface {
  name = 'Projects1795319958700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        property_name text NOT NULL,
        status int NOT NULL DEFAULT 0,
        images_completed int NOT NULL DEFAULT 0 CHECK (images_completed >= 0),
        total_images int NOT NULL DEFAULT 0 CHECK (total_images >= 0),
        credits_spent int NOT NULL DEFAULT 0 CHECK (credits_spent >= 0),
        new_images_available boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX projects_user_name ON projects (user_id, lower(property_name))`);
    await q.query(`CREATE INDEX projects_user_created ON projects (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE project_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        original_key text NOT NULL,
        preview_key text NOT NULL,
        thumbnail_key text NOT NULL,
        width int NOT NULL,
        height int NOT NULL,
        bytes int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX project_images_project ON project_images (project_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_images`);
    await q.query(`DROP TABLE projects`);
  }
}
