import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Review, type ReviewImage } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { aReview, DANA, entered } from '../../test/reviewFixtures';

type Route = (request: RecordedRequest) => Reply;

const DRAFT: ReviewImage = {
  versionId: '3f1c6a52-9a43-4c1e-8d2b-6b0e9f2a7c10',
  number: 1,
  imageUrl: '/files/draft-full.jpg',
  thumbnailUrl: '/files/draft-thumb.jpg',
};
const FIX: ReviewImage = {
  versionId: '7d2e4f60-1b3c-4a5d-9e8f-0a1b2c3d4e5f',
  number: 2,
  imageUrl: '/files/fix-full.jpg',
  thumbnailUrl: '/files/fix-thumb.jpg',
};
const FIX_AGAIN: ReviewImage = {
  versionId: '0c9b8a76-5e4d-4c3b-8a29-1f0e9d8c7b6a',
  number: 3,
  imageUrl: '/files/fix-again-full.jpg',
  thumbnailUrl: '/files/fix-again-thumb.jpg',
};

/** Dana holds the review; the AI draft was fixed into `result`. */
const held = (result: ReviewImage, extra: Partial<Review> = {}) =>
  aReview({
    state: 'claimed',
    claimedBy: DANA,
    claimedAt: '2025-03-04T10:00:00.000Z',
    draft: DRAFT,
    result,
    versionId: result.versionId,
    draftUrl: result.imageUrl,
    ...extra,
  });

const delivered = (review: Review): Review => ({
  ...review,
  state: 'delivered',
  sla: 'met',
  workingMsLeft: null,
  claimedBy: null,
  deliveredAt: '2025-03-05T10:00:00.000Z',
});

/** The job page of review r1 answering `current()`; the editor's own calls are left unanswered. */
const jobRoutes = (current: () => Review, extra: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
  'GET /data/admin/reviews/r1': () => ({ status: 200, body: current() }),
  'GET /data/admin/reviews/r1/history': () => ({ status: 200, body: [entered] }),
  ...extra,
});

const openApproval = async () => {
  staffSession.save('token-decorator', { ...DANA, email: 'dana@estancia.test', role: 'decorator' });
  render(<App />);
  fireEvent.click(await screen.findByRole('button', { name: 'Aprobar' }, { timeout: 4000 }));
  return within(await screen.findByRole('dialog', { name: '¿Aprobar y entregar?' }));
};

const approvals = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.url === '/data/admin/reviews/r1/approve')
    .map((r) => JSON.parse(r.body) as unknown);

