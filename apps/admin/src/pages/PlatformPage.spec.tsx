import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../App';
import { staffSession } from '../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../test/loopbackApi';
import { ADA } from '../test/reviewFixtures';

const status = {
  id: 'status',
  isMaintenanceMode: false,
  isHighDemandFree: false,
  isHighDemandAuto: false,
  updatedAt: '2025-06-01T10:00:00.000Z',
  updatedBy: null,
};

async function openPlatform() {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/platform/status': () => ({ status: 200, body: status }),
    'PUT /data/admin/platform/status': ({ body }) => ({
      status: 200,
      body: { ...status, ...(JSON.parse(body) as object) },
    }),
  });
  staffSession.save('token-admin', {
    id: ADA.id,
    name: ADA.name,
    email: 'admin@estancia.test',
    role: 'admin',
  });
  setPageUrl(`${api.origin}/backoffice/platform`);
  render(<App />);
  return api;
}

describe('the platform switches', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  const puts = () => api!.requests.filter((r) => r.method === 'PUT');

  it('asks before switching maintenance mode on, and sends nothing when the admin cancels', async () => {
    api = await openPlatform();
    const maintenance = await screen.findByRole('switch', { name: 'Modo mantenimiento' }, { timeout: 8000 });
    fireEvent.click(maintenance);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Activar el modo mantenimiento?')).toBeTruthy();
    expect(puts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([]);
    expect((maintenance as HTMLInputElement).checked).toBe(false);

    fireEvent.click(maintenance);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.url).toBe('/data/admin/platform/status');
    expect(JSON.parse(puts()[0]!.body)).toMatchObject({ isMaintenanceMode: true });
  }, 30_000);

  it('flips the demand switches without asking', async () => {
    api = await openPlatform();
    fireEvent.click(
      await screen.findByRole('switch', { name: 'Alta demanda en la prueba gratuita' }, { timeout: 8000 }),
    );
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(puts()[0]!.body)).toMatchObject({ isHighDemandFree: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);
});
