import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { ADA, DANA } from '../../test/reviewFixtures';

const christmas = { id: 'h1', date: '2025-12-25', name: 'Navidad' };

async function openHolidays(
  role: 'admin' | 'decorator',
  path: string,
  createReply?: Reply,
  listReply: Reply = { status: 200, body: [christmas], headers: { 'Content-Range': 'holidays 0-0/1' } },
) {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/holidays': () => listReply,
    'DELETE /data/admin/holidays/h1': () => ({ status: 200, body: christmas }),
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
    // The file's first render also waits for the console's modules to load.
    fireEvent.change(await screen.findByLabelText(/^Fecha/, {}, { timeout: 10_000 }), {
      target: { value: '2025-12-08' },
    });
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Inmaculada Concepción' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Festivo añadido', {}, { timeout: 4000 })).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/data/admin/holidays');
    expect(JSON.parse(post?.body ?? '')).toEqual({ date: '2025-12-08', name: 'Inmaculada Concepción' });
    expect(post?.headers.authorization).toBe('Bearer token-admin');
  }, 20_000);

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

  it('deletes a holiday as soon as the admin confirms, not after an undo delay a closed tab would lose', async () => {
    api = await openHolidays('admin', 'holidays');
    await screen.findByText('Navidad', {}, { timeout: 8000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    // An undoable delete would wait for its notification to close (seconds) before sending anything.
    await waitFor(() => expect(api!.requests.some((r) => r.method === 'DELETE')).toBe(true), {
      timeout: 1500,
    });
    const sent = api.requests.find((r) => r.method === 'DELETE');
    expect(sent?.url).toBe('/data/admin/holidays/h1');
    expect(sent?.headers.authorization).toBe('Bearer token-admin');
  }, 20_000);

  it('says the list could not be read when the API is rate limiting, never that there is nothing', async () => {
    api = await openHolidays('admin', 'holidays', undefined, {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many requests' },
      headers: { 'Retry-After': '30' },
    });
    const alert = await screen.findByText('No se ha podido cargar la lista.', {}, { timeout: 8000 });
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'Demasiados intentos. Espera un momento y vuelve a probar.',
    );
    expect(screen.queryByText(/No se han encontrado/)).toBeNull();
    expect(within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Actualizar' })).toBeTruthy();
  }, 20_000);

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
