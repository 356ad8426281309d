import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { type EditSession, type Product, type Review } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { createDataProvider } from '../../data/dataProvider';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { aReview, DANA, entered, OMAR } from '../../test/reviewFixtures';
import { ReviewEditorPanel } from './ReviewEditorPanel';

type Route = (request: RecordedRequest) => Reply;

const BASE_VERSION = '3f1c6a52-9a43-4c1e-8d2b-6b0e9f2a7c10';
const RENDERED_VERSION = '7d2e4f60-1b3c-4a5d-9e8f-0a1b2c3d4e5f';

const editSession = (baseVersionId = BASE_VERSION): EditSession => ({
  decorationId: 'dec1',
  document: { schemaVersion: 1, baseVersionId, layers: [], watermark: false },
  baseImageUrl: '/files/draft-r1.jpg',
  originalImageUrl: '/files/original-r1.jpg',
  addedMaskUrl: null,
  width: 1600,
  height: 1200,
  tools: ['wall', 'floor', 'brush', 'eraser', 'select', 'lasso', 'ai_decoration', 'reform', 'watermark'],
  lockedTools: [],
  editsLeft: null,
  updatedAt: null,
});

const product = (id: string, type: Product['type'], name: string): Product => ({
  id,
  type,
  name,
  brand: 'Estancia',
  color: '#f1ede4',
  textureUrl: type === 'floor' ? `/textures/${id}.svg` : null,
  pattern: type === 'floor' ? 'planks' : null,
  tileScale: type === 'floor' ? 0.1 : null,
  priceCents: 1990,
  unit: type === 'floor' ? 'square_metre' : 'litre',
  purchaseUrl: 'https://example.com',
});

