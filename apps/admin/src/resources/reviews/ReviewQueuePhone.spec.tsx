import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { aReview, DANA, entered } from '../../test/reviewFixtures';

/** happy-dom's own handle on the window size, which its matchMedia (and so MUI's useMediaQuery) follows. */
const setWindowSize = (width: number, height: number) =>
  (
    window as unknown as { happyDOM: { setWindowSize(size: { width: number; height: number }): void } }
  ).happyDOM.setWindowSize({ width, height });

describe('the review queue and job page on a phone (390 × 844)', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  beforeEach(() => setWindowSize(390, 844));
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
    setWindowSize(1024, 768);
  });

  const open = async (path: string) => {
    const claimed = aReview({ state: 'claimed', claimedBy: DANA, claimedAt: '2025-03-04T10:00:00.000Z' });
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/reviews': () => ({
        status: 200,
        body: [claimed],
        headers: { 'Content-Range': 'reviews 0-0/1' },
      }),
      'GET /data/admin/reviews/r1': () => ({ status: 200, body: claimed }),
      'GET /data/admin/reviews/r1/history': () => ({ status: 200, body: [entered] }),
    });
    staffSession.save('token-dec', {
      id: DANA.id,
      name: DANA.name,
      email: 'dana@estancia.test',
      role: 'decorator',
    });
    setPageUrl(`${api.origin}/backoffice/${path}`);
    render(<App />);
  };

  it('lists each job as an entry with its chips, deadline and holder, not an eight-column table', async () => {
    await open('reviews');
    const entry = (await screen.findByText('Piso en Gràcia', {}, { timeout: 4000 })).closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(entry).getByText('Reclamado')).toBeTruthy();
    expect(within(entry).getByText('A tiempo')).toBeTruthy();
    expect(within(entry).getByText('Quedan 12 h 30 min')).toBeTruthy();
    expect(within(entry).getByText('carla@example.com')).toBeTruthy();
    expect(within(entry).getByText('Lo tiene Dana Decoradora')).toBeTruthy();
    // The entry opens the job page.
    expect(within(entry).getByRole('link').getAttribute('href')).toBe('/backoffice/reviews/r1/show');
  });

  it('shows each job’s picture, property and room, and the next-job button', async () => {
    await open('reviews');
    const entry = (await screen.findByText('Piso en Gràcia', {}, { timeout: 4000 })).closest('li')!;
    expect(within(entry).getByTestId('job-thumbnail').getAttribute('src')).toBe('/files/draft-r1-thumb.jpg');
    expect(within(entry).getByText('Salón')).toBeTruthy();
    expect(within(entry).getByText('Escandinavo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente trabajo' })).toBeTruthy();
  });

  it('writes the job’s history as a list rather than a four-column table', async () => {
    await open('reviews/r1/show');
    const history = await screen.findByRole('list', { name: 'Historial' }, { timeout: 4000 });
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(within(history).getByText('Entró en la cola')).toBeTruthy();
  });
});
