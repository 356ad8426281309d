import { z } from 'zod';
import { BILLING_CYCLES, COUPON_SCOPES, PACK_CODES } from './billing';
import { FLOOR_PATTERNS, FURNITURE_CATEGORIES, PRODUCT_TYPES } from './catalogue';
import { FieldIssue } from './errors';
import { DECORATION_TYPES, PLAN_CODES, ROLES, ROOM_TYPES, STYLES, type LedgerReason } from './enums';

/*
 * The staff console's commerce side (admins only), as react-admin resources over ra-data-simple-rest at
 * /data/admin: lists take `sort`, `range` and `filter` and answer `Content-Range`; every record has an `id`.
 * Actions are POSTs on the record and answer the record as it is afterwards. Every change a staff member makes
 * writes one row of the audit log in the same transaction.
 */

const isoDate = z.iso.datetime({ offset: true });
/** A reason or note a staff member must give for an action; it goes to the ledger or the audit log. */
export const staffReasonSchema = z.string().trim().min(1).max(200);

// ---- customers (resource `users`) ----

/**
 * GET /data/admin/users?filter=… filters: `q` (name or e-mail), `role`, `plan` (a plan code, or 'none' for no
 * active plan), `verified` and `blocked` (booleans), `createdFrom` / `createdTo` (ISO dates, inclusive days),
 * `id` (one or many, getMany). Sort: createdAt, email, name, credits.
 */
export const ADMIN_USER_PLAN_FILTERS = [...PLAN_CODES, 'none'] as const;

/** POST /data/admin/users/:id/credit-removals (Idempotency-Key required): never below zero. */
export const adminCreditRemovalRequestSchema = z.object({
  amount: z.number().int().min(1).max(10_000),
  note: staffReasonSchema,
});
export type AdminCreditRemovalRequest = z.infer<typeof adminCreditRemovalRequestSchema>;

/** POST /data/admin/users/:id/role */
export const adminRoleChangeSchema = z.object({ role: z.enum(ROLES) });
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

/**
 * POST /data/admin/users/:id/block: the user's sessions end, their open sockets close and their API keys stop
 * answering at once; signing in again answers ACCOUNT_BLOCKED. POST …/unblock lifts it (they sign in again).
 */
export const adminBlockRequestSchema = z.object({ reason: staffReasonSchema });
export type AdminBlockRequest = z.infer<typeof adminBlockRequestSchema>;

/**
 * Also: POST …/verification-email (resend the code; ALREADY_VERIFIED when verified), POST …/password-reset-email,
 * DELETE /data/admin/users/:id with `{ reason }` (GDPR erasure of the account and its files; payments and invoices
 * are kept, without the person's name).
 */
export const adminEraseRequestSchema = z.object({ reason: staffReasonSchema });
export type AdminEraseRequest = z.infer<typeof adminEraseRequestSchema>;

/**
 * GET /data/admin/projects?filter={"userId":…}: a customer's projects with their decorations' thumbnails
 * (read only). Sort: createdAt.
 */
