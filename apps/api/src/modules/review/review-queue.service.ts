import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ReviewClock } from './review-clock';
import { recordEvent } from './review-events';

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
