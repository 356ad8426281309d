import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type EngineRouteUpdate,
  type EngineSettings,
  type EngineStats,
  type EngineTestResult,
} from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { ADA, DANA } from '../../test/reviewFixtures';

type Route = (request: RecordedRequest) => Reply;

const SAMPLE = 'data:image/jpeg;base64,c2FtcGxl';
const RENDERED = 'data:image/jpeg;base64,cmVuZGVyZWQ=';

const settings: EngineSettings = {
  engines: [
    { name: 'builtin', configured: true, demo: true, emptiesRooms: false, defaultModel: null, costCents: 0 },
    { name: 'http', configured: false, demo: false, emptiesRooms: false, defaultModel: null, costCents: 2 },
    {
      name: 'openai',
      configured: true,
      demo: false,
      emptiesRooms: true,
      defaultModel: 'gpt-image-1',
      costCents: 4,
    },
    {
      name: 'replicate',
      configured: true,
      demo: false,
      emptiesRooms: false,
      defaultModel: 'flux-kontext-pro',
      costCents: 5,
    },
    {
      name: 'comfyui',
      configured: false,
      demo: false,
      emptiesRooms: false,
      defaultModel: null,
      costCents: 1,
    },
    {
      name: 'virtual-staging',
      configured: false,
      demo: false,
      emptiesRooms: true,
      defaultModel: null,
      costCents: 25,
    },
  ],
  routes: [
    {
      use: 'free_try',
      engine: 'openai',
      model: 'gpt-image-1-mini',
      fallbacks: [{ engine: 'builtin', model: null }],
      updatedAt: '2025-03-04T10:00:00.000Z',
      updatedBy: 'ada@estancia.test',
    },
    { use: 'automatic', engine: 'builtin', model: null, fallbacks: [], updatedAt: null, updatedBy: null },
    {
      use: 'supervised_draft',
      engine: 'builtin',
      model: null,
      fallbacks: [],
      updatedAt: null,
      updatedBy: null,
    },
    { use: 'editor_ai', engine: 'builtin', model: null, fallbacks: [], updatedAt: null, updatedBy: null },
  ],
  changes: [
    {
      use: 'free_try',
      before: { engine: 'builtin', model: null, fallbacks: [] },
      after: { engine: 'openai', model: 'gpt-image-1-mini', fallbacks: [{ engine: 'builtin', model: null }] },
      changedBy: 'ada@estancia.test',
      changedAt: '2025-03-04T10:00:00.000Z',
    },
  ],
};

const stats = (days: number): EngineStats => ({
  days,
  engines: [
    {
      engine: 'builtin',
      renders: 40,
      failures: 0,
      failuresByReason: {},
      p50Ms: 900,
      p95Ms: 1500,
      costPerDecorationCents: 0,
      revenuePerDecorationCents: 150,
    },
    {
      engine: 'openai',
      renders: 12,
      failures: 3,
      failuresByReason: { timeout: 2, rate_limited: 1 },
      p50Ms: 21_000,
      p95Ms: 48_500,
      costPerDecorationCents: 5.5,
      revenuePerDecorationCents: null,
    },
  ],
});

/** Answers the engine endpoints like the API; a PUT is applied to the settings it answers afterwards. */
const engineRoutes = (extra: Record<string, Route> = {}): Record<string, Route> => {
  let current = settings;
  return {
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/engines': () => ({ status: 200, body: current }),
    'GET /data/admin/engines/stats': ({ url }) => ({
      status: 200,
      body: stats(Number(new URL(url, 'http://x').searchParams.get('days'))),
    }),
    'PUT /data/admin/engines/routes/automatic': ({ body }) => {
      const update = JSON.parse(body) as EngineRouteUpdate;
      const before = current.routes.find((route) => route.use === 'automatic')!;
      current = {
        ...current,
        routes: current.routes.map((route) =>
          route.use === 'automatic'
            ? { ...route, ...update, updatedAt: '2025-03-05T09:30:00.000Z', updatedBy: 'ada@estancia.test' }
            : route,
        ),
        changes: [
          {
            use: 'automatic',
            before: { engine: before.engine, model: before.model, fallbacks: before.fallbacks },
            after: update,
            changedBy: 'ada@estancia.test',
            changedAt: '2025-03-05T09:30:00.000Z',
          },
          ...current.changes,
        ],
      };
      return { status: 200, body: current };
    },
    ...extra,
  };
};

const signIn = (role: 'admin' | 'decorator') =>
  staffSession.save(`token-${role}`, {
    id: role === 'admin' ? ADA.id : DANA.id,
    name: role === 'admin' ? ADA.name : DANA.name,
    email: `${role}@estancia.test`,
    role,
  });

