import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReformRequest, type ReformRequestStatus } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

type Route = (request: RecordedRequest) => Reply;

const ADMIN = { id: 'a1', name: 'Ada' };

const aRequest = (status: ReformRequestStatus = 'new'): ReformRequest => ({
  id: 'rr1',
  projectId: 'p1',
  propertyName: 'Piso en Gràcia',
  decorationId: 'd1',
  customer: { id: 'c1', email: 'carla@example.com', name: 'Carla Vidal' },
  what: ['kitchen', 'floors'],
  areaSquareMeters: 85,
  budgetRange: '15k_30k',
  contactPreference: 'phone',
  phone: '+34 612 345 678',
  notes: 'Abrir la cocina al salón',
  status,
  createdAt: '2025-05-01T10:00:00.000Z',
  history: [
    { status: 'new', at: '2025-05-01T10:00:00.000Z', by: null },
    ...(['contacted', 'quoted', 'closed'] as const)
      .slice(0, ['new', 'contacted', 'quoted', 'closed'].indexOf(status))
      .map((step) => ({ status: step, at: '2025-05-02T10:00:00.000Z', by: ADMIN })),
  ],
});

const routes = (current: () => ReformRequest, extra: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
  'GET /data/admin/reform-requests': () => ({
    status: 200,
    body: [current()],
    headers: { 'Content-Range': 'reform-requests 0-0/1' },
  }),
  'GET /data/admin/reform-requests/rr1': () => ({ status: 200, body: current() }),
  ...extra,
});

describe('reform requests in the console', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;

  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists requests with status chips under Comercial for admins', async () => {
    api = await startLoopbackApi(routes(() => aRequest('contacted')));
    staffSession.save('token-admin', { ...ADMIN, email: 'admin@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/reform-requests`);
    render(<App />);
    const table = await screen.findByRole('table', {}, { timeout: 8000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Piso en Gràcia')).toBeTruthy();
    expect(within(row).getByText('Contactada')).toBeTruthy();
    expect(within(row).getByText('Cocina')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Comercial' });
    expect(within(group).getByRole('menuitem', { name: 'Presupuestos de reforma' })).toBeTruthy();
    const listCall = api.requests.find((r) => r.url.startsWith('/data/admin/reform-requests?'))!;
    const filter = JSON.parse(new URL(listCall.url, 'http://x').searchParams.get('filter') ?? '{}') as {
      status?: string[];
    };
    expect(filter.status).toEqual(['new', 'contacted', 'quoted']);
  }, 20_000);

  it('moves a request forward one explicit step at a time until it is closed', async () => {
    let request = aRequest('new');
    const steps: unknown[] = [];
    api = await startLoopbackApi(
      routes(() => request, {
        'POST /data/admin/reform-requests/rr1/status': ({ body }) => {
          const { status } = JSON.parse(body) as { status: ReformRequestStatus };
          steps.push(status);
          request = aRequest(status);
          return { status: 200, body: request };
        },
      }),
    );
    staffSession.save('token-admin', { ...ADMIN, email: 'admin@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/reform-requests/rr1/show`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como contactada' }, { timeout: 8000 }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Marcar como presupuestada' }, { timeout: 8000 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar solicitud' }, { timeout: 8000 }));
    await waitFor(() => expect(steps).toEqual(['contacted', 'quoted', 'closed']), { timeout: 8000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cerrar solicitud' })).toBeNull(), {
      timeout: 8000,
    });
    expect(screen.queryByRole('button', { name: /Marcar como/ })).toBeNull();
    const history = screen.getByRole('region', { name: 'Historial de estados' });
    expect(within(history).getAllByText(/^Ada · /)).toHaveLength(3);
  }, 30_000);

  it('shows a refusal translated when someone else moved it first', async () => {
    api = await startLoopbackApi(
      routes(() => aRequest('new'), {
        'POST /data/admin/reform-requests/rr1/status': () => ({
          status: 409,
          body: { code: 'REFORM_STATUS_NOT_NEXT', message: 'not next' },
        }),
      }),
    );
    staffSession.save('token-admin', { ...ADMIN, email: 'admin@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/reform-requests/rr1/show`);
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como contactada' }, { timeout: 8000 }));
    expect(
      await screen.findByText(
        'Esta solicitud ya ha pasado por ese estado. Recarga la página.',
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
  }, 20_000);
});
