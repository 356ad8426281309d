import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, filterOf, listReply, setViewportWidth, signInAs } from './testFixtures';

const blockedBruno = {
  ...carla,
  id: 'u8',
  name: 'Bruno Bloqueado',
  email: 'bruno@example.com',
  plan: null,
  credits: 0,
  verified: false,
  blocked: true,
  blockedAt: '2025-03-02T08:00:00.000Z',
  blockedReason: 'Fraude',
};

async function openUsers(path = '/backoffice/users') {
  const api = await startLoopbackApi({
    ...alertsRoute,
    'GET /data/admin/users': () => listReply('users', [carla, blockedBruno]),
  });
  signInAs();
  setPageUrl(`${api.origin}${path}`);
  render(<App />);
  await screen.findByRole('table', {}, { timeout: 4000 });
  return api;
}

const userListUrls = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.url.startsWith('/data/admin/users?')).map((r) => r.url);

describe('the customers list', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
    setViewportWidth(1024);
  });

  it('shows role, plan, credits, verification and blocked state, sorted by the columns the API sorts', async () => {
    setViewportWidth(1400);
    api = await openUsers();
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Nombre',
      'Correo electrónico',
      'Rol',
      'Plan',
      'Créditos',
      'Verificado',
      'Bloqueo',
      'Alta',
    ]);
    const carlaRow = (await within(table).findByText('carla@example.com')).closest('tr')!;
    expect(within(carlaRow).getByText('PRO')).toBeTruthy();
    expect(within(carlaRow).queryByText('Bloqueado')).toBeNull();
    const brunoRow = within(table).getByText('bruno@example.com').closest('tr')!;
    expect(within(brunoRow).getByText('Sin plan')).toBeTruthy();
    expect(within(brunoRow).getByText('Bloqueado')).toBeTruthy();
    // Sortable where the API sorts (name, e-mail, credits, sign-up), not on role or plan.
    expect(within(table).getByLabelText(/^Ordenar por créditos/)).toBeTruthy();
    expect(within(table).queryByLabelText(/^Ordenar por plan/)).toBeNull();
    expect(within(table).queryByLabelText(/^Ordenar por rol/)).toBeNull();
    expect(filterOf(userListUrls(api)[0])).toEqual({});
    expect(JSON.parse(new URL(userListUrls(api)[0], api.origin).searchParams.get('sort')!)).toEqual([
      'createdAt',
      'DESC',
    ]);
  });

  it('asks the API for the role and plan chosen ("none" for customers without a plan)', async () => {
    api = await openUsers();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plan' }));
    const plans = await screen.findByRole('listbox');
    expect(
      within(plans)
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['', 'STARTER', 'PRO', 'ULTIMATE', 'BUSINESS', 'Sin plan']);
    fireEvent.click(within(plans).getByRole('option', { name: 'Sin plan' }));
    await waitFor(() => expect(filterOf(userListUrls(api!).at(-1)!)).toEqual({ plan: 'none' }), {
      timeout: 4000,
    });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rol' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Decorador' }));
    await waitFor(
      () => expect(filterOf(userListUrls(api!).at(-1)!)).toEqual({ plan: 'none', role: 'decorator' }),
      { timeout: 4000 },
    );
  });

  it('shows and sends the verified, blocked and sign-up-day filters a link carries', async () => {
    const filter = { verified: 'false', blocked: 'true', createdFrom: '2025-01-01', createdTo: '2025-03-31' };
    const displayed = { verified: true, blocked: true, createdFrom: true, createdTo: true };
    api = await openUsers(
      `/backoffice/users?filter=${encodeURIComponent(JSON.stringify(filter))}&displayedFilters=${encodeURIComponent(
        JSON.stringify(displayed),
      )}`,
    );
    expect(filterOf(userListUrls(api)[0])).toEqual(filter);
    expect(screen.getByRole('combobox', { name: 'Verificado' }).textContent).toBe('Sin verificar');
    expect(screen.getByRole('combobox', { name: 'Bloqueo' }).textContent).toBe('Bloqueado');
    expect((screen.getByLabelText('Alta desde') as HTMLInputElement).value).toBe('2025-01-01');
    expect((screen.getByLabelText('Alta hasta') as HTMLInputElement).value).toBe('2025-03-31');
  });

  it('keeps the essentials on a landscape tablet and becomes a list on a phone', async () => {
    api = await openUsers();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).not.toContain('Verificado');
    cleanup();
    setViewportWidth(390);
    render(<App />);
    const entry = (await screen.findByText('Bruno Bloqueado', {}, { timeout: 4000 })).closest('li')!;
    expect(within(entry).getByText('Bloqueado')).toBeTruthy();
    expect(within(entry).getByText('Cliente · Sin plan · 0 créditos')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the other filters under "Añadir filtro"', async () => {
    api = await openUsers();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir filtro' }));
    const menu = await screen.findByRole('menu');
    const offered = within(menu)
      .getAllByRole('menuitemcheckbox')
      .map((item) => item.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Verificado', 'Bloqueo', 'Alta desde', 'Alta hasta']));
  });
});
