import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from './App';
import { STAFF_TOKEN_KEY, staffSession } from './auth/staffSession';
import { setPageUrl, startLoopbackApi } from './test/loopbackApi';

/** The console menu's entries in order, as read: without hidden badges or the alerts count's suffix. */
const menuEntries = () =>
  screen.getAllByRole('menuitem').map((item) => {
    const read = item.cloneNode(true) as HTMLElement;
    read.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return (read.textContent ?? '').replace(/ \(.*\)$/, '');
  });

const customerRow = {
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

describe('staff console in the browser', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('shows a customer the translated STAFF_ONLY refusal on the login page and stays signed out', async () => {
    api = await startLoopbackApi({
      'POST /data/admin/session': () => ({
        status: 403,
        body: { code: 'STAFF_ONLY', message: 'Only the Estancia team can access the console.' },
      }),
    });
    setPageUrl(`${api.origin}/backoffice/login`);
    render(<App />);

    fireEvent.change(await screen.findByLabelText(/Correo electrónico/), {
      target: { value: 'carla@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: 'Right#pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Solo el equipo de Estancia puede acceder a la consola.',
    );
    expect(JSON.parse(api.requests[0].body)).toEqual({
      username: 'carla@example.com',
      password: 'Right#pass1',
    });
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('lists users under /backoffice/users for a signed-in admin', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/users': () => ({
        status: 200,
        body: [customerRow],
        headers: { 'Content-Range': 'users 0-0/1' },
      }),
    });
    staffSession.save('staff-token-4', {
      id: 'a1',
      name: 'Ada',
      email: 'ada@estancia.test',
      role: 'admin',
    });
    setPageUrl(`${api.origin}/backoffice/users`);
    render(<App />);

    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nombre', 'Correo electrónico', 'Rol', 'Plan', 'Créditos', 'Bloqueo', 'Alta']);
    expect(await within(table).findByText('carla@example.com')).toBeTruthy();
    expect(within(table).getByText('Cliente')).toBeTruthy();
    const users = api.requests.find((r) => r.url.startsWith('/data/admin/users'));
    expect(users?.headers.authorization).toBe('Bearer staff-token-4');
    expect(menuEntries()).toEqual([
      'Panel',
      'Cola de trabajos',
      'Panel de revisión',
      'Festivos',
      'Usuarios',
      'Movimientos de créditos',
      'Solicitudes de contacto',
      'Problemas informados',
      'Planes',
      'Packs de créditos',
      'Cupones',
      'Pagos',
      'Suscripciones',
      'Invitaciones',
      'Productos',
      'Presupuestos de reforma',
      'Correos enviados',
      'Registro de auditoría',
      'Estado',
      'Motores',
    ]);
  });

  it.each(['users', 'users/u7/show', 'outbox'])(
    'gives a decorator no %s page: the console answers not found and asks the API nothing about it',
    async (path) => {
      api = await startLoopbackApi({
        'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      });
      staffSession.save('staff-token-5', {
        id: 'd1',
        name: 'Dana',
        email: 'dana@estancia.test',
        role: 'decorator',
      });
      setPageUrl(`${api.origin}/backoffice/${path}`);
      render(<App />);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 }),
      ).toBeTruthy();
      // The menu has the review entries only: no customers, no sent e-mails, no platform group.
      expect(menuEntries()).toEqual(['Cola de trabajos', 'Festivos']);
      expect(screen.queryByRole('group', { name: 'Clientes' })).toBeNull();
      expect(screen.queryByRole('group', { name: 'Plataforma' })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      expect(
        api.requests.filter((r) => /^\/data\/admin\/(users|ledger|outbox)/.test(r.url)).map((r) => r.url),
      ).toEqual([]);
    },
  );
});
