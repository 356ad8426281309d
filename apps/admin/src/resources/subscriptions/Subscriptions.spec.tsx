import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminSubscription } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const subscription: AdminSubscription = {
  id: 's1',
  userId: 'u7',
  userEmail: 'carla@example.com',
  userName: 'Carla Cliente',
  planCode: 'PRO',
  cycle: 'annual',
  status: 'active',
  currentPeriodStart: '2025-03-01T10:00:00.000Z',
  currentPeriodEnd: '2026-03-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  nextPlanCode: 'STARTER',
  gateway: 'stripe',
  createdAt: '2025-03-01T10:00:00.000Z',
};

describe('the subscriptions list', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('names each customer with a link to their page and filters by plan and status', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/subscriptions': () => ({
        status: 200,
        body: [subscription],
        headers: { 'Content-Range': 'subscriptions 0-0/1' },
      }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/subscriptions`);
    render(<App />);

    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const row = (await within(table).findByText('Carla Cliente', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Carla Cliente' }).getAttribute('href')).toBe(
      '/backoffice/users/u7/show',
    );
    expect(within(row).getByText('anual')).toBeTruthy();
    expect(within(row).getByText('Activa')).toBeTruthy();
    expect(within(row).getByText('Pasa a STARTER')).toBeTruthy();
    expect(within(row).getByText('Stripe')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plan' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'PRO' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Pago pendiente' }),
    );
    await waitFor(
      () => {
        const last = api!.requests.filter((r) => r.url.startsWith('/data/admin/subscriptions?')).at(-1)!;
        const filter = new URL(last.url, api!.origin).searchParams.get('filter');
        expect(JSON.parse(filter ?? '{}')).toEqual({ plan: 'PRO', status: 'past_due' });
      },
      { timeout: 4000 },
    );
  });
});
