import { z } from 'zod';
import { TIMINGS } from './constants';
import { PLAN_CODES, ROOM_TYPES, STYLES } from './enums';

/** The service level of a supervised decoration: delivered within this many working hours. */
export const REVIEW_SLA_WORKING_HOURS = TIMINGS.supervisedWorkingHours;
/** A review is at risk in the last quarter of its working-hours allowance. */
export const REVIEW_AT_RISK_FRACTION = 0.25;

/**
 * A supervised decoration's review:
 * - `drafting`: the AI draft is being rendered (ordered, or sent back for a fresh draft);
 * - `queued`: the draft is ready and waits for a decorator;
 * - `claimed`: a decorator holds it;
 * - `delivered`: approved; the customer has the fixed result.
 */
export const REVIEW_STATES = ['drafting', 'queued', 'claimed', 'delivered'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Where a review stands against its deadline (delivered ones: whether it was met). */
export const REVIEW_SLA_STATES = ['on_time', 'at_risk', 'overdue', 'met', 'missed'] as const;
export type ReviewSlaState = (typeof REVIEW_SLA_STATES)[number];

export const REVIEW_ACTIONS = [
  'entered',
  'claimed',
  'released',
  'reassigned',
  'claim_expired',
  'saved',
  'approved',
  'sent_back',
  'at_risk',
  'overdue',
] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

const staffRef = z.object({ id: z.string(), name: z.string() });

/** One ready version of the reviewed decoration: its full-resolution render and its thumbnail, signed. */
export const reviewImageSchema = z.object({
  versionId: z.string(),
  /** The version's number (1 for the first render), as staff and the history name it. */
  number: z.number().int(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type ReviewImage = z.infer<typeof reviewImageSchema>;

/** A row of GET /data/admin/reviews (ra-data-simple-rest) and GET /data/admin/reviews/:id. */
export const reviewSchema = z.object({
  id: z.string(),
  decorationId: z.string(),
  projectId: z.string(),
  propertyName: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(STYLES),
  state: z.enum(REVIEW_STATES),
  sla: z.enum(REVIEW_SLA_STATES),
  orderedAt: z.string(),
  deadlineAt: z.string(),
  /** Working milliseconds left until the deadline (negative once overdue); null when delivered. */
  workingMsLeft: z.number().nullable(),
  claimedBy: staffRef.nullable(),
  claimedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /**
   * The current result (or the delivered one) and the customer's photo, full size, signed; `versionId` is the
   * result's. Kept for older clients: `result` says the same with the version number and thumbnail.
   */
  draftUrl: z.string().nullable(),
  originalUrl: z.string(),
  versionId: z.string().nullable(),
  /** The structure guard found walls, windows or doors moved in the draft: check them before approving. */
  structureChanged: z.boolean(),
  /**
   * The AI draft this result started from: the engine's own render (never an edit), so the fixes can
   * be compared with it. Null while the first draft renders, or once it is no longer kept.
   */
  draft: reviewImageSchema.nullable(),
  /** What approving delivers (once delivered: what was delivered); null while there is no ready result. */
  result: reviewImageSchema.nullable(),
  /** The queue's picture of the job: the result's thumbnail, or the customer's photo while there is none. */
  thumbnailUrl: z.string(),
  /** An edit is being rendered into a new result: approving waits for it. */
  rendering: z.boolean(),
  /** The saved edit document has changes the result does not show yet (render them to deliver them). */
  unrenderedEdits: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * POST /data/admin/reviews/next: the oldest unclaimed job in the queue, claimed for the caller as
 * POST reviews/:id/claim does; `review` is null when the queue is empty.
 */
export const nextReviewResponseSchema = z.object({ review: reviewSchema.nullable() });
export type NextReviewResponse = z.infer<typeof nextReviewResponseSchema>;

/**
 * GET /data/admin/reviews/:id/download-preview: what the customer will download once the result is
 * approved (or what they downloaded, once delivered): `versionId` is the result's; `watermark` says the
 * customer's plan adds the Estancia mark (`planCode` null: no active plan, which adds it too). The file
 * itself is GET .../download-preview/image?versionId=…, a JPEG; REVIEW_RESULT_CHANGED when the result moved on.
 */
export const reviewDownloadPreviewSchema = z.object({
  versionId: z.string(),
  number: z.number().int(),
  watermark: z.boolean(),
  planCode: z.enum(PLAN_CODES).nullable(),
});
export type ReviewDownloadPreview = z.infer<typeof reviewDownloadPreviewSchema>;

/** GET /data/admin/reviews/:id/history: every step, oldest first. */
export const reviewEventSchema = z.object({
  id: z.string(),
  action: z.enum(REVIEW_ACTIONS),
  by: staffRef.nullable(),
  at: z.string(),
  note: z.string().nullable(),
  /** The version the step produced or delivered (saved, approved, sent_back), while it is kept. */
  versionId: z.string().nullable(),
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

/** POST /data/admin/reviews/:id/reassign (admins): give the job to a decorator (or back to the queue). */
export const reassignReviewRequestSchema = z.object({ decoratorId: z.uuid().nullable() });
export type ReassignReviewRequest = z.infer<typeof reassignReviewRequestSchema>;

/**
 * POST /data/admin/reviews/:id/approve. `versionId`: the result the decorator saw in the approval
 * dialog; the API delivers exactly it, or refuses with REVIEW_RESULT_CHANGED when the result changed
 * or an edit is still rendering. With `versionId`, saved edits not rendered yet are refused
 * (REVIEW_EDITS_UNRENDERED) unless `ignoreUnrenderedEdits` says to deliver the result without them.
 * Without `versionId` (older clients), the current result is delivered as it is.
 */
export const approveReviewRequestSchema = z.object({
  versionId: z.uuid().optional(),
  ignoreUnrenderedEdits: z.boolean().optional(),
});
export type ApproveReviewRequest = z.infer<typeof approveReviewRequestSchema>;

/** POST /data/admin/reviews/:id/send-back: a fresh AI draft is rendered, optionally with a note. */
export const sendBackReviewRequestSchema = z.object({ note: z.string().trim().max(500).optional() });
export type SendBackReviewRequest = z.infer<typeof sendBackReviewRequestSchema>;

/** The holiday calendar admins edit: GET/POST/DELETE /data/admin/holidays (simple-rest). */
export const holidaySchema = z.object({
  id: z.string(),
  /** A calendar day in the business time zone, YYYY-MM-DD. */
  date: z.string(),
  name: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;
export const createHolidayRequestSchema = z.object({
  date: z.iso.date(),
  name: z.string().trim().min(1).max(120),
});
export type CreateHolidayRequest = z.infer<typeof createHolidayRequestSchema>;

/** GET /data/admin/reviews/dashboard (admins). */
export const reviewDashboardSchema = z.object({
  /** Open reviews by where they stand against their deadline. */
  queue: z.object({
    drafting: z.number().int(),
    on_time: z.number().int(),
    at_risk: z.number().int(),
    overdue: z.number().int(),
  }),
  /** Over the last `days` days of deliveries. */
  days: z.number().int(),
  delivered: z.number().int(),
  /** Share of deliveries within their deadline, 0..1; null with no deliveries. */
  slaHitRate: z.number().nullable(),
  /** Median working hours from order to delivery; null with no deliveries. */
  medianWorkingHoursToDeliver: z.number().nullable(),
  perDecorator: z.array(z.object({ id: z.string(), name: z.string(), delivered: z.number().int() })),
  /** Deliveries per day (YYYY-MM-DD in the business time zone), met and missed. */
  perDay: z.array(z.object({ date: z.string(), met: z.number().int(), missed: z.number().int() })),
});
export type ReviewDashboard = z.infer<typeof reviewDashboardSchema>;

/** GET /data/admin/reviews/alerts: the console badge (reviews at risk or overdue, not delivered). */
export const reviewAlertsSchema = z.object({ atRisk: z.number().int(), overdue: z.number().int() });
export type ReviewAlerts = z.infer<typeof reviewAlertsSchema>;
