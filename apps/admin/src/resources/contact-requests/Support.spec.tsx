import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminContactRequest, type AdminProblemReport } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type RecordedRequest, type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';
import { ADA, DANA } from '../../test/reviewFixtures';

const request: AdminContactRequest = {
  id: 'c1',
  name: 'Laia Vidal',
  email: 'laia@inmo.example',
  company: 'Inmo Vidal',
  services: ['supervised_images', 'api'],
  volumes: ['100-500'],
  wantsMeeting: true,
  meetingTimes: 'Martes de 10 a 12',
  message: 'Tenemos 200 pisos.',
  language: 'ca',
  status: 'new',
  createdAt: '2025-03-03T09:00:00.000Z',
  startedAt: null,
  startedBy: null,
  doneAt: null,
  doneBy: null,
};

const report: AdminProblemReport = {
  id: 'p1',
  reporter: { id: 'u1', name: 'Carla Cliente', email: 'carla@example.com' },
  text: 'Al pulsar Descargar en el proyecto no pasa nada y la imagen no se guarda.',
  pageUrl: 'http://localhost/project/1',
  userAgent: 'TestBrowser/1.0',
  status: 'in_progress',
  createdAt: '2025-03-03T10:00:00.000Z',
  startedAt: '2025-03-03T11:00:00.000Z',
  startedBy: { id: ADA.id, name: ADA.name },
  doneAt: null,
  doneBy: null,
};

const list = (resource: string, rows: unknown[]) => () => ({
  status: 200,
  body: rows,
  headers: { 'Content-Range': `${resource} 0-${rows.length - 1}/${rows.length}` },
});

async function openConsole(
  role: 'admin' | 'decorator',
  path: string,
  routes: Record<string, (r: RecordedRequest) => Reply> = {},
) {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    ...routes,
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

describe('contact requests and problem reports in the console', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  it('lists contact requests with their choices and status under the support menu', async () => {
    api = await openConsole('admin', 'contact-requests', {
      'GET /data/admin/contact-requests': list('contact-requests', [request]),
    });
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(await within(table).findByText('Laia Vidal')).toBeTruthy();
    expect(within(table).getByText('Imágenes supervisadas, API')).toBeTruthy();
    expect(within(table).getByText('De 100 a 500')).toBeTruthy();
    expect(within(table).getByText('Sí · Martes de 10 a 12')).toBeTruthy();
    expect(within(table).getByText('Nueva')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Atención al cliente' });
    expect(within(group).getByRole('menuitem', { name: /Solicitudes de contacto/ })).toBeTruthy();
    expect(within(group).getByRole('menuitem', { name: /Problemas informados/ })).toBeTruthy();
    const get = api.requests.find((r) => r.url.startsWith('/data/admin/contact-requests'));
    expect(decodeURIComponent(get?.url ?? '')).toContain('sort=["createdAt","DESC"]');
  });

  it('starts a new request with an explicit button and shows who did it', async () => {
    const started: AdminContactRequest = {
      ...request,
      status: 'in_progress',
      startedAt: '2025-03-04T08:30:00.000Z',
      startedBy: { id: ADA.id, name: ADA.name },
    };
    let current = request;
    api = await openConsole('admin', 'contact-requests/c1/show', {
      'GET /data/admin/contact-requests/c1': () => ({ status: 200, body: current }),
      'POST /data/admin/contact-requests/c1/start': () => {
        current = started;
        return { status: 200, body: started };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar' }, { timeout: 4000 }));
    expect(await screen.findByText('Marcada como en curso', {}, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Marcar como resuelta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Empezar' })).toBeNull();
    expect(await screen.findByText(/· Ada Admin/)).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/data/admin/contact-requests/c1/start');
    expect(post?.headers.authorization).toBe('Bearer token-admin');
  });

  it('shows the refusal when the report already moved on', async () => {
    api = await openConsole('admin', 'problem-reports/p1/show', {
      'GET /data/admin/problem-reports/p1': () => ({ status: 200, body: report }),
      'POST /data/admin/problem-reports/p1/finish': () => ({
        status: 409,
        body: { code: 'SUPPORT_STATUS_NOT_NEXT', message: 'not next' },
      }),
    });
    expect(await screen.findByText(report.text, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('TestBrowser/1.0')).toBeTruthy();
    expect(screen.getByText('Carla Cliente · carla@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como resuelta' }));
    expect(
      await screen.findByText(/Este registro ya ha cambiado de estado/, {}, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it.each(['contact-requests', 'problem-reports/p1/show'])(
    'gives a decorator no %s page and no support menu',
    async (path) => {
      api = await openConsole('decorator', path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'No encontrado' }, { timeout: 4000 }),
      ).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Atención al cliente' })).toBeNull();
      expect(api.requests.filter((r) => /contact-requests|problem-reports/.test(r.url))).toEqual([]);
    },
  );
});
