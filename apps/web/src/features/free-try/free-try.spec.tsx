import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, VISITOR_HEADER } from '@estancia/contracts';
import { fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { aPhoto } from '../decorations/test-data';
import { hdDownload } from './hd-download';
import { aFreeTry, anExpiredFreeTry, inspiration, recordFreeTryUpload, storeTry, TRY_ID } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const img = (name: string) => screen.getByRole('img', { name }) as HTMLImageElement;
const refused = (code: string, status = 409) => ({ status, body: { code, message: code } });

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('free try (FileUpload)', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('decorates one photo (photo → room and style → decorate), shows the preview and redecorates it', async () => {
    const api = fakeApi({
      'POST free-try': { status: 201, body: aFreeTry() },
      [`POST free-try/${TRY_ID}/redecorate`]: {
        body: aFreeTry({
          previewUrl: '/data/media/free-try/preview-2',
          roomType: 'kitchen',
          style: 'rustic',
        }),
      },
      'GET free-try/inspiration': { body: inspiration },
    });
    recordFreeTryUpload(api.fetch as unknown as typeof fetch);
    renderApp('/try-free');
    await heading('Prueba gratis');
    const steps = screen.getByRole('list', { name: 'Pasos de la prueba gratis' });
    expect(within(steps).getByText('Sube una foto').closest('li')?.getAttribute('aria-current')).toBe('step');

    // No photo yet: said in the page, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Decorar gratis' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Primero selecciona una imagen.');
    expect(api.callsTo('POST free-try')).toHaveLength(0);

    await userEvent.upload(screen.getByLabelText('Foto de la estancia'), aPhoto('salon.jpg'));
    expect(img('Tu foto: salon.jpg')).toBeTruthy();
    await pick('Estilo', 'Escandinavo');
    await userEvent.click(screen.getByRole('button', { name: 'Decorar gratis' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu estancia decorada' })).toBeTruthy();
    const [upload] = api.callsTo('POST free-try');
    expect(upload.body).toEqual({ file: 'salon.jpg', roomType: 'livingroom', style: 'scandinavian' });
    expect(upload.headers[VISITOR_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(img('Tu foto decorada, vista previa con marca de agua').getAttribute('src')).toBe(
      aFreeTry().previewUrl,
    );
    expect(img('Tu foto original').getAttribute('src')).toBe(aFreeTry().originalUrl);
    expect(screen.getByLabelText('Comparar antes y después')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(
      /borramos las imágenes 15 minutos después de crearlas\. Se borrarán en (15:00|14:5\d)\./,
    );
    expect(within(steps).getByText('Decora').closest('li')?.getAttribute('aria-current')).toBe('step');

    // Redecorate with another room and style, as often as wanted.
    await pick('Tipo de estancia', 'Cocina');
    await pick('Estilo', 'Clásico');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a decorar' }));
    await waitFor(() =>
      expect(img('Tu foto decorada, vista previa con marca de agua').getAttribute('src')).toBe(
        '/data/media/free-try/preview-2',
      ),
    );
    const redecorate = api.callsTo(`POST free-try/${TRY_ID}/redecorate`)[0];
    expect(redecorate.body).toEqual({ roomType: 'kitchen', style: 'classic' });
    expect(redecorate.headers[VISITOR_HEADER]).toBe(upload.headers[VISITOR_HEADER]);

    // The inspiration gallery.
    expect(screen.getByRole('heading', { level: 2, name: 'Inspírate' })).toBeTruthy();
    expect(screen.getByLabelText('Comparar antes y después: Cocina, estilo Rústico')).toBeTruthy();
    expect(img('Cocina decorado en estilo Rústico').getAttribute('src')).toBe(inspiration[0].afterUrl);
  });

  it('keeps the try across a reload, and starts over only after confirming', async () => {
    fakeApi();
    storeTry(aFreeTry());
    renderApp('/try-free');
    await screen.findByRole('heading', { level: 2, name: 'Tu estancia decorada' });
    await userEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Empezar de nuevo?' });
    expect(dialog.textContent).toContain('Perderás el resultado actual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Tu estancia decorada' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar y empezar de nuevo' }));
    expect(await screen.findByLabelText('Foto de la estancia')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tu estancia decorada' })).toBeNull();
    expect(window.localStorage.getItem('freeTry')).toBeNull();
  });

  it('says when the images have been deleted and offers to start again', async () => {
    fakeApi();
    storeTry(anExpiredFreeTry());
    renderApp('/try-free');
    expect(
      await screen.findByText(/Han pasado 15 minutos y hemos borrado las imágenes de esta prueba/),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: /vista previa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar en HD' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    expect(await screen.findByLabelText('Foto de la estancia')).toBeTruthy();
  });

  it('treats FREE_TRY_EXPIRED on a redecoration as deleted images', async () => {
    fakeApi({ [`POST free-try/${TRY_ID}/redecorate`]: refused('FREE_TRY_EXPIRED', 410) });
    storeTry(aFreeTry());
    renderApp('/try-free');
    await userEvent.click(await screen.findByRole('button', { name: 'Volver a decorar' }));
    expect(await screen.findByText(/hemos borrado las imágenes de esta prueba/)).toBeTruthy();
  });

  it('shows HIGH_DEMAND, and FREE_TRY_LIMIT with a call to register', async () => {
    const api = fakeApi({
      'POST free-try': refused('HIGH_DEMAND', 503),
      'GET platform/status': {
        body: { isHighDemandFree: true, isHighDemandAuto: false, isMaintenanceMode: false },
      },
    });
    recordFreeTryUpload(api.fetch as unknown as typeof fetch);
    renderApp('/try-free');
    await heading('Prueba gratis');
    // The flag refuses free tries: the banner says so, not that the image may take longer.
    expect(
      screen.getByText(
        'Ahora mismo hay mucha demanda de pruebas gratuitas y no podemos hacer la tuya. Vuelve a intentarlo más tarde o crea una cuenta para decorar sin esperas.',
      ),
    ).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Foto de la estancia'), aPhoto('salon.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Decorar gratis' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Hay mucha demanda en este momento. Inténtalo de nuevo en breve.',
    );

    api.set('POST free-try', refused('FREE_TRY_LIMIT', 429));
    await userEvent.click(screen.getByRole('button', { name: 'Decorar gratis' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Has agotado las pruebas gratuitas.'),
    );
    expect(
      within(screen.getByRole('alert'))
        .getByRole('link', { name: 'Crear cuenta gratis' })
        .getAttribute('href'),
    ).toBe('/register/');
  });

  it('refuses a photo over 2 MB in the browser', async () => {
    const api = fakeApi();
    renderApp('/try-free');
    await heading('Prueba gratis');
    await userEvent.upload(
      screen.getByLabelText('Foto de la estancia'),
      aPhoto('grande.jpg', 3 * 1024 * 1024),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('La imagen supera el máximo de 2 MB.');
    expect(api.callsTo('POST free-try')).toHaveLength(0);
  });
});

describe('free try HD download', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  async function openDownload() {
    const app = renderApp('/try-free');
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar en HD' }));
    return { app, dialog: await screen.findByRole('dialog', { name: 'Descarga tu imagen en HD' }) };
  }

  it('downloads once per e-mail with the e-mailed code, then answers FREE_DOWNLOAD_USED for that e-mail', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    const api = fakeApi({
      [`POST free-try/${TRY_ID}/email`]: { status: 204 },
      [`POST free-try/${TRY_ID}/email/verify`]: (call) =>
        (call.body as { code: string }).code === '654321'
          ? { body: { downloadUrl: '/data/media/free-try/hd?sig=abc' } }
          : refused('VERIFICATION_CODE_INVALID', 400),
    });
    storeTry(aFreeTry());
    let { dialog } = await openDownload();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Recibir el código' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'eva@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recibir el código' }));
    expect(
      await within(dialog).findByText('Te hemos enviado un código de 6 dígitos a eva@example.com.'),
    ).toBeTruthy();
    expect(api.callsTo(`POST free-try/${TRY_ID}/email`)[0].body).toEqual({ email: 'eva@example.com' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText('Te hemos enviado un código nuevo.')).toBeTruthy();
    expect(api.callsTo(`POST free-try/${TRY_ID}/email`)).toHaveLength(2);

    const code = within(dialog).getByLabelText('Código de 6 dígitos');
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('El código no es correcto.').length).toBeGreaterThan(0);
    expect(download).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialog).findByText('Tu descarga ha empezado.')).toBeTruthy();
    expect(download).toHaveBeenCalledExactlyOnceWith('/data/media/free-try/hd?sig=abc');
    expect(api.callsTo(`POST free-try/${TRY_ID}/email/verify`)[1].body).toEqual({
      email: 'eva@example.com',
      code: '654321',
    });
    expect(window.localStorage.getItem(`${STORAGE_KEYS.freeDownloadUsedPrefix}eva@example.com`)).toBe('true');

    // The same e-mail again: its free download is used, with the way to the plans.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en HD' }));
    dialog = await screen.findByRole('dialog', { name: 'Descarga tu imagen en HD' });
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'eva@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recibir el código' }));
    const used = await within(dialog).findByRole('alert');
    expect(used.textContent).toContain(
      'Ya has usado tu descarga gratuita. Suscríbete para descargar más imágenes en HD.',
    );
    expect(within(used).getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/offers');
    expect(api.callsTo(`POST free-try/${TRY_ID}/email`)).toHaveLength(2);
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('shows FREE_DOWNLOAD_USED when the API says the e-mail already had its download', async () => {
    const download = vi.spyOn(hdDownload, 'start').mockImplementation(() => undefined);
    fakeApi({
      [`POST free-try/${TRY_ID}/email`]: { status: 204 },
      [`POST free-try/${TRY_ID}/email/verify`]: refused('FREE_DOWNLOAD_USED'),
    });
    storeTry(aFreeTry());
    const { dialog } = await openDownload();
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'leo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recibir el código' }));
    await userEvent.type(await within(dialog).findByLabelText('Código de 6 dígitos'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Ya has usado tu descarga gratuita.',
    );
    expect(download).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.freeDownloadUsedPrefix}leo@example.com`)).toBe('true');
  });

  it('stores the pending download and goes to Register to download with an account', async () => {
    fakeApi();
    storeTry(aFreeTry());
    const { app, dialog } = await openDownload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cuenta y descargar' }));
    await heading('Crea tu cuenta de Estancia');
    expect(app.location().pathname).toBe('/register/');
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingDownload)).toBe(TRY_ID);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingImage)).toBe(aFreeTry().previewUrl);
    expect(window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBe('/try-free');
  });
});
