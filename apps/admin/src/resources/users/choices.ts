import { ADMIN_USER_PLAN_FILTERS } from '@estancia/contracts';

/** Plan codes are the product's names for the tiers, the same in every language; "none" is translated. */
export const planFilterChoices = ADMIN_USER_PLAN_FILTERS.map((plan) => ({
  id: plan,
  name: plan === 'none' ? 'console.customers.noPlan' : plan,
}));

/** The API reads boolean filters as 'true' / 'false'; each side is named for what it means. */
export const verifiedChoices = [
  { id: 'true', name: 'console.customers.verifiedYes' },
  { id: 'false', name: 'console.customers.verifiedNo' },
];
export const blockedChoices = [
  { id: 'true', name: 'console.customers.blockedYes' },
  { id: 'false', name: 'console.customers.blockedNo' },
];
