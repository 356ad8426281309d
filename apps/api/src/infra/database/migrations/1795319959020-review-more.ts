import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version a review step produced (a saved fix, the approved result, a sent-back draft), so the
 * history can show which image each step refers to; pruning old versions leaves the step without it.
 * Deferred like decorations.current_version_id: a send-back records its step before the new version.
 */
export class ReviewMore1795319959020 implements MigrationInterface {
  name = 'ReviewMore1795319959020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE review_events ADD COLUMN version_id uuid REFERENCES decoration_versions (id) ON DELETE SET NULL
        DEFERRABLE INITIALLY DEFERRED`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE review_events DROP COLUMN version_id`);
  }
}
