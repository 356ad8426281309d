import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminDashboard } from '@estancia/contracts';
import { App } from '../App';
import { staffSession } from '../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../test/loopbackApi';

const dashboard: AdminDashboard = {
  days: [
    {
      date: '2025-03-03',
      signups: 4,
      revenueCents: 12900,
      creditsSold: 60,
      creditsGranted: 5,
      creditsSpent: 22,
      automatic: 15,
      supervised: 2,
    },
    {
      date: '2025-03-04',
      signups: 1,
      revenueCents: 0,
      creditsSold: 0,
      creditsGranted: 10,
      creditsSpent: 8,
      automatic: 6,
      supervised: 1,
    },
  ],
  revenueByProduct: [
    { product: 'plan:PRO', payments: 2, revenueCents: 5980 },
    { product: 'pack:starter', payments: 1, revenueCents: 4900 },
    { product: 'extra_decorations', payments: 1, revenueCents: 2020 },
  ],
  subscribers: 9,
  payingCustomers: 3,
  reviewQueueDepth: 6,
};

/** The cells of the screen-reader table under a chart, row by row. */
const tableOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\u00a0/g, ' ')),
    );

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the admin dashboard', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('shows the period’s figures and every chart as a table, and reads another period on demand', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/dashboard': () => ({ status: 200, body: dashboard }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/dashboard`);
    render(<App />);

    await screen.findByRole('table', { name: 'Altas por día' }, { timeout: 4000 });
    // The dashboard heads an admin's menu.
    expect(screen.getAllByRole('menuitem')[0].textContent).toBe('Panel');
    expect(api.requests.find((r) => r.url.startsWith('/data/admin/dashboard'))?.url).toBe(
      '/data/admin/dashboard?days=30',
    );
    // Totals over the period, and what is true now.
    expect(figure('Altas')).toBe('5');
    expect(figure('Ingresos')?.replace(/\u00a0/g, ' ')).toBe('129,00 €');
    expect(figure('Clientes que han pagado')).toBe('3');
    expect(figure('Suscriptores activos')).toBe('9');
    expect(figure('Trabajos en la cola de revisión')).toBe('6');
    expect(figure('Créditos vendidos')).toBe('60');
    expect(figure('Créditos regalados')).toBe('15');
    expect(figure('Créditos gastados')).toBe('30');

    expect(tableOf('Altas por día')).toEqual([
      ['Día', 'Altas'],
      ['3 de marzo de 2025', '4'],
      ['4 de marzo de 2025', '1'],
    ]);
    expect(tableOf('Ingresos por día')).toEqual([
      ['Día', 'Ingresos'],
      ['3 de marzo de 2025', '129,00 €'],
      ['4 de marzo de 2025', '0,00 €'],
    ]);
    expect(tableOf('Ingresos por producto')).toEqual([
      ['Producto', 'Ingresos'],
      ['Plan PRO', '59,80 €'],
      ['Pack starter', '49,00 €'],
      ['Decoraciones extra', '20,20 €'],
    ]);
    expect(tableOf('Decoraciones por día y tipo')).toEqual([
      ['Día', 'Automáticas', 'Supervisadas'],
      ['3 de marzo de 2025', '15', '2'],
      ['4 de marzo de 2025', '6', '1'],
    ]);
    expect(tableOf('Créditos vendidos y regalados por día')).toEqual([
      ['Día', 'Créditos vendidos', 'Créditos regalados'],
      ['3 de marzo de 2025', '60', '5'],
      ['4 de marzo de 2025', '0', '10'],
    ]);
    expect(tableOf('Créditos gastados por día')).toEqual([
      ['Día', 'Créditos gastados'],
      ['3 de marzo de 2025', '22'],
      ['4 de marzo de 2025', '8'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: '7 días' }));
    await waitFor(() => expect(api!.requests.map((r) => r.url)).toContain('/data/admin/dashboard?days=7'));
    expect(await screen.findAllByText('Últimos 7 días', {}, { timeout: 4000 })).not.toHaveLength(0);
  });

  it('says there is nothing yet rather than drawing empty charts', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/dashboard': () => ({
        status: 200,
        body: { ...dashboard, days: [], revenueByProduct: [] },
      }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/dashboard`);
    render(<App />);
    expect(await screen.findAllByText('No hay datos en este periodo.', {}, { timeout: 4000 })).toHaveLength(
      6,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not a page for decorators, and asks the API nothing', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    });
    staffSession.save('token-dec', {
      id: 'd1',
      name: 'Dana',
      email: 'dana@estancia.test',
      role: 'decorator',
    });
    setPageUrl(`${api.origin}/backoffice/dashboard`);
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Panel' })).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/data/admin/dashboard'))).toBe(false);
  });
});
