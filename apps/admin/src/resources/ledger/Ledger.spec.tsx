import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type AdminLedgerEntry } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const entries: AdminLedgerEntry[] = [
  {
    id: 'l2',
    userId: 'u7',
    delta: 6,
    balanceAfter: 7,
    reason: 'admin_adjustment',
    idempotencyKey: 'admin:a1:k',
    createdAt: '2025-03-01T10:00:00.000Z',
    note: 'Ticket 42: the render failed twice',
    grantedBy: { id: 'a1', name: 'Ada' },
  },
  {
    id: 'l1',
    userId: 'u7',
    delta: 1,
    balanceAfter: 1,
    reason: 'signup_bonus',
    idempotencyKey: 'signup:u7',
    createdAt: '2025-02-01T09:30:00.000Z',
    note: null,
    grantedBy: null,
  },
];

const carla = {
  id: 'u7',
  name: 'Carla Cliente',
  email: 'carla@example.com',
  role: 'customer',
  credits: 7,
  company: '',
  phone: '',
  language: 'es',
  referralCode: 'CARLA1',
  verified: true,
  createdAt: '2025-02-01T09:30:00.000Z',
};

const signInAdmin = () =>
  staffSession.save('staff-token-l', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });

describe('the ledger and the not-found page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists every credit movement with its customer, reason, note and author, never its idempotency key', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/ledger': () => ({
        status: 200,
        body: entries,
        headers: { 'Content-Range': 'ledger 0-1/2' },
      }),
      // The customer column asks for the users it names (getMany).
      'GET /data/admin/users': () => ({
        status: 200,
        body: [carla],
        headers: { 'Content-Range': 'users 0-0/1' },
      }),
    });
    signInAdmin();
    setPageUrl(`${api.origin}/backoffice/ledger`);
    render(<App />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Movimientos de créditos' }, { timeout: 4000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const [, grant, bonus] = within(table).getAllByRole('row');
    expect(within(grant).getByText('Ticket 42: the render failed twice')).toBeTruthy();
    expect(within(grant).getByText('Ada')).toBeTruthy();
    expect(within(grant).getByText('Ajuste del equipo')).toBeTruthy();
    expect(await within(grant).findByText('carla@example.com', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(bonus).getByText('Regalo de bienvenida')).toBeTruthy();
    expect(within(bonus).getByText('Automático')).toBeTruthy();
    expect(screen.queryByText('admin:a1:k')).toBeNull();
    const list = api.requests.find((r) => r.url.startsWith('/data/admin/ledger?'));
    expect(JSON.parse(new URL(list!.url, api.origin).searchParams.get('sort') ?? '')).toEqual([
      'createdAt',
      'DESC',
    ]);
  });

  it('titles a path the console does not have in words, as the page’s one h1', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    });
    signInAdmin();
    setPageUrl(`${api.origin}/backoffice/no-such-page`);
    render(<App />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('console.title')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a la cola de trabajos' }).getAttribute('href')).toBe(
      '/backoffice/',
    );
  });
});
