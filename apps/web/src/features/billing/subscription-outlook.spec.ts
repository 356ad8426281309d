import { describe, expect, it } from 'vitest';
import type { Subscription } from '@estancia/contracts';
import { subscriptionOutlook, type SubscriptionOutlook } from './subscription-outlook';

const END = '2027-01-01T00:00:00.000Z';
const toStarter = { plan: 'STARTER', cycle: 'monthly', from: END } as const;
const toAnnual = { plan: 'PRO', cycle: 'annual', from: END } as const;

type State = Pick<
  Subscription,
  'isActive' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'scheduledChange'
>;
const state = (overrides: Partial<State>): State => ({
  isActive: true,
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: END,
  scheduledChange: null,
  ...overrides,
});

// Each row is a state the customer can reach with upgrade (immediate: a new plan, no scheduled change),
// downgrade or cycle change (scheduled), cancel and resume, in any order; each maps to exactly one sentence.
const CASES: [string, State, SubscriptionOutlook][] = [
  ['a plain subscription', state({}), { kind: 'renews', date: END }],
  ['after an upgrade', state({}), { kind: 'renews', date: END }],
  [
    'after a downgrade',
    state({ scheduledChange: toStarter }),
    { kind: 'changing', date: END, plan: 'STARTER', cycle: 'monthly' },
  ],
  [
    'after a cycle change',
    state({ scheduledChange: toAnnual }),
    { kind: 'changing', date: END, plan: 'PRO', cycle: 'annual' },
  ],
  ['after a cancellation', state({ cancelAtPeriodEnd: true }), { kind: 'cancelled', date: END }],
  [
    'after a downgrade then a cancellation',
    state({ cancelAtPeriodEnd: true, scheduledChange: toStarter }),
    { kind: 'cancelled', date: END },
  ],
  [
    'after a cancellation then a downgrade (the API keeps both flags)',
    state({ cancelAtPeriodEnd: true, scheduledChange: toAnnual }),
    { kind: 'cancelled', date: END },
  ],
  [
    'after a downgrade, a cancellation and a resume',
    state({ scheduledChange: toStarter }),
    { kind: 'changing', date: END, plan: 'STARTER', cycle: 'monthly' },
  ],
  ['after a cancellation and a resume', state({}), { kind: 'renews', date: END }],
  [
    'past due with a cancellation',
    state({ isActive: false, status: 'past_due', cancelAtPeriodEnd: true, scheduledChange: toStarter }),
    { kind: 'cancelled', date: END },
  ],
  [
    'past due with a downgrade',
    state({ isActive: false, status: 'past_due', scheduledChange: toStarter }),
    { kind: 'changing', date: END, plan: 'STARTER', cycle: 'monthly' },
  ],
  [
    'ended after a cancellation and a downgrade',
    state({ isActive: false, status: 'canceled', cancelAtPeriodEnd: true, scheduledChange: toStarter }),
    { kind: 'ended', date: END },
  ],
  ['ended unpaid', state({ isActive: false, status: 'unpaid' }), { kind: 'ended', date: END }],
];

describe('the subscription outlook: one state, one sentence', () => {
  it.each(CASES)('%s', (_name, subscription, expected) => {
    expect(subscriptionOutlook(subscription)).toEqual(expected);
  });
});
