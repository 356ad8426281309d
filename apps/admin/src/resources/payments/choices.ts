import {
  ADMIN_PAYMENT_KINDS,
  BILLING_CYCLES,
  PACK_CODES,
  PLAN_CODES,
  SUBSCRIPTION_STATUSES,
} from '@estancia/contracts';

/** The gateways a payment or subscription can have gone through (the sandbox is the embedded default). */
export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;

/** Choices whose names are translation keys; react-admin's fields and inputs translate them. */
export const paymentKindChoices = ADMIN_PAYMENT_KINDS.map((kind) => ({
  id: kind,
  name: `commerce.paymentKinds.${kind}`,
}));
export const gatewayChoices = PAYMENT_GATEWAYS.map((gateway) => ({
  id: gateway,
  name: `commerce.gateways.${gateway}`,
}));
export const cycleChoices = BILLING_CYCLES.map((cycle) => ({ id: cycle, name: `commerce.cycles.${cycle}` }));
export const subscriptionStatusChoices = SUBSCRIPTION_STATUSES.map((status) => ({
  id: status,
  name: `commerce.subscriptionStatuses.${status}`,
}));
// Plan and pack codes are the product's names for the tiers, the same in every language.
export const planChoices = PLAN_CODES.map((code) => ({ id: code, name: code }));
export const packChoices = PACK_CODES.map((code) => ({ id: code, name: code }));
