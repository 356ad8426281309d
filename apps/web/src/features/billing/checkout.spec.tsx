import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { session } from '../session/session';
import { aUser, fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { NeedMoreCreditsDialog } from '../decorations/components/CreditModals';
import { checkoutReturn } from './checkout-return';
import { aCheckoutSession, packs, plans, SESSION_ID } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const text = (element: HTMLElement | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

describe('sandbox checkout page', () => {
  beforeEach(resetApp);

  it('shows what is bought and the amount, pays with the prefilled card and goes to the confirmation', async () => {
    let state: 'open' | 'paid' = 'open';
    const api = fakeApi({
      [`GET billing/sandbox/${SESSION_ID}`]: {
        body: aCheckoutSession({ discountCents: 580, amountCents: 2320, couponCode: 'WELCOME20' }),
      },
      [`POST billing/sandbox/${SESSION_ID}/pay`]: () => {
        state = 'paid';
        return { body: aCheckoutSession({ state }) };
      },
      [`GET billing/checkout/${SESSION_ID}`]: () => ({ body: aCheckoutSession({ state }) }),
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    const { location } = renderApp(`/sandbox-checkout/${SESSION_ID}`);
    expect(text(await screen.findByTestId('purchase-item'))).toBe('Pack Starter: 10 créditos');
    expect(text(screen.getByTestId('purchase-amount'))).toBe('Total: 23,20 €');
    expect(screen.getByText(/Descuento del cupón WELCOME20/)).toBeTruthy();
    expect(screen.getByText(/4000 0000 0000 0002 es rechazada/)).toBeTruthy();
    expect((screen.getByLabelText(/^Número de tarjeta/) as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(location().pathname).toBe(`/stripeconfirmation/${SESSION_ID}`));
    expect(api.callsTo(`POST billing/sandbox/${SESSION_ID}/pay`)[0].body).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
    });
    const success = await screen.findByRole('dialog', { name: 'Pago completado' });
    // Said once: the page keeps the outcome only after the dialog is closed.
    expect(screen.getAllByText('Pago completado')).toHaveLength(1);
    expect(success.textContent).toContain('Has comprado: Pack Starter: 10 créditos.');
    expect(success.textContent).toContain('Hemos añadido 10 créditos a tu saldo.');
    expect(within(success).getByRole('link', { name: 'Mis proyectos' }).getAttribute('href')).toBe(
      '/my-projects',
    );
    // Nothing was started from a page of the app: no way back to offer.
    expect(within(success).queryByRole('link', { name: 'Continuar donde lo dejaste' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('Pago completado')).toHaveLength(1);
  });

  it('refuses a malformed card in the browser and says when the session has expired', async () => {
    const api = fakeApi({
      [`GET billing/sandbox/${SESSION_ID}`]: { body: aCheckoutSession() },
      [`POST billing/sandbox/${SESSION_ID}/pay`]: {
        status: 410,
        body: { code: 'CHECKOUT_EXPIRED', message: 'expired' },
      },
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp(`/sandbox-checkout/${SESSION_ID}`);
    const number = await screen.findByLabelText(/^Número de tarjeta/);
    await userEvent.clear(number);
    await userEvent.type(number, '4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo(`POST billing/sandbox/${SESSION_ID}/pay`)).toHaveLength(0);

    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Este pago ha caducado. Vuelve a empezar la compra.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a planes y packs' }).getAttribute('href')).toBe(
      '/offers',
    );
  });
});

describe('payment confirmation page', () => {
  beforeEach(async () => {
    window.sessionStorage.clear();
    await resetApp();
  });

  it('waits while the session is open and shows the transaction-rejected modal when it is declined', async () => {
    let asked = 0;
    fakeApi({
      [`GET billing/checkout/${SESSION_ID}`]: () => ({
        body: aCheckoutSession({ state: ++asked < 2 ? 'open' : 'declined' }),
      }),
    });
    session.signIn({ token: 'tok-1', user: aUser({ credits: 3 }) });
    renderApp(`/stripeconfirmation/${SESSION_ID}`);
    expect(await screen.findByText('Estamos confirmando tu pago…')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Transacción rechazada' }, { timeout: 4000 });
    expect(dialog.textContent).toContain(
      'Prueba con otro método de pago o contacta con el emisor de tu tarjeta.',
    );
    expect(within(dialog).getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe(
      '/offers',
    );
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(session.getState().user?.credits).toBe(3);
  });

  it('leads back to where the purchase was started, for that session only', async () => {
    fakeApi({
      [`GET billing/checkout/${SESSION_ID}`]: { body: aCheckoutSession({ state: 'paid' }) },
      'POST user/profile': { body: { token: 'tok-1', user: aUser({ credits: 13 }) } },
    });
    session.signIn({ token: 'tok-1', user: aUser({ credits: 3 }) });
    checkoutReturn.remember('/new-project', 'another-session');
    const first = renderApp(`/stripeconfirmation/${SESSION_ID}`);
    let success = await screen.findByRole('dialog', { name: 'Pago completado' });
    expect(within(success).queryByRole('link', { name: 'Continuar donde lo dejaste' })).toBeNull();
    first.unmount();

    checkoutReturn.remember('/new-project', SESSION_ID);
    const { location } = renderApp(`/stripeconfirmation/${SESSION_ID}`);
    success = await screen.findByRole('dialog', { name: 'Pago completado' });
    await userEvent.click(within(success).getByRole('link', { name: 'Continuar donde lo dejaste' }));
    await waitFor(() => expect(location().pathname).toBe('/new-project'));
    expect(checkoutReturn.recent()).toBeNull();
  });

  it('offers the way back after a cancel at the gateway', async () => {
    fakeApi({ 'GET billing/packs': { body: packs }, 'GET billing/plans': { body: plans } });
    session.signIn({ token: 'tok-1', user: aUser() });
    checkoutReturn.remember('/new-project', SESSION_ID);
    renderApp('/offers?payment=cancel');
    const cancel = await screen.findByRole('dialog', { name: 'Pago cancelado' });
    expect(
      within(cancel).getByRole('link', { name: 'Continuar donde lo dejaste' }).getAttribute('href'),
    ).toBe('/new-project');
  });

  it('sends a visitor to Login', async () => {
    fakeApi();
    const { location } = renderApp(`/stripeconfirmation/${SESSION_ID}`);
    await waitFor(() => expect(location().pathname).toBe('/login/'));
    expect(location().search).toBe('?redirectTo=StripeConfirmation');
  });
});

describe('need-more-credits modal for a subscriber', () => {
  beforeEach(resetApp);

  it('buys the missing decorations only after consent and points to /add-card without a saved card', async () => {
    let answer: { status: number; body: unknown } = {
      status: 402,
      body: { code: 'PAYMENT_METHOD_REQUIRED', message: 'card' },
    };
    const api = fakeApi({
      'POST billing/extra-decorations': () => answer,
      'GET billing/packs': { body: packs },
      'GET billing/plans': { body: plans },
    });
    session.signIn({ token: 'tok-1', user: { ...subscribed('PRO'), credits: 1 } });
    const onClose = vi.fn();
    render(
      <AppProviders>
        <MemoryRouter>
          <NeedMoreCreditsDialog open cost={4} balance={1} onClose={onClose} />
        </MemoryRouter>
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    const buy = within(dialog).getByRole('button', { name: /Añadir 3 decoraciones por 3,00/ });
    expect(buy.hasAttribute('disabled')).toBe(true);
    await userEvent.click(
      within(dialog).getByLabelText(/Acepto que se cobren 3,00 .* por 3 decoraciones extra/),
    );
    await userEvent.click(buy);
    expect(await within(dialog).findByRole('link', { name: 'Añadir una tarjeta' })).toBeTruthy();
    expect(api.callsTo('POST billing/extra-decorations')[0].body).toEqual({ quantity: 3, consent: true });

    answer = { status: 402, body: { code: 'PAYMENT_DECLINED', message: 'declined' } };
    await userEvent.click(buy);
    // Said inside the one dialog (no second dialog over it); trying again is the same button.
    const rejected = await within(dialog).findByRole('alert');
    expect(rejected.textContent).toContain('Transacción rechazada');
    expect(rejected.textContent).toContain('Error en el pago automático: inténtalo de nuevo.');
    expect(within(rejected).getByRole('link', { name: 'Cambiar tarjeta' }).getAttribute('href')).toBe(
      '/add-card',
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    answer = { status: 200, body: { balance: 4 } };
    await userEvent.click(buy);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(session.getState().user?.credits).toBe(4);
  });
});
