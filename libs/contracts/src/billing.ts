import { z } from 'zod';
import { FieldIssue } from './errors';
import { BILLING_CURRENCY } from './constants';
import { PLAN_CODES } from './enums';

/** Pack codes, smallest first (spec section 9: Starter, Standard, Premium, Business). */
export const PACK_CODES = ['starter', 'standard', 'premium', 'business'] as const;
export type PackCode = (typeof PACK_CODES)[number];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const COUPON_SCOPES = ['pack', 'subscription', 'any'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/**
 * What a plan allows (spec section 6), read from the plan's data; the API decides with these,
 * never with the plan's name. `descriptionsPerMonth: null` means unlimited.
 */
export const planRightsSchema = z.object({
  watermark: z.boolean(),
  extraEditOptions: z.boolean(),
  unlimitedEditing: z.boolean(),
  allRoomsAndStyles: z.boolean(),
  descriptionsPerMonth: z.number().int().min(0).nullable(),
  apiAccess: z.boolean(),
  customLimits: z.boolean(),
});
export type PlanRights = z.infer<typeof planRightsSchema>;

/** The rights of a user and the plan they come from (null: no active subscription). */
export const userPlanRightsSchema = planRightsSchema.extend({ planCode: z.enum(PLAN_CODES).nullable() });
export type UserPlanRights = z.infer<typeof userPlanRightsSchema>;

// ---- responses (under /data) ----

/** One plan of GET billing/plans. `includedDecorations` are granted every monthly period. */
export const planSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  currency: z.literal(BILLING_CURRENCY),
  monthlyPriceCents: z.number().int().positive(),
  annualPriceCents: z.number().int().positive(),
  includedDecorations: z.number().int().min(0),
  rights: planRightsSchema,
});
export type Plan = z.infer<typeof planSchema>;

/** GET billing/plans: the plans on sale, in display order. */
export const planListSchema = z.array(planSchema);
export type PlanList = z.infer<typeof planListSchema>;

/** One pack of GET billing/packs; `properties` is the band of properties it suits, e.g. '2-5'. */
export const packSchema = z.object({
  code: z.enum(PACK_CODES),
  name: z.string(),
  currency: z.literal(BILLING_CURRENCY),
  credits: z.number().int().positive(),
  priceCents: z.number().int().positive(),
  properties: z.string(),
});
export type Pack = z.infer<typeof packSchema>;

/** GET billing/packs: the packs on sale, in display order. */
export const packListSchema = z.array(packSchema);
export type PackList = z.infer<typeof packListSchema>;

// ---- checkout and payments (under /data) ----

/**
 * What a checkout session sells: a credit pack, the first payment of a subscription, the single
 * 2.99 EUR decoration of the trial flow, decorations past the plan's included amount (1 EUR each,
 * charged to the saved card after consent), or no money at all: saving a card (`card_setup`).
 */
