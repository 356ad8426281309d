import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { i18n } from '../../shared/i18n';
import { session } from '../session/session';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const REQUIRED = 'Este campo es obligatorio.';
const CHOOSE_ONE = 'Elige al menos una opción.';
const MEETING_TIMES = 'Indica qué días y horas te van bien para la reunión.';
const LONG_REPORT = 'Al pulsar Descargar en el proyecto no pasa nada y la imagen no se guarda.';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function fillContact(scope: HTMLElement) {
  const form = within(scope);
  await userEvent.type(form.getByLabelText('Nombre'), 'Laia Vidal');
  await userEvent.type(form.getByLabelText('Correo electrónico'), 'laia@inmo.example');
  await userEvent.type(form.getByLabelText('Empresa'), 'Inmo Vidal');
  await userEvent.click(form.getByRole('checkbox', { name: 'Imágenes supervisadas' }));
  await userEvent.click(form.getByRole('checkbox', { name: 'API' }));
  // One band of properties: choosing another replaces the first.
  await userEvent.click(form.getByRole('radio', { name: 'De 10 a 100' }));
  await userEvent.click(form.getByRole('radio', { name: 'De 100 a 500' }));
  const volumes = form.getByRole('radiogroup', { name: 'Inmuebles que gestionas al mes' });
  expect(
    within(volumes)
      .getAllByRole('radio', { checked: true })
      .map((radio) => radio.getAttribute('value')),
  ).toEqual(['100-500']);
}

