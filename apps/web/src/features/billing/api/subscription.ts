import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BillingCycle,
  PlanCode,
  SubscriptionChangePreview,
  SubscriptionChangeRequest,
  SubscriptionResponse,
} from '@estancia/contracts';
import { api } from '../../../shared/api';
import { identityApi } from '../../auth/api/identity-api';
import { session } from '../../session/session';

export const subscriptionKeys = {
  subscription: ['billing', 'subscription'] as const,
  preview: (plan: PlanCode, cycle: BillingCycle) => ['billing', 'subscription-change', plan, cycle] as const,
};

export const subscriptionApi = {
  get: async () => (await api.get<SubscriptionResponse>('billing/subscription')).subscription,
  preview: (plan: PlanCode, cycle: BillingCycle) =>
    api.get<SubscriptionChangePreview>(
      `billing/subscription/change?${new URLSearchParams({ plan, cycle }).toString()}`,
    ),
  change: (request: SubscriptionChangeRequest) =>
    api.post<SubscriptionResponse>('billing/subscription/change', request),
  cancel: () => api.post<SubscriptionResponse>('billing/subscription/cancel'),
  resume: () => api.post<SubscriptionResponse>('billing/subscription/resume'),
};

/** GET billing/subscription: the user's subscription, or null when they have none. */
export function useSubscription() {
  return useQuery({ queryKey: subscriptionKeys.subscription, queryFn: subscriptionApi.get });
}

/** GET billing/subscription/change?plan=&cycle=: what changing to this plan and cycle would do. */
export function useSubscriptionPreview(plan: PlanCode, cycle: BillingCycle, { enabled = true } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.preview(plan, cycle),
    queryFn: () => subscriptionApi.preview(plan, cycle),
    enabled,
    // A proration depends on the second it is asked: never show an old one.
    gcTime: 0,
  });
}

/**
 * After a change the plan, its rights and perhaps the balance moved: refetch billing and wallet data
 * (not the open previews, which would now describe the new plan) and reload the profile, so the
 * navigation names the new plan and shows the new credits.
 */
async function afterSubscriptionChanged(client: QueryClient, { subscription }: SubscriptionResponse) {
  client.setQueryData(subscriptionKeys.subscription, subscription);
  await Promise.all([
    client.invalidateQueries({
      queryKey: ['billing'],
      predicate: (query) => query.queryKey[1] !== 'subscription-change',
    }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
    refreshSessionUser(),
  ]);
}

/** Reloads the signed-in user (plan, credits) into the session; a failure leaves the old one shown. */
export async function refreshSessionUser(): Promise<void> {
  if (!session.getState().token) return;
  try {
    const { user } = await identityApi.profile();
    session.setUser(user);
  } catch {
    // The page still shows the answer of the change itself; the profile catches up on the next load.
  }
}

/** POST billing/subscription/change: an upgrade now (prorated), anything else at the period's end. */
export function useChangeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscriptionApi.change,
    onSuccess: (response) => afterSubscriptionChanged(client, response),
  });
}

/** POST billing/subscription/cancel: the services stay until the period's end. */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscriptionApi.cancel,
    onSuccess: (response) => afterSubscriptionChanged(client, response),
  });
}

/** POST billing/subscription/resume: undoes a cancellation before the period ends. */
export function useResumeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscriptionApi.resume,
    onSuccess: (response) => afterSubscriptionChanged(client, response),
  });
}
