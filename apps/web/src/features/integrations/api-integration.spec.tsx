// The page embeds /api/docs in an iframe: happy-dom would fetch it from a real server, so it must not load frames.
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
import nodeConsole from 'node:console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiKey,
  CreateApiKeyRequest,
  CreateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from '@estancia/contracts';
import { queryClient } from '../../shared/query-client';
import { session } from '../session/session';
import { aUser, fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { integrationKeys } from './api/integrations-api';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

// The page is code-split: the first visit in a file waits for its chunk.
const PAGE_LOAD = { timeout: 5000 };

const aKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'Portal',
  prefix: 'est_k1k1k1k1',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

const anEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'endpoint-1',
  url: 'https://crm.example.com/webhooks/estancia',
  events: ['decoration.ready', 'decoration.failed'],
  createdAt: '2026-03-02T09:00:00.000Z',
  ...overrides,
});

const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'delivery-1',
  endpointId: 'endpoint-1',
  eventId: 'event-1',
  event: 'decoration.ready',
  state: 'failed',
  attempts: 9,
  lastStatus: 500,
  lastResponse: 'Internal Server Error',
  createdAt: '2026-03-03T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  ...overrides,
});

/**
 * The integrations API as the page sees it: answers follow what the calls changed, like the server's would.
 * (The fake cannot answer 204 with a body, so deletions answer 200 with an empty object.)
 */
function integrationsServer({
  apiAccess = true,
  keys = [] as ApiKey[],
  endpoints = [] as WebhookEndpoint[],
  deliveries = [] as WebhookDelivery[],
} = {}) {
  const state = { keys: [...keys], endpoints: [...endpoints], deliveries: [...deliveries] };
  let serial = 0;
  const api = fakeApi({
    'GET integrations/keys': () => ({ body: { apiAccess, keys: state.keys } }),
    'GET integrations/webhooks': () => ({
      body: { endpoints: state.endpoints, deliveries: state.deliveries },
    }),
  });
  const allowKeyChanges = (key: ApiKey) => {
    api.set(`DELETE integrations/keys/${key.id}`, () => {
      state.keys = state.keys.filter((k) => k.id !== key.id);
      return { body: {} };
    });
    api.set(`POST integrations/keys/${key.id}/rotate`, () => {
      serial += 1;
      const rotated = { ...key, id: `key-rotated-${serial}`, prefix: `est_rot${serial}rot` };
      state.keys = state.keys.map((k) => (k.id === key.id ? rotated : k));
      allowKeyChanges(rotated);
      return { status: 201, body: { ...rotated, secret: `est_rot${serial}rot_rotated-secret-${serial}` } };
    });
  };
  state.keys.forEach(allowKeyChanges);
  api.set('POST integrations/keys', (call) => {
    serial += 1;
    const key = aKey({
      id: `key-new-${serial}`,
      name: (call.body as CreateApiKeyRequest).name,
      prefix: 'est_ab12cd34',
    });
    state.keys.push(key);
    allowKeyChanges(key);
    return { status: 201, body: { ...key, secret: 'est_ab12cd34_s3cr3t-sh0wn-0nce' } };
  });
  api.set('POST integrations/webhooks', (call) => {
    const endpoint = anEndpoint({ id: 'endpoint-new', ...(call.body as CreateWebhookEndpointRequest) });
    state.endpoints.push(endpoint);
    return { status: 201, body: { ...endpoint, secret: 'whsec_signing-secret-0nce' } };
  });
  for (const delivery of state.deliveries) {
    api.set(`POST integrations/webhooks/deliveries/${delivery.id}/resend`, () => {
      const sent = {
        ...delivery,
        state: 'delivered' as const,
        lastStatus: 200,
        attempts: delivery.attempts + 1,
      };
      state.deliveries = state.deliveries.map((d) => (d.id === delivery.id ? sent : d));
      return { body: sent };
    });
  }
  return api;
}

