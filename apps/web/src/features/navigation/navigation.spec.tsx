import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { homeLink } from './hooks/useHomeLink';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

/** A pack buyer without a plan: bought 20 credits, no project yet. */
const packBuyer = () => ({
  'GET project': { body: { items: [], total: 0, page: 1, pageSize: 12 } },
  'GET wallet/statistics': {
    body: {
      creditsPurchased: 20,
      creditsUsed: 0,
      automaticImages: 0,
      supervisedImages: 0,
      descriptions: 0,
      creditsEarnedByReferrals: 0,
      since: '2025-01-10T10:00:00.000Z',
    },
  },
});

describe("the header's first link", () => {
  it('names the projects for a subscriber and a returning customer, the free try before', () => {
    expect(homeLink(subscribed(), 'unknown')).toEqual({ route: 'MyProjects', label: 'nav.myProjects' });
    expect(homeLink(aUser(), 'returning')).toEqual({ route: 'GetStarted', label: 'nav.myProjects' });
    expect(homeLink(aUser(), 'new')).toEqual({ route: 'GetStarted', label: 'nav.tryFree' });
    expect(homeLink(aUser(), 'unknown')).toEqual({ route: 'GetStarted', label: 'nav.tryFree' });
  });
});

describe('navigation for a pack buyer', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('no longer offers the free try in the header once credits were bought', async () => {
    fakeApi(packBuyer());
    session.signIn({ token: 'tok-1', user: aUser({ credits: 20 }) });
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Ayuda' });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Mis proyectos' }).getAttribute('href')).toBe(
        '/get-started',
      ),
    );
    expect(within(nav).queryByRole('link', { name: 'Prueba gratis' })).toBeNull();
    expect(within(nav).getByTestId('credits').textContent).toBe('20 créditos');
  });

  it('lists "Mis proyectos" once in the phone menu', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    fakeApi();
    session.signIn({ token: 'tok-1', user: subscribed() });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    await userEvent.click(screen.getByRole('button', { name: 'Menú' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getAllByRole('link', { name: 'Mis proyectos' })).toHaveLength(1);
    expect(within(drawer).getByRole('link', { name: 'Mi cuenta' })).toBeTruthy();
  });
});
