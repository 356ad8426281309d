import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { packs, plans } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const catalogue = { 'GET billing/plans': { body: plans }, 'GET billing/packs': { body: packs } };

async function logIn() {
  await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' });
  await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('register-to-subscribe modal', () => {
  beforeEach(resetApp);

  it('explains that an account is needed and, after logging in, comes back to the offers', async () => {
    fakeApi({ ...catalogue, 'POST user/login': { body: { token: 'tok-1', user: aUser() } } });
    const app = renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirme: plan Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crea una cuenta para suscribirte' });
    expect(dialog.textContent).toContain('necesitas una cuenta de Estancia');
    expect(within(dialog).getByRole('link', { name: 'Crear cuenta' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Iniciar sesión' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBe('/offers');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Planes y packs' });
    expect(app.location().pathname).toBe('/offers');
    expect(window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBeNull();
  });

  it('keeps the way back through Register: the saved redirect takes the new customer to the offers', async () => {
    fakeApi({ ...catalogue, 'POST user/login': { body: { token: 'tok-1', user: aUser() } } });
    const app = renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirme: plan Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crea una cuenta para suscribirte' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Crear cuenta' }));
    await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta de Estancia' });
    expect(app.location().search).toBe('?redirectTo=Offers');
    // Even a plain Login (no redirectTo in the address) ends on the offers.
    await app.router.navigate('/login/');
    await logIn();
    await waitFor(() => expect(app.location().pathname).toBe('/offers'));
    await screen.findByRole('heading', { level: 1, name: 'Planes y packs' });
  });
});
