import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const carla = {
  id: 'u7',
  name: 'Carla Cliente',
  email: 'carla@example.com',
  role: 'customer',
  credits: 4,
  company: '',
  phone: '',
  language: 'es',
  referralCode: 'CARLA1',
  verified: true,
  createdAt: '2025-02-01T09:30:00.000Z',
};

const grantEntry = {
  id: 'l2',
  userId: 'u7',
  delta: 6,
  balanceAfter: 10,
  reason: 'admin_adjustment',
  idempotencyKey: 'admin:a1:k',
  createdAt: '2025-03-01T10:00:00.000Z',
  note: 'Ticket 42',
  grantedBy: { id: 'a1', name: 'Ada' },
};

/** The user page with a ledger that gains the grant once the API has answered it. */
async function openUserPage(role: 'admin' | 'decorator', grantReply?: { status: number; body: unknown }) {
  let granted = false;
  const api = await startLoopbackApi({
    'GET /data/admin/users/u7': () => ({ status: 200, body: granted ? { ...carla, credits: 10 } : carla }),
    'GET /data/admin/ledger': () => {
      const rows = granted ? [grantEntry] : [];
      return {
        status: 200,
        body: rows,
        headers: { 'Content-Range': `ledger 0-${rows.length}/${rows.length}` },
      };
    },
    'POST /data/admin/users/u7/credits': () => {
      const reply = grantReply ?? { status: 200, body: { balance: 10 } };
      granted = reply.status === 200;
      return reply;
    },
  });
  staffSession.save('staff-token-9', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role });
  setPageUrl(`${api.origin}/backoffice/users/u7/show`);
  render(<App />);
  if (role === 'admin') await screen.findByText('carla@example.com', {}, { timeout: 4000 });
  return api;
}

describe('granting credits from the user page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('sends amount, note and an idempotency key, then refreshes the ledger', async () => {
    api = await openUserPage('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Dar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar créditos a Carla Cliente' });

    // Nothing is sent while the form is invalid.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));
    expect(await within(dialog).findByText('Escribe un número entero entre 1 y 10000')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo (máximo 200 caracteres)')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Ticket 42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body)).toEqual({ amount: 6, note: 'Ticket 42' });
    expect(posts[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0].headers.authorization).toBe('Bearer staff-token-9');
    expect(await screen.findByText('Créditos añadidos. Nuevo saldo: 10', {}, { timeout: 4000 })).toBeTruthy();
    // The ledger list was fetched again and shows the new movement: why and by whom, not its idempotency key.
    const ledger = screen.getByRole('region', { name: 'Movimientos de créditos' });
    const row = (await within(ledger).findByText('Ticket 42', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByText('Ada')).toBeTruthy();
    expect(within(row).getByText('Ajuste del equipo')).toBeTruthy();
    expect(within(ledger).queryByText('admin:a1:k')).toBeNull();
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Variación', 'Saldo después', 'Motivo', 'Nota', 'Hecho por', 'Fecha']);
  });

  it('shows the API refusal translated and keeps the dialog open', async () => {
    api = await openUserPage('admin', {
      status: 409,
      body: { code: 'IDEMPOTENCY_CONFLICT', message: 'conflict' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dar créditos' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));
    expect(
      await screen.findByText('Esta operación ya se ha registrado con otros datos.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not offered to decorators, who have no user page at all', async () => {
    api = await openUserPage('decorator');
    await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 });
    expect(screen.queryByText('carla@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dar créditos' })).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/users'))).toBe(false);
  });
});
