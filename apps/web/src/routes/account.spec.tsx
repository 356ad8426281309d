import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { session } from '../features/session/session';
import { aUser, fakeApi } from '../test/fake-api';
import { renderApp, resetApp } from '../test/render-app';

vi.mock('../features/realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('account and password pages', () => {
  beforeEach(resetApp);

  it('saves personal information and shows the updated name', async () => {
    const api = fakeApi({
      'POST user/updateProfile': (call) => ({ body: { user: aUser(call.body as object) } }),
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const name = screen.getByLabelText(/^Nombre/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana Vidal');
    await userEvent.type(screen.getByLabelText(/^Teléfono/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    const phone = screen.getByLabelText(/^Teléfono/);
    await waitFor(() => expect(description(phone)).toBe('Introduce un teléfono válido.'));
    expect(api.callsTo('POST user/updateProfile')).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+34 600 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    expect(await screen.findByText('Hemos guardado tus datos.')).toBeTruthy();
    expect(api.callsTo('POST user/updateProfile')[0].body).toEqual({
      name: 'Ana Vidal',
      company: 'Pisos Puig',
      phone: '+34 600 123 456',
    });
    expect(session.getState().user?.name).toBe('Ana Vidal');
    expect(screen.getByTestId('user-menu').textContent).toContain('Ana Vidal');
  });

  it('changes the password, storing the new token, and flags a wrong current password', async () => {
    let calls = 0;
    fakeApi({
      'POST user/updatePassword': () =>
        ++calls === 1
          ? { status: 400, body: { code: 'CURRENT_PASSWORD_WRONG', message: 'Wrong' } }
          : { body: { token: 'tok-2', user: aUser() } },
    });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const current = screen.getByLabelText(/^Contraseña actual/);
    await userEvent.type(current, 'Old#12345');
    await userEvent.type(screen.getByLabelText(/^Contraseña nueva/), 'New#12345');
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña nueva/), 'New#12345');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(description(current)).toBe('La contraseña actual no es correcta.'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');

    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(/Tu contraseña se ha cambiado/)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-2');
    expect(valueOf(current)).toBe('');
  });

  it('shows every account section heading and opens the subscription section from the query flag', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/account?showSubscription=true');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    for (const title of [
      'Información personal',
      'Seguridad',
      'Packs',
      'Transacciones',
      'Suscripción',
      'Opciones de descarga',
    ]) {
      expect(headings).toContain(title);
    }
    await waitFor(() => expect(document.activeElement?.id).toBe('account-subscription'));
  });

  it('asks for a reset link with the forgot-password dialog', async () => {
    const api = fakeApi({ 'GET user/forgotPassword/ana@example.com': { body: { status: 'sent' } } });
    renderApp('/login/');
    await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' });
    await userEvent.click(screen.getByRole('button', { name: '¿Has olvidado tu contraseña?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recupera tu contraseña' });
    await userEvent.type(dialog.querySelector('input') as HTMLInputElement, 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(/te hemos enviado un enlace para restablecer/)).toBeTruthy();
    expect(api.callsTo('GET user/forgotPassword/ana@example.com')).toHaveLength(1);
  });

  it('opens the reset form from the e-mailed link and sends the row id with the new password', async () => {
    const api = fakeApi({ 'POST user/changePassword': { body: { status: 'changed' } } });
    const app = renderApp('/login/?resetToken=row-77');
    await screen.findByRole('heading', { name: 'Crea una contraseña nueva' });
    await userEvent.type(screen.getByLabelText(/^Contraseña nueva/), 'short');
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña nueva/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(
      await screen.findByText('Mínimo 8 caracteres, con un número, una mayúscula y un símbolo.', {
        selector: 'p.Mui-error',
      }),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Contraseña nueva/));
    await userEvent.type(screen.getByLabelText(/^Contraseña nueva/), 'Fresh#2025');
    await userEvent.clear(screen.getByLabelText(/^Repite la contraseña nueva/));
    await userEvent.type(screen.getByLabelText(/^Repite la contraseña nueva/), 'Fresh#2025');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Tu contraseña se ha cambiado. Ya puedes iniciar sesión.')).toBeTruthy();
    expect(api.callsTo('POST user/changePassword')[0].body).toEqual({
      rowId: 'row-77',
      password: 'Fresh#2025',
    });
    expect(app.location().search).toBe('');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});

describe('a stored token without a loaded user (a reload)', () => {
  it('fetches the profile first, then lets the guards decide', async () => {
    vi.resetModules();
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok-stored');
    const { fakeApi: freshFakeApi, subscribed } = await import('../test/fake-api');
    const api = freshFakeApi({
      'POST user/profile': { body: { token: 'tok-stored', user: subscribed('PRO') } },
    });
    const { renderApp: renderFresh } = await import('../test/render-app');
    const { screen: freshScreen } = await import('@testing-library/react');
    const app = renderFresh('/');
    await freshScreen.findByRole('heading', { level: 1, name: 'Mis proyectos' });
    expect(app.location().pathname).toBe('/my-projects');
    expect(api.callsTo('POST user/profile')[0].headers.Authorization).toBe('Bearer tok-stored');
    app.unmount();
  });
});
