import { z } from 'zod';
import { TIMINGS } from './constants';
import { ROOM_TYPES, STYLES } from './enums';

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
  /** The current draft (or delivered result) and the customer's photo, full size, signed. */
  draftUrl: z.string().nullable(),
  originalUrl: z.string(),
  versionId: z.string().nullable(),
  /** The structure guard found walls, windows or doors moved in the draft: check them before approving. */
  structureChanged: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

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
