import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type AdminCoupon } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const welcome: AdminCoupon = {
  id: 'c1',
  code: 'WELCOME5',
  percentOff: null,
  amountOffCents: 500,
  appliesTo: 'pack',
  startsAt: null,
  expiresAt: '2026-01-01T00:00:00.000Z',
  maxRedemptions: 100,
  maxRedemptionsPerCustomer: 2,
  timesRedeemed: 7,
  active: true,
  createdAt: '2025-02-01T09:30:00.000Z',
};

async function openCoupons(path: string) {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/coupons': () => ({
      status: 200,
      body: [welcome],
      headers: { 'Content-Range': 'coupons 0-0/1' },
    }),
    'GET /data/admin/coupons/c1': () => ({ status: 200, body: welcome }),
    'POST /data/admin/coupons': ({ body }) => ({
      status: 201,
      body: { ...welcome, ...(JSON.parse(body) as object), id: 'c2', timesRedeemed: 0 },
    }),
    'PUT /data/admin/coupons/c1': ({ body }) => ({
      status: 200,
      body: { ...welcome, ...(JSON.parse(body) as object) },
    }),
  });
  staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
  setPageUrl(`${api.origin}/backoffice/${path}`);
  render(<App />);
  return api;
}

/** Save, once react-admin has re-validated the last change (the button is disabled meanwhile). */
const save = async () => {
  const button = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

const sent = (api: Awaited<ReturnType<typeof startLoopbackApi>>, method: string) =>
  api.requests.filter((r) => r.method === method);

describe('the coupon form', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('asks for a percentage or a fixed amount, one at a time, and sends only the chosen one', async () => {
    api = await openCoupons('coupons/create');
    fireEvent.change(await screen.findByLabelText(/^Código/, {}, { timeout: 4000 }), {
      target: { value: 'spring25' },
    });
    // A new coupon starts as a percentage: the amount is not asked for.
    expect((screen.getByRole('radio', { name: 'Porcentaje' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText(/^Porcentaje de descuento/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Importe de descuento/)).toBeNull();

    // Nothing is sent without the figure of the chosen kind.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Escribe un porcentaje entero entre 1 y 100', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(sent(api, 'POST')).toHaveLength(0);

    // A percentage typed, then the kind changed: only the amount goes.
    fireEvent.change(screen.getByLabelText(/^Porcentaje de descuento/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Importe fijo' }));
    expect(screen.queryByLabelText(/^Porcentaje de descuento/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Importe de descuento/), { target: { value: '7.5' } });
    fireEvent.change(screen.getByLabelText(/^Usos como máximo/), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText(/^Máximo de usos por cliente/), { target: { value: '1' } });
    await save();

    await waitFor(() => expect(sent(api!, 'POST')).toHaveLength(1), { timeout: 4000 });
    expect(JSON.parse(sent(api, 'POST')[0].body)).toEqual({
      code: 'SPRING25',
      percentOff: null,
      amountOffCents: 750,
      appliesTo: 'any',
      startsAt: null,
      expiresAt: null,
      maxRedemptions: 50,
      maxRedemptionsPerCustomer: 1,
      active: true,
    });
  });

  it('opens an amount coupon on its amount, with its uses read only, and switches it to a percentage', async () => {
    api = await openCoupons('coupons/c1');
    expect(await screen.findByDisplayValue('WELCOME5', {}, { timeout: 4000 })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Importe fijo' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Importe de descuento/) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText('Veces usado')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.queryByLabelText(/^Veces usado/)).toBeNull();
    expect((screen.getByLabelText(/^Máximo de usos por cliente/) as HTMLInputElement).value).toBe('2');

    fireEvent.click(screen.getByRole('radio', { name: 'Porcentaje' }));
    fireEvent.change(screen.getByLabelText(/^Porcentaje de descuento/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(sent(api!, 'PUT')).toHaveLength(1), { timeout: 4000 });
    const body = JSON.parse(sent(api, 'PUT')[0].body) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'WELCOME5', percentOff: 20, amountOffCents: null, appliesTo: 'pack' });
    expect(body.expiresAt).toBe('2026-01-01T00:00:00.000Z');
    // The form's own choice and the read-only figures are not part of the write.
    expect(Object.keys(body).sort()).toEqual([
      'active',
      'amountOffCents',
      'appliesTo',
      'code',
      'expiresAt',
      'maxRedemptions',
      'maxRedemptionsPerCustomer',
      'percentOff',
      'startsAt',
    ]);
  });

  it('refuses an end before the start', async () => {
    api = await openCoupons('coupons/c1');
    await screen.findByDisplayValue('WELCOME5', {}, { timeout: 4000 });
    fireEvent.change(screen.getByLabelText(/^Válido desde/), { target: { value: '2026-02-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Debe ser posterior a la fecha de inicio', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(sent(api, 'PUT')).toHaveLength(0);
  });
});