export const CHECKOUT_KINDS = [
  'pack',
  'subscription',
  'decoration',
  'extra_decorations',
  'card_setup',
] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const CHECKOUT_STATES = ['open', 'paid', 'declined', 'expired'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** Coupon codes are upper case; the API upper-cases what the user typed. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((c) => c.toUpperCase());

/**
 * POST billing/checkout → `{ sessionId, checkoutUrl }`. An unknown or inactive pack or plan is
 * NOT_FOUND; a coupon that does not exist, has expired, is used up or does not apply to the kind is
 * COUPON_INVALID (field `coupon`); a subscription while one is active is SUBSCRIPTION_EXISTS.
 */
export const checkoutRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pack'), code: z.string().min(1).max(64), coupon: couponCodeSchema.optional() }),
  z.object({
    kind: z.literal('subscription'),
    plan: z.enum(PLAN_CODES),
    cycle: z.enum(BILLING_CYCLES),
    coupon: couponCodeSchema.optional(),
  }),
  z.object({ kind: z.literal('decoration') }),
]);
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** POST billing/checkout and POST billing/payment-method/setup: where to send the customer. */
export const checkoutResponseSchema = z.object({
  sessionId: z.uuid(),
  checkoutUrl: z.url(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * A checkout session as its owner sees it (GET billing/checkout/:sessionId, and the sandbox page's
 * GET billing/sandbox/:sessionId): what is bought, the amount and how it ended. `amountCents` is
 * what is charged after `discountCents`; 0 for a card setup.
 */
export const checkoutSessionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHECKOUT_KINDS),
  packCode: z.enum(PACK_CODES).nullable(),
  packName: z.string().nullable(),
  planCode: z.enum(PLAN_CODES).nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  /** Credits this purchase grants (a subscription's come with its invoice: the period's included decorations). */
  credits: z.number().int().min(0),
  quantity: z.number().int().min(1),
  amountCents: z.number().int().min(0),
  discountCents: z.number().int().min(0),
  couponCode: z.string().nullable(),
  currency: z.literal(BILLING_CURRENCY),
  state: z.enum(CHECKOUT_STATES),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * The sandbox gateway's test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined
 * (as Stripe's). Any future expiry and any 3-digit CVC.
 */
export const SANDBOX_CARDS = { pays: '4242424242424242', declines: '4000000000000002' } as const;

/** POST billing/sandbox/:sessionId/pay — the card typed on the sandbox page (defaults to the paying card). */
export const sandboxPayRequestSchema = z.object({
  card: z
    .object({
      number: z
        .string()
        .transform((n) => n.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, FieldIssue.INVALID)),
      expMonth: z.coerce.number().int().min(1).max(12),
      expYear: z.coerce.number().int().min(2000).max(2100),
      cvc: z.string().regex(/^\d{3,4}$/, FieldIssue.INVALID),
    })
    .optional(),
});
export type SandboxPayRequest = z.input<typeof sandboxPayRequestSchema>;

// ---- coupons ----

/** GET billing/coupons/:code?kind=pack|subscription — a valid coupon, or COUPON_INVALID. */
export const couponQuerySchema = z.object({ kind: z.enum(['pack', 'subscription']) });
export const couponSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  appliesTo: z.enum(COUPON_SCOPES),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

// ---- subscriptions ----

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * GET billing/subscription: the user's subscription (null when they never had one or it ended).
 * `plan`/`cycle` give today's rights until `currentPeriodEnd`; `scheduledChange` is a downgrade (or
 * cycle change) that starts at the next period; `cancelAtPeriodEnd` keeps the services until then.
 */
export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_CODES),
  planName: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  isActive: z.boolean(),
  currentPeriodStart: z.iso.datetime({ offset: true }),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  cancelAtPeriodEnd: z.boolean(),
  scheduledChange: z
    .object({
      plan: z.enum(PLAN_CODES),
      cycle: z.enum(BILLING_CYCLES),
      from: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  priceCents: z.number().int().positive(),
  currency: z.literal(BILLING_CURRENCY),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** GET billing/subscription/change?plan=&cycle= (preview) and POST billing/subscription/change (do it). */
export const subscriptionChangeRequestSchema = z.object({
  plan: z.enum(PLAN_CODES),
  cycle: z.enum(BILLING_CYCLES),
});
export type SubscriptionChangeRequest = z.infer<typeof subscriptionChangeRequestSchema>;

/**
 * What a change does: an upgrade (a higher plan, or monthly → annual) applies `now` and charges
 * only the remaining days (`amountCents`, prorated); anything else applies at `period_end`
 * (`effectiveAt` = the current period's end) and charges nothing now. Choosing the current plan
 * and cycle again clears a scheduled change.
 */
export const subscriptionChangePreviewSchema = z.object({
  plan: z.enum(PLAN_CODES),
  cycle: z.enum(BILLING_CYCLES),
  effective: z.enum(['now', 'period_end']),
  effectiveAt: z.iso.datetime({ offset: true }),
  amountCents: z.number().int().min(0),
  currency: z.literal(BILLING_CURRENCY),
  /** Credits granted now on an upgrade: the new plan's extra included decorations for the period. */
  creditsNow: z.number().int().min(0),
});
export type SubscriptionChangePreview = z.infer<typeof subscriptionChangePreviewSchema>;

// ---- payment method ----

/** GET billing/payment-method → `{ paymentMethod }`; add or change with POST billing/payment-method/setup. */
export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodResponseSchema = z.object({ paymentMethod: paymentMethodSchema.nullable() });
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;

// ---- extra decorations ----

/**
 * POST billing/extra-decorations: buys `quantity` decorations past the plan's included amount at
 * 1 EUR each, charged to the saved card. `consent` must be true (the user agreed to the charge);
 * no active subscription is NO_ACTIVE_SUBSCRIPTION, no card PAYMENT_METHOD_REQUIRED, a refused
 * charge PAYMENT_DECLINED (nothing moves).
 */
export const extraDecorationsRequestSchema = z.object({
  quantity: z.number().int().min(1).max(100),
  consent: z.literal(true),
});
export type ExtraDecorationsRequest = z.infer<typeof extraDecorationsRequestSchema>;

// ---- payment history ----

export const PAYMENT_KINDS = ['pack', 'subscription', 'decoration', 'extra_decorations', 'referral'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * One row of GET billing/payments?page= (newest first): what was paid, or a referral reward
 * (amount 0; `credits` is what this user earned: 5 for the referrer, 0 for the referred user).
 * `invoiceUrl` downloads the invoice (GET billing/payments/:id/invoice) when there is one.
 */
export const paymentHistoryRowSchema = z.object({
  id: z.string(),
  date: z.iso.datetime({ offset: true }),
  kind: z.enum(PAYMENT_KINDS),
  amountCents: z.number().int().min(0),
  currency: z.literal(BILLING_CURRENCY),
  credits: z.number().int().min(0),
  packCode: z.enum(PACK_CODES).nullable(),
  planCode: z.enum(PLAN_CODES).nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  /** For a referral row: the other user's display name. */
  counterpart: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
});
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRowSchema>;
export const PAYMENTS_PAGE_SIZE = 20;
export const paymentHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export const paymentHistoryResponseSchema = z.object({
  items: z.array(paymentHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

// ---- referrals (module referral) ----

/** GET referral: the user's code, the link to share and what it earned. */
export const referralSummarySchema = z.object({
  code: z.string(),
  shareUrl: z.url(),
  /** Users who registered with the code. */
  referredUsers: z.number().int().min(0),
  /** Of those, the ones whose first purchase earned the reward. */
  rewardedUsers: z.number().int().min(0),
  creditsEarned: z.number().int().min(0),
  rewardCredits: z.number().int().positive(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

// ---- download options (Account) ----

export const DOWNLOAD_FORMATS = ['jpg', 'png'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DOWNLOAD_SIZES = ['original', 'web'] as const;
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number];

/**
 * GET and PUT user/download-options: the format and size every download uses ('web' = at most
 * 1920 px on the long side, for listings). Default jpg, original.
 */
export const downloadOptionsSchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS),
  size: z.enum(DOWNLOAD_SIZES),
});
export type DownloadOptions = z.infer<typeof downloadOptionsSchema>;
