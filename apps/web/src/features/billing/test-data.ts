import type { CheckoutSession, Pack, Plan } from '@estancia/contracts';

export const SESSION_ID = '5b0e6a3c-2f4d-4c1e-9a7b-8d6f5e4c3b2a';

const rights = {
  watermark: false,
  extraEditOptions: true,
  unlimitedEditing: true,
  allRoomsAndStyles: true,
  descriptionsPerMonth: 16,
  apiAccess: false,
  customLimits: false,
};

export const plans: Plan[] = [
  {
    code: 'STARTER',
    name: 'Starter',
    currency: 'EUR',
    monthlyPriceCents: 1900,
    annualPriceCents: 19000,
    includedDecorations: 10,
    rights: {
      ...rights,
      watermark: true,
      extraEditOptions: false,
      unlimitedEditing: false,
      descriptionsPerMonth: 4,
    },
  },
  {
    code: 'PRO',
    name: 'Pro',
    currency: 'EUR',
    monthlyPriceCents: 4900,
    annualPriceCents: 49000,
    includedDecorations: 40,
    rights,
  },
];

export const packs: Pack[] = [
  { code: 'starter', name: 'Starter', currency: 'EUR', credits: 10, priceCents: 2900, properties: '1-2' },
  { code: 'business', name: 'Business', currency: 'EUR', credits: 250, priceCents: 49900, properties: '20+' },
];

export function aCheckoutSession(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    id: SESSION_ID,
    kind: 'pack',
    packCode: 'starter',
    packName: 'Starter',
    planCode: null,
    cycle: null,
    credits: 10,
    quantity: 1,
    amountCents: 2900,
    discountCents: 0,
    couponCode: null,
    currency: 'EUR',
    state: 'open',
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}
