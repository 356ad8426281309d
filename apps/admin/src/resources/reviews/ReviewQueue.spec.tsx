import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Review } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { ADA, aReview, DANA, entered, OMAR, staffUser } from '../../test/reviewFixtures';

type Route = (request: RecordedRequest) => Reply;

const signIn = (member: { id: string; name: string }, role: 'decorator' | 'admin') =>
  staffSession.save(`token-${role}`, {
    id: member.id,
    name: member.name,
    email: `${role}@estancia.test`,
    role,
  });

/** The routes console pages call: the menu's alerts badge and (for admins) the staff list behind the holder filter. */
const consoleRoutes = (extra: Record<string, Route>): Record<string, Route> => ({
  'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 1, overdue: 2 } }),
  'GET /data/admin/users': ({ url }) => {
    const { role } = JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}') as {
      role?: string;
    };
    const rows =
      role === 'admin'
        ? [staffUser(ADA, 'admin')]
        : [staffUser(DANA, 'decorator'), staffUser(OMAR, 'decorator')];
    return {
      status: 200,
      body: rows,
      headers: { 'Content-Range': `users 0-${rows.length - 1}/${rows.length}` },
    };
  },
  ...extra,
});

/** A job page whose review answers `current()`, with its history. */
const jobRoutes = (current: () => Review, extra: Record<string, Route> = {}) =>
  consoleRoutes({
    'GET /data/admin/reviews/r1': () => ({ status: 200, body: current() }),
    'GET /data/admin/reviews/r1/history': () => ({ status: 200, body: [entered] }),
    ...extra,
  });

