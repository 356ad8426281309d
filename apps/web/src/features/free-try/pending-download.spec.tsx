import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type User } from '@estancia/contracts';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { hdDownload } from './hd-download';
import { aFreeTry, createdMinutesAgo, storeTry, TRY_ID } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const FLAG = `${STORAGE_KEYS.freeDownloadUsedPrefix}ana@example.com`;
const CLAIM = `POST free-try/${TRY_ID}/claim`;

/** A visitor who chose "register to download" on /try-free, now logging in. */
async function logInWithPendingDownload(user: User, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'POST user/login': { body: { token: 'tok-1', user } }, ...routes });
  storeTry(aFreeTry());
  window.localStorage.setItem(STORAGE_KEYS.pendingDownload, TRY_ID);
  window.localStorage.setItem(STORAGE_KEYS.pendingImage, aFreeTry().previewUrl);
  window.localStorage.setItem(STORAGE_KEYS.postLoginRedirect, '/try-free');
  const app = renderApp('/login/');
  await screen.findByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' });
  await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Secret#123');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return { api, app };
}

const pendingCleared = () => {
  expect(window.localStorage.getItem(STORAGE_KEYS.pendingDownload)).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.pendingImage)).toBeNull();
};

describe('pending free download after signing in', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('claims it for a fresh account with an unused e-mail: flag set, download started, back to the try', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    const { api, app } = await logInWithPendingDownload(aUser({ createdAt: createdMinutesAgo(10) }), {
      [CLAIM]: { body: { downloadUrl: '/data/media/free-try/hd?sig=claim' } },
    });
    await waitFor(() =>
      expect(download).toHaveBeenCalledExactlyOnceWith('/data/media/free-try/hd?sig=claim'),
    );
    expect(api.callsTo(CLAIM)).toHaveLength(1);
    expect(api.callsTo(CLAIM)[0].headers.Authorization).toBe('Bearer tok-1');
    expect(window.localStorage.getItem(FLAG)).toBe('true');
    pendingCleared();
    expect(window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBeNull();
    expect(await screen.findByText('Tu descarga gratuita en HD ha empezado.')).toBeTruthy();
    // The saved redirect is the free try, which a signed-in user without a plan finds on GetStarted.
    await screen.findByRole('heading', { level: 2, name: 'Continúa tu prueba gratis' });
    expect(app.location().pathname).toBe('/get-started');
    expect(
      screen
        .getByRole('img', { name: 'Tu foto decorada, vista previa con marca de agua' })
        .getAttribute('src'),
    ).toBe(aFreeTry().previewUrl);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns and clears the pending data when this e-mail already had its free download', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    window.localStorage.setItem(FLAG, 'true');
    const { api } = await logInWithPendingDownload(aUser({ createdAt: createdMinutesAgo(10) }));
    const dialog = await screen.findByRole('dialog', { name: 'Descarga gratuita no disponible' });
    expect(dialog.textContent).toContain(
      'Ya has usado tu descarga gratuita. Suscríbete para descargar más imágenes en HD.',
    );
    expect(within(dialog).getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/offers');
    expect(api.callsTo(CLAIM)).toHaveLength(0);
    expect(download).not.toHaveBeenCalled();
    pendingCleared();
  });

  it('warns for an account older than an hour', async () => {
    const { api } = await logInWithPendingDownload(aUser({ createdAt: createdMinutesAgo(61) }));
    const dialog = await screen.findByRole('dialog', { name: 'Descarga gratuita no disponible' });
    expect(dialog.textContent).toContain(
      'La descarga gratuita solo está disponible en la primera hora después de crear la cuenta.',
    );
    expect(dialog.textContent).toContain('Suscríbete o compra un pack');
    expect(api.callsTo(CLAIM)).toHaveLength(0);
    expect(window.localStorage.getItem(FLAG)).toBeNull();
    pendingCleared();
  });

  it('warns when the API answers FREE_DOWNLOAD_USED to the claim', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    const { api } = await logInWithPendingDownload(aUser({ createdAt: createdMinutesAgo(5) }), {
      [CLAIM]: { status: 409, body: { code: 'FREE_DOWNLOAD_USED', message: 'used' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Descarga gratuita no disponible' });
    expect(dialog.textContent).toContain('Ya has usado tu descarga gratuita.');
    expect(api.callsTo(CLAIM)).toHaveLength(1);
    expect(download).not.toHaveBeenCalled();
    pendingCleared();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is forgotten on logout', () => {
    session.signIn({ token: 'tok-1', user: aUser() });
    window.localStorage.setItem(STORAGE_KEYS.pendingDownload, TRY_ID);
    window.localStorage.setItem(STORAGE_KEYS.pendingImage, aFreeTry().previewUrl);
    window.localStorage.setItem(STORAGE_KEYS.postLoginRedirect, '/try-free');
    session.clear();
    pendingCleared();
    expect(window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBeNull();
  });
});
