import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The result a review delivers (or delivered), with whose plan decides the download's watermark. */
export interface DeliverableResult {
  customerId: string;
  /** Null while the review has no ready result. */
  versionId: string | null;
  number: number | null;
  resultKey: string | null;
}

/** SQL of the decorator's day: the next job to take and the file an approval hands the customer. */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The oldest unclaimed job (queued, its decoration not failed), locked for the caller's transaction;
   * rows another decorator is taking at the same moment are skipped, so two "next job" clicks get two jobs.
   */
  async lockOldestQueued(m: EntityManager): Promise<string | null> {
    const [row] = (await m.query(
      `SELECT r.id FROM reviews r JOIN decorations d ON d.id = r.decoration_id
        WHERE r.state = 'queued' AND d.state <> 'failed'
        ORDER BY r.ordered_at, r.id
        LIMIT 1
        FOR UPDATE OF r SKIP LOCKED`,
    )) as { id: string }[];
    return row?.id ?? null;
  }

  /** The review's result as Review.result names it (the delivered version once delivered); null if no such review. */
  async deliverableResult(reviewId: string): Promise<DeliverableResult | null> {
    const [row] = (await this.dataSource.query(
      `SELECT d.user_id AS "customerId", v.id AS "versionId", v.number, v.result_key AS "resultKey"
         FROM reviews r
         JOIN decorations d ON d.id = r.decoration_id
         LEFT JOIN decoration_versions v ON v.id = COALESCE(r.delivered_version_id, d.current_version_id)
              AND v.state = 'ready' AND v.result_key IS NOT NULL
        WHERE r.id = $1`,
      [reviewId],
    )) as DeliverableResult[];
    return row ?? null;
  }
}
