import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Pack,
  PaymentHistoryRow,
  Plan,
  PlanRights,
  Subscription,
  SubscriptionChangePreview,
} from '@estancia/contracts';
import { session } from '../features/session/session';
import { aUser, fakeApi, subscribed } from '../test/fake-api';
import { renderApp, resetApp } from '../test/render-app';

vi.mock('../features/realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const rights: PlanRights = {
  watermark: false,
  extraEditOptions: true,
  unlimitedEditing: true,
  allRoomsAndStyles: true,
  descriptionsPerMonth: 16,
  apiAccess: false,
  customLimits: false,
};
const plan = (code: Plan['code'], name: string, monthly: number, annual: number): Plan => ({
  code,
  name,
  currency: 'EUR',
  monthlyPriceCents: monthly,
  annualPriceCents: annual,
  includedDecorations: 10,
  rights,
});
const PLANS = [
  plan('STARTER', 'Starter', 1900, 19000),
  plan('PRO', 'Pro', 4900, 49000),
  plan('ULTIMATE', 'Ultimate', 9900, 99000),
];
const PACKS: Pack[] = [
  { code: 'standard', name: 'Standard', currency: 'EUR', credits: 20, priceCents: 3900, properties: '2-5' },
];

const aSubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: '5d1f4a52-3f1e-4d7e-9a36-2d6c5b1f8e11',
  plan: 'PRO',
  planName: 'Pro',
  cycle: 'monthly',
  status: 'active',
  isActive: true,
  currentPeriodStart: '2026-11-15T12:00:00.000Z',
  currentPeriodEnd: '2026-12-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  priceCents: 4900,
  currency: 'EUR',
  ...overrides,
});

const row = (overrides: Partial<PaymentHistoryRow>): PaymentHistoryRow => ({
  id: 'p-1',
  date: '2026-11-10T12:00:00.000Z',
  kind: 'pack',
  amountCents: 3900,
  currency: 'EUR',
  credits: 20,
  packCode: 'standard',
  planCode: null,
  cycle: null,
  counterpart: null,
  invoiceUrl: null,
  ...overrides,
});

/** The account's calls, each overridable: a PRO subscriber with a saved Visa. */
function accountApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET billing/plans': { body: PLANS },
    'GET billing/packs': { body: PACKS },
    'GET billing/subscription': { body: { subscription: aSubscription() } },
    'GET billing/payment-method': {
      body: { paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } },
    },
    'GET billing/payments': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    'GET referral': {
      body: {
        code: 'ANA123',
        shareUrl: 'https://app.estancia.test/register?ref=ANA123',
        referredUsers: 3,
        rewardedUsers: 1,
        creditsEarned: 5,
        rewardCredits: 5,
      },
    },
    'GET wallet/statistics': {
      body: {
        creditsPurchased: 40,
        creditsUsed: 12,
        automaticImages: 9,
        supervisedImages: 2,
        descriptions: 1,
        creditsEarnedByReferrals: 5,
        since: '2025-01-10T10:00:00.000Z',
      },
    },
    'GET user/download-options': { body: { format: 'jpg', size: 'original' } },
    'POST user/profile': { body: { token: 'tok-1', user: subscribed('PRO') } },
    ...routes,
  });
}

const section = (id: string) => document.getElementById(`account-${id}`) as HTMLElement;

async function openAccount(path = '/account') {
  session.signIn({ token: 'tok-1', user: subscribed('PRO') });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
  return app;
}

