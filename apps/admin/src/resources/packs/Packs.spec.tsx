import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type AdminPack } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const standard: AdminPack = {
  id: 'standard',
  name: 'Standard',
  credits: 50,
  priceCents: 4900,
  properties: '2-5',
  active: true,
  availableFrom: null,
  availableUntil: '2025-12-31T23:00:00.000Z',
  gatewayPrice: 'price_std_3',
  sold: 41,
};

describe('editing a credit pack', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('takes the price in euros, sends cents and only the editable fields', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/packs/standard': () => ({ status: 200, body: standard }),
      'PUT /data/admin/packs/standard': ({ body }) => ({
        status: 200,
        body: { ...standard, ...(JSON.parse(body) as object) },
      }),
      'GET /data/admin/packs': () => ({
        status: 200,
        body: [standard],
        headers: { 'Content-Range': 'packs 0-0/1' },
      }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/packs/standard`);
    render(<App />);

    const price = (await screen.findByLabelText(/^Precio/, {}, { timeout: 4000 })) as HTMLInputElement;
    expect(price.value).toBe('49');
    expect(screen.getByText('price_std_3')).toBeTruthy();
    expect(screen.getByText('41')).toBeTruthy();
    fireEvent.change(price, { target: { value: '54.95' } });
    fireEvent.change(screen.getByLabelText(/^Créditos/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api!.requests.some((r) => r.method === 'PUT')).toBe(true), { timeout: 4000 });
    expect(JSON.parse(api.requests.find((r) => r.method === 'PUT')!.body)).toEqual({
      name: 'Standard',
      credits: 60,
      priceCents: 5495,
      properties: '2-5',
      active: true,
      availableFrom: null,
      availableUntil: '2025-12-31T23:00:00.000Z',
    });
  });
});
