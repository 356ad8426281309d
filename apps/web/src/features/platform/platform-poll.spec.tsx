import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi, platformStatus } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { hubPresence } from './hub-presence';
import {
  PLATFORM_STATUS_FALLBACK_POLL_MS,
  PLATFORM_STATUS_POLL_MS,
  platformPollInterval,
} from './hooks/usePlatform';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const STATUS = 'GET platform/status';

describe('the platform status poll', () => {
  let connected = false;
  beforeEach(async () => {
    connected = false;
    hubPresence.track(() => connected);
    await resetApp();
  });
  afterEach(() => {
    vi.useRealTimers();
    hubPresence.track(() => false);
  });

  it('polls every 5 s without the socket or while maintenance is on, every 30 s while pushes arrive', () => {
    expect(platformPollInterval(platformStatus())).toBe(5_000);
    connected = true;
    expect(platformPollInterval(platformStatus())).toBe(30_000);
    expect(platformPollInterval(undefined)).toBe(PLATFORM_STATUS_POLL_MS);
    // The way back must not wait for a push that may never come.
    expect(platformPollInterval(platformStatus({ isMaintenanceMode: true }))).toBe(
      PLATFORM_STATUS_FALLBACK_POLL_MS,
    );
  });

  it('without the socket, switches to UpdatingPlatform within 5 s and comes back when maintenance ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    const app = renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const polls = api.callsTo(STATUS).length;

    api.set(STATUS, { body: platformStatus({ isMaintenanceMode: true }) });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await screen.findByRole('heading', { level: 1, name: 'Estamos actualizando la plataforma' });
    expect(app.location().pathname).toBe('/updating-platform');
    expect(api.callsTo(STATUS).length).toBeGreaterThan(polls);

    // UpdatingPlatform keeps polling and lets the customer back in when it is over.
    api.set(STATUS, { body: platformStatus() });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    // ...back to the page they were on, not to My projects.
    await waitFor(() => expect(app.location().pathname).toBe('/account'));
  });

  it('with the socket connected, leaves the quick poll to the pushes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connected = true;
    const api = fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const polls = api.callsTo(STATUS).length;
    await act(() => vi.advanceTimersByTimeAsync(PLATFORM_STATUS_FALLBACK_POLL_MS * 2));
    expect(api.callsTo(STATUS).length).toBe(polls);
    await act(() => vi.advanceTimersByTimeAsync(PLATFORM_STATUS_POLL_MS));
    expect(api.callsTo(STATUS).length).toBeGreaterThan(polls);
  });
});
