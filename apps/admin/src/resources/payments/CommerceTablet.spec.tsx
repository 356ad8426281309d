import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type AdminPayment, type AdminPlan, type AdminProduct } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

/** happy-dom's own handle on the window size, which its matchMedia (and so MUI's useMediaQuery) follows. */
const setWindowSize = (width: number, height: number) =>
  (
    window as unknown as { happyDOM: { setWindowSize(size: { width: number; height: number }): void } }
  ).happyDOM.setWindowSize({ width, height });

const payment: AdminPayment = {
  id: 'p1',
  userId: 'u7',
  userEmail: 'carla@example.com',
  userName: 'Carla Cliente',
  kind: 'subscription',
  amountCents: 2990,
  discountCents: 0,
  refundedCents: 0,
  credits: 0,
  planCode: 'PRO',
  packCode: null,
  cycle: 'monthly',
  couponCode: null,
  gateway: 'stripe',
  invoiceNumber: 'EST-2025-000043',
  createdAt: '2025-03-01T10:00:00.000Z',
  refunds: [],
};

const plan: AdminPlan = {
  id: 'STARTER',
  name: 'Starter',
  monthlyPriceCents: 990,
  annualPriceCents: 9900,
  includedDecorations: 10,
  watermark: true,
  extraEditOptions: false,
  unlimitedEditing: false,
  allRoomsAndStyles: false,
  descriptionsPerMonth: 2,
  apiAccess: false,
  customLimits: false,
  decorationsPerOrder: null,
  active: false,
  availableFrom: null,
  availableUntil: null,
  gatewayPrices: { monthly: null, annual: null },
  subscribers: 1,
};

const paint: AdminProduct = {
  id: 'blanco-roto',
  type: 'wall_paint',
  names: { es: 'Blanco roto', ca: 'Blanc trencat', en: 'Off white' },
  brand: 'Pinturas Luz',
  color: '#f4f1ea',
  category: null,
  pattern: null,
  tileScale: null,
  priceCents: 1250,
  unit: 'litre',
  purchaseUrl: 'https://shop.example.com/blanco',
  styles: [],
  roomTypes: [],
  active: true,
  sortOrder: 1,
  pictureUrl: '/data/catalogue/products/blanco-roto/picture',
  createdAt: '2025-02-01T09:30:00.000Z',
};

const list = (resource: string, rows: unknown[]) => () => ({
  status: 200,
  body: rows,
  headers: { 'Content-Range': `${resource} 0-${rows.length - 1}/${rows.length}` },
});

describe('the commerce lists on an upright tablet (768 × 1024)', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  beforeEach(() => setWindowSize(768, 1024));
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
    setWindowSize(1024, 768);
  });

  const open = async (path: string) => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/payments': list('payments', [payment]),
      'GET /data/admin/plans': list('plans', [plan]),
      'GET /data/admin/products': list('products', [paint]),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/${path}`);
    render(<App />);
  };

  it('writes each payment as an entry that opens it, not a seven-column table', async () => {
    await open('payments');
    const entry = (await screen.findByText('EST-2025-000043', {}, { timeout: 4000 })).closest('a')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(entry).getByText(/Suscripción · PRO \(mensual\)/)).toBeTruthy();
    expect(within(entry).getByText('carla@example.com')).toBeTruthy();
    expect(entry.getAttribute('href')).toBe('/backoffice/payments/p1/show');
  });

  it('writes each plan with its prices and whether it is on sale', async () => {
    await open('plans');
    const entry = (await screen.findByText('Starter (inactivo)', {}, { timeout: 4000 })).closest('a')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(entry).getByText(/9,90\s€ al mes · 99,00\s€ al año/)).toBeTruthy();
    expect(within(entry).getByText('1 suscriptor')).toBeTruthy();
    expect(entry.getAttribute('href')).toBe('/backoffice/plans/STARTER');
  });

  it('writes each product with its picture, type and price per unit', async () => {
    await open('products');
    const entry = (await screen.findByText('Blanco roto', {}, { timeout: 4000 })).closest('a')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(entry).getByText('Pintura · Pinturas Luz')).toBeTruthy();
    expect(within(entry).getByText(/12,50\s€ \/ litro/)).toBeTruthy();
    expect(entry.querySelector('img')?.getAttribute('src')).toBe(
      '/data/catalogue/products/blanco-roto/picture',
    );
  });
});
