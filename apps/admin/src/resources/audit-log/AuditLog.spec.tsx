import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminAuditEntry } from '@estancia/contracts';
import { App } from '../../App';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, filterOf, listReply, signInAs } from '../users/testFixtures';

const ada = { id: 'a1', name: 'Ada Admin', email: 'ada@estancia.test' };

const block: AdminAuditEntry = {
  id: '12',
  actor: ada,
  action: 'users.block',
  resource: 'users',
  recordId: 'u7',
  before: { blocked: false, blockedReason: null },
  after: { blocked: true, blockedReason: 'Fraude con tarjetas robadas en tres pedidos seguidos, ticket 981' },
  createdAt: '2025-03-05T12:00:00.000Z',
};

const planUpdate: AdminAuditEntry = {
  id: '11',
  actor: { id: null, name: 'Former Admin', email: 'former@estancia.test' },
  action: 'plans.update',
  resource: 'plans',
  recordId: 'PRO',
  before: { monthlyPriceCents: 2900, annualPriceCents: 29000, includedDecorations: 20, watermark: true },
  after: { monthlyPriceCents: 3400, annualPriceCents: 34000, includedDecorations: 25, watermark: false },
  createdAt: '2025-03-04T08:00:00.000Z',
};

const grant: AdminAuditEntry = {
  id: '10',
  actor: ada,
  action: 'users.grant_credits',
  resource: 'users',
  recordId: 'u7',
  before: null,
  after: { credits: 6, note: 'Ticket 42' },
  createdAt: '2025-03-03T08:00:00.000Z',
};

async function openAuditLog(path = '/backoffice/audit-log') {
  const api = await startLoopbackApi({
    ...alertsRoute,
    'GET /data/admin/audit-log': () => listReply('audit-log', [block, planUpdate, grant]),
    'GET /data/admin/audit-log/12': () => ({ status: 200, body: block }),
    'GET /data/admin/users': () => listReply('users', [carla, { ...carla, ...ada, role: 'admin' }]),
    'GET /data/admin/users/u7': () => ({ status: 200, body: carla }),
  });
  signInAs();
  setPageUrl(`${api.origin}${path}`);
  render(<App />);
  return api;
}

const auditQueries = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.url.startsWith('/data/admin/audit-log?')).map((r) => r.url);

describe('the audit log', { timeout: 15_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists who did what to which record and when, with a compact before → after', async () => {
    api = await openAuditLog();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro de auditoría' }, { timeout: 8000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Hecho por', 'Acción', 'Recurso', 'Registro', 'Cambios']);
    const [, blockRow, planRow, grantRow] = within(table).getAllByRole('row');
    expect(within(blockRow).getByText('Ada Admin')).toBeTruthy();
    expect(within(blockRow).getByText('ada@estancia.test')).toBeTruthy();
    expect(within(blockRow).getByText('Bloqueo de cuenta')).toBeTruthy();
    expect(within(blockRow).getByText('Usuario')).toBeTruthy();
    // Field names as the resource's pages name them; long values cut short.
    expect(within(blockRow).getByText('false → true')).toBeTruthy();
    expect(within(blockRow).getByText('Bloqueo:')).toBeTruthy();
    expect(within(blockRow).getByText('— → Fraude con tarjetas robadas en tres ped…')).toBeTruthy();
    // The record links to its page where the console has one.
    expect(within(blockRow).getByRole('link', { name: 'u7' }).getAttribute('href')).toBe(
      '/backoffice/users/u7/show',
    );
    // Four fields changed: three shown, and how many more.
    expect(within(planRow).getByText('Former Admin')).toBeTruthy();
    expect(within(planRow).getByText('2900 → 3400')).toBeTruthy();
    expect(within(planRow).getByText('y 1 campo más')).toBeTruthy();
    expect(within(grantRow).getByText('Créditos dados')).toBeTruthy();
    expect(within(grantRow).getByText('— → Ticket 42')).toBeTruthy();
    expect(JSON.parse(new URL(auditQueries(api)[0], api.origin).searchParams.get('sort')!)).toEqual([
      'createdAt',
      'DESC',
    ]);
  });

  it('opens filtered the way a record’s page links to it, with the filters on screen to change', async () => {
    const filter = { resource: 'users', recordId: 'u7' };
    api = await openAuditLog(`/backoffice/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await screen.findByRole('table', {}, { timeout: 8000 });
    expect(filterOf(auditQueries(api)[0])).toEqual(filter);
    expect((screen.getByLabelText('Recurso') as HTMLInputElement).value).toBe('users');
    expect((screen.getByLabelText('Registro') as HTMLInputElement).value).toBe('u7');

    fireEvent.change(screen.getByLabelText('Acción'), { target: { value: 'users.block' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-03-01' } });
    await waitFor(
      () =>
        expect(filterOf(auditQueries(api!).at(-1)!)).toEqual({
          ...filter,
          action: 'users.block',
          createdFrom: '2025-03-01',
        }),
      { timeout: 4000 },
    );
  });

  it('filters by who did it, searched among the accounts', async () => {
    api = await openAuditLog();
    await screen.findByRole('table', {}, { timeout: 8000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Hecho por' }), { target: { value: 'ada' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Ada Admin · ada@estancia.test' }, { timeout: 4000 }),
    );
    await waitFor(() => expect(filterOf(auditQueries(api!).at(-1)!)).toEqual({ actorId: 'a1' }), {
      timeout: 4000,
    });
  });

  it('shows one entry with every changed field whole, before and after', async () => {
    api = await openAuditLog('/backoffice/audit-log/12/show');
    const changes = await screen.findByRole('table', { name: 'Cambios' }, { timeout: 8000 });
    const rows = within(changes).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((c) => c.textContent),
      )[0],
    ).toEqual(['Campo', 'Antes', 'Después']);
    const reason = rows.find((row) => row.textContent?.startsWith('Motivo del bloqueo'))!;
    expect(
      within(reason).getByText('Fraude con tarjetas robadas en tres pedidos seguidos, ticket 981'),
    ).toBeTruthy();
    expect(within(reason).getByText('—')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acción del equipo · Bloqueo de cuenta' }),
    ).toBeTruthy();
    expect(within(reason).getByText('Motivo del bloqueo')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
  });

  it('sits in the platform menu for admins only', async () => {
    api = await openAuditLog();
    const platform = await screen.findByRole('group', { name: 'Plataforma' }, { timeout: 8000 });
    expect(within(platform).getByRole('menuitem', { name: 'Registro de auditoría' })).toBeTruthy();
    cleanup();
    localStorage.clear();
    signInAs('decorator');
    setPageUrl(`${api.origin}/backoffice/audit-log`);
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 });
    expect(screen.queryByRole('menuitem', { name: 'Registro de auditoría' })).toBeNull();
  });
});
