import { ErrorCode } from '@estancia/contracts';
import { ApiRequestError } from './api-client';

/** The first wait after a refusal; each further refusal of the same query doubles it. */
export const RETRY_BASE_MS = 1_000;
/** No wait grows past this, so a query comes back within a minute of the API recovering. */
export const RETRY_CAP_MS = 60_000;

/**
 * Codes that mean "not now" rather than "no": the same call can succeed later. A proxy's bare 429/502/503/504
 * has no code of ours and arrives as INTERNAL. MAINTENANCE_MODE, HIGH_DEMAND, FREE_TRY_LIMIT are answers the
 * product chose and are shown as such, never retried.
 */
const TRANSIENT_CODES = new Set<ErrorCode>([
  ErrorCode.RATE_LIMITED,
  ErrorCode.SERVICE_UNAVAILABLE,
  ErrorCode.INTERNAL,
]);
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

/** A refusal worth waiting out: too many requests, or the service briefly unavailable. */
export function isTransient(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    TRANSIENT_STATUSES.has(error.status) &&
    TRANSIENT_CODES.has(error.code)
  );
}

/**
 * How long to wait before the next try of a query that failed `failureCount` times in a row (0 for the first
 * failure, TanStack Query's count): exponential with "equal jitter", so tabs refused together do not come
 * back together, and never sooner than the API's Retry-After.
 */
export function retryDelayMs(
  failureCount: number,
  error: unknown,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failureCount));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  const retryAfter = error instanceof ApiRequestError ? (error.retryAfterMs ?? 0) : 0;
  return Math.round(Math.min(Math.max(jittered, retryAfter), Math.max(RETRY_CAP_MS, retryAfter)));
}

/** Only transient refusals are retried, for as long as they last: each query has one loop, spaced by retryDelayMs. */
export const shouldRetry = (_failureCount: number, error: unknown): boolean => isTransient(error);
