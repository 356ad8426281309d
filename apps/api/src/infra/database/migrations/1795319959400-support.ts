import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What visitors and customers send the team: contact-sales requests and problem reports. Each is worked
 * new → in_progress → done, and keeps which staff member took each step and when.
 */
export class Support1795319959400 implements MigrationInterface {
  name = 'Support1795319959400';

  async up(q: QueryRunner): Promise<void> {
    const workflow = `
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done')),
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        started_by uuid REFERENCES users (id) ON DELETE SET NULL,
        done_at timestamptz,
        done_by uuid REFERENCES users (id) ON DELETE SET NULL`;
    await q.query(`
      CREATE TABLE contact_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        company text NOT NULL DEFAULT '',
        services text[] NOT NULL CHECK (cardinality(services) > 0),
        volumes text[] NOT NULL CHECK (cardinality(volumes) > 0),
        wants_meeting boolean NOT NULL,
        meeting_times text NOT NULL DEFAULT '',
        message text NOT NULL DEFAULT '',
        language text NOT NULL,
        ${workflow},
        CONSTRAINT contact_requests_meeting_has_times CHECK (NOT wants_meeting OR meeting_times <> '')
      )`);
    await q.query(`CREATE INDEX contact_requests_created_idx ON contact_requests (created_at DESC)`);

    await q.query(`
      CREATE TABLE problem_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        text text NOT NULL,
        page_url text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT '',
        ${workflow}
      )`);
    await q.query(`CREATE INDEX problem_reports_created_idx ON problem_reports (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE problem_reports, contact_requests`);
  }
}
