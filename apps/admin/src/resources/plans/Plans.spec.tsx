import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminPlan } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { centsToEuros, eurosToCents } from '../payments/money';

const pro: AdminPlan = {
  id: 'PRO',
  name: 'Pro',
  monthlyPriceCents: 2990,
  annualPriceCents: 29900,
  includedDecorations: 30,
  watermark: false,
  extraEditOptions: true,
  unlimitedEditing: false,
  allRoomsAndStyles: true,
  descriptionsPerMonth: 10,
  apiAccess: false,
  customLimits: false,
  decorationsPerOrder: null,
  active: true,
  availableFrom: '2025-01-01T00:00:00.000Z',
  availableUntil: null,
  gatewayPrices: { monthly: 'price_pro_m_2', annual: null },
  subscribers: 12,
};

async function openPlan() {
  let saved: AdminPlan = pro;
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/plans/PRO': () => ({ status: 200, body: saved }),
    'GET /data/admin/plans': () => ({
      status: 200,
      body: [saved],
      headers: { 'Content-Range': 'plans 0-0/1' },
    }),
    'PUT /data/admin/plans/PRO': ({ body }: RecordedRequest) => {
      saved = { ...saved, ...(JSON.parse(body) as Partial<AdminPlan>) };
      return { status: 200, body: saved };
    },
  });
  staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
  setPageUrl(`${api.origin}/backoffice/plans/PRO`);
  render(<App />);
  await screen.findByDisplayValue('Pro', {}, { timeout: 4000 });
  return api;
}

describe('money in the console', () => {
  it('turns typed euros into whole cents and back', () => {
    expect(eurosToCents('19.99')).toBe(1999);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents('')).toBeNull();
    expect(eurosToCents('abc')).toBeNaN();
    expect(centsToEuros(2990)).toBe('29.9');
    expect(centsToEuros(null)).toBe('');
  });
});

describe('editing a plan', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('shows prices in euros and saves them in cents, with the rights and limits as the contract reads them', async () => {
    api = await openPlan();
    // What a change means, before anything is changed.
    expect(
      screen.getByText(/Los cambios se aplican a las compras y renovaciones nuevas/, { selector: 'div' }),
    ).toBeTruthy();
    const monthly = screen.getByLabelText(/^Precio mensual/) as HTMLInputElement;
    expect(monthly.value).toBe('29.9');
    expect((screen.getByLabelText(/^Precio anual/) as HTMLInputElement).value).toBe('299');
    // Read only: the gateway's price references and the subscribers.
    expect(screen.getByText('price_pro_m_2')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    // The audit trail of this plan.
    const audit = screen.getByRole('link', { name: 'Historial de cambios' });
    expect(decodeURIComponent(audit.getAttribute('href') ?? '')).toBe(
      '/backoffice/audit-log?filter={"resource":"plans","recordId":"PRO"}',
    );

    fireEvent.change(monthly, { target: { value: '19.99' } });
    // Descriptions become unlimited (null); decorations per order get a limit.
    const unlimitedDescriptions = screen.getByRole('checkbox', { name: 'Descripciones al mes: sin límite' });
    const unlimitedPerOrder = screen.getByRole('checkbox', { name: 'Decoraciones por pedido: sin límite' });
    // null reads as "unlimited", a number as a limit.
    expect((unlimitedDescriptions as HTMLInputElement).checked).toBe(false);
    expect((unlimitedPerOrder as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Descripciones al mes') as HTMLInputElement).value).toBe('10');
    fireEvent.click(unlimitedDescriptions);
    fireEvent.click(unlimitedPerOrder);
    fireEvent.change(screen.getByLabelText('Decoraciones por pedido'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api!.requests.some((r) => r.method === 'PUT')).toBe(true), { timeout: 4000 });
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/data/admin/plans/PRO');
    expect(put.headers.authorization).toBe('Bearer token-admin');
    expect(JSON.parse(put.body)).toEqual({
      name: 'Pro',
      monthlyPriceCents: 1999,
      annualPriceCents: 29900,
      includedDecorations: 30,
      watermark: false,
      extraEditOptions: true,
      unlimitedEditing: false,
      allRoomsAndStyles: true,
      descriptionsPerMonth: null,
      apiAccess: false,
      customLimits: false,
      decorationsPerOrder: 20,
      active: true,
      availableFrom: '2025-01-01T00:00:00.000Z',
      availableUntil: null,
    });
    // Back on the list, the new price written in euros.
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(within(table).getByText(/19,99/)).toBeTruthy();
  });

  it('refuses a price that is not above zero and sends nothing', async () => {
    api = await openPlan();
    fireEvent.change(screen.getByLabelText(/^Precio mensual/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Descripciones al mes'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Escribe un precio en euros mayor que 0', {}, { timeout: 4000 }),
    ).toBeTruthy();
    // Emptied while limited is not "unlimited": it has to be filled in.
    expect(screen.getByText('Escribe un número')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
