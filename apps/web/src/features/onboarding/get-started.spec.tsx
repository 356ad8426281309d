import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { gatewayNavigation } from '../billing/api/checkout';
import { aCheckoutSession, SESSION_ID } from '../billing/test-data';
import { hdDownload } from '../free-try/hd-download';
import { aFreeTry, createdMinutesAgo, storeTry, TRY_ID } from '../free-try/test-data';
import { aProject } from '../decorations/test-data';
import { customerStage, hasGiftCredit } from './customer-stage';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const h1 = () => screen.findByRole('heading', { level: 1, name: 'Empieza con Estancia' });
const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
const PURCHASE = `POST free-try/${TRY_ID}/purchase`;
const GIFT = /crédito de regalo/;

/** GET project (the first page) and GET wallet/statistics as the API would answer for this customer. */
function history(
  projects: ReturnType<typeof aProject>[],
  figures: { creditsPurchased?: number; creditsUsed?: number } = {},
) {
  return {
    'GET project': { body: { items: projects, total: projects.length, page: 1, pageSize: 12 } },
    'GET wallet/statistics': {
      body: {
        creditsPurchased: 0,
        creditsUsed: 0,
        automaticImages: 0,
        supervisedImages: 0,
        descriptions: 0,
        creditsEarnedByReferrals: 0,
        since: '2025-01-10T10:00:00.000Z',
        ...figures,
      },
    },
  };
}

