import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { i18n } from '../../shared/i18n';
import { plans } from '../billing/test-data';
import { inspiration } from '../free-try/test-data';
import { session } from '../session/session';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const landingApi = () =>
  fakeApi({
    'GET billing/plans': { body: plans },
    'GET free-try/inspiration': { body: inspiration },
  });

/** Every link of an element, by its href. */
const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');

describe('the sign-in page presents the product to a visitor', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('shows / as the sign-in page with the free try, examples, the steps, the plans and answers', async () => {
    landingApi();
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' }, { timeout: 5000 });
    expect(app.location().pathname).toBe('/login/');

    const hero = screen.getByRole('region', { name: 'Decora tus inmuebles con inteligencia artificial' });
    expect(within(hero).getByRole('link', { name: 'Decora una foto gratis' }).getAttribute('href')).toBe(
      '/try-free',
    );

    const examples = await screen.findByRole('region', { name: 'Antes y después' });
    expect(within(examples).getByLabelText('Comparar antes y después: Cocina, estilo Rústico')).toBeTruthy();

    const steps = screen.getByRole('region', { name: 'Cómo funciona' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);

    // The plans as the Offers page sells them, from the same API.
    const pricing = screen.getByRole('region', { name: 'Planes y precios' });
    expect((await within(pricing).findByTestId('landing-plan-price-PRO')).textContent).toMatch(
      /^49,00\s€ al mes$/,
    );
    expect(within(pricing).getByText('40 decoraciones incluidas cada mes')).toBeTruthy();
    expect(
      within(pricing).getByRole('link', { name: 'Ver todos los planes y packs' }).getAttribute('href'),
    ).toBe('/offers');

    const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
    expect(within(faq).getByRole('button', { name: '¿Puedo probar Estancia gratis?' })).toBeTruthy();
  });

  it('keeps the logo and every footer link inside the product', async () => {
    landingApi();
    renderApp('/login/');
    await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Estancia, ir al inicio' }).getAttribute('href')).toBe('/');
    const footer = screen.getByRole('contentinfo');
    expect(hrefs(footer)).toEqual([
      '/login/#how-it-works',
      '/offers',
      '/try-free',
      '/contact-us',
      '/login/#faq',
      '/legal/terms',
      '/legal/privacy',
      '/legal/cookies',
    ]);
    // The sections the footer points at are on this page.
    expect(document.getElementById('how-it-works')).not.toBeNull();
    expect(document.getElementById('faq')).not.toBeNull();
  });

  it("sends a signed-in customer's footer to the Help page", async () => {
    fakeApi({ 'GET billing/plans': { body: plans } });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/offers');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    expect(hrefs(footer)).toEqual([
      '/help#help-video',
      '/offers',
      '/contact-us',
      '/help#help-faq',
      '/legal/terms',
      '/legal/privacy',
      '/legal/cookies',
    ]);
  });

  it('speaks the interface language', async () => {
    landingApi();
    renderApp('/login/');
    await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' }, { timeout: 5000 });
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('link', { name: 'Stage a photo for free' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'How it works' })).toBeTruthy();
    expect(await screen.findByText('€49.00 per month')).toBeTruthy();
    await act(() => i18n.changeLanguage('ca'));
    expect(screen.getByRole('link', { name: 'Decora una foto gratis' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plans i preus' })).toBeTruthy();
  });
});
