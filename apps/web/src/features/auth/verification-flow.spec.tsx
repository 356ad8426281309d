import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

// Login and Register are code-split: the first visit in a file waits for the page's chunk.
const PAGE_LOAD = { timeout: 5000 };
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, PAGE_LOAD);
const codeStep = () => screen.findByRole('heading', { level: 2, name: 'Verifica tu correo' }, PAGE_LOAD);
const toasts = () => screen.getByRole('region', { name: 'Notificaciones' });
const registered = { body: { data: { email: 'ana@example.com', verificationRequired: true } } };
const consent = () => screen.getByRole('checkbox', { name: /^Acepto las condiciones de uso/ });

/** Pastes each value (one input event, not one per key): typing is covered by app.spec.tsx. */
async function fill(label: RegExp, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

async function fillRegistration() {
  await fill(/^Nombre/, 'Ana Puig');
  await fill(/^Correo electrónico/, 'Ana@Example.com');
  await fill(/^Contraseña/, 'Secret#123');
  await fill(/^Repite la contraseña/, 'Secret#123');
}

describe('e-mail verification and Register', () => {
  beforeEach(resetApp);

  it('puts the code step in the address after registering', async () => {
    const api = fakeApi({ 'POST user/register': registered });
    const app = renderApp('/register/?redirectTo=Offers');
    await h1('Crea tu cuenta de Estancia');
    await fillRegistration();
    await userEvent.click(consent());
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await codeStep();
    expect(api.callsTo('POST user/register')[0].body).toMatchObject({
      email: 'ana@example.com',
      acceptTerms: true,
    });
    expect(app.location().pathname).toBe('/register/');
    expect(app.location().search).toBe('?redirectTo=Offers&verify=ana%40example.com');
  });

  it('opens the code step with its resend from the address alone, as after a reload', async () => {
    const api = fakeApi({ 'POST user/validation/resend': { body: { status: 'sent' } } });
    renderApp('/register/?redirectTo=Offers&verify=ana%40example.com');
    await codeStep();
    expect(screen.getByText(/Te hemos enviado un código de 6 dígitos a ana@example.com/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await within(toasts()).findByText('Te hemos enviado un código nuevo.')).toBeTruthy();
    expect(api.callsTo('POST user/validation/resend')[0].body).toEqual({ email: 'ana@example.com' });
  });

  it('shows the form for a code step address without a valid e-mail, and leaves the step on request', async () => {
    fakeApi();
    const bad = renderApp('/register/?verify=not-an-email');
    await h1('Crea tu cuenta de Estancia');
    expect(screen.queryByRole('heading', { level: 2, name: 'Verifica tu correo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    bad.unmount();

    const app = renderApp('/register/?ref=FRIEND5&verify=ana%40example.com');
    await codeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Registrarme con otro correo' }));
    expect(await screen.findByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    expect(app.location().search).toBe('?ref=FRIEND5');
  });

  it('sends an unverified sign-in to the code step with a fresh code, keeping where it was heading', async () => {
    const api = fakeApi({
      'POST user/login': {
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      },
      'POST user/validation/resend': { body: { status: 'sent' } },
    });
    const app = renderApp('/login/?redirectTo=Account');
    await h1('Inicia sesión en Estancia');
    await fill(/^Correo electrónico/, 'Ana@Example.com');
    await fill(/^Contraseña/, 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await codeStep();
    expect(app.location().pathname).toBe('/register/');
    expect(new URLSearchParams(app.location().search).get('verify')).toBe('ana@example.com');
    expect(new URLSearchParams(app.location().search).get('redirectTo')).toBe('Account');
    expect(api.callsTo('POST user/validation/resend')[0].body).toEqual({ email: 'ana@example.com' });
    expect(
      within(toasts()).getByText(
        'Tu cuenta aún no está verificada. Te hemos enviado un código nuevo a ana@example.com.',
      ),
    ).toBeTruthy();
    expect(session.getState().user).toBeNull();
  });

  it('still opens the code step when the resend after an unverified sign-in is refused', async () => {
    fakeApi({
      'POST user/login': { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'x' } },
      'POST user/validation/resend': { status: 429, body: { code: 'RATE_LIMITED', message: 'x' } },
    });
    renderApp('/login/');
    await h1('Inicia sesión en Estancia');
    await fill(/^Correo electrónico/, 'ana@example.com');
    await fill(/^Contraseña/, 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await codeStep();
    expect(within(toasts()).getByRole('alert').textContent).toContain('Demasiados intentos');
  });

  it('goes on to Login when the account was verified meanwhile', async () => {
    fakeApi({
      'POST user/validation': { status: 409, body: { code: 'ALREADY_VERIFIED', message: 'x' } },
    });
    const app = renderApp('/register/?verify=ana%40example.com');
    await codeStep();
    await userEvent.type(screen.getByLabelText(/^Código de verificación/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await h1('Inicia sesión en Estancia');
    expect(app.location().pathname).toBe('/login/');
    expect(screen.getByText('Tu cuenta está verificada. Ya puedes iniciar sesión.')).toBeTruthy();
  });

  it('requires the terms consent before calling the API, with links to the terms and the privacy policy', async () => {
    const api = fakeApi({ 'POST user/register': registered });
    renderApp('/register/');
    await h1('Crea tu cuenta de Estancia');
    expect(screen.getByRole('link', { name: 'condiciones de uso' }).getAttribute('href')).toMatch(/\/terms$/);
    expect(screen.getByRole('link', { name: 'política de privacidad' }).getAttribute('href')).toMatch(
      /\/privacy$/,
    );
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(consent().getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('Debes aceptar las condiciones de uso y la política de privacidad.'),
    ).toBeTruthy();
    expect(api.callsTo('POST user/register')).toHaveLength(0);
    await userEvent.click(consent());
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await codeStep();
    expect(api.callsTo('POST user/register')).toHaveLength(1);
  });

  it('shows and hides a password with the reveal button', async () => {
    fakeApi();
    renderApp('/login/');
    await h1('Inicia sesión en Estancia');
    const password = screen.getByLabelText(/^Contraseña/) as HTMLInputElement;
    await userEvent.type(password, 'Secret#123');
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.type).toBe('text');
    expect(password.value).toBe('Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password.type).toBe('password');
  });
});
