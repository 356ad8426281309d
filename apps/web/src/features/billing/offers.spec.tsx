import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { gatewayNavigation } from './api/checkout';
import { packs, plans, SESSION_ID } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

// Intl writes a no-break space between the amount and the euro sign.
const text = (element: HTMLElement | null) => (element?.textContent ?? '').replace(/\s/g, ' ');
const catalogue = { 'GET billing/plans': { body: plans }, 'GET billing/packs': { body: packs } };

describe('offers page', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('shows monthly prices and, with the annual toggle, the monthly equivalent and the saving', async () => {
    fakeApi(catalogue);
    renderApp('/offers');
    await screen.findByRole('heading', { level: 3, name: 'Pro' });
    expect(text(screen.getByTestId('plan-price-PRO'))).toBe('49,00 € al mes');
    expect(text(screen.getByTestId('plan-price-STARTER'))).toBe('19,00 € al mes');
    expect(screen.queryByTestId('plan-saving-PRO')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Anual' }));
    expect(text(screen.getByTestId('plan-price-PRO'))).toBe('40,83 € al mes');
    expect(text(screen.getByTestId('plan-saving-PRO'))).toBe('Ahorras 98,00 € al año');
    expect(screen.getAllByText(/Facturado anualmente/).map(text)).toContain(
      'Facturado anualmente: 490,00 € al año',
    );
    // Rights come from the plan's data.
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Sin marca de agua')).toBeTruthy();
    expect(within(pro).getByText('16 descripciones al mes')).toBeTruthy();
    // Packs: credits, price per credit and the band of properties.
    const business = screen.getByRole('article', { name: 'Business' });
    expect(within(business).getByText('Para más de 20 inmuebles')).toBeTruthy();
    expect(text(within(business).getByText(/por crédito/))).toBe('2,00 € por crédito');
  });

  it('asks a visitor to register (coming back to the offers) instead of subscribing', async () => {
    const api = fakeApi(catalogue);
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirme: plan Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crea una cuenta para suscribirte' });
    expect(within(dialog).getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(
      '/register/?redirectTo=Offers',
    );
    expect(within(dialog).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/login/?redirectTo=Offers',
    );
    expect(api.callsTo('POST billing/checkout')).toHaveLength(0);
  });

  it('shows COUPON_INVALID on the coupon field, then checks out with a valid coupon and goes to the gateway', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const api = fakeApi({
      ...catalogue,
      'GET billing/coupons/NOPE': { status: 400, body: { code: 'COUPON_INVALID', message: 'invalid' } },
      'GET billing/coupons/WELCOME20': {
        body: { code: 'WELCOME20', percentOff: 20, amountOffCents: null, appliesTo: 'any', expiresAt: null },
      },
      'POST billing/checkout': {
        status: 201,
        body: { sessionId: SESSION_ID, checkoutUrl: `http://localhost/sandbox-checkout/${SESSION_ID}` },
      },
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/offers');
    const plansSection = await screen.findByRole('region', { name: 'Planes de suscripción' });
    const field = await within(plansSection).findByLabelText('Cupón de descuento');
    await userEvent.type(field, 'nope');
    await userEvent.click(within(plansSection).getByRole('button', { name: 'Aplicar cupón' }));
    expect(await within(plansSection).findByText(/El cupón no es válido/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('GET billing/coupons/NOPE')).toHaveLength(1);

    await userEvent.clear(field);
    await userEvent.type(field, 'welcome20');
    await userEvent.click(within(plansSection).getByRole('button', { name: 'Aplicar cupón' }));
    expect(
      await within(plansSection).findByText('Cupón WELCOME20 aplicado: 20 % de descuento.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Anual' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme: plan Pro' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`http://localhost/sandbox-checkout/${SESSION_ID}`));
    expect(api.callsTo('POST billing/checkout')[0].body).toEqual({
      kind: 'subscription',
      plan: 'PRO',
      cycle: 'annual',
      coupon: 'WELCOME20',
    });
  });

  it('buys a pack and opens the payment-cancel modal when the gateway sends the customer back', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const api = fakeApi({
      ...catalogue,
      'POST billing/checkout': {
        status: 201,
        body: { sessionId: SESSION_ID, checkoutUrl: 'https://pay.test/x' },
      },
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/offers?payment=cancel');
    const cancel = await screen.findByRole('dialog', { name: 'Pago cancelado' });
    expect(cancel.textContent).toContain('No se ha cobrado nada.');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Comprar el pack Starter' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.test/x'));
    expect(api.callsTo('POST billing/checkout')[0].body).toEqual({ kind: 'pack', code: 'starter' });
  });
});
