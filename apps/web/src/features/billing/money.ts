import { BILLING_CURRENCY, type Pack, type Plan, type BillingCycle } from '@estancia/contracts';

/** Integer cents as the user's locale writes euros (49,00 € in es, €49.00 in en). */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: BILLING_CURRENCY }).format(cents / 100);
}

/** What a plan costs per month in a cycle: the annual price spread over 12 months. */
export const monthlyEquivalentCents = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'annual' ? Math.round(plan.annualPriceCents / 12) : plan.monthlyPriceCents;

/** What paying once a year saves against 12 monthly payments (0 when nothing). */
export const annualSavingCents = (plan: Plan): number =>
  Math.max(0, plan.monthlyPriceCents * 12 - plan.annualPriceCents);

export const pricePerCreditCents = (pack: Pack): number => Math.round(pack.priceCents / pack.credits);

/** A pack's band of properties: '1-2' → { from: 1, to: 2 }, '20+' → { moreThan: 20 }. */
export function propertiesBand(band: string): { from: string; to: string } | { moreThan: string } | null {
  const more = /^(\d+)\+$/.exec(band.trim());
  if (more) return { moreThan: more[1] };
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(band.trim());
  return range ? { from: range[1], to: range[2] } : null;
}
