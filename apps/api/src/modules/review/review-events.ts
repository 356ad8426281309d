import type { ReviewAction } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';

/** A DataSource or a transaction's EntityManager: both answer raw SQL. */
export type Sql = Pick<EntityManager, 'query'>;

/** Appends one step to a review's history: who did what, when, and the version it produced if any. */
export async function recordEvent(
  sql: Sql,
  reviewId: string,
  action: ReviewAction,
  actorId: string | null,
  extra: { note?: string | null; versionId?: string | null } = {},
): Promise<void> {
  await sql.query(
    `INSERT INTO review_events (review_id, action, actor_id, note, version_id) VALUES ($1, $2, $3, $4, $5)`,
    [reviewId, action, actorId, extra.note ?? null, extra.versionId ?? null],
  );
}

/** How many times a review has taken a step (e.g. 'approved' more than once after a redo). */
export async function countEvents(sql: Sql, reviewId: string, action: ReviewAction): Promise<number> {
  const [row] = (await sql.query(
    `SELECT count(*)::int AS n FROM review_events WHERE review_id = $1 AND action = $2`,
    [reviewId, action],
  )) as { n: number }[];
  return row.n;
}
