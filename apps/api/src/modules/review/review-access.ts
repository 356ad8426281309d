import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, type ReviewState } from '@estancia/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { AuditLog } from '../audit/audit-log.service';
import { assertId } from '../decorations/decorations.service';
import { recordEvent } from './review-events';

/** The error for a review the caller does not hold, from its current state. */
export function notHeldError(state: ReviewState): AppError {
  if (state === 'delivered') return new AppError(ErrorCode.REVIEW_DELIVERED);
  if (state === 'drafting') return new AppError(ErrorCode.REVIEW_NOT_READY);
  return new AppError(ErrorCode.REVIEW_NOT_CLAIMED);
}

/** How other modules (the staff editor) check and record work on a review they do not own. */
@Injectable()
export class ReviewAccess {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auditLog: AuditLog,
  ) {}

  /** The review's decoration when staffId holds its claim; NOT_FOUND for an unknown or malformed id, REVIEW_NOT_CLAIMED when nobody or someone else holds it, REVIEW_DELIVERED once delivered, REVIEW_NOT_READY while drafting. Refreshes touched_at (the claim is in use). */
  async holdForEditing(
    reviewId: string,
    staffId: string,
    manager?: EntityManager,
  ): Promise<{ reviewId: string; decorationId: string }> {
    assertId(reviewId);
    const sql = manager ?? this.dataSource;
    // Inside the caller's transaction this also locks the row, so nobody approves or releases meanwhile.
    const [held] = (await sql.query(
      `UPDATE reviews SET touched_at = now() WHERE id = $1 AND state = 'claimed' AND claimed_by = $2
        RETURNING decoration_id AS "decorationId"`,
      [reviewId, staffId],
    )) as [{ decorationId: string }[], number];
    if (held[0]) return { reviewId, decorationId: held[0].decorationId };
    const [review] = (await sql.query(`SELECT state FROM reviews WHERE id = $1`, [reviewId])) as {
      state: ReviewState;
    }[];
    if (!review) throw new AppError(ErrorCode.NOT_FOUND);
    throw notHeldError(review.state);
  }

  /** The decoration of a review any staff member may look at; NOT_FOUND if unknown. */
  async decorationOf(reviewId: string): Promise<string> {
    assertId(reviewId);
    const [review] = (await this.dataSource.query(`SELECT decoration_id FROM reviews WHERE id = $1`, [
      reviewId,
    ])) as { decoration_id: string }[];
    if (!review) throw new AppError(ErrorCode.NOT_FOUND);
    return review.decoration_id;
  }

  /**
   * Records a 'saved' step (an edit rendered into versionId, the console's "Save result") by staffId and
   * refreshes touched_at, with its audit row, in the transaction that wrote the version.
   */
  async recordSaved(
    reviewId: string,
    staffId: string,
    versionId: string,
    manager?: EntityManager,
  ): Promise<void> {
    if (!manager)
      return this.dataSource.transaction((m) => this.recordSaved(reviewId, staffId, versionId, m));
    await manager.query(
      `UPDATE reviews SET touched_at = now() WHERE id = $1 AND state = 'claimed' AND claimed_by = $2`,
      [reviewId, staffId],
    );
    await recordEvent(manager, reviewId, 'saved', staffId, { versionId });
    await this.auditLog.record(manager, {
      actorId: staffId,
      action: 'reviews.save-result',
      resource: 'reviews',
      recordId: reviewId,
      before: null,
      after: { versionId },
    });
  }
}
