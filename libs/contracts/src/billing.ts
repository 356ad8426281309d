import { z } from 'zod';
import { PLAN_CODES } from './enums';

/** Pack codes, smallest first (spec section 9: Starter, Standard, Premium, Business). */
export const PACK_CODES = ['starter', 'standard', 'premium', 'business'] as const;
export type PackCode = (typeof PACK_CODES)[number];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const COUPON_SCOPES = ['pack', 'subscription', 'any'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** Every price is in integer cents of this currency. */
export const BILLING_CURRENCY = 'EUR';

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

/** Checkout kinds; only packs are sold through checkout for now (subscriptions and decorations come later). */
export const CHECKOUT_KINDS = ['pack'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const CHECKOUT_STATES = ['open', 'paid', 'declined', 'expired'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/**
 * POST billing/checkout. Any kind other than 'pack' is refused with VALIDATION_FAILED until
 * subscriptions and single decorations are sold; an unknown or inactive pack code is NOT_FOUND.
 */
export const checkoutRequestSchema = z.object({
  kind: z.literal('pack'),
  code: z.string().min(1).max(64),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST billing/checkout: where to send the customer to pay. */
export const checkoutResponseSchema = z.object({
  sessionId: z.uuid(),
  checkoutUrl: z.url(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** A checkout session as its owner sees it: what is bought, the amount and how it ended. */
export const checkoutSessionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHECKOUT_KINDS),
  packCode: z.enum(PACK_CODES).nullable(),
  packName: z.string().nullable(),
  credits: z.number().int().positive(),
  amountCents: z.number().int().positive(),
  currency: z.literal(BILLING_CURRENCY),
  state: z.enum(CHECKOUT_STATES),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
