import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhooksResponse } from '@estancia/contracts';
import { integrationKeys, integrationsApi } from '../api/integrations-api';
import { lostApiAccess } from './useApiKeys';

/** While a delivery is still being tried, the table follows it. */
export const PENDING_DELIVERIES_POLL_MS = 10_000;

/** GET integrations/webhooks: endpoints and their latest deliveries (only asked when the plan has API access). */
export function useWebhooks(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.webhooks,
    queryFn: integrationsApi.webhooks,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.state === 'pending')
        ? PENDING_DELIVERIES_POLL_MS
        : false,
  });
}

function useWebhooksCache() {
  const client = useQueryClient();
  return {
    update: (change: (old: WebhooksResponse) => WebhooksResponse) =>
      client.setQueryData<WebhooksResponse>(integrationKeys.webhooks, (old) => (old ? change(old) : old)),
    refresh: () => client.invalidateQueries({ queryKey: integrationKeys.webhooks }),
    /** Gone elsewhere, or the plan lost API access (the keys' answer then turns the page into the offer). */
    refreshAfter: (error: unknown) =>
      client.invalidateQueries({
        queryKey: lostApiAccess(error) ? integrationKeys.all : integrationKeys.webhooks,
      }),
  };
}

/** POST integrations/webhooks: the answer's signing secret goes to the caller only. */
export function useCreateWebhook() {
  const cache = useWebhooksCache();
  return useMutation({
    mutationFn: integrationsApi.createWebhook,
    onSuccess: ({ id, url, events, createdAt }) => {
      cache.update((old) => ({ ...old, endpoints: [...old.endpoints, { id, url, events, createdAt }] }));
      return cache.refresh();
    },
    onError: (error) => (lostApiAccess(error) ? cache.refreshAfter(error) : undefined),
  });
}

/** DELETE integrations/webhooks/:id. */
export function useDeleteWebhook() {
  const cache = useWebhooksCache();
  return useMutation({
    mutationFn: integrationsApi.deleteWebhook,
    onSuccess: (_, endpointId) => {
      cache.update((old) => ({ ...old, endpoints: old.endpoints.filter((e) => e.id !== endpointId) }));
      return cache.refresh();
    },
    onError: cache.refreshAfter,
  });
}

/** POST integrations/webhooks/deliveries/:id/resend: the delivery's new state replaces the old row. */
export function useResendDelivery() {
  const cache = useWebhooksCache();
  return useMutation({
    mutationFn: integrationsApi.resendDelivery,
    onSuccess: (delivery) => {
      cache.update((old) => ({
        ...old,
        deliveries: old.deliveries.some((d) => d.id === delivery.id)
          ? old.deliveries.map((d) => (d.id === delivery.id ? delivery : d))
          : [delivery, ...old.deliveries],
      }));
      return cache.refresh();
    },
    onError: cache.refreshAfter,
  });
}