describe('contact us', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('flags the missing fields and the meeting without days and times, and sends nothing', async () => {
    const api = fakeApi();
    renderApp('/contact-us');
    await heading('Contacto');
    expect(screen.queryByLabelText('Días y horas que te van bien')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Quiero una reunión con el equipo comercial' }),
    );
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'no-es-un-correo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText(MEETING_TIMES)).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(screen.getByText('Introduce un correo electrónico válido.')).toBeTruthy();
    expect(screen.getAllByText(CHOOSE_ONE)).toHaveLength(2);
    expect(screen.getByLabelText('Días y horas que te van bien').getAttribute('aria-invalid')).toBe('true');
    const services = screen.getByRole('group', { name: 'Servicios que te interesan' });
    expect(services.getAttribute('aria-describedby')).toBe('contact-services-error');
    expect(document.getElementById('contact-services-error')?.textContent).toBe(CHOOSE_ONE);
    expect(api.callsTo('POST contact')).toHaveLength(0);
  });

  it('sends a complete request with the meeting times and the language, then thanks the sender', async () => {
    const api = fakeApi({ 'POST contact': { status: 201, body: { id: 'c1' } } });
    renderApp('/contact-us');
    await heading('Contacto');
    await fillContact(screen.getByRole('form', { name: 'Formulario de contacto' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Quiero una reunión con el equipo comercial' }),
    );
    await userEvent.type(screen.getByLabelText('Días y horas que te van bien'), 'Martes de 10 a 12');
    await userEvent.type(screen.getByLabelText('Mensaje'), 'Tenemos 200 pisos.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('¡Gracias! Hemos recibido tu solicitud')).toBeTruthy();
    expect(await screen.findByText(/Te hemos enviado una confirmación a laia@inmo\.example/)).toBeTruthy();
    expect(api.callsTo('POST contact')[0].body).toEqual({
      name: 'Laia Vidal',
      email: 'laia@inmo.example',
      company: 'Inmo Vidal',
      services: ['supervised_images', 'api'],
      volumes: ['100-500'],
      wantsMeeting: true,
      meetingTimes: 'Martes de 10 a 12',
      message: 'Tenemos 200 pisos.',
      language: 'es',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar otra solicitud' }));
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('');
  });

  it('marks the fields the API flags', async () => {
    fakeApi({
      'POST contact': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'invalid',
          fields: { meetingTimes: 'meetingTimesRequired' },
        },
      },
    });
    renderApp('/contact-us');
    await heading('Contacto');
    await fillContact(screen.getByRole('form', { name: 'Formulario de contacto' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Quiero una reunión con el equipo comercial' }),
    );
    await userEvent.type(screen.getByLabelText('Días y horas que te van bien'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(MEETING_TIMES)).toBeTruthy();
  });
});

/** A search typed at once (pasted): typing it key by key re-filters the questions per key, slow under load. */
async function search(text: string) {
  const box = screen.getByRole('searchbox');
  await userEvent.clear(box);
  await userEvent.paste(text);
}

describe('help', () => {
  beforeEach(async () => {
    await resetApp();
    session.signIn({ token: 'tok-1', user: aUser() });
  });
  afterEach(() => vi.restoreAllMocks());

  it('searches the questions without minding accents, in the interface language', async () => {
    fakeApi();
    renderApp('/help');
    await heading('Ayuda');
    const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(12);
    expect(screen.getByRole('searchbox', { name: 'Buscar en las preguntas frecuentes' })).toBeTruthy();
    await search('laborables');
    await waitFor(() => expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(1));
    expect(within(faq).getByText('¿Cuánto tarda una decoración supervisada?')).toBeTruthy();

    await search('credito gratis');
    await waitFor(() =>
      expect(within(faq).getByText('¿Qué es un crédito y cuántos gasta cada cosa?')).toBeTruthy(),
    );

    await search('zzzz');
    expect(await within(faq).findByText(/Ninguna pregunta coincide con «zzzz»/)).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    await search('watermark');
    await waitFor(() =>
      expect(
        within(faq)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['How do I download my images?']),
    );
  });

  it('shows the tutorial video with captions in the interface language, and offers the contact form', async () => {
    const api = fakeApi({ 'POST contact': { status: 201, body: { id: 'c2' } } });
    renderApp('/help');
    await heading('Ayuda');
    const section = screen.getByRole('region', { name: 'Cómo funciona Estancia' });
    const video = section.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('poster')).toBe('/help/tutorial-poster.jpg');
    expect(video.getAttribute('aria-labelledby')).toBe('help-video');
    expect(document.getElementById(video.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /sin sonido y con subtítulos/,
    );
    const source = video.querySelector('source')!;
    expect([source.getAttribute('src'), source.getAttribute('type')]).toEqual([
      '/help/tutorial.webm',
      'video/webm',
    ]);
    const captions = () =>
      // The video is remounted on a language change, so it is looked up again.
      [...section.querySelectorAll('video track[kind="captions"]')].map((track) => ({
        lang: track.getAttribute('srclang'),
        label: track.getAttribute('label'),
        src: track.getAttribute('src'),
        isDefault: track.hasAttribute('default'),
      }));
    expect(captions()).toEqual([
      { lang: 'es', label: 'Español', src: '/help/tutorial.es.vtt', isDefault: true },
      { lang: 'ca', label: 'Català', src: '/help/tutorial.ca.vtt', isDefault: false },
      { lang: 'en', label: 'English', src: '/help/tutorial.en.vtt', isDefault: false },
    ]);
    // The transcript: one item per scene of the video.
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText(/un decorador revisa la imagen/)).toBeTruthy();

    await act(() => i18n.changeLanguage('ca'));
    expect(captions().filter((track) => track.isDefault)).toEqual([
      { lang: 'ca', label: 'Català', src: '/help/tutorial.ca.vtt', isDefault: true },
    ]);
    await act(() => i18n.changeLanguage('es'));

    const contact = screen.getByRole('region', { name: '¿No encuentras la respuesta?' });
    // The signed-in customer's name and e-mail are filled in.
    expect((within(contact).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana Puig');
    await userEvent.click(within(contact).getByRole('checkbox', { name: 'Imágenes automáticas' }));
    await userEvent.click(within(contact).getByRole('radio', { name: 'De 1 a 10' }));
    await userEvent.click(within(contact).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(contact).findByText('¡Gracias! Hemos recibido tu solicitud')).toBeTruthy();
    expect(api.callsTo('POST contact')[0].body).toMatchObject({
      name: 'Ana Puig',
      email: 'ana@example.com',
      services: ['automatic_images'],
      volumes: ['1-10'],
      wantsMeeting: false,
    });
    expect(
      within(contact)
        .getByRole('link', { name: /Informa de un problema/ })
        .getAttribute('href'),
    ).toBe('/report-problem/?from=%2Fhelp');
  });
});

describe('report a problem', () => {
  beforeEach(resetApp);
  afterEach(() => vi.restoreAllMocks());

  it('needs a signed-in user', async () => {
    fakeApi();
    const app = renderApp('/report-problem/');
    await heading('Inicia sesión en Estancia');
    expect(app.location().search).toBe('?redirectTo=ReportProblem');
  });

  it('counts toward 50 characters, refuses less, then sends the page and the browser', async () => {
    const api = fakeApi({ 'POST problem-reports': { status: 201, body: { id: 'p1' } } });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/report-problem/');
    await heading('Informar de un problema');
    const field = screen.getByLabelText('Describe el problema');
    expect(screen.getByTestId('report-count').textContent).toBe('0 de 50 caracteres como mínimo');
    await userEvent.type(field, 'No va.');
    expect(screen.getByTestId('report-count').textContent).toBe('6 de 50 caracteres como mínimo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar informe' }));
    expect(await screen.findByText('Describe el problema con al menos 50 caracteres.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST problem-reports')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, LONG_REPORT);
    expect(screen.getByTestId('report-count').textContent).toBe(`${LONG_REPORT.length} caracteres`);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar informe' }));
    expect(await screen.findByText('Gracias por avisarnos')).toBeTruthy();
    const [call] = api.callsTo('POST problem-reports');
    expect(call.body).toEqual({
      text: LONG_REPORT,
      pageUrl: window.location.href,
      userAgent: navigator.userAgent,
    });
    expect(call.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('records the page the customer came from, not the report page', async () => {
    const api = fakeApi({ 'POST problem-reports': { status: 201, body: { id: 'p1' } } });
    session.signIn({ token: 'tok-1', user: aUser() });
    renderApp('/report-problem/?from=%2Fproject%2Fp-1%3Ftab%3D2');
    await heading('Informar de un problema');
    await userEvent.type(screen.getByLabelText('Describe el problema'), LONG_REPORT);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar informe' }));
    expect(await screen.findByText('Gracias por avisarnos')).toBeTruthy();
    expect(api.callsTo('POST problem-reports')[0].body).toMatchObject({
      pageUrl: `${window.location.origin}/project/p-1?tab=2`,
    });
  });
});

describe('help, for visitors', () => {
  beforeEach(resetApp);

  it('says on the sign-in page why Help needs an account, and links the public FAQ', async () => {
    fakeApi();
    const app = renderApp('/help');
    await heading('Inicia sesión en Estancia');
    expect(app.location().search).toBe('?redirectTo=Help');
    expect(screen.getByText(/Para abrir «Ayuda» tienes que iniciar sesión\./)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: '¿Aún no tienes cuenta? Consulta las preguntas frecuentes.' })
        .getAttribute('href'),
    ).toBe('/login/#faq');
  });
});
