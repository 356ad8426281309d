import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminLedgerEntry } from '@estancia/contracts';
import { App } from '../../App';
import { type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, emptyCustomerSections, grantEntry, listReply, signInAs } from './testFixtures';

const removalEntry: AdminLedgerEntry = {
  ...grantEntry,
  id: 'l3',
  delta: -3,
  balanceAfter: 1,
  note: 'Duplicated grant',
  idempotencyKey: 'admin:a1:r',
};

/** The customer page with a ledger that gains the movement once the API has accepted it. */
async function openUserPage(role: 'admin' | 'decorator', replies: { grant?: Reply; removal?: Reply } = {}) {
  let movement: AdminLedgerEntry | null = null;
  const api = await startLoopbackApi({
    ...alertsRoute,
    ...emptyCustomerSections,
    'GET /data/admin/users/u7': () => ({
      status: 200,
      body: movement ? { ...carla, credits: movement.balanceAfter } : carla,
    }),
    'GET /data/admin/ledger': () => listReply('ledger', movement ? [movement] : []),
    'POST /data/admin/users/u7/credits': () => {
      const reply = replies.grant ?? { status: 200, body: { balance: 10 } };
      if (reply.status === 200) movement = grantEntry;
      return reply;
    },
    'POST /data/admin/users/u7/credit-removals': () => {
      const reply = replies.removal ?? { status: 200, body: { balance: 1 } };
      if (reply.status === 200) movement = removalEntry;
      return reply;
    },
  });
  signInAs(role);
  setPageUrl(`${api.origin}/backoffice/users/u7/show`);
  render(<App />);
  // The first render also loads the page's code.
  if (role === 'admin') await screen.findAllByText('carla@example.com', {}, { timeout: 8000 });
  return api;
}

const posts = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.method === 'POST');

// Whole-console renders: each test loads the customer page with all its parts.
describe('granting and removing credits from the customer page', { timeout: 15_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('grants with amount, note and an idempotency key, then refreshes the balance and the ledger', async () => {
    api = await openUserPage('admin');
    const ledger = screen.getByRole('region', { name: 'Movimientos de créditos' });
    expect(within(ledger).getByText('Saldo: 4 créditos')).toBeTruthy();
    fireEvent.click(within(ledger).getByRole('button', { name: 'Dar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar créditos a Carla Cliente' });

    // Nothing is sent while the form is invalid.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));
    expect(await within(dialog).findByText('Escribe un número entero entre 1 y 10000')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo (máximo 200 caracteres)')).toBeTruthy();
    expect(posts(api)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Ticket 42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(posts(api)).toHaveLength(1);
    expect(JSON.parse(posts(api)[0].body)).toEqual({ amount: 6, note: 'Ticket 42' });
    expect(posts(api)[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts(api)[0].headers.authorization).toBe('Bearer staff-token-9');
    expect(await screen.findByText('Créditos añadidos. Nuevo saldo: 10', {}, { timeout: 4000 })).toBeTruthy();
    // The ledger was fetched again and shows the movement: why and by whom, not its idempotency key.
    const row = (await within(ledger).findByText('Ticket 42', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByText('Ada')).toBeTruthy();
    expect(within(row).getByText('Ajuste del equipo')).toBeTruthy();
    expect(within(ledger).queryByText('admin:a1:k')).toBeNull();
    expect(await within(ledger).findByText('Saldo: 10 créditos', {}, { timeout: 4000 })).toBeTruthy();
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Variación', 'Saldo después', 'Motivo', 'Nota', 'Hecho por', 'Fecha']);
  });

  it('removes credits only with a reason, posting to credit-removals with its own idempotency key', async () => {
    api = await openUserPage('admin');
    const ledger = screen.getByRole('region', { name: 'Movimientos de créditos' });
    fireEvent.click(within(ledger).getByRole('button', { name: 'Quitar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar créditos a Carla Cliente' });
    expect(within(dialog).getByText('Entre 1 y 10000. Saldo actual: 4')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar créditos' }));
    // The reason is required: nothing is sent without it.
    expect(await within(dialog).findByText('Escribe el motivo (máximo 200 caracteres)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar créditos' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts(api)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Duplicated grant' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar créditos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    const [removal] = posts(api);
    expect(removal.url).toBe('/data/admin/users/u7/credit-removals');
    expect(JSON.parse(removal.body)).toEqual({ amount: 3, note: 'Duplicated grant' });
    expect(removal.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Créditos quitados. Nuevo saldo: 1', {}, { timeout: 4000 })).toBeTruthy();
    const row = (await within(ledger).findByText('Duplicated grant', {}, { timeout: 4000 })).closest('tr')!;
    expect(within(row).getByText('-3')).toBeTruthy();
    expect(within(row).getByText('Ada')).toBeTruthy();
  });

  it('shows the API refusal of a removal beyond the balance in the dialog, which stays open', async () => {
    api = await openUserPage('admin', {
      removal: { status: 409, body: { code: 'CREDIT_REMOVAL_EXCEEDS_BALANCE', message: 'exceeds' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar créditos' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar créditos' }));
    const refusal = await within(dialog).findByRole('alert', {}, { timeout: 4000 });
    expect(refusal.textContent).toBe('No se pueden retirar más créditos de los que tiene el cliente.');
    expect(screen.getByRole('dialog')).toBeTruthy();

    // A second attempt sends the same key: the same dialog is the same operation.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar créditos' }));
    await waitFor(() => expect(posts(api!)).toHaveLength(2), { timeout: 4000 });
    expect(posts(api)[1].headers['idempotency-key']).toBe(posts(api)[0].headers['idempotency-key']);
  });

  it('shows a grant refusal translated and keeps the dialog open', async () => {
    api = await openUserPage('admin', {
      grant: { status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', message: 'conflict' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dar créditos' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Créditos/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar créditos' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Esta operación ya se ha registrado con otros datos.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not offered to decorators, who have no customer page at all', async () => {
    api = await openUserPage('decorator');
    await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 });
    expect(screen.queryByText('carla@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dar créditos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar créditos' })).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/users'))).toBe(false);
  });
});
