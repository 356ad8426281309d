import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from './App';
import { STAFF_TOKEN_KEY, staffSession } from './auth/staffSession';
import { setPageUrl, startLoopbackApi } from './test/loopbackApi';

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

  it('lists users under /backoffice/users for a signed-in decorator', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/users': () => ({
        status: 200,
        body: [customerRow],
        headers: { 'Content-Range': 'users 0-0/1' },
      }),
    });
    staffSession.save('staff-token-4', {
      id: 'd1',
      name: 'Dana',
      email: 'dana@estancia.test',
      role: 'decorator',
    });
    setPageUrl(`${api.origin}/backoffice/users`);
    render(<App />);

    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nombre', 'Correo electrónico', 'Rol', 'Créditos', 'Verificado', 'Alta']);
    expect(await within(table).findByText('carla@example.com')).toBeTruthy();
    expect(within(table).getByText('Cliente')).toBeTruthy();
    expect(api.requests[0].headers.authorization).toBe('Bearer staff-token-4');
  });
});
