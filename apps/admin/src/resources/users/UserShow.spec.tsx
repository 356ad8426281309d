import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminPayment,
  type AdminProject,
  type AdminReferral,
  type AdminSubscription,
} from '@estancia/contracts';
import { App } from '../../App';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, filterOf, grantEntry, listReply, signInAs } from './testFixtures';

const project: AdminProject = {
  id: 'p1',
  userId: 'u7',
  propertyName: 'Piso Gràcia',
  createdAt: '2025-03-01T09:00:00.000Z',
  photos: 3,
  decorations: [
    {
      id: 'd1',
      type: 'automatic',
      roomType: 'livingroom',
      style: 'scandinavian',
      state: 'ready',
      thumbnailUrl: 'https://files.example/d1-thumb.webp?sig=abc',
      createdAt: '2025-03-01T09:05:00.000Z',
    },
    {
      id: 'd2',
      type: 'supervised',
      roomType: 'kitchen',
      style: 'modern',
      state: 'pending',
      thumbnailUrl: null,
      createdAt: '2025-03-01T09:06:00.000Z',
    },
  ],
};

const subscription: AdminSubscription = {
  id: 's1',
  userId: 'u7',
  userEmail: carla.email,
  userName: carla.name,
  planCode: 'PRO',
  cycle: 'monthly',
  status: 'active',
  currentPeriodStart: '2025-03-01T00:00:00.000Z',
  currentPeriodEnd: '2025-04-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  nextPlanCode: null,
  gateway: 'sandbox',
  createdAt: '2025-03-01T00:00:00.000Z',
};

const payment: AdminPayment = {
  id: 'pay1',
  userId: 'u7',
  userEmail: carla.email,
  userName: carla.name,
  kind: 'subscription',
  amountCents: 2900,
  discountCents: 0,
  refundedCents: 0,
  credits: 20,
  planCode: 'PRO',
  packCode: null,
  cycle: 'monthly',
  couponCode: null,
  gateway: 'sandbox',
  invoiceNumber: 'EST-2025-0001',
  createdAt: '2025-03-01T00:00:00.000Z',
  refunds: [],
};

const rita = { id: 'u3', name: 'Rita Referente', email: 'rita@example.com' };
const carlaPerson = { id: 'u7', name: carla.name, email: carla.email };
const referralMade: AdminReferral = {
  id: 'u9',
  referrer: carlaPerson,
  referred: { id: 'u9', name: 'Nico Nuevo', email: 'nico@example.com' },
  referredAt: '2025-03-03T10:00:00.000Z',
  status: 'paid',
  reward: { credits: 5, paymentId: 'pay9', paidAt: '2025-03-04T10:00:00.000Z' },
};
const referralReceived: AdminReferral = {
  id: 'u7',
  referrer: rita,
  referred: carlaPerson,
  referredAt: '2025-02-01T09:30:00.000Z',
  status: 'pending',
  reward: null,
};

async function openUserPage() {
  const api = await startLoopbackApi({
    ...alertsRoute,
    'GET /data/admin/users/u7': () => ({ status: 200, body: carla }),
    'GET /data/admin/ledger': () => listReply('ledger', [grantEntry]),
    'GET /data/admin/projects': () => listReply('projects', [project]),
    'GET /data/admin/subscriptions': () => listReply('subscriptions', [subscription]),
    'GET /data/admin/payments': () => listReply('payments', [payment]),
    'GET /data/admin/payments/pay1': () => ({ status: 200, body: payment }),
    'GET /data/admin/referrals': (request) =>
      listReply('referrals', filterOf(request.url).referrerId ? [referralMade] : [referralReceived]),
  });
  signInAs();
  setPageUrl(`${api.origin}/backoffice/users/u7/show`);
  render(<App />);
  await screen.findAllByText('carla@example.com', {}, { timeout: 8000 });
  return api;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the customer page', { timeout: 15_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('asks for each part filtered by the customer', async () => {
    api = await openUserPage();
    await within(region('Invitaciones hechas')).findByText('Nico Nuevo', {}, { timeout: 4000 });
    const filters = Object.fromEntries(
      ['ledger', 'projects', 'subscriptions', 'payments'].map((resource) => [
        resource,
        filterOf(api!.requests.find((r) => r.url.startsWith(`/data/admin/${resource}?`))!.url),
      ]),
    );
    expect(filters).toEqual({
      ledger: { userId: 'u7' },
      projects: { userId: 'u7' },
      subscriptions: { userId: 'u7' },
      payments: { userId: 'u7' },
    });
    const referralFilters = api.requests
      .filter((r) => r.url.startsWith('/data/admin/referrals?'))
      .map((r) => filterOf(r.url));
    expect(referralFilters).toEqual(expect.arrayContaining([{ referrerId: 'u7' }, { referredId: 'u7' }]));
  });

  it('shows the profile with the plan and who referred the customer, linking to them', async () => {
    api = await openUserPage();
    const profile = region('Perfil');
    expect(within(profile).getByText('PRO')).toBeTruthy();
    expect(within(profile).getByText('Carla Homes')).toBeTruthy();
    expect(within(profile).getByText('Activo')).toBeTruthy();
    const referrer = within(profile).getByRole('link', { name: 'Rita Referente · rita@example.com' });
    expect(referrer.getAttribute('href')).toBe('/backoffice/users/u3/show');
  });

  it('shows each project with its decorations as named thumbnails, or their state while they render', async () => {
    api = await openUserPage();
    const projects = region('Proyectos');
    const card = await within(projects).findByRole('article', { name: 'Piso Gràcia' }, { timeout: 4000 });
    expect(within(card).getByText(/3 fotos · 2 decoraciones/)).toBeTruthy();
    const thumbnail = within(card).getByRole('img', { name: 'Salón · Escandinavo' });
    expect(thumbnail.getAttribute('src')).toBe('https://files.example/d1-thumb.webp?sig=abc');
    expect(within(card).getByText('En preparación')).toBeTruthy();
    expect(within(card).getByText('Automática')).toBeTruthy();
    expect(within(card).getByText('Supervisada')).toBeTruthy();
  });

  it('shows the subscription, and payments that open their own page', async () => {
    api = await openUserPage();
    const subscriptionRow = (
      await within(region('Suscripción')).findByText('PRO', {}, { timeout: 4000 })
    ).closest('tr')!;
    expect(subscriptionRow).toBeTruthy();
    const payments = region('Pagos');
    const row = (await within(payments).findByText('EST-2025-0001', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByText(/29,00\s€/)).toBeTruthy();
    fireEvent.click(within(row).getByText('EST-2025-0001'));
    await waitFor(() => expect(window.location.pathname).toBe('/backoffice/payments/pay1/show'), {
      timeout: 4000,
    });
  });

  it('shows the referrals made, with their reward, and the one received', async () => {
    api = await openUserPage();
    const made = region('Invitaciones hechas');
    const row = (await within(made).findByText('Nico Nuevo', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByText('Pagado')).toBeTruthy();
    expect(within(row).getByText(/^5 créditos el /)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Nico Nuevo' }).getAttribute('href')).toBe(
      '/backoffice/users/u9/show',
    );
    const received = region('Invitado por');
    const receivedRow = (await within(received).findByText('Rita Referente', {}, { timeout: 4000 })).closest(
      'tr',
    )!;
    expect(within(receivedRow).getByText('Pendiente')).toBeTruthy();
  });
});
