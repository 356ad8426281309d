import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminReferral, type AdminTopReferrer } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const referrals: AdminReferral[] = [
  {
    id: 'u8',
    referrer: { id: 'u7', name: 'Carla Cliente', email: 'carla@example.com' },
    referred: { id: 'u8', name: 'Pau Nou', email: 'pau@example.com' },
    referredAt: '2025-03-01T10:00:00.000Z',
    status: 'paid',
    reward: { credits: 5, paymentId: 'p9', paidAt: '2025-03-03T10:00:00.000Z' },
  },
  {
    id: 'u9',
    referrer: { id: 'u7', name: 'Carla Cliente', email: 'carla@example.com' },
    referred: { id: 'u9', name: '', email: 'quim@example.com' },
    referredAt: '2025-03-04T10:00:00.000Z',
    status: 'pending',
    reward: null,
  },
];

const top: AdminTopReferrer[] = [
  { id: 'u7', name: 'Carla Cliente', email: 'carla@example.com', referred: 2, rewarded: 1, credits: 5 },
];

describe('referrals', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists who referred whom with the reward, and leads to the top referrers', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/referrals': () => ({
        status: 200,
        body: referrals,
        headers: { 'Content-Range': 'referrals 0-1/2' },
      }),
      'GET /data/admin/top-referrers': () => ({
        status: 200,
        body: top,
        headers: { 'Content-Range': 'top-referrers 0-0/1' },
      }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/referrals`);
    render(<App />);

    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const [, paid, pending] = within(table).getAllByRole('row');
    expect(within(paid).getByRole('link', { name: 'Pau Nou' }).getAttribute('href')).toBe(
      '/backoffice/users/u8/show',
    );
    expect(within(paid).getByText('Pagada')).toBeTruthy();
    expect(within(paid).getByText(/^5 créditos, /)).toBeTruthy();
    // A customer without a name is named by e-mail.
    expect(within(pending).getByRole('link', { name: 'quim@example.com' })).toBeTruthy();
    expect(within(pending).getByText('Pendiente')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Quién invita más' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quién invita más' }, { timeout: 4000 }),
    ).toBeTruthy();
    const best = (await screen.findByRole('link', { name: 'Carla Cliente' }, { timeout: 4000 })).closest(
      'tr',
    )!;
    expect(Array.from(best.querySelectorAll('td'), (cell) => cell.textContent).slice(1)).toEqual([
      '2',
      '1',
      '5',
    ]);
  });
});
