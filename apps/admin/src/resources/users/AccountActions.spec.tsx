import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminUser } from '@estancia/contracts';
import { App } from '../../App';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { alertsRoute, carla, emptyCustomerSections, listReply, signInAs } from './testFixtures';

/**
 * The customer page against an API that keeps the account's state: each action answers the account as it is
 * afterwards, as the API does. `refuse` makes one action answer a refusal instead.
 */
async function openUserPage(start: Partial<AdminUser> = {}, refuse: Record<string, Reply> = {}) {
  let user: AdminUser = { ...carla, ...start };
  const act =
    (name: string, change: (request: RecordedRequest) => Partial<AdminUser>) =>
    (request: RecordedRequest) => {
      if (refuse[name]) return refuse[name];
      user = { ...user, ...change(request) };
      return { status: 200, body: user };
    };
  const api = await startLoopbackApi({
    ...alertsRoute,
    ...emptyCustomerSections,
    'GET /data/admin/ledger': () => listReply('ledger', []),
    'GET /data/admin/users': () => listReply('users', [user]),
    'GET /data/admin/users/u7': () => ({ status: 200, body: user }),
    'POST /data/admin/users/u7/block': act('block', (request) => ({
      blocked: true,
      blockedAt: '2025-03-05T12:00:00.000Z',
      blockedReason: (JSON.parse(request.body) as { reason: string }).reason,
    })),
    'POST /data/admin/users/u7/unblock': act('unblock', () => ({
      blocked: false,
      blockedAt: null,
      blockedReason: null,
    })),
    'POST /data/admin/users/u7/role': act(
      'role',
      (request) => JSON.parse(request.body) as Partial<AdminUser>,
    ),
    'POST /data/admin/users/u7/verification-email': act('verification-email', () => ({})),
    'POST /data/admin/users/u7/password-reset-email': act('password-reset-email', () => ({})),
    'DELETE /data/admin/users/u7': () => refuse.erase ?? { status: 204 },
  });
  signInAs();
  setPageUrl(`${api.origin}/backoffice/users/u7/show`);
  render(<App />);
  // The first render also loads the page's code.
  await screen.findAllByText('carla@example.com', {}, { timeout: 8000 });
  return api;
}

const writes = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.method !== 'GET');

const profile = () => screen.getByRole('region', { name: 'Perfil' });

describe('the account actions on the customer page', { timeout: 15_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('blocks only with a reason, then shows the block with its reason and offers Unblock', async () => {
    api = await openUserPage();
    expect(within(profile()).getByText('Activo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear a Carla Cliente' });
    expect(within(dialog).getByText(/dejan de funcionar al momento/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await within(dialog).findByText('Escribe el motivo (máximo 200 caracteres)')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Fraude con tarjetas' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(writes(api).map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/data/admin/users/u7/block', { reason: 'Fraude con tarjetas' }],
    ]);
    expect(await screen.findByText('Cuenta bloqueada', {}, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByText('Motivo: Fraude con tarjetas', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(profile()).getByText('Bloqueado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bloquear' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeTruthy();
  });

  it('unblocks a blocked account after confirming', async () => {
    api = await openUserPage({ blocked: true, blockedAt: '2025-03-05T12:00:00.000Z', blockedReason: 'Spam' });
    expect(screen.getByText('Motivo: Spam')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear a Carla Cliente' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(writes(api).map((r) => r.url)).toEqual(['/data/admin/users/u7/unblock']);
    expect(await screen.findByRole('button', { name: 'Bloquear' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('Motivo: Spam')).toBeNull();
  });

  it('keeps a refused block in the dialog, translated', async () => {
    api = await openUserPage({}, { block: { status: 403, body: { code: 'FORBIDDEN', message: 'no' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'No tienes permiso para hacer esto.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(within(profile()).getByText('Activo')).toBeTruthy();
  });

  it('changes the role to the one chosen', async () => {
    api = await openUserPage();
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar rol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el rol de Carla Cliente' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Decorador' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(writes(api).map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/data/admin/users/u7/role', { role: 'decorator' }],
    ]);
    expect(await within(profile()).findByText('Decorador', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('resends the verification code only to an unverified account, and shows the API refusal', async () => {
    api = await openUserPage(
      { verified: false },
      {
        'verification-email': { status: 409, body: { code: 'ALREADY_VERIFIED', message: 'verified' } },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar verificación' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Se enviará un código nuevo a carla@example.com.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Esta cuenta ya está verificada. Inicia sesión.',
    );
    expect(writes(api).map((r) => r.url)).toEqual(['/data/admin/users/u7/verification-email']);
  });

  it('sends the password-reset e-mail after confirming; a verified account has no "resend verification"', async () => {
    api = await openUserPage();
    expect(screen.queryByRole('button', { name: 'Reenviar verificación' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar cambio de contraseña' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(writes(api).map((r) => r.url)).toEqual(['/data/admin/users/u7/password-reset-email']);
    expect(await screen.findByText('Enlace enviado a carla@example.com', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('deletes the account only once its e-mail is typed and a reason given, then goes back to the list', async () => {
    api = await openUserPage();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar la cuenta de Carla Cliente' });
    fireEvent.change(within(dialog).getByLabelText(/^Escribe carla@example.com para confirmar/), {
      target: { value: 'carla@example.co' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'GDPR request #12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar para siempre' }));
    expect(await within(dialog).findByText('No coincide con el correo de la cuenta')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Escribe carla@example.com para confirmar/), {
      target: { value: 'Carla@Example.com ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar para siempre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(writes(api).map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['DELETE', '/data/admin/users/u7', { reason: 'GDPR request #12' }],
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usuarios' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/backoffice/users');
    expect(screen.getByText('Cuenta de carla@example.com eliminada')).toBeTruthy();
  });

  it('links to the account’s rows of the audit log', async () => {
    api = await openUserPage();
    const link = screen.getByRole('link', { name: 'Historial de cambios' });
    const url = new URL(link.getAttribute('href')!, api.origin);
    expect(url.pathname).toBe('/backoffice/audit-log');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ resource: 'users', recordId: 'u7' });
  });
});
