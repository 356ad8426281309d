import { addMonths, changeTerms, isUpgrade, type PlanTerms } from './subscription-change';

const terms = (plan: PlanTerms['plan'], cycle: PlanTerms['cycle']): PlanTerms => {
  const monthly = {
    STARTER: [1, 1900, 10],
    PRO: [2, 4900, 40],
    ULTIMATE: [3, 9900, 100],
    BUSINESS: [4, 24900, 300],
  }[plan];
  return {
    plan,
    cycle,
    rank: monthly[0],
    priceCents: cycle === 'annual' ? monthly[1] * 10 : monthly[1],
    includedDecorations: monthly[2],
  };
};

const start = new Date('2026-03-01T00:00:00Z');
const end = new Date('2026-03-31T00:00:00Z');
const halfway = new Date('2026-03-16T00:00:00Z');

describe('subscription change terms', () => {
  it('adds calendar months in UTC, clamped to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 12).toISOString()).toBe('2027-11-15T00:00:00.000Z');
  });

  it('calls an upgrade a higher plan on the same or a longer cycle, or monthly to annual', () => {
    expect(isUpgrade(terms('PRO', 'monthly'), terms('ULTIMATE', 'monthly'))).toBe(true);
    expect(isUpgrade(terms('PRO', 'monthly'), terms('ULTIMATE', 'annual'))).toBe(true);
    expect(isUpgrade(terms('PRO', 'monthly'), terms('PRO', 'annual'))).toBe(true);
    expect(isUpgrade(terms('PRO', 'annual'), terms('ULTIMATE', 'monthly'))).toBe(false);
    expect(isUpgrade(terms('PRO', 'annual'), terms('PRO', 'monthly'))).toBe(false);
    expect(isUpgrade(terms('PRO', 'monthly'), terms('STARTER', 'annual'))).toBe(false);
    expect(isUpgrade(terms('PRO', 'monthly'), terms('PRO', 'monthly'))).toBe(false);
  });

  it('prorates a same-cycle upgrade over the remaining part of the period, which does not move', () => {
    const change = changeTerms(
      terms('PRO', 'monthly'),
      terms('ULTIMATE', 'monthly'),
      { start, end },
      halfway,
    );
    expect(change).toMatchObject({
      effective: 'now',
      amountCents: 2500,
      creditsNow: 60,
      periodStart: start,
      periodEnd: end,
    });
  });

  it('charges a longer cycle less the unused part of the old one, from a new period starting now', () => {
    const change = changeTerms(terms('PRO', 'monthly'), terms('PRO', 'annual'), { start, end }, halfway);
    expect(change).toMatchObject({ effective: 'now', amountCents: 49000 - 2450, creditsNow: 480 - 40 });
    expect(change.periodStart).toEqual(halfway);
    expect(change.periodEnd).toEqual(new Date('2027-03-16T00:00:00Z'));
  });

  it('waits for the period end for anything else, charging and granting nothing now', () => {
    for (const to of [terms('STARTER', 'monthly'), terms('PRO', 'monthly'), terms('BUSINESS', 'monthly')]) {
      const change = changeTerms(terms('PRO', 'annual'), to, { start, end }, halfway);
      expect(change).toEqual({
        effective: 'period_end',
        effectiveAt: end,
        amountCents: 0,
        creditsNow: 0,
        periodStart: start,
        periodEnd: end,
      });
    }
  });

  it('never charges a negative amount, even after the period end', () => {
    const late = new Date('2026-04-02T00:00:00Z');
    expect(
      changeTerms(terms('PRO', 'monthly'), terms('ULTIMATE', 'monthly'), { start, end }, late).amountCents,
    ).toBe(0);
  });
});
