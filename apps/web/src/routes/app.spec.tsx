import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { session } from '../features/session/session';
import { aUser, fakeApi, platformStatus, subscribed } from '../test/fake-api';
import { renderApp, resetApp } from '../test/render-app';

// The hub socket is network too; its own logic is tested in realtime-client.spec.ts.
vi.mock('../features/realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
/** The text a screen reader reads as the field's description (its error or hint). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('customer app shell', () => {
  beforeEach(resetApp);

  it('sends a visitor from a private route to Login with redirectTo, titled with the route name', async () => {
    fakeApi();
    const app = renderApp('/account');
    await heading('Inicia sesión en Estancia');
    expect(app.location().pathname).toBe('/login/');
    expect(app.location().search).toBe('?redirectTo=Account');
    await waitFor(() => expect(document.title).toBe('Estancia - Login'));
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows PageNotFound for an unknown path', async () => {
    fakeApi();
    renderApp('/no/such/page');
    await heading('Página no encontrada');
    await waitFor(() => expect(document.title).toBe('Estancia - PageNotFound'));
  });

  it('shows translated validation errors from the shared schema without calling the API', async () => {
    const api = fakeApi();
    renderApp('/login/');
    await heading('Inicia sesión en Estancia');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const email = screen.getByLabelText(/Correo electrónico/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduce un correo electrónico válido.')).toBeTruthy();
    expect(api.callsTo('POST user/login')).toHaveLength(0);
  });

  it('shows the translated API error when the credentials are wrong', async () => {
    fakeApi({
      'POST user/login': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid' } },
    });
    renderApp('/login/');
    await heading('Inicia sesión en Estancia');
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'El correo o la contraseña no son correctos',
    );
    expect(session.getState().user).toBeNull();
  });

  it('signs in, stores token and credits, and goes to the route named by redirectTo', async () => {
    const api = fakeApi({ 'POST user/login': { body: { token: 'tok-1', user: aUser({ credits: 5 }) } } });
    const app = renderApp('/login/?redirectTo=Account');
    await heading('Inicia sesión en Estancia');
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'Ana@Example.com');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await heading('Mi cuenta');
    expect(app.location().pathname).toBe('/account');
    expect(api.callsTo('POST user/login')[0].body).toEqual({
      login: 'ana@example.com',
      password: 'Secret#123',
      language: 'es',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.credits)).toBe('5');
    expect(screen.getByTestId('credits').textContent).toContain('5 créditos');
    await waitFor(() => expect(document.title).toBe('Estancia - Account'));
  });

  it('flags the e-mail field when the API answers EMAIL_ALREADY_EXISTS, and prefills the referral code', async () => {
    fakeApi({
      'POST user/register': {
        status: 409,
        body: {
          code: 'EMAIL_ALREADY_EXISTS',
          message: 'Email already exists',
          fields: { email: 'EMAIL_ALREADY_EXISTS' },
        },
      },
    });
    renderApp('/register/?ref=FRIEND5');
    await heading('Crea tu cuenta de Estancia');
    expect(valueOf(screen.getByLabelText(/Código de referido/))).toBe('FRIEND5');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const email = screen.getByLabelText(/^Correo electrónico/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toBe('Ya existe una cuenta con este correo electrónico.');
  });

  it('checks the repeated password before registering', async () => {
    const api = fakeApi();
    renderApp('/register/');
    await heading('Crea tu cuenta de Estancia');
    await fillRegistration({ repeat: 'Other#1234' });
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(api.callsTo('POST user/register')).toHaveLength(0);
  });

  it('registers, verifies the e-mailed code with a resend, and lands on Login with a success message', async () => {
    const api = fakeApi({
      'POST user/register': { body: { data: { email: 'ana@example.com', verificationRequired: true } } },
      'POST user/validation/resend': { body: { status: 'sent' } },
      'POST user/validation': (call) =>
        (call.body as { token: string }).token === '654321'
          ? { body: { status: 'verified' } }
          : { status: 400, body: { code: 'VERIFICATION_CODE_INVALID', message: 'Invalid code' } },
    });
    const app = renderApp('/register/?ref=FRIEND5');
    await heading('Crea tu cuenta de Estancia');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeTruthy();
    expect(api.callsTo('POST user/register')[0].body).toEqual({
      name: 'Ana Puig',
      email: 'ana@example.com',
      password: 'Secret#123',
      company: 'Pisos Puig',
      referralCode: 'FRIEND5',
      language: 'es',
      acceptTerms: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText('Te hemos enviado un código nuevo.')).toBeTruthy();
    expect(api.callsTo('POST user/validation/resend')[0].body).toEqual({ email: 'ana@example.com' });

    const code = screen.getByLabelText(/Código de verificación/);
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código tiene 6 dígitos.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(description(code)).toBe('El código no es correcto.'));

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await heading('Inicia sesión en Estancia');
    expect(app.location().pathname).toBe('/login/');
    expect(screen.getByText('Tu cuenta está verificada. Ya puedes iniciar sesión.')).toBeTruthy();
    expect(valueOf(screen.getByLabelText(/Correo electrónico/))).toBe('ana@example.com');
  });

  it('switches the interface language from the selector and remembers it', async () => {
    fakeApi();
    renderApp('/login/');
    await heading('Inicia sesión en Estancia');
    await userEvent.selectOptions(screen.getByTestId('language-selector'), 'ca');
    await heading('Inicia la sessió a Estancia');
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('ca');
    expect(document.documentElement.lang).toBe('ca');
    await userEvent.selectOptions(screen.getByLabelText('Idioma', { exact: true }), 'en');
    await heading('Log in to Estancia');
    expect(valueOf(screen.getByLabelText('Language', { exact: true }))).toBe('en');
  });

  it('applies the lang query parameter', async () => {
    fakeApi();
    renderApp('/register/?lang=en');
    await heading('Create your Estancia account');
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('en');
  });

  it('sends every route to UpdatingPlatform in maintenance mode', async () => {
    fakeApi({ 'GET platform/status': { body: platformStatus({ isMaintenanceMode: true }) } });
    const app = renderApp('/register/');
    await heading('Estamos actualizando la plataforma');
    expect(app.location().pathname).toBe('/updating-platform');
    expect(screen.getByText('Estamos mejorando Estancia. Vuelve en unos minutos.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Estancia - UpdatingPlatform'));
  });

  it('shows the high-demand banner on the free try when the free flag is on, and closes it', async () => {
    fakeApi({ 'GET platform/status': { body: platformStatus({ isHighDemandFree: true }) } });
    renderApp('/try-free');
    await heading('Prueba gratis');
    expect(screen.getByText(/mucha demanda de pruebas gratuitas/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso de alta demanda' }));
    expect(screen.queryByText(/mucha demanda de pruebas gratuitas/)).toBeNull();
  });

  it('takes a signed-in user without a subscription from / to GetStarted and logs out to Login', async () => {
    const api = fakeApi({ 'POST user/logout': { body: { status: 'ok' } } });
    const reload = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    session.signIn({ token: 'tok-1', user: aUser() });
    window.localStorage.setItem(`${STORAGE_KEYS.decorationSelectionPrefix}room`, 'kitchen');
    const app = renderApp('/');
    await heading('Empieza con Estancia');
    expect(app.location().pathname).toBe('/get-started');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Prueba gratis' }).getAttribute('href')).toBe(
      '/get-started',
    );
    expect(within(nav).getByRole('link', { name: 'Suscríbete' }).getAttribute('href')).toBe('/offers');

    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login/'));
    expect(api.callsTo('POST user/logout')[0].headers.Authorization).toBe('Bearer tok-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.decorationSelectionPrefix}room`)).toBeNull();
    expect(session.getState().user).toBeNull();
    reload.mockRestore();
  });

  it('shows a subscriber the plan and the user menu entries', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: subscribed('ULTIMATE') });
    renderApp('/my-projects');
    await heading('Mis proyectos');
    expect(screen.getByRole('link', { name: 'Plan ULTIMATE' }).getAttribute('href')).toBe(
      '/account?showSubscription=true',
    );
    await userEvent.click(screen.getByTestId('user-menu'));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Mi cuenta', 'Mis proyectos', 'Precios', 'API', 'Ayuda', 'Cerrar sesión']);
  });

  it('sends the visitor to Login when the stored session is no longer valid', async () => {
    fakeApi({ 'POST user/updateProfile': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'x' } } });
    session.signIn({ token: 'tok-old', user: aUser() });
    const app = renderApp('/account');
    await heading('Mi cuenta');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await heading('Inicia sesión en Estancia');
    expect(app.location().search).toBe('?redirectTo=Account');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the translated blocked page, not the visitor pages, when the API says the account is blocked', async () => {
    fakeApi({
      'POST user/updateProfile': { status: 401, body: { code: 'ACCOUNT_BLOCKED', message: 'blocked' } },
    });
    session.signIn({ token: 'tok-blocked', user: aUser() });
    renderApp('/account');
    // The lazy pages load slowly on a busy machine: waits longer than findBy's second.
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await screen.findByRole('heading', { level: 1, name: 'Tu cuenta está bloqueada' }, { timeout: 10_000 });
    expect(screen.getByText(/se ha cerrado la sesión en este dispositivo/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al formulario de contacto' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(session.getState().user).toBeNull();
  }, 30_000);

  it('hides Google sign-in when the platform has no Google client id', async () => {
    fakeApi();
    renderApp('/login/');
    await heading('Inicia sesión en Estancia');
    expect(screen.queryByText('o')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('signs in with Google when a client id is configured, sending the referral code and language', async () => {
    const api = fakeApi({
      'GET platform/config': { body: { googleClientId: 'client-1.apps.googleusercontent.com' } },
      'POST user/oauthauthenticate': { body: { token: 'tok-g', user: subscribed('STARTER') } },
    });
    // Google's script is never loaded in tests: a stand-in answers with an identity token at once.
    let initialized: { client_id: string; callback: (r: { credential: string }) => void } | undefined;
    vi.stubGlobal('google', {
      accounts: {
        id: {
          initialize: (options: typeof initialized) => (initialized = options),
          renderButton: () => undefined,
        },
      },
    });
    const app = renderApp('/register/?ref=FRIEND5');
    await heading('Crea tu cuenta de Estancia');
    await waitFor(() => expect(initialized?.client_id).toBe('client-1.apps.googleusercontent.com'));
    initialized?.callback({ credential: 'google-id-token' });
    await heading('Mis proyectos');
    expect(app.location().pathname).toBe('/my-projects');
    expect(api.callsTo('POST user/oauthauthenticate')[0].body).toEqual({
      token: 'google-id-token',
      referralCode: 'FRIEND5',
      language: 'es',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-g');
  });

  it('scrolls smoothly to the top when the route name changes, not when only the query changes', async () => {
    fakeApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const app = renderApp('/offers');
    await heading('Planes y packs');
    scrollTo.mockClear();
    await act(() => app.router.navigate('/offers?tab=packs'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => app.router.navigate('/contact-us'));
    await heading('Contacto');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

async function fillRegistration({ repeat = 'Secret#123' } = {}) {
  await userEvent.type(screen.getByLabelText(/^Nombre/), 'Ana Puig');
  await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Secret#123');
  await userEvent.type(screen.getByLabelText(/^Repite la contraseña/), repeat);
  await userEvent.type(screen.getByLabelText(/^Empresa/), 'Pisos Puig');
  await userEvent.click(screen.getByRole('checkbox', { name: /^Acepto las condiciones de uso/ }));
}