describe('the review queue and the job page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists open reviews by deadline with SLA chips, time left in working hours and the alerts badge', async () => {
    const overdue = aReview({
      id: 'r2',
      propertyName: 'Ático en Ruzafa',
      customer: { id: 'c2', email: 'bruno@example.com', name: 'Bruno' },
      roomType: 'kitchen',
      style: 'industrial',
      state: 'claimed',
      sla: 'overdue',
      workingMsLeft: -10_800_000,
      claimedBy: DANA,
      claimedAt: '2025-03-04T10:00:00.000Z',
      structureChanged: true,
    });
    api = await startLoopbackApi(
      consoleRoutes({
        'GET /data/admin/reviews': () => ({
          status: 200,
          body: [overdue, aReview()],
          headers: { 'Content-Range': 'reviews 0-1/2' },
        }),
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews`);
    render(<App />);

    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const rows = await within(table).findAllByRole('row');
    // Header, then the overdue job, then the one on time, as the API ordered them.
    expect(within(rows[1]).getByText('Ático en Ruzafa')).toBeTruthy();
    expect(within(rows[1]).getByText('bruno@example.com')).toBeTruthy();
    expect(within(rows[1]).getByText('Cocina')).toBeTruthy();
    expect(within(rows[1]).getByText('Industrial')).toBeTruthy();
    expect(within(rows[1]).getByText('Con retraso')).toBeTruthy();
    expect(within(rows[1]).getByText('3 h de retraso')).toBeTruthy();
    expect(within(rows[1]).getByText('Dana Decoradora')).toBeTruthy();
    expect(within(rows[1]).getByText('Estructura modificada')).toBeTruthy();
    expect(within(rows[2]).getByText('Salón')).toBeTruthy();
    expect(within(rows[2]).getByText('Escandinavo')).toBeTruthy();
    expect(within(rows[2]).getByText('En cola')).toBeTruthy();
    expect(within(rows[2]).getByText('A tiempo')).toBeTruthy();
    expect(within(rows[2]).getByText('Quedan 12 h 30 min')).toBeTruthy();
    expect(within(rows[2]).queryByText('Estructura modificada')).toBeNull();
    // Each job's picture first: its result's thumbnail.
    expect(within(rows[2]).getByTestId('job-thumbnail').getAttribute('src')).toBe(
      '/files/draft-r1-thumb.jpg',
    );

    const list = api.requests.find((r) => r.url.startsWith('/data/admin/reviews?'));
    const query = new URL(list!.url, api.origin).searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['deadlineAt', 'ASC']);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ state: ['drafting', 'queued', 'claimed'] });
    expect(
      await screen.findByRole('menuitem', { name: 'Cola de trabajos (3 en riesgo o con retraso)' }),
    ).toBeTruthy();
  });

  it('"Only mine" asks the API for the reviews the signed-in decorator holds', async () => {
    api = await startLoopbackApi(
      consoleRoutes({
        'GET /data/admin/reviews': () => ({
          status: 200,
          body: [],
          headers: { 'Content-Range': 'reviews 0-0/0' },
        }),
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews`);
    render(<App />);

    const mine = await screen.findByRole('button', { name: 'Solo los míos' }, { timeout: 4000 });
    expect(mine.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mine);
    await waitFor(
      () => {
        const filters = api!.requests
          .filter((r) => r.url.startsWith('/data/admin/reviews?'))
          .map((r) => JSON.parse(new URL(r.url, api!.origin).searchParams.get('filter') ?? '{}') as object);
        expect(filters).toContainEqual({ state: ['drafting', 'queued', 'claimed'], claimedBy: 'me' });
      },
      { timeout: 4000 },
    );
    expect(screen.getByRole('button', { name: 'Solo los míos' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by holder: a decorator gets only "Solo los míos", an admin any staff member', async () => {
    const queueRoutes = consoleRoutes({
      'GET /data/admin/reviews': () => ({
        status: 200,
        body: [aReview()],
        headers: { 'Content-Range': 'reviews 0-0/1' },
      }),
    });
    api = await startLoopbackApi(queueRoutes);
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews`);
    const { unmount } = render(<App />);

    await screen.findByRole('table', {}, { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Solo los míos' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Plazo' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Lo tiene' })).toBeNull();
    // The staff list is for admins only; a decorator's console never asks for it.
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/users'))).toBe(false);

    unmount();
    signIn(ADA, 'admin');
    render(<App />);
    const holder = await screen.findByRole('combobox', { name: 'Lo tiene' }, { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Solo los míos' })).toBeTruthy();
    await waitFor(() =>
      expect(api!.requests.filter((r) => r.url.startsWith('/data/admin/users?'))).toHaveLength(2),
    );
    expect(api.requests.find((r) => r.url.startsWith('/data/admin/users?'))?.headers.authorization).toBe(
      'Bearer token-admin',
    );
    fireEvent.mouseDown(holder);
    const listbox = await screen.findByRole('listbox');
    // Decorators first, then admins, each list as the API answers it.
    await within(listbox).findByRole('option', { name: 'Ada Admin' }, { timeout: 4000 });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .filter((name) => name?.trim()),
    ).toEqual(['Míos', 'Dana Decoradora', 'Omar Otro', 'Ada Admin']);
  });

  it('warns on the job page when the structure guard saw walls, windows or doors move', async () => {
    api = await startLoopbackApi(jobRoutes(() => aReview({ structureChanged: true })));
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    const draft = within(await screen.findByRole('region', { name: 'Borrador de la IA' }, { timeout: 4000 }));
    expect(draft.getByText('Estructura modificada')).toBeTruthy();
    expect(
      draft.getByText('La IA puede haber movido paredes, ventanas o puertas: compruébalo antes de aprobar.'),
    ).toBeTruthy();
  });

  it('claims a queued review, then offers the holder Approve, Send back and Release', async () => {
    let review = aReview();
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/claim': () => {
          review = aReview({ state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' });
          return { status: 200, body: review };
        },
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Reclamar' }, { timeout: 4000 }));

    expect(await screen.findByRole('button', { name: 'Aprobar' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Devolver' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Liberar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reclamar' })).toBeNull();
    expect(await screen.findByText('Ahora tienes este trabajo')).toBeTruthy();
    const claim = api.requests.find((r) => r.method === 'POST');
    expect(claim).toMatchObject({ url: '/data/admin/reviews/r1/claim' });
    expect(claim?.headers.authorization).toBe('Bearer token-decorator');
    // The page refreshed: the history was asked for again after the claim.
    await waitFor(() =>
      expect(api!.requests.filter((r) => r.url === '/data/admin/reviews/r1/history').length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('shows a lost race for the claim as the translated REVIEW_CLAIMED message', async () => {
    let review = aReview();
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/claim': () => {
          review = aReview({ state: 'claimed', claimedBy: OMAR, claimedAt: '2025-03-04T10:00:00.000Z' });
          return { status: 409, body: { code: 'REVIEW_CLAIMED', message: 'Already claimed' } };
        },
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Reclamar' }, { timeout: 4000 }));

    expect(
      await screen.findByText(
        'Otra persona del equipo ya está trabajando en esta decoración.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    // The refreshed page shows who holds it now, and offers Dana nothing to do.
    expect(await screen.findByText('Omar Otro', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reclamar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });

  it('asks before approving, then posts the approval', async () => {
    let review = aReview({ state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' });
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/approve': () => {
          review = {
            ...review,
            state: 'delivered',
            sla: 'met',
            workingMsLeft: null,
            deliveredAt: '2025-03-05T10:00:00.000Z',
          };
          return { status: 200, body: review };
        },
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: '¿Aprobar y entregar?' });
    expect(
      await within(dialog).findByText(
        'carla@example.com recibe esta decoración ahora mismo. No se puede deshacer.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar y entregar' }));

    expect(await screen.findByText('Entregado al cliente', {}, { timeout: 4000 })).toBeTruthy();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual(['/data/admin/reviews/r1/approve']);
    // The approval names the version the dialog showed.
    expect(JSON.parse(posts[0].body)).toEqual({ versionId: 'v1' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull());
  });

  it('sends back with the note the decorator wrote', async () => {
    const review = aReview({ state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' });
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/send-back': () => ({
          status: 200,
          body: { ...review, state: 'drafting' },
        }),
      }),
    );
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Devolver' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver a la IA' });
    fireEvent.change(within(dialog).getByLabelText('Nota (opcional)'), {
      target: { value: 'Sofá flotando' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/data/admin/reviews/r1/send-back');
    expect(JSON.parse(post?.body ?? '')).toEqual({ note: 'Sofá flotando' });
  });

  it('gives a decorator neither Reassign nor the dashboard; an admin gets both', async () => {
    const review = aReview({ state: 'claimed', claimedBy: OMAR, claimedAt: '2025-03-04T10:00:00.000Z' });
    api = await startLoopbackApi(jobRoutes(() => review));
    signIn(DANA, 'decorator');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    const { unmount } = render(<App />);

    // Once the history is in, the identity and permissions (read from the stored session) are known.
    await screen.findByText('Entró en la cola', {}, { timeout: 4000 });
    expect(screen.getByText('Omar Otro')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reasignar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Liberar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: /^Cola de trabajos/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Festivos' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Panel de revisión' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Usuarios' })).toBeNull();

    unmount();
    signIn(ADA, 'admin');
    render(<App />);
    await screen.findByText('Entró en la cola', {}, { timeout: 4000 });
    expect(await screen.findByRole('button', { name: 'Reasignar' })).toBeTruthy();
    // An admin may free someone else's claim, but only the holder approves.
    expect(screen.getByRole('button', { name: 'Liberar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Panel de revisión' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Usuarios' })).toBeTruthy();
  });

  it('lets an admin hand the job to a decorator', async () => {
    const review = aReview();
    api = await startLoopbackApi(
      jobRoutes(() => review, {
        'POST /data/admin/reviews/r1/reassign': () => ({
          status: 200,
          body: { ...review, state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' },
        }),
      }),
    );
    signIn(ADA, 'admin');
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Reasignar' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Reasignar el trabajo' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Dana Decoradora' }, { timeout: 4000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reasignar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/data/admin/reviews/r1/reassign');
    expect(JSON.parse(post?.body ?? '')).toEqual({ decoratorId: DANA.id });
  });
});
