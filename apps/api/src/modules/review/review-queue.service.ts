import { Injectable } from '@nestjs/common';
import type { ReviewState, Supervision, SupervisionStage } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';
import { ReviewClock } from './review-clock';
import { recordEvent, type Sql } from './review-events';

/**
 * The customer's words for a review's state: the AI draft being made and the wait for a decorator are
 * one "queued" to them (a draft sent back goes there too); a claim is "with a decorator".
 */
export function supervisionStage(state: ReviewState): SupervisionStage {
  if (state === 'claimed') return 'in_review';
  if (state === 'delivered') return 'delivered';
  return 'queued';
}

/**
 * How a supervised decoration enters and re-enters the review queue, called by the decorations
 * module inside its own transactions (ordering, a finished draft).
 */
@Injectable()
export class ReviewQueue {
  constructor(private readonly clock: ReviewClock) {}

  /** Opens the review of a supervised decoration just ordered; the 48 working hours start now. */
  async open(m: EntityManager, decorationId: string): Promise<void> {
    // created_at is the database's clock_timestamp(), so it is read back rather than guessed.
    const [decoration] = (await m.query(`SELECT created_at FROM decorations WHERE id = $1`, [
      decorationId,
    ])) as {
      created_at: Date;
    }[];
    const deadline = this.clock.deadline(decoration.created_at, await this.clock.calendar(m));
    await m.query(
      `INSERT INTO reviews (decoration_id, state, ordered_at, deadline_at) VALUES ($1, 'drafting', $2, $3)
       ON CONFLICT (decoration_id) DO NOTHING`,
      [decorationId, decoration.created_at, deadline],
    );
  }

  /**
   * A delivered supervised decoration redone by its customer: its review starts over in drafting,
   * with 48 working hours from now. The earlier delivery stays in the review's history.
   */
  async reopen(m: EntityManager, decorationId: string): Promise<void> {
    const [{ now }] = (await m.query(`SELECT clock_timestamp() AS now`)) as { now: Date }[];
    const deadline = this.clock.deadline(now, await this.clock.calendar(m));
    await m.query(
      `UPDATE reviews SET state = 'drafting', ordered_at = $2, deadline_at = $3, delivered_at = NULL,
         delivered_version_id = NULL, at_risk_warned_at = NULL, overdue_warned_at = NULL, updated_at = now()
       WHERE decoration_id = $1 AND state = 'delivered'`,
      [decorationId, now, deadline],
    );
  }

  /** Stage and dates of the reviews of these decorations, by decoration id (automatic ones have none). */
  async supervision(sql: Sql, decorationIds: string[]): Promise<Map<string, Supervision>> {
    if (!decorationIds.length) return new Map();
    const rows = (await sql.query(
      `SELECT decoration_id, state, deadline_at, delivered_at FROM reviews WHERE decoration_id = ANY($1::uuid[])`,
      [decorationIds],
    )) as { decoration_id: string; state: ReviewState; deadline_at: Date; delivered_at: Date | null }[];
    return new Map(
      rows.map((row) => [
        row.decoration_id,
        {
          stage: supervisionStage(row.state),
          dueAt: row.deadline_at.toISOString(),
          deliveredAt: row.delivered_at?.toISOString() ?? null,
        },
      ]),
    );
  }

  /** The AI draft is there: a drafting review waits for a decorator. Any other state is left alone. */
  async draftReady(m: EntityManager, decorationId: string): Promise<void> {
    const [entered] = (await m.query(
      `UPDATE reviews SET state = 'queued', updated_at = now() WHERE decoration_id = $1 AND state = 'drafting'
       RETURNING id`,
      [decorationId],
    )) as [{ id: string }[], number];
    if (entered[0]) await recordEvent(m, entered[0].id, 'entered', null);
  }
}
