import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { ADA, DANA } from '../../test/reviewFixtures';

const christmas = { id: 'h1', date: '2025-12-25', name: 'Navidad' };

async function openHolidays(role: 'admin' | 'decorator', path: string, createReply?: Reply) {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/holidays': () => ({
      status: 200,
      body: [christmas],
      headers: { 'Content-Range': 'holidays 0-0/1' },
    }),
    'POST /data/admin/holidays': ({ body }) =>
      createReply ?? { status: 201, body: { id: 'h2', ...(JSON.parse(body) as object) } },
  });
  const member = role === 'admin' ? ADA : DANA;
  staffSession.save(`token-${role}`, {
    id: member.id,
    name: member.name,
    email: `${role}@estancia.test`,
    role,
  });
  setPageUrl(`${api.origin}/backoffice/${path}`);
  render(<App />);
  return api;
}

describe('the holiday calendar', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('posts the day and the name an admin typed', async () => {
    api = await openHolidays('admin', 'holidays/create');
    fireEvent.change(await screen.findByLabelText(/^Fecha/, {}, { timeout: 4000 }), {
      target: { value: '2025-12-08' },
    });
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Inmaculada Concepción' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Festivo añadido', {}, { timeout: 4000 })).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/data/admin/holidays');
    expect(JSON.parse(post?.body ?? '')).toEqual({ date: '2025-12-08', name: 'Inmaculada Concepción' });
    expect(post?.headers.authorization).toBe('Bearer token-admin');
  });

  it('says so when the day is already a holiday', async () => {
    api = await openHolidays('admin', 'holidays/create', {
      status: 409,
      body: { code: 'HOLIDAY_EXISTS', message: 'exists' },
    });
    fireEvent.change(await screen.findByLabelText(/^Fecha/, {}, { timeout: 4000 }), {
      target: { value: '2025-12-25' },
    });
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Navidad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(
      await screen.findByText('Ese día ya es festivo en el calendario.', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('shows decorators the calendar without ways to change it', async () => {
    api = await openHolidays('decorator', 'holidays');
    expect(await screen.findByText('Navidad', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('jueves, 25 de diciembre de 2025')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText(/Solo un administrador puede cambiar el calendario/)).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Crear' })).toBeNull();
  });
});
