import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type EngineStats, type ReviewDashboard } from '@estancia/contracts';
import { App } from '../App';
import { staffSession } from '../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../test/loopbackApi';
import { ADA, DANA } from '../test/reviewFixtures';

const dashboard: ReviewDashboard = {
  queue: { drafting: 2, on_time: 5, at_risk: 1, overdue: 3 },
  days: 30,
  delivered: 40,
  slaHitRate: 0.925,
  medianWorkingHoursToDeliver: 18.5,
  perDecorator: [
    { id: DANA.id, name: DANA.name, delivered: 31 },
    { id: ADA.id, name: ADA.name, delivered: 9 },
  ],
  perDay: [
    { date: '2025-03-03', met: 4, missed: 0 },
    { date: '2025-03-04', met: 2, missed: 1 },
  ],
};

const engineStats: EngineStats = {
  days: 30,
  engines: [
    {
      engine: 'openai',
      renders: 20,
      failures: 2,
      failuresByReason: { server_error: 2 },
      p50Ms: 18_000,
      p95Ms: 30_000,
      costPerDecorationCents: 4.5,
      revenuePerDecorationCents: 120,
    },
  ],
};

/** The cells of the screen-reader table under a chart, row by row. */
const tableOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\u00a0/g, ' ')),
    );

describe('the review dashboard', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('shows an admin the SLA figures and each chart as a table', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 1, overdue: 3 } }),
      'GET /data/admin/reviews/dashboard': () => ({ status: 200, body: dashboard }),
      'GET /data/admin/engines/stats': () => ({ status: 200, body: engineStats }),
    });
    staffSession.save('token-admin', {
      id: ADA.id,
      name: ADA.name,
      email: 'ada@estancia.test',
      role: 'admin',
    });
    setPageUrl(`${api.origin}/backoffice/review-dashboard`);
    render(<App />);

    const hitRate = await screen.findByText('Entregas dentro de plazo', {}, { timeout: 4000 });
    expect(hitRate.nextElementSibling?.textContent).toBe(
      new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 1 }).format(0.925),
    );
    expect(screen.getByText('18,5 h laborables')).toBeTruthy();
    expect(screen.getByText('Entregas', { selector: 'dt' }).nextElementSibling?.textContent).toBe('40');

    expect(tableOf('Cola por fecha límite')).toEqual([
      ['Situación', 'Trabajos'],
      ['Borrador en curso', '2'],
      ['A tiempo', '5'],
      ['En riesgo', '1'],
      ['Con retraso', '3'],
    ]);
    expect(tableOf('Entregas por decorador')).toEqual([
      ['Decorador', 'Entregas'],
      ['Dana Decoradora', '31'],
      ['Ada Admin', '9'],
    ]);
    expect(tableOf('Entregas por día')).toEqual([
      ['Día', 'Dentro de plazo', 'Fuera de plazo'],
      ['3 de marzo de 2025', '4', '0'],
      ['4 de marzo de 2025', '2', '1'],
    ]);
    // Each engine's figures over the last 30 days, beside the review figures.
    await screen.findByRole('table', { name: 'Renders y fallos por motivo' }, { timeout: 4000 });
    expect(tableOf('Renders y fallos por motivo')).toEqual([
      ['Motor', 'Correctos', 'Error del proveedor'],
      ['OpenAI', '18', '2'],
    ]);
    expect(tableOf('Coste y ingresos por decoración')).toEqual([
      ['Motor', 'Coste estimado del proveedor', 'Ingresos de los créditos gastados'],
      ['OpenAI', '0,045 €', '1,20 €'],
    ]);
    expect(api.requests.map((r) => r.url)).toContain('/data/admin/engines/stats?days=30');
    expect(api.requests.find((r) => r.url === '/data/admin/reviews/dashboard')?.headers.authorization).toBe(
      'Bearer token-admin',
    );
  });

  it('is not fetched for a decorator', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    });
    staffSession.save('token-dec', {
      id: DANA.id,
      name: DANA.name,
      email: 'dana@estancia.test',
      role: 'decorator',
    });
    setPageUrl(`${api.origin}/backoffice/review-dashboard`);
    render(<App />);

    expect(
      await screen.findByText(
        'Solo los administradores pueden ver el panel de revisión.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(api.requests.some((r) => r.url === '/data/admin/reviews/dashboard')).toBe(false);
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/engines'))).toBe(false);
  });
});
