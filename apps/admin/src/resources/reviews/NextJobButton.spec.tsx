import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type Review } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { aReview, DANA, entered } from '../../test/reviewFixtures';

type Route = (request: RecordedRequest) => Reply;

const OLDEST = aReview({
  id: 'r2',
  propertyName: 'Casa en Sarrià',
  roomType: 'kitchen',
  state: 'claimed',
  claimedBy: DANA,
  claimedAt: '2025-03-05T08:00:00.000Z',
});

const routes = (extra: Record<string, Route>): Record<string, Route> => ({
  'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
  'GET /data/admin/reviews': () => ({
    status: 200,
    body: [aReview()],
    headers: { 'Content-Range': 'reviews 0-0/1' },
  }),
  'GET /data/admin/reviews/r1/history': () => ({ status: 200, body: [entered] }),
  'GET /data/admin/reviews/r2': () => ({ status: 200, body: OLDEST }),
  'GET /data/admin/reviews/r2/history': () => ({ status: 200, body: [entered] }),
  ...extra,
});

const nextCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/data/admin/reviews/next').length;

describe('"Next job"', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  const signInAsDana = () =>
    staffSession.save('token-dec', { ...DANA, email: 'dana@estancia.test', role: 'decorator' });

  it('from the queue, claims the oldest unclaimed job and opens it ready to edit', async () => {
    api = await startLoopbackApi(
      routes({ 'POST /data/admin/reviews/next': () => ({ status: 200, body: { review: OLDEST } }) }),
    );
    signInAsDana();
    setPageUrl(`${api.origin}/backoffice/reviews`);
    render(<App />);

    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente trabajo' }, { timeout: 4000 }));
    await waitFor(() => expect(window.location.pathname).toBe('/backoffice/reviews/r2/show'), {
      timeout: 4000,
    });
    // Dana holds it now: the page offers to approve, not to claim.
    expect(await screen.findByRole('button', { name: 'Aprobar' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reclamar' })).toBeNull();
    expect(screen.getByText('Ahora tienes este trabajo')).toBeTruthy();
    expect(nextCalls(api.requests)).toBe(1);
  }, 20_000);

  it('after approving, is offered on the delivered job; with the queue empty it says so and goes back to the queue', async () => {
    let review: Review = aReview({
      state: 'claimed',
      claimedBy: DANA,
      claimedAt: '2025-03-04T10:00:00.000Z',
    });
    api = await startLoopbackApi(
      routes({
        'GET /data/admin/reviews/r1': () => ({ status: 200, body: review }),
        'POST /data/admin/reviews/r1/approve': () => {
          review = { ...review, state: 'delivered', sla: 'met', workingMsLeft: null, claimedBy: null };
          return { status: 200, body: review };
        },
        'POST /data/admin/reviews/next': () => ({ status: 200, body: { review: null } }),
      }),
    );
    signInAsDana();
    setPageUrl(`${api.origin}/backoffice/reviews/r1/show`);
    render(<App />);

    // Not offered while the job is still being worked on.
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar' }, { timeout: 4000 }));
    expect(screen.queryByRole('button', { name: 'Siguiente trabajo' })).toBeNull();
    const approve = await screen.findByRole('button', { name: 'Aprobar y entregar' }, { timeout: 4000 });
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(false), { timeout: 4000 });
    fireEvent.click(approve);

    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente trabajo' }, { timeout: 4000 }));
    expect(
      await screen.findByText('No queda ningún trabajo sin asignar en la cola.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/backoffice/reviews'), { timeout: 4000 });
    expect(nextCalls(api.requests)).toBe(1);
  }, 20_000);
});
