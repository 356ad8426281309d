import { QueryClient } from '@tanstack/react-query';
import { notifications } from '../features/notifications/notifications';
import { ApiRequestError } from './api-client';
import { isTransient, retryDelayMs, shouldRetry } from './retry-policy';

/**
 * Tells the customer once, in the docked message (each new wait replaces it), that the app is waiting out
 * a refusal instead of failing: "too many requests" for a 429, "not available right now" otherwise.
 */
function announceRetry(error: unknown, delayMs: number): void {
  const key =
    error instanceof ApiRequestError && error.status === 429
      ? 'common.retrying.rateLimited'
      : 'common.retrying.unavailable';
  notifications.dock({ key, values: { seconds: Math.max(1, Math.ceil(delayMs / 1000)) } }, delayMs + 1_000);
}

/** Every query's one retry loop: transient refusals (429, 502–504) are waited out, nothing else is retried. */
function queryRetryDelay(failureCount: number, error: unknown): number {
  const delay = retryDelayMs(failureCount, error);
  // TanStack Query asks for the delay before it asks whether to retry at all.
  if (isTransient(error)) announceRetry(error, delay);
  return delay;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay: queryRetryDelay,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    },
    // Orders and payments are not repeated behind the customer's back; their forms show the error.
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Query keys shared by more than one feature. */
export const queryKeys = {
  platformStatus: ['platform', 'status'] as const,
  platformConfig: ['platform', 'config'] as const,
  platformEngine: ['platform', 'engine'] as const,
  profile: (token: string) => ['session', 'profile', token] as const,
};
