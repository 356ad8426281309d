import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { session } from '../features/session/session';
import { fakeApi, subscribed } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { ApiRequestError, parseRetryAfter } from './api-client';
import { isTransient, RETRY_CAP_MS, retryDelayMs, shouldRetry } from './retry-policy';

vi.mock('../features/realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));
// The agent reloads a tab: a token is stored, the profile is not loaded yet (the session store reads it once).
vi.mock('../features/session/session', async (importOriginal) => {
  window.localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  return await importOriginal();
});

const refusal = (status: number, code: string, retryAfterMs?: number) =>
  new ApiRequestError(status, { code: code as never, message: code }, retryAfterMs);

describe('the retry policy', () => {
  it('retries only "not now" answers, never a domain refusal', () => {
    expect(shouldRetry(0, refusal(429, 'RATE_LIMITED'))).toBe(true);
    expect(shouldRetry(9, refusal(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(isTransient(refusal(502, 'INTERNAL'))).toBe(true);
    for (const [status, code] of [
      [401, 'UNAUTHENTICATED'],
      [503, 'MAINTENANCE_MODE'],
      [503, 'HIGH_DEMAND'],
      [429, 'FREE_TRY_LIMIT'],
      [500, 'INTERNAL'],
      [404, 'NOT_FOUND'],
    ] as const)
      expect(shouldRetry(0, refusal(status, code)), `${status} ${code}`).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Tue, 01 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('doubles the wait with jitter, caps it, and honours Retry-After', () => {
    const rateLimited = refusal(429, 'RATE_LIMITED');
    expect(retryDelayMs(0, rateLimited, () => 0)).toBe(500);
    expect(retryDelayMs(0, rateLimited, () => 1)).toBe(1_000);
    expect(retryDelayMs(3, rateLimited, () => 1)).toBe(8_000);
    expect(retryDelayMs(30, rateLimited, () => 1)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(0, refusal(429, 'RATE_LIMITED', 7_000), () => 0)).toBe(7_000);
    // A longer wait the API asks for is still honoured past the cap.
    expect(retryDelayMs(0, refusal(503, 'SERVICE_UNAVAILABLE', 120_000), () => 0)).toBe(120_000);
  });
});

describe('a 429 storm', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the agent signed in, backs off to a bounded number of requests and says it is retrying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'POST user/profile': { body: { token: 'tok-1', user: subscribed() } },
      'GET project': { body: { items: [], total: 0, page: 1, pageSize: 12 } },
    });
    let storm = true;
    let refused = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!storm) return api.fetch(input, init);
      refused++;
      return new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
      });
    });

    const app = renderApp('/my-projects');
    let sawLogin = false;
    for (let second = 0; second < 60; second++) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      if (app.location().pathname.startsWith('/login')) sawLogin = true;
      if (refused > 200) break; // a flood: no need to simulate the rest of the minute
    }
    expect(sawLogin).toBe(false);
    // Two queries were waiting (platform status, profile), each in one exponential loop: about 7 tries each
    // in 60 s, against the 10,519 a tab sent when it reacted to the 429 by signing out and reloading.
    expect(refused).toBeGreaterThan(2);
    expect(refused).toBeLessThanOrEqual(20);
    expect(screen.getByText(/^Demasiadas peticiones en este momento: reintentamos en \d+ s\.$/)).toBeTruthy();
    expect(session.getState().token).toBe('tok-1');

    // The storm passes: within the capped wait the agent is where they were, still signed in.
    storm = false;
    await act(() => vi.advanceTimersByTimeAsync(RETRY_CAP_MS + 1_000));
    await screen.findByRole('heading', { level: 1, name: 'Mis proyectos' });
    expect(app.location().pathname).toBe('/my-projects');
  }, 30_000);
});
