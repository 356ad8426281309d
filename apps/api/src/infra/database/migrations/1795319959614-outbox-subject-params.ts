import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The values an e-mail's subject was written with, so the staff console can write the subject again in the
 * staff member's language. NULL for messages stored before this column, or whose kind has no subject template.
 */
export class OutboxSubjectParams1795319959614 implements MigrationInterface {
  name = 'OutboxSubjectParams1795319959614';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN subject_params jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN subject_params`);
  }
}
