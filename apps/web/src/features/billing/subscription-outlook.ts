import type { BillingCycle, PlanCode, Subscription } from '@estancia/contracts';

/**
 * What happens next to a subscription, as one sentence: a cancellation wins over a scheduled change (the
 * subscription ends at the period's end, so the change never starts); resuming brings the change back, as
 * the API keeps it.
 */
export type SubscriptionOutlook =
  | { kind: 'ended'; date: string }
  | { kind: 'cancelled'; date: string }
  | { kind: 'changing'; date: string; plan: PlanCode; cycle: BillingCycle }
  | { kind: 'renews'; date: string };

type OutlookFields = Pick<
  Subscription,
  'isActive' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'scheduledChange'
>;

export function subscriptionOutlook(subscription: OutlookFields): SubscriptionOutlook {
  const { currentPeriodEnd: date, scheduledChange } = subscription;
  // A past-due subscription keeps its services while the payment is retried.
  const live = subscription.isActive || subscription.status === 'past_due';
  if (!live) return { kind: 'ended', date };
  if (subscription.cancelAtPeriodEnd) return { kind: 'cancelled', date };
  if (scheduledChange)
    return {
      kind: 'changing',
      date: scheduledChange.from,
      plan: scheduledChange.plan,
      cycle: scheduledChange.cycle,
    };
  return { kind: 'renews', date };
}
