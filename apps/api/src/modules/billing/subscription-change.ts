import type { BillingCycle, PlanCode } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';
import { CYCLE_MONTHS } from './payment-gateway.port';

/** A plan on one billing cycle, with what decides a change: its rank, price and included decorations. */
export interface PlanTerms {
  plan: PlanCode;
  cycle: BillingCycle;
  rank: number;
  priceCents: number;
  includedDecorations: number;
}

/** What moving from one plan to another does, as the preview shows it and the gateway charges it. */
export interface ChangeTerms {
  effective: 'now' | 'period_end';
  effectiveAt: Date;
  /** Charged now (0 unless an upgrade). */
  amountCents: number;
  /** Granted now with the upgrade's invoice. */
  creditsNow: number;
  /** The period after the change: unchanged, except an upgrade to a longer cycle starts a new one now. */
  periodStart: Date;
  periodEnd: Date;
}

/** `date` plus `months` calendar months in UTC, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export const addMonths = (date: Date, months: number): Date => {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
};

/** The end of a period of `cycle` that starts at `start`. */
export const periodEndOf = (start: Date, cycle: BillingCycle): Date => addMonths(start, CYCLE_MONTHS[cycle]);

/** Decorations a plan includes for one whole period of its cycle. */
export const creditsPerPeriod = (terms: Pick<PlanTerms, 'includedDecorations' | 'cycle'>): number =>
  terms.includedDecorations * CYCLE_MONTHS[terms.cycle];

/**
 * An upgrade takes effect now: a higher plan on the same or a longer cycle, or the same plan from
 * monthly to annual. Anything else (lower plan, shorter cycle, the same plan and cycle) waits for
 * the period's end.
 */
export const isUpgrade = (from: PlanTerms, to: PlanTerms): boolean => {
  const longer = CYCLE_MONTHS[to.cycle] > CYCLE_MONTHS[from.cycle];
  if (to.plan === from.plan) return longer;
  return to.rank > from.rank && CYCLE_MONTHS[to.cycle] >= CYCLE_MONTHS[from.cycle];
};

/**
 * The one rule for a change of plan, shared by the preview and the sandbox gateway so the price
 * shown is the price charged. An upgrade on the same cycle pays the price difference for the
 * remaining part of the period (which does not move); to a longer cycle it pays the new price less
 * the unused part of the old one, and a new period starts now (as Stripe does when the interval
 * changes). Credits granted now: the new plan's period allowance less the one already granted.
 */
export const changeTerms = (
  from: PlanTerms,
  to: PlanTerms,
  period: { start: Date; end: Date },
  now: Date,
): ChangeTerms => {
  if (!isUpgrade(from, to)) {
    return {
      effective: 'period_end',
      effectiveAt: period.end,
      amountCents: 0,
      creditsNow: 0,
      periodStart: period.start,
      periodEnd: period.end,
    };
  }
  const total = Math.max(1, period.end.getTime() - period.start.getTime());
  const remaining = Math.min(total, Math.max(0, period.end.getTime() - now.getTime()));
  const creditsNow = Math.max(0, creditsPerPeriod(to) - creditsPerPeriod(from));
  if (to.cycle === from.cycle) {
    return {
      effective: 'now',
      effectiveAt: now,
      amountCents: Math.max(0, Math.round(((to.priceCents - from.priceCents) * remaining) / total)),
      creditsNow,
      periodStart: period.start,
      periodEnd: period.end,
    };
  }
  return {
    effective: 'now',
    effectiveAt: now,
    amountCents: Math.max(0, to.priceCents - Math.round((from.priceCents * remaining) / total)),
    creditsNow,
    periodStart: now,
    periodEnd: periodEndOf(now, to.cycle),
  };
};

interface PlanTermsRow {
  code: PlanCode;
  name: string;
  sort_order: number;
  monthly_price_cents: number;
  annual_price_cents: number;
  included_decorations: number;
}

/** A plan's terms on a cycle, read from the catalogue (withdrawn plans included: they still serve subscribers). */
export async function loadPlanTerms(
  m: Pick<EntityManager, 'query'>,
  plan: PlanCode,
  cycle: BillingCycle,
): Promise<PlanTerms & { name: string }> {
  const [row] = (await m.query(
    `SELECT code, name, sort_order, monthly_price_cents, annual_price_cents, included_decorations
       FROM plans WHERE code = $1`,
    [plan],
  )) as PlanTermsRow[];
  if (!row) throw new Error(`plan ${plan} is not in the catalogue`);
  return {
    plan: row.code,
    name: row.name,
    cycle,
    rank: row.sort_order,
    priceCents: cycle === 'annual' ? row.annual_price_cents : row.monthly_price_cents,
    includedDecorations: row.included_decorations,
  };
}