describe('GetStarted', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('shows a new customer the welcome, their gift credit and the steps to a first decoration', async () => {
    fakeApi(history([]));
    session.signIn({ token: 'tok-1', user: aUser({ createdAt: createdMinutesAgo(3), credits: 1 }) });
    renderApp('/my-projects');
    await h1();
    expect(screen.getByText('Te damos la bienvenida, Ana Puig')).toBeTruthy();
    expect(
      await screen.findByText(
        'Tu cuenta está lista y tienes un crédito de regalo. Así harás tu primera decoración:',
      ),
    ).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Tu primera decoración' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['1. Elige un plan', '2. O compra un pack de créditos', '3. Decora tu primer inmueble']);
    expect(link('Ver planes')).toBe('/offers');
    expect(link('Ver packs')).toBe('/offers#packs');
    expect(link('Crear un proyecto')).toBe('/new-project');
    // No free try stored: nothing to continue.
    expect(screen.queryByRole('heading', { name: 'Continúa tu prueba gratis' })).toBeNull();
  });

  it('does not promise a gift credit to a new customer who no longer has it', async () => {
    fakeApi(history([]));
    session.signIn({ token: 'tok-1', user: aUser({ createdAt: createdMinutesAgo(3), credits: 0 }) });
    renderApp('/get-started');
    expect(await screen.findByText('Tu cuenta está lista. Así harás tu primera decoración:')).toBeTruthy();
    expect(screen.queryByText(GIFT)).toBeNull();
    expect(screen.getByRole('region', { name: 'Tu primera decoración' })).toBeTruthy();
  });

  it('sends a pack buyer from MyProjects to their projects and balance, with the next step', async () => {
    const api = fakeApi(
      history([
        aProject({ id: 'p-1', propertyName: 'Piso Gràcia', imagesCompleted: 2, totalImages: 2, status: 2 }),
        aProject({ id: 'p-2', propertyName: 'Ático Sants', imagesCompleted: 0, totalImages: 3 }),
      ]),
    );
    session.signIn({ token: 'tok-1', user: aUser({ credits: 8 }) });
    const { location } = renderApp('/my-projects');
    await h1();
    expect(location().pathname).toBe('/get-started');
    expect(await screen.findByText('Hola de nuevo, Ana Puig')).toBeTruthy();

    const projects = screen.getByRole('region', { name: 'Tus proyectos' });
    const links = within(projects).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/project/p-1', '/project/p-2']);
    expect(links[0].textContent).toContain('Piso Gràcia');
    expect(links[0].textContent).toContain('Completo');
    expect(links[1].textContent).toContain('En proceso');
    expect(links[1].textContent).toContain('0/3 completadas');

    const balance = screen.getByRole('region', { name: 'Tus créditos' });
    expect(balance.textContent).toContain('Tienes 8 créditos.');
    expect(within(balance).getByRole('link', { name: 'Nuevo proyecto' }).getAttribute('href')).toBe(
      '/new-project',
    );
    expect(within(balance).getByRole('link', { name: 'Comprar créditos' }).getAttribute('href')).toBe(
      '/offers#packs',
    );
    // A returning customer is past the first steps and the sign-up gift.
    expect(screen.queryByRole('region', { name: 'Tu primera decoración' })).toBeNull();
    expect(screen.queryByText(GIFT)).toBeNull();
    // Projects alone tell a returning customer: the ledger is not asked.
    expect(api.callsTo('GET wallet/statistics')).toHaveLength(0);

    await userEvent.click(links[1]);
    await waitFor(() => expect(location().pathname).toBe('/project/p-2'));
  });

  it('tells a pack buyer without projects and without credits left to buy more', async () => {
    fakeApi(history([], { creditsPurchased: 10, creditsUsed: 10 }));
    session.signIn({ token: 'tok-1', user: aUser({ credits: 0 }) });
    renderApp('/get-started');
    const balance = await screen.findByRole('region', { name: 'Tus créditos' });
    expect(balance.textContent).toContain('Tienes 0 créditos.');
    expect(balance.textContent).toContain('No te quedan créditos.');
    expect(within(balance).queryByRole('link', { name: 'Nuevo proyecto' })).toBeNull();
    expect(within(balance).getByRole('link', { name: 'Comprar créditos' }).getAttribute('href')).toBe(
      '/offers#packs',
    );
    expect(within(balance).getByRole('link', { name: 'Ver los planes' }).getAttribute('href')).toBe(
      '/offers',
    );
    expect(
      within(screen.getByRole('region', { name: 'Tus proyectos' })).getByText('Todavía no tienes proyectos.'),
    ).toBeTruthy();
    expect(screen.queryByText(GIFT)).toBeNull();
  });

  it('shows a visitor the free try and registering', async () => {
    fakeApi();
    renderApp('/get-started');
    await h1();
    expect(screen.getByText('Elige un plan o prueba Estancia con tu crédito gratuito.')).toBeTruthy();
    expect(link('Probar gratis')).toBe('/try-free');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Crear cuenta' }).getAttribute('href'),
    ).toBe('/register/');
  });

  it('continues a free try and buys its HD image with a credit', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    const api = fakeApi({
      [PURCHASE]: { body: { downloadUrl: '/data/media/free-try/hd?sig=paid', balance: 1 } },
    });
    session.signIn({ token: 'tok-1', user: aUser({ credits: 2 }) });
    storeTry(aFreeTry());
    renderApp('/get-started');
    await screen.findByRole('heading', { level: 2, name: 'Continúa tu prueba gratis' });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en HD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descarga en HD' });
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain(
      'La imagen en HD de esta prueba cuesta 2,99 €.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar un crédito y descargar' }));
    await waitFor(() => expect(download).toHaveBeenCalledExactlyOnceWith('/data/media/free-try/hd?sig=paid'));
    expect(api.callsTo(PURCHASE)[0].headers.Authorization).toBe('Bearer tok-1');
    expect(session.getState().user?.credits).toBe(1);
    expect(api.callsTo('POST billing/checkout')).toHaveLength(0);
  });

  it('without credits, pays the single decoration at the gateway and buys the image on the way back', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    const api = fakeApi({
      'POST billing/checkout': {
        status: 201,
        body: { sessionId: SESSION_ID, checkoutUrl: `http://localhost/sandbox-checkout/${SESSION_ID}` },
      },
      [`GET billing/checkout/${SESSION_ID}`]: {
        body: aCheckoutSession({
          kind: 'decoration',
          packCode: null,
          packName: null,
          credits: 1,
          amountCents: 299,
          state: 'paid',
        }),
      },
      'POST user/profile': { body: { token: 'tok-1', user: aUser({ credits: 1 }) } },
      [PURCHASE]: { body: { downloadUrl: '/data/media/free-try/hd?sig=bought', balance: 0 } },
    });
    session.signIn({ token: 'tok-1', user: aUser({ credits: 0 }) });
    storeTry(aFreeTry());
    const first = renderApp('/get-started');
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar en HD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descarga en HD' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Pagar 2,99/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`http://localhost/sandbox-checkout/${SESSION_ID}`));
    expect(api.callsTo('POST billing/checkout')[0].body).toEqual({ kind: 'decoration' });
    expect(api.callsTo(PURCHASE)).toHaveLength(0);
    first.unmount();

    // The gateway sends the customer back with the session paid.
    renderApp(`/get-started/success/${SESSION_ID}`);
    const success = await screen.findByRole('dialog', { name: 'Pago completado' });
    expect(success.textContent).toContain('Has comprado: Una decoración (prueba gratuita).');
    await waitFor(() =>
      expect(download).toHaveBeenCalledExactlyOnceWith('/data/media/free-try/hd?sig=bought'),
    );
    expect(api.callsTo(PURCHASE)).toHaveLength(1);
    expect(window.localStorage.getItem('freeTryPurchase')).toBeNull();
  });

  it('shows the payment-cancel dialog on /get-started/cancel and closes it back to /get-started', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    const app = renderApp('/get-started/cancel');
    const dialog = await screen.findByRole('dialog', { name: 'Pago cancelado' });
    expect(dialog.textContent).toContain('No se ha cobrado nada.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(app.location().pathname).toBe('/get-started'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the rejected-payment dialog when the session came back declined', async () => {
    fakeApi({ [`GET billing/checkout/${SESSION_ID}`]: { body: aCheckoutSession({ state: 'declined' }) } });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp(`/get-started/success/${SESSION_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Transacción rechazada' })).toBeTruthy();
  });
});

describe('customer stage', () => {
  const none = { creditsPurchased: 0, creditsUsed: 0 };
  it('is unknown until the answers are in, returning with a project, a purchase or a spend', () => {
    expect(customerStage(undefined, undefined)).toBe('unknown');
    expect(customerStage(0, undefined)).toBe('unknown');
    expect(customerStage(2, undefined)).toBe('returning');
    expect(customerStage(0, { creditsPurchased: 10, creditsUsed: 0 })).toBe('returning');
    expect(customerStage(0, { creditsPurchased: 0, creditsUsed: 1 })).toBe('returning');
    expect(customerStage(0, none)).toBe('new');
  });

  it('has the gift credit only as a new customer holding a credit', () => {
    expect(hasGiftCredit('new', 1)).toBe(true);
    expect(hasGiftCredit('new', 0)).toBe(false);
    expect(hasGiftCredit('returning', 5)).toBe(false);
    expect(hasGiftCredit('unknown', 1)).toBe(false);
  });
});