describe('approving a review', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('shows the AI draft’s own thumbnail beside the current result, and compares them', async () => {
    api = await startLoopbackApi(jobRoutes(() => held(FIX)));
    staffSession.save('token-decorator', { ...DANA, email: 'dana@estancia.test', role: 'decorator' });
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    const draft = within(await screen.findByRole('region', { name: 'Borrador de la IA' }, { timeout: 4000 }));
    expect(
      draft.getByRole('img', { name: 'Borrador de la IA: Salón, estilo Escandinavo' }).getAttribute('src'),
    ).toBe(DRAFT.thumbnailUrl);
    expect(draft.getByText('Versión 1')).toBeTruthy();
    const result = within(screen.getByRole('region', { name: 'Resultado actual' }));
    expect(
      result.getByRole('img', { name: 'Resultado actual: Salón, estilo Escandinavo' }).getAttribute('src'),
    ).toBe(FIX.thumbnailUrl);
    expect(result.getByText('Versión 2')).toBeTruthy();
    expect(result.getByText('Es lo que se entrega al aprobar.')).toBeTruthy();

    const compare = within(screen.getByRole('region', { name: 'Comparar borrador y resultado' }));
    const images = compare.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(images).toEqual([DRAFT.imageUrl, FIX.imageUrl]);
    const slider = compare.getByRole('slider', {
      name: 'Mueve la línea: a la izquierda el borrador de la IA, a la derecha el resultado',
    });
    fireEvent.change(slider, { target: { value: '20' } });
    expect(
      compare.getByRole('img', { name: 'Resultado actual: Salón, estilo Escandinavo' }).style.clipPath,
    ).toBe('inset(0 0 0 20%)');
  });

  it('first shows the final full-resolution render with its version, then delivers exactly that version', async () => {
    let review = held(FIX);
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/approve': () => {
          review = delivered(review);
          return { status: 200, body: review };
        },
      }),
    );
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();

    const final = await dialog.findByRole(
      'img',
      { name: 'Resultado final que se entrega, versión 2' },
      { timeout: 4000 },
    );
    expect(final.getAttribute('src')).toBe(FIX.imageUrl);
    expect(dialog.getByText('Resultado final a resolución completa · versión 2')).toBeTruthy();
    // Fit to the dialog first; at its own size on request.
    fireEvent.click(dialog.getByRole('button', { name: 'Ver a tamaño real' }));
    expect(dialog.getByRole('button', { name: 'Ajustar a la ventana' })).toBeTruthy();
    expect(approvals(api.requests)).toEqual([]);

    fireEvent.click(dialog.getByRole('button', { name: 'Aprobar y entregar' }));
    expect(await screen.findByText('Entregado al cliente', {}, { timeout: 4000 })).toBeTruthy();
    expect(approvals(api.requests)).toEqual([{ versionId: FIX.versionId }]);
  });

  it('a result that changed meanwhile is refused, and the dialog then shows the new one to approve', async () => {
    let current = held(FIX);
    api = await startLoopbackApi(
      jobRoutes(() => current, {
        'POST /data/admin/reviews/r1/approve': ({ body }) => {
          if ((JSON.parse(body) as { versionId?: string }).versionId !== current.result?.versionId)
            return { status: 409, body: { code: 'REVIEW_RESULT_CHANGED', message: 'Changed' } };
          current = delivered(current);
          return { status: 200, body: current };
        },
      }),
    );
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();
    await dialog.findByRole('img', { name: 'Resultado final que se entrega, versión 2' }, { timeout: 4000 });

    // A render lands after the dialog opened on the first fix.
    current = held(FIX_AGAIN);
    fireEvent.click(dialog.getByRole('button', { name: 'Aprobar y entregar' }));
    expect(
      await screen.findByText(
        'El resultado ha cambiado, o se está guardando uno nuevo, desde que abriste la aprobación. Revisa el resultado actual y vuelve a aprobar.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    // Still open, now on the result approving delivers.
    const again = await dialog.findByRole(
      'img',
      { name: 'Resultado final que se entrega, versión 3' },
      { timeout: 4000 },
    );
    expect(again.getAttribute('src')).toBe(FIX_AGAIN.imageUrl);
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Aprobar y entregar' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Aprobar y entregar' }));

    expect(await screen.findByText('Entregado al cliente', {}, { timeout: 4000 })).toBeTruthy();
    expect(approvals(api.requests)).toEqual([
      { versionId: FIX.versionId },
      { versionId: FIX_AGAIN.versionId },
    ]);
  });

  it('says when saved edits are not in the result and offers to render them first', async () => {
    let review = held(FIX, { unrenderedEdits: true });
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/edit/render': () => {
          review = held(FIX_AGAIN);
          return { status: 201, body: { versionId: FIX_AGAIN.versionId, resultUrl: FIX_AGAIN.imageUrl } };
        },
        'POST /data/admin/reviews/r1/approve': () => {
          review = delivered(review);
          return { status: 200, body: review };
        },
      }),
    );
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();

    expect(
      await dialog.findByText(
        'El editor tiene cambios que no están en este resultado: si apruebas ahora, el cliente no los recibirá.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    // Not the plain approval: delivering without the changes says so on the button.
    expect(dialog.queryByRole('button', { name: 'Aprobar y entregar' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Aprobar sin esos cambios' })).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Guardar el resultado primero' }));
    const rendered = await dialog.findByRole(
      'img',
      { name: 'Resultado final que se entrega, versión 3' },
      { timeout: 4000 },
    );
    expect(rendered.getAttribute('src')).toBe(FIX_AGAIN.imageUrl);
    expect(dialog.queryByText(/si apruebas ahora/)).toBeNull();
    expect(approvals(api.requests)).toEqual([]);
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Aprobar y entregar' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Aprobar y entregar' }));

    expect(await screen.findByText('Entregado al cliente', {}, { timeout: 4000 })).toBeTruthy();
    expect(approvals(api.requests)).toEqual([{ versionId: FIX_AGAIN.versionId }]);
  });

  it('approving without the unrendered edits is an explicit choice the API is told about', async () => {
    let review = held(FIX, { unrenderedEdits: true });
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/approve': () => {
          review = delivered(review);
          return { status: 200, body: review };
        },
      }),
    );
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();

    fireEvent.click(
      await dialog.findByRole('button', { name: 'Aprobar sin esos cambios' }, { timeout: 4000 }),
    );
    expect(await screen.findByText('Entregado al cliente', {}, { timeout: 4000 })).toBeTruthy();
    expect(approvals(api.requests)).toEqual([{ versionId: FIX.versionId, ignoreUnrenderedEdits: true }]);
  });

  it('holds the approval back while an edit is being rendered', async () => {
    api = await startLoopbackApi(jobRoutes(() => held(FIX, { rendering: true })));
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();

    expect(
      await dialog.findByText(
        'Se está guardando un resultado nuevo del editor. Espera a que termine para ver lo que se entregará.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Aprobar y entregar' })).toHaveProperty('disabled', true);
    fireEvent.click(dialog.getByRole('button', { name: 'Aprobar y entregar' }));
    expect(approvals(api.requests)).toEqual([]);
  });
});

