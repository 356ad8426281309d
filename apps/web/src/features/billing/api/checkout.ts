import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutRequest,
  CheckoutResponse,
  CheckoutSession,
  ExtraDecorationsRequest,
  SandboxPayRequest,
} from '@estancia/contracts';
import { api } from '../../../shared/api';

export const checkoutApi = {
  start: (request: CheckoutRequest) => api.post<CheckoutResponse>('billing/checkout', request),
  session: (sessionId: string) =>
    api.get<CheckoutSession>(`billing/checkout/${encodeURIComponent(sessionId)}`),
  sandboxSession: (sessionId: string) =>
    api.get<CheckoutSession>(`billing/sandbox/${encodeURIComponent(sessionId)}`),
  sandboxPay: (sessionId: string, request: SandboxPayRequest) =>
    api.post<CheckoutSession>(`billing/sandbox/${encodeURIComponent(sessionId)}/pay`, request),
  sandboxDecline: (sessionId: string) =>
    api.post<CheckoutSession>(`billing/sandbox/${encodeURIComponent(sessionId)}/decline`),
  cardSetup: () => api.post<CheckoutResponse>('billing/payment-method/setup'),
  extraDecorations: (request: ExtraDecorationsRequest) =>
    api.post<unknown>('billing/extra-decorations', request),
};

export const checkoutKeys = {
  session: (sessionId: string) => ['billing', 'checkout', sessionId] as const,
  sandbox: (sessionId: string) => ['billing', 'sandbox', sessionId] as const,
};

/** Leaves the app for the gateway's page: ours (the sandbox) or Stripe's, so a full navigation. */
export const gatewayNavigation = {
  go: (checkoutUrl: string): void => window.location.assign(checkoutUrl),
};

/** POST billing/checkout, then off to the gateway's page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: checkoutApi.start,
    onSuccess: ({ checkoutUrl }) => gatewayNavigation.go(checkoutUrl),
  });
}

/** POST billing/payment-method/setup (a card setup session), then off to the gateway's page. */
export function useStartCardSetup() {
  return useMutation({
    mutationFn: checkoutApi.cardSetup,
    onSuccess: ({ checkoutUrl }) => gatewayNavigation.go(checkoutUrl),
  });
}

/**
 * One checkout session of the signed-in user. With `poll`, asks again every second while the
 * gateway has not yet confirmed it (state `open`).
 */
export function useCheckoutSession(sessionId: string, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: checkoutKeys.session(sessionId),
    queryFn: () => checkoutApi.session(sessionId),
    enabled: sessionId !== '',
    refetchInterval: (query) => (poll && (query.state.data?.state ?? 'open') === 'open' ? 1000 : false),
  });
}

/** The session as the sandbox gateway's page shows it. */
export function useSandboxSession(sessionId: string) {
  return useQuery({
    queryKey: checkoutKeys.sandbox(sessionId),
    queryFn: () => checkoutApi.sandboxSession(sessionId),
    enabled: sessionId !== '',
  });
}

/** The sandbox page's Pay button: the card decides (4242… pays, 4000 0000 0000 0002 is declined). */
export function useSandboxPay(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SandboxPayRequest) => checkoutApi.sandboxPay(sessionId, request),
    onSuccess: (session) => client.setQueryData(checkoutKeys.session(sessionId), session),
  });
}

/** The sandbox page's "decline" link: the outcome a refused card would have, without typing one. */
export function useSandboxDecline(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => checkoutApi.sandboxDecline(sessionId),
    onSuccess: (session) => client.setQueryData(checkoutKeys.session(sessionId), session),
  });
}

/** POST billing/extra-decorations: decorations past the plan's included amount, charged to the saved card. */
export function useBuyExtraDecorations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quantity: number) => checkoutApi.extraDecorations({ quantity, consent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}