async function openPage(user = subscribed('ULTIMATE')) {
  session.signIn({ token: 'tok-1', user });
  const app = renderApp('/api-integration');
  await screen.findByRole('heading', { level: 1, name: 'Integración por API' }, PAGE_LOAD);
  return app;
}

const section = (name: string) => screen.findByRole('region', { name });

/**
 * The iframe's refused load is expected here (see the top of the file): only that message is kept quiet.
 * happy-dom reports it on Node's own console, not on the test window's.
 */
function quietRefusedFrames() {
  const error = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args);
  });
}

describe('API integration page', () => {
  beforeEach(async () => {
    quietRefusedFrames();
    await resetApp();
  });
  afterEach(() => vi.restoreAllMocks());

  it('without API access explains the API and leads to the plans, with no key UI', async () => {
    // A user downgraded from ULTIMATE still has keys: the page must not offer or list them.
    const api = integrationsServer({ apiAccess: false, keys: [aKey()] });
    const app = await openPage(aUser());

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Decora fotos desde tu propio software' }),
    ).toBeTruthy();
    expect(screen.getByText('La API está incluida en los planes ULTIMATE y BUSINESS.')).toBeTruthy();
    expect(screen.getByText(/Tus claves de API no funcionan/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear clave de API' })).toBeNull();
    expect(screen.queryByText(/est_k1k1k1k1/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
    expect(api.callsTo('GET integrations/webhooks')).toHaveLength(0);

    await userEvent.click(screen.getByRole('link', { name: 'Ver los planes' }));
    await waitFor(() => expect(app.location().pathname).toBe('/offers'));
  }, 20_000);

  it('shows a created key once, then lists only its prefix', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = integrationsServer();
    await openPage();
    const keys = await section('Claves de API');
    expect(within(keys).getByText('Aún no tienes ninguna clave de API.')).toBeTruthy();

    await userEvent.click(within(keys).getByRole('button', { name: 'Crear clave de API' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    // A key needs a name: nothing is asked of the API without one.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(api.callsTo('POST integrations/keys')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'CRM de la oficina');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    dialog = await screen.findByRole('dialog', { name: 'Tu nueva clave «CRM de la oficina»' });
    expect(api.callsTo('POST integrations/keys')[0]!.body).toEqual({ name: 'CRM de la oficina' });
    expect((within(dialog).getByLabelText('Clave de API') as HTMLInputElement).value).toBe(
      'est_ab12cd34_s3cr3t-sh0wn-0nce',
    );
    expect(dialog.textContent).toContain('Esta clave solo se muestra ahora');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copiar la clave de API' }));
    expect(writeText).toHaveBeenCalledWith('est_ab12cd34_s3cr3t-sh0wn-0nce');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ya la he guardado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = within(keys).getByRole('list', { name: 'Tus claves de API' });
    expect(within(list).getByText('CRM de la oficina')).toBeTruthy();
    expect(within(list).getByText('est_ab12cd34…')).toBeTruthy();
    expect(within(list).getByText(/Último uso: nunca/)).toBeTruthy();
    // Gone for good: neither the page nor the cache keeps the secret.
    expect(document.body.innerHTML).not.toContain('s3cr3t');
    expect(JSON.stringify(queryClient.getQueryData(integrationKeys.keys))).not.toContain('s3cr3t');
  }, 20_000);

  it('turns into the offer when the plan loses API access while the page is open', async () => {
    const api = integrationsServer();
    await openPage();
    const keys = await section('Claves de API');
    api.set('POST integrations/keys', {
      status: 403,
      body: { code: 'API_ACCESS_REQUIRED', message: 'No API access' },
    });
    api.set('GET integrations/keys', { body: { apiAccess: false, keys: [] } });
    await userEvent.click(within(keys).getByRole('button', { name: 'Crear clave de API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'CRM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear clave' }));

    expect(await screen.findByText(/Tu plan no incluye acceso a la API/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Ver los planes' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Claves de API' })).toBeNull());
  }, 20_000);

  it('revokes a key only after confirmation', async () => {
    const api = integrationsServer({
      keys: [aKey(), aKey({ id: 'key-2', name: 'CRM', prefix: 'est_k2k2k2k2' })],
    });
    await openPage();
    const keys = await section('Claves de API');
    const revoke = await within(keys).findByRole('button', { name: 'Revocar la clave Portal' });

    await userEvent.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: '¿Revocar la clave «Portal»?' });
    expect(dialog.textContent).toContain('est_k1k1k1k1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE integrations/keys/key-1')).toHaveLength(0);
    expect(within(keys).getByText('Portal')).toBeTruthy();

    await userEvent.click(revoke);
    dialog = await screen.findByRole('dialog', { name: '¿Revocar la clave «Portal»?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revocar la clave' }));
    await waitFor(() => expect(api.callsTo('DELETE integrations/keys/key-1')).toHaveLength(1));
    expect(await screen.findByText('Clave revocada: ya no funciona.')).toBeTruthy();
    await waitFor(() => expect(within(keys).queryByText('Portal')).toBeNull());
    expect(within(keys).getByText('CRM')).toBeTruthy();
    expect(api.callsTo('DELETE integrations/keys/key-2')).toHaveLength(0);
  }, 20_000);

  it('rotates a key after confirmation and shows the new secret once', async () => {
    const api = integrationsServer({ keys: [aKey({ lastUsedAt: '2026-03-04T08:30:00.000Z' })] });
    await openPage();
    const keys = await section('Claves de API');
    await userEvent.click(await within(keys).findByRole('button', { name: 'Rotar la clave Portal' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Rotar la clave «Portal»?' });
    expect(confirm.textContent).toContain('dejará de funcionar al instante');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotar la clave' }));

    const shown = await screen.findByRole('dialog', { name: 'La nueva clave de «Portal»' });
    expect(api.callsTo('POST integrations/keys/key-1/rotate')).toHaveLength(1);
    expect((within(shown).getByLabelText('Clave de API') as HTMLInputElement).value).toBe(
      'est_rot1rot_rotated-secret-1',
    );
    await userEvent.click(within(shown).getByRole('button', { name: 'Ya la he guardado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(keys).getByText('est_rot1rot…')).toBeTruthy();
    expect(within(keys).queryByText('est_k1k1k1k1…')).toBeNull();
    expect(document.body.innerHTML).not.toContain('rotated-secret');
  }, 20_000);

  it('refuses a webhook without events or without a URL, then shows its signing secret once', async () => {
    const api = integrationsServer();
    await openPage();
    const webhooks = await section('Webhooks');
    expect(await within(webhooks).findByText('Aún no has añadido ningún endpoint.')).toBeTruthy();

    await userEvent.click(within(webhooks).getByRole('button', { name: 'Añadir endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir endpoint' });
    const url = within(dialog).getByLabelText('URL del endpoint');
    await userEvent.type(url, 'crm.example.com/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir endpoint' }));
    expect(
      await within(dialog).findByText('Escribe una URL completa que empiece por https://.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Elige al menos un evento.')).toBeTruthy();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://crm.example.com/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir endpoint' }));
    await waitFor(() =>
      expect(within(dialog).queryByText('Escribe una URL completa que empiece por https://.')).toBeNull(),
    );
    expect(within(dialog).getByText('Elige al menos un evento.')).toBeTruthy();
    expect(api.callsTo('POST integrations/webhooks')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Descripción lista/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Decoración lista/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'El secreto de firma de tu endpoint' });
    // The contract's order, whatever order they were ticked in.
    expect(api.callsTo('POST integrations/webhooks')[0]!.body).toEqual({
      url: 'https://crm.example.com/hooks',
      events: ['decoration.ready', 'description.ready'],
    });
    expect((within(shown).getByLabelText('Secreto de firma') as HTMLInputElement).value).toBe(
      'whsec_signing-secret-0nce',
    );
    await userEvent.click(within(shown).getByRole('button', { name: 'Ya lo he guardado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const endpoints = within(webhooks).getByRole('list', { name: 'Endpoints' });
    expect(within(endpoints).getByText('https://crm.example.com/hooks')).toBeTruthy();
    expect(within(endpoints).getByText('Descripción lista')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('whsec_signing');
  }, 20_000);

  it('lists deliveries with their answers and sends one again', async () => {
    const api = integrationsServer({
      endpoints: [anEndpoint()],
      deliveries: [
        aDelivery(),
        aDelivery({
          id: 'delivery-2',
          eventId: 'event-2',
          state: 'delivered',
          lastStatus: 204,
          attempts: 1,
          lastResponse: null,
        }),
      ],
    });
    await openPage();
    const table = await screen.findByRole('table', { name: 'Entregas recientes' });
    const [, failed, delivered] = within(table).getAllByRole('row');
    expect(within(failed!).getByText('Fallida')).toBeTruthy();
    expect(within(failed!).getByText('HTTP 500')).toBeTruthy();
    expect(within(failed!).getByText('Internal Server Error')).toBeTruthy();
    expect(within(failed!).getByText('https://crm.example.com/webhooks/estancia')).toBeTruthy();
    expect(within(delivered!).getByText('Entregada')).toBeTruthy();

    await userEvent.click(
      within(failed!).getByRole('button', { name: /^Enviar de nuevo: Decoración lista/ }),
    );
    await waitFor(() =>
      expect(api.callsTo('POST integrations/webhooks/deliveries/delivery-1/resend')).toHaveLength(1),
    );
    expect(api.callsTo('POST integrations/webhooks/deliveries/delivery-2/resend')).toHaveLength(0);
    expect(await screen.findByText('Hemos enviado el evento de nuevo.')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText('Entregada')).toHaveLength(2));

    const webhooks = await section('Webhooks');
    expect(within(webhooks).getByRole('heading', { level: 3, name: 'Cómo verificar la firma' })).toBeTruthy();
    expect(webhooks.textContent).toContain('Estancia-Signature: t=…,v1=…');
  }, 20_000);

  it('asks before deleting an endpoint', async () => {
    const api = integrationsServer({ endpoints: [anEndpoint()] });
    api.set('DELETE integrations/webhooks/endpoint-1', { body: {} });
    await openPage();
    const webhooks = await section('Webhooks');
    const remove = await within(webhooks).findByRole('button', {
      name: 'Eliminar el endpoint https://crm.example.com/webhooks/estancia',
    });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este endpoint?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar endpoint' }));
    await waitFor(() => expect(api.callsTo('DELETE integrations/webhooks/endpoint-1')).toHaveLength(1));
  }, 20_000);

  it('gives a quick start against this address and embeds the interactive docs', async () => {
    integrationsServer();
    await openPage();
    const origin = window.location.origin;
    const quickStart = await section('Inicio rápido');
    expect(quickStart.textContent).toContain(`curl -X POST "${origin}/api/v1/projects"`);
    expect(quickStart.textContent).toContain('Authorization: Bearer $ESTANCIA_API_KEY');
    expect(quickStart.textContent).toContain('Idempotency-Key');
    expect(quickStart.textContent).toContain(`"${origin}/api/v1/decorations/$DECORATION_ID"`);
    expect(quickStart.textContent).toContain('"roomType": "livingroom", "style": "modern"');

    await userEvent.click(within(quickStart).getByRole('tab', { name: 'Node.js (fetch)' }));
    const panel = within(quickStart).getByRole('tabpanel');
    expect(panel.textContent).toContain(`const BASE_URL = '${origin}/api/v1';`);
    expect(panel.textContent).toContain('/images/from-url');

    const docs = await section('Documentación');
    const frame = within(docs).getByTitle('Documentación interactiva de la API de Estancia');
    expect(frame.getAttribute('src')).toBe('/api/docs?lang=es');
    const open = within(docs).getByRole('link', { name: /Abrir la documentación/ });
    expect(open.getAttribute('href')).toBe('/api/docs?lang=es');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(
      within(docs)
        .getByRole('link', { name: /Descargar openapi\.json/ })
        .getAttribute('href'),
    ).toBe('/api/openapi.json');
  }, 20_000);
});