describe('the approval shows what this customer will download', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  const withPreview = (preview: { watermark: boolean; planCode: string | null }) =>
    jobRoutes(() => held(FIX), {
      'GET /data/admin/reviews/r1/download-preview': () => ({
        status: 200,
        body: { versionId: FIX.versionId, number: FIX.number, ...preview },
      }),
      'GET /data/admin/reviews/r1/download-preview/image': () => ({
        status: 200,
        body: 'jpeg',
        headers: { 'Content-Type': 'image/jpeg' },
      }),
    });

  const imageRequests = (requests: RecordedRequest[]) =>
    requests
      .filter((r) => r.url.startsWith('/data/admin/reviews/r1/download-preview/image'))
      .map((r) => r.url);

  it('the customer’s file, watermarked, when their plan adds the mark', async () => {
    api = await startLoopbackApi(withPreview({ watermark: true, planCode: 'STARTER' }));
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();

    expect(
      await dialog.findByText(
        'El cliente descargará esta imagen con la marca de agua de Estancia: su plan la añade.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    const final = await dialog.findByRole(
      'img',
      { name: 'Resultado final que se entrega, versión 2' },
      { timeout: 4000 },
    );
    // The file the API marked for this customer, not the unmarked result.
    await waitFor(() => expect(final.getAttribute('src')).toMatch(/^blob:/));
    expect(final.getAttribute('data-watermark')).toBe('true');
    expect(imageRequests(api.requests)).toEqual([
      `/data/admin/reviews/r1/download-preview/image?versionId=${FIX.versionId}`,
    ]);
  });

  it('says so when the customer’s plan removes the mark, and without a plan that the mark stays', async () => {
    api = await startLoopbackApi(withPreview({ watermark: false, planCode: 'PRO' }));
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();
    expect(
      await dialog.findByText(
        'El cliente descargará esta imagen sin marca de agua: su plan PRO la quita.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    const final = await dialog.findByRole(
      'img',
      { name: 'Resultado final que se entrega, versión 2' },
      { timeout: 4000 },
    );
    await waitFor(() => expect(final.getAttribute('data-watermark')).toBe('false'));
    cleanup();
    await api.close();

    api = await startLoopbackApi(withPreview({ watermark: true, planCode: null }));
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const again = await openApproval();
    expect(
      await again.findByText(
        'El cliente descargará esta imagen con la marca de agua de Estancia: no tiene un plan que la quite.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });

  it('falls back to the plain result, saying so, when the customer’s file cannot be made', async () => {
    api = await startLoopbackApi(jobRoutes(() => held(FIX)));
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const dialog = await openApproval();
    expect(
      await dialog.findByText(
        'No se ha podido preparar la imagen tal como la descargará el cliente; se muestra el resultado sin marca de agua.',
        {},
        { timeout: 6000 },
      ),
    ).toBeTruthy();
    expect(
      dialog.getByRole('img', { name: 'Resultado final que se entrega, versión 2' }).getAttribute('src'),
    ).toBe(FIX.imageUrl);
  });
});
