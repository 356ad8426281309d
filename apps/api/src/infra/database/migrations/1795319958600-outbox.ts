import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The mail outbox: every message stored before it is delivered. */
export class Outbox1795319958600 implements MigrationInterface {
  name = 'Outbox1795319958600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "to" text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL DEFAULT '',
        template text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        error text,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0)
      )`);
    await q.query(`CREATE INDEX outbox_created_at_idx ON outbox (created_at DESC)`);
    await q.query(`CREATE INDEX outbox_to_idx ON outbox (lower("to"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox`);
  }
}
