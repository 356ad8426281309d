import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visitor's free try: the try itself (deleted with its files 15 minutes after its latest images),
 * the e-mailed codes for its HD download (deleted with it), and the e-mails that used their one free
 * download, kept for good as hashes: the rule only needs to recognise an e-mail, not to read it.
 */
export class FreeTry1795319959100 implements MigrationInterface {
  name = 'FreeTry1795319959100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE free_tries (
        id uuid PRIMARY KEY,
        state text NOT NULL DEFAULT 'rendering' CHECK (state IN ('rendering', 'ready')),
        original_key text NOT NULL,
        before_key text NOT NULL,
        width int NOT NULL CHECK (width > 0),
        height int NOT NULL CHECK (height > 0),
        room_type text NOT NULL,
        style text NOT NULL,
        version int NOT NULL DEFAULT 0 CHECK (version >= 0),
        renders int NOT NULL DEFAULT 1 CHECK (renders >= 1),
        result_key text,
        preview_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        rendered_at timestamptz,
        expires_at timestamptz NOT NULL,
        CONSTRAINT free_tries_ready_has_result CHECK (state = 'rendering' OR (result_key IS NOT NULL AND preview_key IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX free_tries_expires_idx ON free_tries (expires_at)`);

    await q.query(`
      CREATE TABLE free_download_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        free_try_id uuid NOT NULL REFERENCES free_tries (id) ON DELETE CASCADE,
        email_hash text NOT NULL,
        code_hash text NOT NULL,
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX free_download_codes_try_idx ON free_download_codes (free_try_id, email_hash, created_at DESC)`,
    );

    await q.query(`
      CREATE TABLE free_downloads (
        email_hash text PRIMARY KEY,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        via text NOT NULL CHECK (via IN ('code', 'account')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE free_downloads, free_download_codes, free_tries`);
  }
}