const claimedByDana = aReview({ state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' });

/** The editor's calls: its session (fresh after a render) and the catalogue by type. */
const editorRoutes = (extra: Record<string, Route> = {}): Record<string, Route> => {
  let rendered = false;
  return {
    'GET /data/admin/reviews/r1/edit': () => ({
      status: 200,
      body: editSession(rendered ? RENDERED_VERSION : BASE_VERSION),
    }),
    'GET /data/catalogue/products': ({ url }) => {
      const type = new URL(url, 'http://x').searchParams.get('type');
      return {
        status: 200,
        body:
          type === 'floor'
            ? [product('floor-1', 'floor', 'Roble natural')]
            : [product('paint-1', 'wall_paint', 'Blanco roto')],
      };
    },
    'PUT /data/admin/reviews/r1/edit': ({ body }) => ({
      status: 200,
      body: { ...editSession(), ...(JSON.parse(body) as { document: object }) },
    }),
    'POST /data/admin/reviews/r1/edit/render': () => {
      rendered = true;
      return { status: 201, body: { versionId: RENDERED_VERSION, resultUrl: '/files/fixed-r1.jpg' } };
    },
    ...extra,
  };
};

const renderPanel = (review: Review, holding: boolean, onRendered = vi.fn()) => {
  render(
    <AdminContext i18nProvider={createI18nProvider('es')} dataProvider={createDataProvider()}>
      <ReviewEditorPanel review={review} holding={holding} onRendered={onRendered} />
      <Notification />
    </AdminContext>,
  );
  return onRendered;
};

const signInDana = () =>
  staffSession.save('token-decorator', { ...DANA, email: 'dana@estancia.test', role: 'decorator' });

describe('the editor on the job page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('gives the claim holder the tools and the catalogue, and "Guardar resultado" saves, renders and reloads', async () => {
    api = await startLoopbackApi(editorRoutes());
    signInDana();
    const onRendered = renderPanel(claimedByDana, true);

    const toolbar = await screen.findByRole('toolbar', { name: 'Herramientas' }, { timeout: 4000 });
    for (const name of ['Pared', 'Suelo', 'Pincel corrector', 'Borrador', 'Lazo', 'Decoración IA'])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blanco roto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roble natural' })).toBeTruthy();
    // happy-dom has no 2D canvas: the editor's own fallback stands in for Konva's stage.
    expect(screen.getByText('Este navegador no puede mostrar el lienzo de edición.')).toBeTruthy();
    const session = api.requests.find((r) => r.url === '/data/admin/reviews/r1/edit');
    expect(session?.headers.authorization).toBe('Bearer token-decorator');
    expect(api.requests.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/data/catalogue/products?type=wall_paint',
        '/data/catalogue/products?type=floor',
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar resultado' }));

    await waitFor(() => expect(onRendered).toHaveBeenCalledTimes(1), { timeout: 4000 });
    const writes = api.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /data/admin/reviews/r1/edit',
      'POST /data/admin/reviews/r1/edit/render',
    ]);
    expect(JSON.parse(writes[0].body)).toMatchObject({
      document: { baseVersionId: BASE_VERSION, watermark: true },
    });
    expect(writes[1].headers.authorization).toBe('Bearer token-decorator');
    expect(
      await screen.findByText('Resultado guardado: es el nuevo resultado que se entrega al aprobar.'),
    ).toBeTruthy();
    // The session was asked for again: the editor now starts over the rendered draft.
    expect(
      api.requests.filter((r) => r.url === '/data/admin/reviews/r1/edit' && r.method === 'GET'),
    ).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Marca de agua' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
  });

  it('shows anyone else the saved edits read-only, saying who may edit', async () => {
    api = await startLoopbackApi(editorRoutes());
    signInDana();
    renderPanel(aReview({ state: 'claimed', claimedBy: OMAR, claimedAt: '2025-03-04T10:00:00.000Z' }), false);

    expect(
      await screen.findByText(
        'Solo Omar Otro, que tiene la reclamación, puede editar la decoración.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Solo lectura')).toBeTruthy();
    expect(
      screen.getByRole('region', { name: 'Lienzo de edición: la decoración con tus cambios' }),
    ).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Herramientas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pared' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar resultado' })).toBeNull();
    expect(api.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('shows a refused render as the translated error and does not report it rendered', async () => {
    api = await startLoopbackApi(
      editorRoutes({
        'POST /data/admin/reviews/r1/edit/render': () => ({
          status: 409,
          body: { code: 'REVIEW_NOT_CLAIMED', message: 'Not claimed' },
        }),
      }),
    );
    signInDana();
    const onRendered = renderPanel(claimedByDana, true);

    fireEvent.click(await screen.findByRole('button', { name: 'Guardar resultado' }, { timeout: 4000 }));

    expect(
      await screen.findByText('Reclama esta decoración antes de trabajar en ella.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(onRendered).not.toHaveBeenCalled();
    // Nothing had changed, so nothing was saved before the render.
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('falls back to the current result when the session cannot be loaded', async () => {
    api = await startLoopbackApi(
      editorRoutes({
        'GET /data/admin/reviews/r1/edit': () => ({
          status: 404,
          body: { code: 'NOT_FOUND', message: 'Not found' },
        }),
      }),
    );
    signInDana();
    renderPanel(aReview(), false);

    expect(
      await screen.findByText('No se ha podido abrir el editor de este trabajo.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Resultado actual: Salón, estilo Escandinavo' }).getAttribute('src'),
    ).toBe('/files/draft-r1.jpg');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('sits on the job page under its own "Editor" heading', async () => {
    api = await startLoopbackApi(
      editorRoutes({
        'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
        'GET /data/admin/reviews/r1': () => ({ status: 200, body: aReview() }),
        'GET /data/admin/reviews/r1/history': () => ({ status: 200, body: [entered] }),
      }),
    );
    signInDana();
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Editor' }, { timeout: 4000 });
    const section = heading.closest('section');
    expect(section?.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(
      await within(section!).findByText(
        'Reclama este trabajo para poder editar la decoración.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(within(section!).getByRole('region', { name: 'Editor de la decoración' })).toBeTruthy();
  });
});