async function openEnginesPage(routes: Record<string, Route> = engineRoutes()) {
  const api = await startLoopbackApi(routes);
  signIn('admin');
  setPageUrl(`${api.origin}/backoffice/engines`);
  render(<App />);
  await screen.findByRole('region', { name: 'Decoraciones automáticas' }, { timeout: 4000 });
  return api;
}

const card = (use: string) => within(screen.getByRole('region', { name: use }));

/** The cells of a table, row by row. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\u00a0/g, ' ')),
    );

/** Picks `option` in the MUI select labelled `label` inside `scope`. */
const choose = async (scope: ReturnType<typeof card>, label: RegExp, option: string) => {
  fireEvent.mouseDown(scope.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
};

describe('the engines page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists the route of every use, the engines with their cost, and the change history', async () => {
    api = await openEnginesPage();

    for (const use of [
      'Prueba gratuita',
      'Decoraciones automáticas',
      'Borrador de las supervisadas',
      'Zonas IA del editor',
    ])
      expect(screen.getByRole('region', { name: use })).toBeTruthy();

    const freeTry = card('Prueba gratuita');
    expect(freeTry.getByRole('combobox', { name: /^Motor/ }).textContent).toBe('OpenAI');
    expect((freeTry.getByLabelText('Modelo') as HTMLInputElement).value).toBe('gpt-image-1-mini');
    expect(freeTry.getByRole('combobox', { name: /^Reserva 1: motor/ }).textContent).toBe(
      'Renderizador integrado',
    );
    expect(freeTry.getByText(/^Cambiado por ada@estancia\.test el /)).toBeTruthy();

    const automatic = card('Decoraciones automáticas');
    expect(automatic.getByRole('combobox', { name: /^Motor/ }).textContent).toBe('Renderizador integrado');
    expect(automatic.getByText('Motor de demostración: muebles dibujados, no IA')).toBeTruthy();
    expect(automatic.getByText('Sigue el motor por defecto del servidor.')).toBeTruthy();
    // Nothing changed yet, so there is nothing to save.
    expect(
      (automatic.getByRole('button', { name: 'Guardar: Decoraciones automáticas' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    expect(cellsOf(screen.getByRole('table', { name: 'Motores disponibles' }))).toEqual([
      [
        'Motor',
        'Configuración',
        'Vacía habitaciones',
        'Modelo por defecto',
        'Coste estimado por render',
        'Probar',
      ],
      ['Renderizador integradoDemo', 'Configurado', 'No', '—', '0,00 €', 'Probar'],
      ['Servicio HTTP propio', 'Sin configurar', 'No', '—', '0,02 €', 'Probar'],
      ['OpenAI', 'Configurado', 'Sí', 'gpt-image-1', '0,04 €', 'Probar'],
      ['Replicate', 'Configurado', 'No', 'flux-kontext-pro', '0,05 €', 'Probar'],
      ['ComfyUI', 'Sin configurar', 'No', '—', '0,01 €', 'Probar'],
      ['Virtual Staging', 'Sin configurar', 'Sí', '—', '0,25 €', 'Probar'],
    ]);

    const history = cellsOf(screen.getByRole('table', { name: 'Historial de cambios' }));
    expect(history[0]).toEqual(['Cuándo', 'Uso', 'Cambio', 'Quién']);
    expect(history[1].slice(1)).toEqual([
      'Prueba gratuita',
      'Renderizador integrado → OpenAI · gpt-image-1-mini (reserva: Renderizador integrado)',
      'ada@estancia.test',
    ]);
    expect(api.requests.find((r) => r.url === '/data/admin/engines')?.headers.authorization).toBe(
      'Bearer token-admin',
    );
  });

  it('offers unconfigured engines disabled, as needing configuration, and cannot test them', async () => {
    api = await openEnginesPage();

    const testButton = (engine: string) =>
      screen.getByRole('button', { name: `Probar ${engine}` }) as HTMLButtonElement;
    expect(testButton('ComfyUI').disabled).toBe(true);
    expect(testButton('Servicio HTTP propio').disabled).toBe(true);
    expect(testButton('OpenAI').disabled).toBe(false);

    fireEvent.mouseDown(card('Decoraciones automáticas').getByRole('combobox', { name: /^Motor/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(
      options.map((option) => [option.textContent, option.getAttribute('aria-disabled') === 'true']),
    ).toEqual([
      ['Renderizador integrado', false],
      ['Servicio HTTP propio (necesita configuración)', true],
      ['OpenAI', false],
      ['Replicate', false],
      ['ComfyUI (necesita configuración)', true],
      ['Virtual Staging (necesita configuración)', true],
    ]);
  });

  it('saves a route with its model and ordered fallbacks, then shows the change', async () => {
    api = await openEnginesPage();
    const automatic = card('Decoraciones automáticas');

    await choose(automatic, /^Motor/, 'OpenAI');
    // The model field hints the chosen engine's default model.
    const model = automatic.getByLabelText('Modelo') as HTMLInputElement;
    expect(model.placeholder).toBe('gpt-image-1');
    fireEvent.change(model, { target: { value: ' gpt-image-1.5 ' } });

    // New fallbacks start on a configured engine not yet in the route: the built-in one, then Replicate.
    fireEvent.click(automatic.getByRole('button', { name: 'Añadir reserva' }));
    fireEvent.click(automatic.getByRole('button', { name: 'Añadir reserva' }));
    expect(automatic.getByRole('combobox', { name: /^Reserva 2: motor/ }).textContent).toBe('Replicate');
    fireEvent.change(automatic.getByLabelText('Reserva 2: modelo'), {
      target: { value: 'flux-kontext-max' },
    });
    fireEvent.click(automatic.getByRole('button', { name: 'Subir la reserva 2' }));
    fireEvent.click(automatic.getByRole('button', { name: 'Añadir reserva' }));
    await choose(automatic, /^Reserva 3: motor/, 'Renderizador integrado');
    // Three is the most the API accepts.
    expect((automatic.getByRole('button', { name: 'Añadir reserva' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(automatic.getByRole('button', { name: 'Quitar la reserva 3' }));

    fireEvent.click(automatic.getByRole('button', { name: 'Guardar: Decoraciones automáticas' }));

    expect(
      await screen.findByText('Motor guardado: Decoraciones automáticas', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const puts = api.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.url)).toEqual(['/data/admin/engines/routes/automatic']);
    expect(JSON.parse(puts[0].body)).toEqual({
      engine: 'openai',
      model: 'gpt-image-1.5',
      fallbacks: [
        { engine: 'replicate', model: 'flux-kontext-max' },
        { engine: 'builtin', model: null },
      ],
    });
    expect(puts[0].headers.authorization).toBe('Bearer token-admin');

    // The form starts afresh from what the API answered, and the history gains the change.
    const saved = card('Decoraciones automáticas');
    expect(await saved.findByText(/^Cambiado por ada@estancia\.test el /)).toBeTruthy();
    expect(saved.queryByText('Motor de demostración: muebles dibujados, no IA')).toBeNull();
    expect(cellsOf(screen.getByRole('table', { name: 'Historial de cambios' }))[1].slice(1)).toEqual([
      'Decoraciones automáticas',
      'Renderizador integrado → OpenAI · gpt-image-1.5 (reserva: Replicate · flux-kontext-max, Renderizador integrado)',
      'ada@estancia.test',
    ]);
  }, 20_000);

  it('translates the API refusal of an engine without configuration', async () => {
    api = await openEnginesPage(
      engineRoutes({
        'PUT /data/admin/engines/routes/automatic': () => ({
          status: 409,
          body: { code: 'ENGINE_NOT_CONFIGURED', message: 'Engine replicate is not configured' },
        }),
      }),
    );
    const automatic = card('Decoraciones automáticas');
    await choose(automatic, /^Motor/, 'Replicate');
    fireEvent.click(automatic.getByRole('button', { name: 'Guardar: Decoraciones automáticas' }));

    expect(
      await screen.findByText(
        'Ese motor no está configurado en este servidor: falta su clave o su dirección.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    // The choice stays on screen to be corrected.
    expect(automatic.getByRole('combobox', { name: /^Motor/ }).textContent).toBe('Replicate');
  });

  it('tests an engine and shows the sample beside the result with the duration, or why it failed', async () => {
    const results: Record<string, EngineTestResult> = {
      openai: {
        engine: 'openai',
        ok: true,
        durationMs: 12_340,
        image: RENDERED,
        sample: SAMPLE,
        reason: null,
        message: null,
      },
      replicate: {
        engine: 'replicate',
        ok: false,
        durationMs: 90_000,
        image: null,
        sample: SAMPLE,
        reason: 'timeout',
        message: 'The operation was aborted due to timeout',
      },
    };
    api = await openEnginesPage(
      engineRoutes({
        'POST /data/admin/engines/test': ({ body }) => ({
          status: 200,
          body: results[(JSON.parse(body) as { engine: string }).engine],
        }),
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Probar OpenAI' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Prueba de OpenAI' }));
    expect(await dialog.findByText('Renderizado en 12,3 s.', {}, { timeout: 4000 })).toBeTruthy();
    expect(
      dialog.getByRole('img', { name: 'La habitación de muestra que se envía al motor' }).getAttribute('src'),
    ).toBe(SAMPLE);
    expect(
      dialog.getByRole('img', { name: 'La habitación de muestra decorada por OpenAI' }).getAttribute('src'),
    ).toBe(RENDERED);
    expect(dialog.getByText('Habitación de muestra enviada')).toBeTruthy();
    expect(dialog.getByText('Resultado')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Probar Replicate' }));
    const failed = within(await screen.findByRole('dialog', { name: 'Prueba de Replicate' }));
    expect(
      await failed.findByText('Ha fallado tras 90 s: Tiempo agotado.', { exact: false }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(failed.getByText('The operation was aborted due to timeout')).toBeTruthy();
    expect(failed.getByText('Sin imagen')).toBeTruthy();

    expect(api.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown)).toEqual(
      [
        { engine: 'openai', model: null },
        { engine: 'replicate', model: null },
      ],
    );
  });

  it('charts each engine over 30 days by default, with tables, and over the period chosen', async () => {
    api = await openEnginesPage();

    const renders = await screen.findByRole(
      'table',
      { name: 'Renders y fallos por motivo' },
      { timeout: 4000 },
    );
    expect(cellsOf(renders)).toEqual([
      ['Motor', 'Correctos', 'Tiempo agotado', 'Límite de peticiones alcanzado'],
      ['Renderizador integrado', '40', '0', '0'],
      ['OpenAI', '9', '2', '1'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Duración de los renders correctos' }))).toEqual([
      ['Motor', 'Mediana (p50)', 'Percentil 95 (p95)'],
      ['Renderizador integrado', '0,9 s', '1,5 s'],
      ['OpenAI', '21 s', '48,5 s'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Coste y ingresos por decoración' }))).toEqual([
      ['Motor', 'Coste estimado del proveedor', 'Ingresos de los créditos gastados'],
      ['Renderizador integrado', '0,00 €', '1,50 €'],
      ['OpenAI', '0,055 €', '—'],
    ]);
    // The drawings (recharts, a lazy chunk) are hidden from screen readers, which read the tables.
    await waitFor(
      () =>
        expect(
          document.querySelectorAll('[aria-hidden="true"] > .recharts-responsive-container'),
        ).toHaveLength(3),
      { timeout: 4000 },
    );
    const statsUrls = () =>
      api!.requests.filter((r) => r.url.startsWith('/data/admin/engines/stats')).map((r) => r.url);
    expect(statsUrls()).toEqual(['/data/admin/engines/stats?days=30']);
    expect(screen.getByRole('button', { name: '30 días' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '7 días' }));
    await waitFor(() => expect(statsUrls()).toContain('/data/admin/engines/stats?days=7'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '7 días' }).getAttribute('aria-pressed')).toBe('true'),
    );
  }, 20_000);

  it('does not exist for a decorator, who is never offered it', async () => {
    api = await startLoopbackApi(engineRoutes());
    signIn('decorator');
    setPageUrl(`${api.origin}/backoffice/engines`);
    render(<App />);

    await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 });
    expect(screen.queryByRole('menuitem', { name: 'Motores' })).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/engines'))).toBe(false);
  });
});

describe('the platform page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('says which engine renders automatic decorations and warns when it is the demo renderer', async () => {
    api = await startLoopbackApi(
      engineRoutes({
        'GET /data/admin/platform/status': () => ({
          status: 200,
          body: { id: 'status', isMaintenanceMode: false, isHighDemandFree: false, isHighDemandAuto: false },
        }),
      }),
    );
    signIn('admin');
    setPageUrl(`${api.origin}/backoffice/platform`);
    render(<App />);

    const section = within(
      await screen.findByRole('region', { name: 'Motor de las decoraciones automáticas' }, { timeout: 4000 }),
    );
    expect(
      await section.findByText('Las decoraciones automáticas las renderiza ahora: Renderizador integrado'),
    ).toBeTruthy();
    expect(section.getByText('Motor de demostración: muebles dibujados, no IA')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Gestionar los motores' }).getAttribute('href')).toBe(
      '/backoffice/engines',
    );
    expect(screen.getByRole('menuitem', { name: 'Motores' })).toBeTruthy();
  });
});
