/**
 * SQL about the versions a review shows: the AI draft a result started from, and whether the saved edit
 * document holds changes the current result lacks. Shared by the review queries and the version pruning.
 */

/**
 * The id of the AI draft behind a result: the newest ready render of the engine (any origin but an
 * edit) numbered at or below the result. Edit renders never replace it; a fresh draft (sent back, or
 * the customer's redo) does. `decorationId` and `resultNumber` are SQL expressions of the outer query.
 */
export const draftVersionOf = (decorationId: string, resultNumber: string): string => `(
  SELECT a.id FROM decoration_versions a
   WHERE a.decoration_id = ${decorationId} AND a.origin <> 'edit' AND a.state = 'ready'
     AND a.result_key IS NOT NULL AND a.number <= ${resultNumber}
   ORDER BY a.number DESC LIMIT 1)`;

/**
 * Whether the saved edit document `e` shows changes the decoration `d`'s current version `cv` does not.
 * The document must apply to that result (saved or rendered over it). When the result is a render of
 * the document (an edit drawn over another base), anything saved after that render began is missing
 * from it; otherwise (the result is the document's own base) any layer or the watermark is missing.
 */
export const UNRENDERED_EDITS = `coalesce(e.document IS NOT NULL AND e.result_version_id = d.current_version_id AND CASE
    WHEN cv.origin = 'edit' AND e.document->>'baseVersionId' IS DISTINCT FROM cv.id::text
      THEN e.updated_at > LEAST(cv.created_at, coalesce(e.rendering_since, cv.created_at))
    ELSE jsonb_array_length(coalesce(e.document->'layers', '[]'::jsonb)) > 0
      OR coalesce((e.document->>'watermark')::boolean, false)
  END, false)`;

/** An edit render under way: reserved, and not yet older than the edits module's own takeover limit. */
export const editRendering = (
  document: { rendering_version_id: string | null; rendering_since: Date | null },
  renderTimeoutSeconds: number,
  now: Date,
): boolean =>
  document.rendering_version_id !== null &&
  document.rendering_since !== null &&
  // The edits module takes a reservation over after the render time limit plus 15 s: a crashed one.
  now.getTime() - document.rendering_since.getTime() < (renderTimeoutSeconds + 15) * 1000;
