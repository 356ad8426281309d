import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

// The account page is code-split: the first visit in a file waits for the page's chunk.
const PAGE_LOAD = { timeout: 5000 };

async function openAccount(user = aUser()) {
  session.signIn({ token: 'tok-1', user });
  const app = renderApp('/account');
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' }, PAGE_LOAD);
  return app;
}

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
  return screen.findByRole('dialog', { name: '¿Eliminar tu cuenta para siempre?' });
};

describe('account: delete my account and export my data', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('explains what goes and what stays, and cancelling deletes nothing', async () => {
    const api = fakeApi();
    await openAccount();
    expect(screen.getByRole('heading', { level: 2, name: 'Eliminar mi cuenta' })).toBeTruthy();
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Conservaremos tus facturas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST user/deleteAccount')).toHaveLength(0);
    expect(session.getState().token).toBe('tok-1');
  });

  it('asks for the password, flags a wrong one, then deletes, signs out and goes to Login', async () => {
    let calls = 0;
    const api = fakeApi({
      'POST user/deleteAccount': () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                code: 'CURRENT_PASSWORD_WRONG',
                message: 'Wrong',
                fields: { password: 'CURRENT_PASSWORD_WRONG' },
              },
            }
          : { body: { status: 'deleted' } },
    });
    const app = await openAccount();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Sí, eliminar mi cuenta' });

    await userEvent.click(submit);
    const password = within(dialog).getByLabelText(/^Contraseña/);
    await waitFor(() => expect(description(password)).toBe('Este campo es obligatorio.'));
    expect(api.callsTo('POST user/deleteAccount')).toHaveLength(0);

    await userEvent.type(password, 'Wrong#12345');
    await userEvent.click(submit);
    await waitFor(() => expect(description(password)).toBe('La contraseña actual no es correcta.'));
    expect(session.getState().token).toBe('tok-1');

    await userEvent.clear(password);
    await userEvent.type(password, 'Right#12345');
    await userEvent.click(submit);
    expect(await screen.findByText('Tu cuenta se ha eliminado.')).toBeTruthy();
    expect(api.callsTo('POST user/deleteAccount')[1].body).toEqual({
      password: 'Right#12345',
      confirmation: '',
    });
    expect(session.getState().token).toBe('');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(app.location().pathname).toBe('/login/'));
  });

  it('asks an account without a password (Google) to type its e-mail', async () => {
    const api = fakeApi({ 'POST user/deleteAccount': { body: { status: 'deleted' } } });
    await openAccount(aUser({ hasPassword: false, email: 'ana@example.com' }));
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText(/^Contraseña/)).toBeNull();
    const confirmation = within(dialog).getByLabelText(/ana@example\.com/);
    await userEvent.type(confirmation, 'otra@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    await waitFor(() =>
      expect(description(confirmation)).toBe(
        'Escribe tu correo electrónico exactamente como aparece en tu cuenta para confirmarlo.',
      ),
    );
    expect(api.callsTo('POST user/deleteAccount')).toHaveLength(0);

    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'Ana@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    expect(await screen.findByText('Tu cuenta se ha eliminado.')).toBeTruthy();
    expect(api.callsTo('POST user/deleteAccount')[0].body).toEqual({
      password: '',
      confirmation: 'Ana@Example.com',
    });
  });

  it('keeps the account and says why when a subscription still renews', async () => {
    fakeApi({
      'POST user/deleteAccount': {
        status: 409,
        body: { code: 'SUBSCRIPTION_RENEWS', message: 'Cancel first' },
      },
    });
    await openAccount();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), 'Right#12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    expect(await screen.findByText(/Tu suscripción se renovará/)).toBeTruthy();
    expect(session.getState().token).toBe('tok-1');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('downloads the export as a zip from the Export my data button', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = fakeApi({ 'GET user/exportData': { body: {} } });
    await openAccount();
    expect(screen.getByRole('heading', { level: 2, name: 'Exportar mis datos' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar mis datos' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET user/exportData')).toHaveLength(1);
    // The fake answers without a Content-Disposition: the app's own name is used.
    expect(saved).toEqual(['estancia-data.zip']);
  });
});