export const adminProjectSchema = z.object({
  id: z.string(),
  userId: z.string(),
  propertyName: z.string(),
  createdAt: isoDate,
  photos: z.number().int(),
  decorations: z.array(
    z.object({
      id: z.string(),
      type: z.enum(DECORATION_TYPES),
      roomType: z.enum(ROOM_TYPES),
      style: z.enum(STYLES),
      state: z.string(),
      /** Signed, short-lived; null until rendered. */
      thumbnailUrl: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

// ---- plans, packs, coupons ----

/**
 * GET /data/admin/plans (id = code), GET/PUT /data/admin/plans/:code. The four tiers are the product's (the spec
 * names them): they are edited, not created. A change applies to new purchases and renewals; what was sold keeps
 * its own figures (payments and subscriptions carry them). With Stripe, every price change creates a new Stripe
 * price and archives the old one (`gatewayPrices`).
 */
export const adminPlanSchema = z.object({
  id: z.enum(PLAN_CODES),
  name: z.string().trim().min(1).max(60),
  monthlyPriceCents: z.number().int().min(1).max(10_000_000),
  annualPriceCents: z.number().int().min(1).max(100_000_000),
  includedDecorations: z.number().int().min(0).max(100_000),
  watermark: z.boolean(),
  extraEditOptions: z.boolean(),
  unlimitedEditing: z.boolean(),
  allRoomsAndStyles: z.boolean(),
  /** null: unlimited. */
  descriptionsPerMonth: z.number().int().min(0).max(100_000).nullable(),
  apiAccess: z.boolean(),
  customLimits: z.boolean(),
  /** Most decorations one order may hold (spec: "selected N images exceeding limit M"); read when customLimits. */
  decorationsPerOrder: z.number().int().min(1).max(1000).nullable(),
  active: z.boolean(),
  /** On sale from / until (null: no bound). */
  availableFrom: isoDate.nullable(),
  availableUntil: isoDate.nullable(),
  /** The gateway's current price references, by cycle (read only). */
  gatewayPrices: z.object({ monthly: z.string().nullable(), annual: z.string().nullable() }),
  subscribers: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanUpdateSchema = adminPlanSchema.omit({
  id: true,
  gatewayPrices: true,
  subscribers: true,
});
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

/** GET /data/admin/packs (id = code), GET/PUT /data/admin/packs/:code. Edited like plans. */
export const adminPackSchema = z.object({
  id: z.enum(PACK_CODES),
  name: z.string().trim().min(1).max(60),
  credits: z.number().int().min(1).max(100_000),
  priceCents: z.number().int().min(1).max(10_000_000),
  properties: z.string().trim().min(1).max(20),
  active: z.boolean(),
  availableFrom: isoDate.nullable(),
  availableUntil: isoDate.nullable(),
  gatewayPrice: z.string().nullable(),
  sold: z.number().int(),
});
export type AdminPack = z.infer<typeof adminPackSchema>;
export const adminPackUpdateSchema = adminPackSchema.omit({ id: true, gatewayPrice: true, sold: true });
export type AdminPackUpdate = z.infer<typeof adminPackUpdateSchema>;

/**
 * GET/POST /data/admin/coupons, GET/PUT /data/admin/coupons/:id. Exactly one of percentOff / amountOffCents.
 * A coupon is never deleted (payments name it): `active: false` withdraws it. Filter: q (code), active.
 */
export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().min(1).max(100).nullable(),
  amountOffCents: z.number().int().min(1).nullable(),
  appliesTo: z.enum(COUPON_SCOPES),
  startsAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  maxRedemptions: z.number().int().min(1).nullable(),
  /** Uses one customer can make (paid, or held by an open checkout); null: no limit per customer. */
  maxRedemptionsPerCustomer: z.number().int().min(1).nullable(),
  timesRedeemed: z.number().int(),
  active: z.boolean(),
  createdAt: isoDate,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponWriteSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/)
      .transform((c) => c.toUpperCase()),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOffCents: z.number().int().min(1).max(10_000_000).nullable(),
    appliesTo: z.enum(COUPON_SCOPES),
    startsAt: isoDate.nullable(),
    expiresAt: isoDate.nullable(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable(),
    // Optional in the write so an older console keeps working; absent means no limit per customer.
    maxRedemptionsPerCustomer: z.number().int().min(1).max(1_000_000).nullable().default(null),
    active: z.boolean(),
  })
  .refine((c) => (c.percentOff === null) !== (c.amountOffCents === null), {
    path: ['percentOff'],
    message: FieldIssue.CHOOSE_ONE,
  })
  .refine((c) => !c.startsAt || !c.expiresAt || c.startsAt < c.expiresAt, {
    path: ['expiresAt'],
    message: FieldIssue.INVALID,
  });
export type AdminCouponWrite = z.input<typeof adminCouponWriteSchema>;

// ---- payments, refunds, subscriptions ----

/** What a payment row paid for (a card setup charges nothing, so it is never a payment). */
export const ADMIN_PAYMENT_KINDS = ['pack', 'subscription', 'decoration', 'extra_decorations'] as const;

/**
 * GET /data/admin/payments?filter=… (userId, kind, gateway, refunded (bool), createdFrom, createdTo, q: e-mail or
 * invoice number); sort: createdAt, amountCents. GET …/:id. GET …/:id/invoice: the invoice PDF.
 */
export const adminPaymentSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  kind: z.enum(ADMIN_PAYMENT_KINDS),
  /** What was charged, after the discount. */
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  refundedCents: z.number().int(),
  credits: z.number().int(),
  planCode: z.enum(PLAN_CODES).nullable(),
  packCode: z.enum(PACK_CODES).nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  couponCode: z.string().nullable(),
  gateway: z.string(),
  invoiceNumber: z.string(),
  createdAt: isoDate,
  refunds: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      creditsTaken: z.number().int(),
      reason: z.string(),
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      createdAt: isoDate,
    }),
  ),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * POST /data/admin/payments/:id/refunds (Idempotency-Key required): refunds through the gateway, in full or in
 * part (amountCents ≤ what is left). The credits the payment granted are taken back in proportion, as far as the
 * customer has not spent them (a ledger row, reason `payment_refund`); answers the payment.
 */
export const adminRefundRequestSchema = z.object({
  amountCents: z.number().int().min(1),
  reason: staffReasonSchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** GET /data/admin/subscriptions?filter=… (userId, plan, status, gateway); sort: createdAt, currentPeriodEnd. */
export const adminSubscriptionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  planCode: z.enum(PLAN_CODES),
  cycle: z.enum(BILLING_CYCLES),
  status: z.string(),
  currentPeriodStart: isoDate,
  currentPeriodEnd: isoDate,
  cancelAtPeriodEnd: z.boolean(),
  nextPlanCode: z.enum(PLAN_CODES).nullable(),
  gateway: z.string(),
  createdAt: isoDate,
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

// ---- referrals ----

/**
 * GET /data/admin/referrals?filter=… (referrerId, referredId, status): one row per referred customer (id = the
 * referred user's id). Sort: referredAt. GET /data/admin/top-referrers: referrers by customers referred (id = the
 * referrer's id), first page = the top.
 */
export const adminReferralSchema = z.object({
  id: z.string(),
  referrer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  referred: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  referredAt: isoDate,
  status: z.enum(['paid', 'pending']),
  reward: z.object({ credits: z.number().int(), paymentId: z.string(), paidAt: isoDate }).nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
export const adminTopReferrerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  referred: z.number().int(),
  rewarded: z.number().int(),
  credits: z.number().int(),
});
export type AdminTopReferrer = z.infer<typeof adminTopReferrerSchema>;

// ---- catalogue (resource `products`) ----

/**
 * GET/POST /data/admin/products, GET/PUT /data/admin/products/:id (filter: q, type, active; sort: sortOrder, name,
 * priceCents, createdAt). POST …/:id/picture (multipart `picture`, JPEG/PNG/WebP ≤ 2 MB) replaces the shop picture.
 * Products are withdrawn with `active: false`, never deleted (favourites and edits name them).
 */
export const adminProductSchema = z.object({
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  names: z.object({ es: z.string(), ca: z.string(), en: z.string() }),
  brand: z.string(),
  color: z.string(),
  category: z.enum(FURNITURE_CATEGORIES).nullable(),
  pattern: z.enum(FLOOR_PATTERNS).nullable(),
  tileScale: z.number().nullable(),
  priceCents: z.number().int(),
  unit: z.enum(['litre', 'square_metre', 'item']),
  purchaseUrl: z.string(),
  styles: z.array(z.enum(STYLES)),
  roomTypes: z.array(z.enum(ROOM_TYPES)),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** The shop's picture (uploaded, or the drawn default). */
  pictureUrl: z.string().nullable(),
  createdAt: isoDate,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
const productName = z.string().trim().min(1).max(80);
export const adminProductWriteSchema = z.object({
  id: z
    .string()
    .trim()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  type: z.enum(PRODUCT_TYPES),
  names: z.object({ es: productName, ca: productName, en: productName }),
  brand: z.string().trim().min(1).max(60),
  color: z.string().regex(/^#[0-9a-f]{6}$/),
  category: z.enum(FURNITURE_CATEGORIES).nullable(),
  pattern: z.enum(FLOOR_PATTERNS).nullable(),
  tileScale: z.number().gt(0).max(1).nullable(),
  priceCents: z.number().int().min(0).max(100_000_000),
  unit: z.enum(['litre', 'square_metre', 'item']),
  purchaseUrl: z.url({ protocol: /^https?$/ }).max(500),
  styles: z.array(z.enum(STYLES)).max(STYLES.length),
  roomTypes: z.array(z.enum(ROOM_TYPES)).max(ROOM_TYPES.length),
  active: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
});
export type AdminProductWrite = z.input<typeof adminProductWriteSchema>;

// ---- audit log ----

/**
 * GET /data/admin/audit-log?filter=… (actorId, resource, recordId, action, createdFrom, createdTo); sort: createdAt.
 * Append-only (the database refuses UPDATE, DELETE and TRUNCATE). `before`/`after` hold the fields the action
 * changed (null for a creation / a deletion).
 */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  /** e.g. `users.block`, `plans.update`, `payments.refund`, `reviews.approve`. */
  action: z.string(),
  resource: z.string(),
  recordId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

// ---- dashboard ----

/** GET /data/admin/dashboard?days=30 (7–366): figures per day in BUSINESS_TIME_ZONE, oldest first. */
export const adminDashboardSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      revenueCents: z.number().int(),
      creditsSold: z.number().int(),
      creditsGranted: z.number().int(),
      creditsSpent: z.number().int(),
      automatic: z.number().int(),
      supervised: z.number().int(),
    }),
  ),
  /** Revenue in the period by product: `pack:starter`, `plan:PRO`, `decoration`, `extra_decorations`. */
  revenueByProduct: z.array(
    z.object({ product: z.string(), payments: z.number().int(), revenueCents: z.number().int() }),
  ),
  /** Customers with an active subscription now, and customers who paid anything in the period. */
  subscribers: z.number().int(),
  payingCustomers: z.number().int(),
  reviewQueueDepth: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Ledger reasons the console writes (a removal is a negative `admin_adjustment`). */
export const STAFF_LEDGER_REASONS = [
  'admin_adjustment',
  'payment_refund',
] as const satisfies readonly LedgerReason[];
