/**
 * What every remote engine adapter shares: one HTTP call with the retry policy (network errors, 429 with
 * its Retry-After, 5xx), the mapping of refusals and aborts onto the port's errors, and the output
 * re-encoded as a JPEG of the photo's exact size.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { StagingFailedError, StagingTimeoutError } from './staging-engine.port';

export interface RetryPolicy {
  /** Extra attempts after a network error, a 429 or a 5xx. */
  retries: number;
  /** First wait when the service gives no Retry-After; doubles each time. */
  backoffMs: number;
}

/** Longest wait a Retry-After may impose before the next attempt (the render's own limit still applies). */
const MAX_RETRY_AFTER_MS = 60_000;

/** Words providers use when they refuse a prompt or an image on content grounds. */
const REFUSAL = /content[ _-]?policy|moderation|safety|nsfw|flagged|not allowed/i;

export const isRefusal = (text: string): boolean => REFUSAL.test(text);

/** The port's error for an aborted render: the time limit's abort is a timeout, any other a cancellation. */
export function abortError(signal: AbortSignal): StagingTimeoutError {
  // By name, not instanceof: the DOMException of AbortSignal.timeout may come from another realm (jest).
  const timedOut = (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
  return timedOut
    ? new StagingTimeoutError()
    : new StagingTimeoutError('The decoration was cancelled', 'cancelled');
}

/** The signal a render runs under: its own time limit, and the caller's abort when there is one. */
export function renderSignal(timeoutSeconds: number, signal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutSeconds * 1000);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), else undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** An answer worth another attempt, with how long the service asked us to wait. */
class Retryable extends Error {
  constructor(
    message: string,
    readonly reason: 'rate_limited' | 'server_error' | 'network',
    readonly waitMs?: number,
  ) {
    super(message);
  }
}

/**
 * One HTTP call to an engine with the retry policy. Answers 2xx; a 4xx other than 429 fails at once
 * (`refused` when the text names a content policy, else `bad_request`).
 */
export async function engineFetch(
  engine: string,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  policy: RetryPolicy,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      let answer: Response;
      try {
        answer = await fetch(url, { ...init, signal });
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        throw new Retryable(`${engine} could not be reached: ${String(error)}`, 'network');
      }
      if (answer.status === 429 || answer.status >= 500) {
        const text = await answer.text().catch(() => '');
        const wait = answer.status === 429 ? retryAfterMs(answer.headers.get('retry-after')) : undefined;
        throw new Retryable(
          `${engine} answered ${answer.status}: ${text.slice(0, 200)}`,
          answer.status === 429 ? 'rate_limited' : 'server_error',
          wait,
        );
      }
      if (!answer.ok) {
        const text = await answer.text().catch(() => '');
        throw new StagingFailedError(
          `${engine} refused the request (${answer.status}): ${text.slice(0, 300)}`,
          {
            reason: isRefusal(text) ? 'refused' : 'bad_request',
          },
        );
      }
      return answer;
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      if (attempt >= policy.retries) {
        throw new StagingFailedError(`${error.message} (after ${attempt + 1} attempts)`, {
          reason: error.reason,
        });
      }
      try {
        await sleep(error.waitMs ?? Math.min(policy.backoffMs * 2 ** attempt, 10_000), undefined, { signal });
      } catch {
        throw abortError(signal);
      }
    }
  }
}

/** Waits between polls; an abort during the wait becomes the port's timeout or cancellation. */
export async function pollDelay(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw abortError(signal);
  }
}

/** Whatever the engine sends (JPEG, PNG, WebP, another size) becomes a JPEG of the photo's exact size. */
export async function toPhotoSizedJpeg(image: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    const pipeline = sharp(image, { failOn: 'error' }).autoOrient();
    const { width: w, height: h, format, orientation, hasAlpha } = await pipeline.metadata();
    // Already what we keep: a JPEG of the photo's size, upright. Decoding and re-encoding 12 MP costs ~150 ms.
    if (format === 'jpeg' && w === width && h === height && (orientation ?? 1) === 1 && !hasAlpha)
      return image;
    const sized = w === width && h === height ? pipeline : pipeline.resize(width, height, { fit: 'fill' });
    return await sized.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  } catch (error) {
    throw new StagingFailedError('The staging engine sent something that is not an image', {
      cause: error,
      reason: 'bad_output',
    });
  }
}
