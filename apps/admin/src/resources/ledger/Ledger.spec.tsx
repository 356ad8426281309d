import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminLedgerEntry } from '@estancia/contracts';
import { App } from '../../App';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, filterOf, listReply, setViewportWidth, signInAs } from '../users/testFixtures';

const entries: AdminLedgerEntry[] = [
  {
    id: 'l3',
    userId: 'u7',
    delta: -2,
    balanceAfter: 5,
    reason: 'admin_adjustment',
    idempotencyKey: 'admin:a1:r',
    createdAt: '2025-03-02T10:00:00.000Z',
    note: 'Granted twice by mistake',
    grantedBy: { id: 'a1', name: 'Ada' },
  },
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

async function openLedger(rows: AdminLedgerEntry[] = entries) {
  const api = await startLoopbackApi({
    ...alertsRoute,
    'GET /data/admin/ledger': (request) =>
      listReply('ledger', filterOf(request.url).reason === 'pack_purchase' ? [] : rows),
    // The customer column and the customer filter ask for users (getMany, and a search).
    'GET /data/admin/users': () => listReply('users', [carla]),
  });
  signInAs();
  setPageUrl(`${api.origin}/backoffice/ledger`);
  render(<App />);
  return api;
}

const ledgerQueries = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.url.startsWith('/data/admin/ledger?')).map((r) => r.url);

describe('the ledger', { timeout: 15_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
    setViewportWidth(1024);
  });

  it('lists every credit movement with its customer, change, balance, reason, note and author, never its key', async () => {
    api = await openLedger();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Movimientos de créditos' }, { timeout: 8000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Cliente', 'Variación', 'Saldo después', 'Motivo', 'Nota', 'Hecho por']);
    const [, removal, grant, bonus] = within(table).getAllByRole('row');
    expect(within(removal).getByText('-2')).toBeTruthy();
    expect(within(removal).getByText('Granted twice by mistake')).toBeTruthy();
    expect(within(grant).getByText('+6')).toBeTruthy();
    expect(within(grant).getByText('7')).toBeTruthy();
    expect(within(grant).getByText('Ticket 42: the render failed twice')).toBeTruthy();
    expect(within(grant).getByText('Ada')).toBeTruthy();
    expect(within(grant).getByText('Ajuste del equipo')).toBeTruthy();
    expect(await within(grant).findByText('carla@example.com', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(bonus).getByText('Regalo de bienvenida')).toBeTruthy();
    expect(within(bonus).getByText('Automático')).toBeTruthy();
    expect(screen.queryByText('admin:a1:k')).toBeNull();
    expect(JSON.parse(new URL(ledgerQueries(api)[0], api.origin).searchParams.get('sort') ?? '')).toEqual([
      'createdAt',
      'DESC',
    ]);
  });

  it('filters by customer, searched by name or e-mail', async () => {
    api = await openLedger();
    await screen.findByRole('table', {}, { timeout: 8000 });
    const customer = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.change(customer, { target: { value: 'carla' } });
    await waitFor(
      () =>
        expect(
          api!.requests.some((r) => r.url.startsWith('/data/admin/users?') && filterOf(r.url).q === 'carla'),
        ).toBe(true),
      { timeout: 4000 },
    );
    fireEvent.click(
      await screen.findByRole('option', { name: 'Carla Cliente · carla@example.com' }, { timeout: 4000 }),
    );
    await waitFor(() => expect(filterOf(ledgerQueries(api!).at(-1)!)).toEqual({ userId: 'u7' }), {
      timeout: 4000,
    });
  });

  it('keeps its filters on screen when nothing matches, so the page is never a blank one', async () => {
    api = await openLedger([]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Movimientos de créditos' }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Cliente' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Motivo' })).toBeTruthy();
    expect(await screen.findByText(/^No se han encontrado/, {}, { timeout: 4000 })).toBeTruthy();
  });

  it('reads as a list on a phone: the movement, whose, when and why', async () => {
    setViewportWidth(390);
    api = await openLedger();
    const entry = (await screen.findByText('+6 · Ajuste del equipo', {}, { timeout: 8000 })).closest('li')!;
    expect(within(entry).getByText('Ticket 42: the render failed twice')).toBeTruthy();
    expect(await within(entry).findByText('carla@example.com', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('-2 · Ajuste del equipo')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names the refund of a payment in words', async () => {
    api = await openLedger([{ ...entries[2], id: 'l9', delta: -4, reason: 'payment_refund' }]);
    expect(await screen.findByText('Devolución de pago', {}, { timeout: 8000 })).toBeTruthy();
  });
});