describe('account: subscription', () => {
  beforeEach(resetApp);

  it('shows a scheduled downgrade with its date, and cancelling explains the services stay until the end date', async () => {
    const api = accountApi({
      'GET billing/subscription': {
        body: {
          subscription: aSubscription({
            scheduledChange: { plan: 'STARTER', cycle: 'monthly', from: '2026-12-15T12:00:00.000Z' },
          }),
        },
      },
      'POST billing/subscription/cancel': () => {
        const cancelled = {
          subscription: aSubscription({
            cancelAtPeriodEnd: true,
            scheduledChange: { plan: 'STARTER', cycle: 'monthly', from: '2026-12-15T12:00:00.000Z' },
          }),
        };
        api.set('GET billing/subscription', { body: cancelled });
        return { body: cancelled };
      },
    });
    await openAccount();
    const subscription = within(section('subscription'));
    expect(
      await subscription.findByText(
        'Cambio programado: tu plan Pro sigue hasta el 15 de diciembre de 2026; después pasarás a Starter (mensual).',
      ),
    ).toBeTruthy();
    // One state, one sentence: the scheduled change already says until when Pro renews.
    expect(subscription.queryByText('Se renueva el 15 de diciembre de 2026.')).toBeNull();

    await userEvent.click(subscription.getByRole('button', { name: 'Cancelar la suscripción' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la suscripción?' });
    expect(dialog.textContent).toContain('Los servicios se mantienen hasta el 15 de diciembre de 2026');
    expect(api.callsTo('POST billing/subscription/cancel')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar la suscripción' }));
    expect(
      await subscription.findByText(
        'Has cancelado la suscripción: mantienes todos los servicios hasta el 15 de diciembre de 2026.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST billing/subscription/cancel')).toHaveLength(1);
    // Cancelled, the downgrade never starts: the page no longer promises Starter on the same date.
    expect(subscription.queryByText(/pasarás a Starter/)).toBeNull();
    expect(subscription.queryByText(/^Termina el/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(subscription.getByRole('button', { name: 'Reanudar la suscripción' })).toBeTruthy();
    // The navigation's plan comes from the profile, reloaded after the change.
    await waitFor(() => expect(api.callsTo('POST user/profile').length).toBeGreaterThan(0));
  });

  it('explains a downgrade at the period end with the new price, then schedules it', async () => {
    const preview: SubscriptionChangePreview = {
      plan: 'STARTER',
      cycle: 'monthly',
      effective: 'period_end',
      effectiveAt: '2026-12-15T12:00:00.000Z',
      amountCents: 0,
      currency: 'EUR',
      creditsNow: 0,
    };
    const api = accountApi({
      'GET billing/subscription/change': { body: preview },
      'POST billing/subscription/change': () => {
        const scheduled = {
          subscription: aSubscription({
            scheduledChange: { plan: 'STARTER', cycle: 'monthly', from: '2026-12-15T12:00:00.000Z' },
          }),
        };
        api.set('GET billing/subscription', { body: scheduled });
        return { body: scheduled };
      },
    });
    await openAccount();
    const subscription = within(section('subscription'));
    await userEvent.click(await subscription.findByRole('button', { name: 'Cambiar de plan' }));
    const picker = await screen.findByRole('dialog', { name: 'Elige tu nuevo plan' });
    await userEvent.click(within(picker).getByRole('radio', { name: /^Starter/ }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Continuar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cambiar a Starter (mensual)' });
    expect(
      await within(dialog).findByText(
        'Tu plan Pro sigue hasta el 15 de diciembre de 2026. Después pasarás a Starter (mensual) por 19,00 €. Hoy no te cobramos nada.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('GET billing/subscription/change')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar el cambio' }));
    expect(await screen.findByText('Hemos programado el cambio de plan.')).toBeTruthy();
    expect(api.callsTo('POST billing/subscription/change')[0].body).toEqual({
      plan: 'STARTER',
      cycle: 'monthly',
    });
    expect(
      await subscription.findByText(
        'Cambio programado: tu plan Pro sigue hasta el 15 de diciembre de 2026; después pasarás a Starter (mensual).',
      ),
    ).toBeTruthy();
  });

  it('explains an upgrade charge and its credits, and shows a declined charge as a rejected transaction', async () => {
    const api = accountApi({
      'GET billing/subscription/change': {
        body: {
          plan: 'ULTIMATE',
          cycle: 'monthly',
          effective: 'now',
          effectiveAt: '2026-11-20T12:00:00.000Z',
          amountCents: 4167,
          currency: 'EUR',
          creditsNow: 8,
        } satisfies SubscriptionChangePreview,
      },
      'POST billing/subscription/change': {
        status: 402,
        body: { code: 'PAYMENT_DECLINED', message: 'Declined' },
      },
    });
    await openAccount();
    await userEvent.click(
      await within(section('subscription')).findByRole('button', { name: 'Cambiar de plan' }),
    );
    const picker = await screen.findByRole('dialog', { name: 'Elige tu nuevo plan' });
    await userEvent.click(within(picker).getByRole('radio', { name: /^Ultimate/ }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar a Ultimate (mensual)' });
    expect(
      await within(dialog).findByText(
        'Te cobraremos 41,67 € ahora por los días que quedan del periodo actual. El plan Ultimate (mensual) se aplica desde hoy.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Añadiremos 8 créditos a tu saldo.')).toBeTruthy();
    expect(api.fetch.mock.calls.map(([url]) => String(url))).toContain(
      '/data/billing/subscription/change?plan=ULTIMATE&cycle=monthly',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar y cambiar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Transacción rechazada.');
    expect(screen.getByRole('dialog', { name: 'Cambiar a Ultimate (mensual)' })).toBeTruthy();
  });

  it('asks a user whose automatic payment failed to change the card', async () => {
    accountApi({
      'GET billing/subscription': {
        body: { subscription: aSubscription({ status: 'past_due', isActive: false }) },
      },
    });
    await openAccount();
    const subscription = within(section('subscription'));
    expect(await subscription.findByText(/No hemos podido cobrar el pago automático/)).toBeTruthy();
    expect(subscription.getByRole('link', { name: 'Cambiar la tarjeta' }).getAttribute('href')).toBe(
      '/add-card',
    );
  });

  it('invites a user without a subscription to the offers', async () => {
    accountApi({ 'GET billing/subscription': { body: { subscription: null } } });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const subscription = within(section('subscription'));
    expect(await subscription.findByText(/No tienes ninguna suscripción/)).toBeTruthy();
    expect(subscription.getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/offers');
  });
});

describe('account: transactions', () => {
  beforeEach(resetApp);

  it('lists a referral reward and a pack with its invoice, downloaded with the bearer token', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const api = accountApi({
      'GET billing/payments': {
        body: {
          items: [
            row({
              id: 'r-1',
              date: '2026-11-12T12:00:00.000Z',
              kind: 'referral',
              amountCents: 0,
              credits: 5,
              packCode: null,
              counterpart: 'Marta Soler',
            }),
            row({ id: 'p-1', invoiceUrl: '/data/billing/payments/p-1/invoice' }),
            row({
              id: 's-1',
              date: '2026-11-01T12:00:00.000Z',
              kind: 'subscription',
              amountCents: 4900,
              credits: 40,
              packCode: null,
              planCode: 'PRO',
              cycle: 'monthly',
              invoiceUrl: 'https://invoice.stripe.test/i/acct_1/in_1',
            }),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
        },
      },
      'GET billing/payments/p-1/invoice': { body: {} },
    });
    await openAccount();
    const transactions = within(section('transactions'));
    const referral = (await transactions.findByText('Referido: Marta Soler')).closest('tr') as HTMLElement;
    expect(within(referral).getByText('12/11/26')).toBeTruthy();
    expect(within(referral).getByText('5')).toBeTruthy();
    expect(within(referral).queryByRole('button')).toBeNull();

    const pack = transactions.getByText('Pack Standard').closest('tr') as HTMLElement;
    expect(pack.textContent).toMatch(/39,00\s€/);
    await userEvent.click(within(pack).getByRole('button', { name: 'Descargar la factura del 10/11/26' }));
    await waitFor(() => expect(api.callsTo('GET billing/payments/p-1/invoice')).toHaveLength(1));
    expect(api.callsTo('GET billing/payments/p-1/invoice')[0].headers.Authorization).toBe('Bearer tok-1');
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));

    // A gateway-hosted invoice (Stripe) is a plain link.
    const subscription = transactions.getByText('Suscripción Pro (mensual)').closest('tr') as HTMLElement;
    expect(
      within(subscription)
        .getByRole('link', { name: 'Descargar la factura del 1/11/26' })
        .getAttribute('href'),
    ).toBe('https://invoice.stripe.test/i/acct_1/in_1');
    createObjectURL.mockRestore();
  });
});

describe('account: payment method', () => {
  beforeEach(resetApp);

  it('shows the card and deletes it only after confirmation', async () => {
    const api = accountApi({ 'DELETE billing/payment-method': { status: 204, body: '' } });
    await openAccount();
    const paymentMethod = within(section('paymentMethod'));
    expect(await paymentMethod.findByText('Visa')).toBeTruthy();
    expect(paymentMethod.getByLabelText('Tarjeta acabada en 4242')).toBeTruthy();
    expect(paymentMethod.getByText('Caduca el 04/30')).toBeTruthy();

    await userEvent.click(paymentMethod.getByRole('button', { name: 'Eliminar tarjeta' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Eliminar la tarjeta?' });
    expect(dialog.textContent).toContain('acabada en 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE billing/payment-method')).toHaveLength(0);

    await userEvent.click(paymentMethod.getByRole('button', { name: 'Eliminar tarjeta' }));
    dialog = await screen.findByRole('dialog', { name: '¿Eliminar la tarjeta?' });
    api.set('GET billing/payment-method', { body: { paymentMethod: null } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await paymentMethod.findByText('No tienes ninguna tarjeta guardada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE billing/payment-method')).toHaveLength(1);
    expect(paymentMethod.getByRole('button', { name: 'Añadir tarjeta' })).toBeTruthy();
  });

  it('says the card was not saved when the gateway sends the user back cancelled', async () => {
    accountApi();
    const app = await openAccount('/account?paymentMethod=cancel');
    expect(
      await within(section('paymentMethod')).findByText('El método de pago no se ha guardado.'),
    ).toBeTruthy();
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  it('confirms a saved card with a toast', async () => {
    accountApi();
    await openAccount('/account?paymentMethod=saved');
    expect(await screen.findByText('El método de pago se ha cambiado correctamente.')).toBeTruthy();
  });
});

describe('account: packs, statistics, referral and download options', () => {
  beforeEach(resetApp);

  it('starts a pack checkout from the packs section', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = accountApi({
      'POST billing/checkout': {
        body: {
          sessionId: 'f1f4a52e-3f1e-4d7e-9a36-2d6c5b1f8e11',
          checkoutUrl: 'http://localhost/sandbox/x',
        },
      },
    });
    await openAccount();
    const packs = within(section('packs'));
    expect(await packs.findByText('20 créditos')).toBeTruthy();
    expect(packs.getByText('De 2 a 5 inmuebles')).toBeTruthy();
    await userEvent.click(packs.getByRole('button', { name: 'Comprar el pack Standard' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/x'));
    expect(api.callsTo('POST billing/checkout')[0].body).toEqual({ kind: 'pack', code: 'standard' });
    vi.unstubAllGlobals();
  });

  it('shows the statistics and what the referral code earned', async () => {
    accountApi();
    await openAccount();
    const statistics = within(section('statistics'));
    expect(await statistics.findByText('Desde el 10 de enero de 2025')).toBeTruthy();
    expect(statistics.getByText('Créditos comprados').nextElementSibling?.textContent).toBe('40');
    const referral = within(section('referral'));
    expect(
      await referral.findByText(
        'Recibes 5 créditos cuando alguien a quien invitas se registra y hace su primera compra.',
      ),
    ).toBeTruthy();
    expect((referral.getByLabelText('Enlace para compartir') as HTMLInputElement).value).toBe(
      'https://app.estancia.test/register?ref=ANA123',
    );
    expect(referral.getByText('3 personas registradas con tu código')).toBeTruthy();
    expect(referral.getByText('5 créditos ganados')).toBeTruthy();
  });

  it('saves the download options', async () => {
    const api = accountApi({
      'PUT user/download-options': (call) => ({ body: call.body }),
    });
    await openAccount();
    const options = within(section('downloadOptions'));
    await userEvent.click(await options.findByRole('radio', { name: 'PNG (sin pérdida)' }));
    await userEvent.click(options.getByRole('radio', { name: /^Web/ }));
    await userEvent.click(options.getByRole('button', { name: 'Guardar opciones' }));
    expect(await screen.findByText('Hemos guardado tus opciones de descarga.')).toBeTruthy();
    expect(api.callsTo('PUT user/download-options')[0].body).toEqual({ format: 'png', size: 'web' });
  });
});
