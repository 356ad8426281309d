import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review of supervised decorations: one review per supervised decoration, its steps (who, when)
 * and the holiday calendar the working-hours deadline skips. A claim is one row's claimed_by, so
 * "only one decorator holds it" is a conditional UPDATE, and the CHECK keeps state and claim in step.
 */
export class Review1795319959000 implements MigrationInterface {
  name = 'Review1795319959000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        decoration_id uuid NOT NULL UNIQUE REFERENCES decorations (id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'drafting' CHECK (state IN ('drafting', 'queued', 'claimed', 'delivered')),
        ordered_at timestamptz NOT NULL,
        deadline_at timestamptz NOT NULL,
        claimed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        claimed_at timestamptz,
        -- the claimer's last action; a claim untouched for REVIEW_CLAIM_MINUTES returns to the queue
        touched_at timestamptz,
        delivered_at timestamptz,
        delivered_version_id uuid REFERENCES decoration_versions (id) ON DELETE SET NULL,
        at_risk_warned_at timestamptz,
        overdue_warned_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reviews_claim CHECK ((state = 'claimed') = (claimed_by IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX reviews_open_idx ON reviews (deadline_at) WHERE state <> 'delivered'`);
    await q.query(`CREATE INDEX reviews_delivered_idx ON reviews (delivered_at) WHERE state = 'delivered'`);
    await q.query(`
      CREATE TABLE review_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
        action text NOT NULL CHECK (action IN ('entered', 'claimed', 'released', 'reassigned',
          'claim_expired', 'saved', 'approved', 'sent_back', 'at_risk', 'overdue')),
        actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
        note text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX review_events_review_idx ON review_events (review_id, created_at)`);
    await q.query(`
      CREATE TABLE holidays (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        day date NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE holidays, review_events, reviews`);
  }
}
