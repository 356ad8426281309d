import { adminCouponWriteSchema } from '@estancia/contracts';
import { isoOrNull, numberOrNull, setFormError, zodFormErrors } from '../plans/formValidation';

type CouponFormValues = Record<string, unknown>;

/** How the discount is given: the form asks for one, then only that figure. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The discount a coupon gives now (an existing one) or by default (a new one: a percentage). */
export const discountKindOf = (coupon: { amountOffCents?: unknown } | undefined): DiscountKind =>
  typeof coupon?.amountOffCents === 'number' ? 'amount' : 'percent';

/**
 * The form's values as the API's write: the figure of the chosen kind, the other one null (the API takes exactly
 * one), dates as ISO instants, an empty maximum (overall or per customer) as "no limit".
 */
export const toCouponWrite = (values: CouponFormValues) => {
  const kind = values.discountKind === 'amount' ? 'amount' : 'percent';
  return {
    code: typeof values.code === 'string' ? values.code : '',
    percentOff: kind === 'percent' ? numberOrNull(values.percentOff) : null,
    amountOffCents: kind === 'amount' ? numberOrNull(values.amountOffCents) : null,
    appliesTo: values.appliesTo,
    startsAt: isoOrNull(values.startsAt),
    expiresAt: isoOrNull(values.expiresAt),
    maxRedemptions: numberOrNull(values.maxRedemptions),
    maxRedemptionsPerCustomer: numberOrNull(values.maxRedemptionsPerCustomer),
    active: Boolean(values.active),
  };
};

export const validateCoupon = (values: CouponFormValues) => {
  const write = toCouponWrite(values);
  // The schema's "exactly one" and date-order refinements are said on the field the person is looking at.
  const errors = zodFormErrors(
    adminCouponWriteSchema,
    write,
    {
      code: 'commerce.coupons.codeInvalid',
      percentOff: 'commerce.coupons.percentInvalid',
      amountOffCents: 'commerce.coupons.amountInvalid',
      maxRedemptions: 'commerce.coupons.maxRedemptionsInvalid',
      maxRedemptionsPerCustomer: 'commerce.coupons.maxRedemptionsInvalid',
    },
    (issue) => issue.code === 'custom',
  );
  if (write.percentOff === null && write.amountOffCents === null)
    setFormError(
      errors,
      values.discountKind === 'amount' ? 'amountOffCents' : 'percentOff',
      values.discountKind === 'amount' ? 'commerce.coupons.amountInvalid' : 'commerce.coupons.percentInvalid',
    );
  if (
    typeof write.startsAt === 'string' &&
    typeof write.expiresAt === 'string' &&
    write.startsAt >= write.expiresAt
  )
    setFormError(errors, 'expiresAt', 'commerce.validation.endAfterStart');
  return errors;
};

/** What is sent: the write as the contract reads it (the code trimmed and in capitals). */
export const couponWriteBody = (values: CouponFormValues) =>
  adminCouponWriteSchema.parse(toCouponWrite(values));
