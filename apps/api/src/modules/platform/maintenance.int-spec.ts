import { randomUUID } from 'node:crypto';
import type { OrderDecorationsResponse, ProjectDetail } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { DataSource } from 'typeorm';
import {
  RELAXED_LIMITS,
  apiKeyFor,
  call,
  projectWithPhotos,
  signInStaff,
  waitFor,
  type ApiKeyHolder,
} from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';

describe('maintenance mode', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  let customer: SignedIn;
  let integrator: ApiKeyHolder;
  let names = 0;

  const switchTo = async (isMaintenanceMode: boolean) => {
    const res = await call(t, 'PUT', 'admin/platform/status', {
      token: admin.token,
      body: { isMaintenanceMode },
    });
    expect(res.status).toBe(200);
  };
  const newProject = (user: { token: string }) =>
    call<{ id: string; code?: string; message?: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName: `Pis Sants ${++names}` },
      headers: { 'accept-language': 'es' },
    });
  const v1 = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/api/v1/${path}`, {
      method,
      headers: { ...integrator.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const refused = { status: 503, body: { code: 'MAINTENANCE_MODE' } };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off', RATE_LIMIT_API_KEY: '100000' });
    db = t.app.get(DataSource);
    [admin, customer] = await Promise.all([signIn(t, 'admin'), signIn(t)]);
    integrator = await apiKeyFor(t);
  });
  afterAll(() => t.close());

  it('refuses customer and integrator writes while on, keeps reads, the console and queued jobs working', async () => {
    const project = await projectWithPhotos(t, customer, 2);
    await call(t, 'POST', `admin/users/${customer.userId}/credits`, {
      token: admin.token,
      body: { amount: 5, note: 'Prueba de mantenimiento' },
      headers: { 'idempotency-key': randomUUID() },
    });
    // Ordered just before the switch: its render is a queued job, which maintenance does not stop.
    const ordered = await call<OrderDecorationsResponse>(t, 'POST', `project/${project.id}/decorations`, {
      token: customer.token,
      body: {
        items: [{ imageId: project.imageIds[0], roomType: 'livingroom', style: 'modern', type: 'automatic' }],
      },
    });
    expect(ordered.status).toBe(201);

    await switchTo(true);
    // At once in this process (the switch clears the guard's cache), translated for the caller.
    const create = await newProject(customer);
    expect(create).toMatchObject(refused);
    expect(create.body.message).toBe(translate('es', 'errors', 'MAINTENANCE_MODE'));
    expect(create.body.message).not.toBe('MAINTENANCE_MODE');
    expect(await call(t, 'DELETE', `project/${project.id}`, { token: customer.token })).toMatchObject(
      refused,
    );
    expect(
      await call(t, 'PUT', 'user/download-options', { token: customer.token, body: { format: 'png' } }),
    ).toMatchObject(refused);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'p.jpg');
    const upload = await fetch(`${t.url}/data/project/${project.id}/images`, {
      method: 'POST',
      headers: customer.headers,
      body: form,
    });
    expect(upload.status).toBe(503);
    expect(((await upload.json()) as { code: string }).code).toBe('MAINTENANCE_MODE');
    // Public writes too (a visitor's contact form), and whatever the letter case of the path.
    expect(
      await call(t, 'POST', 'contact', { body: { name: 'Ana', email: 'ana@example.com' } }),
    ).toMatchObject(refused);
    const shouted = await fetch(`${t.url}/DATA/Project`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ propertyName: 'Pis Majúscules' }),
    });
    expect(shouted.status).toBe(503);
    // The access guard runs first: a caller without a session still learns that first.
    expect((await call(t, 'POST', 'project', { body: { propertyName: 'x' } })).status).toBe(401);
    // Nothing was written.
    const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM projects WHERE user_id = $1`, [
      customer.userId,
    ])) as { count: number }[];
    expect(count).toBe(1);

    // Reads keep working, the session's profile load (a POST that only reads) included.
    expect((await call(t, 'GET', 'project', { token: customer.token })).status).toBe(200);
    expect((await call(t, 'GET', 'wallet', { token: customer.token })).status).toBe(200);
    expect((await call(t, 'POST', 'user/profile', { token: customer.token })).status).toBe(200);
    expect((await call(t, 'GET', 'platform/status')).body).toMatchObject({ isMaintenanceMode: true });

    // The staff console keeps writing, its sign-in included.
    const decorator = await signInStaff(t, 'decorator');
    expect(decorator.token).toBeTruthy();
    // Signing out (the console does it at /data/user/logout) ends only the caller's session: allowed.
    expect((await call(t, 'POST', 'user/logout', { token: decorator.token })).status).toBe(200);
    const grant = await call<{ balance: number }>(t, 'POST', `admin/users/${customer.userId}/credits`, {
      token: admin.token,
      body: { amount: 2, note: 'Compensación' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(grant.status).toBe(200);

    // Integrators: writes refused, reads served.
    const v1Write = await v1('POST', 'projects', { propertyName: 'Pis API' });
    expect(v1Write.status).toBe(503);
    expect(((await v1Write.json()) as { code: string }).code).toBe('MAINTENANCE_MODE');
    expect((await v1('GET', 'projects')).status).toBe(200);

    // The render ordered before the switch still finishes.
    const decorationId = ordered.body.decorations[0]!.id;
    await waitFor('the queued render to finish during maintenance', async () => {
      const detail = await call<ProjectDetail>(t, 'GET', `project/${project.id}`, { token: customer.token });
      return detail.body.decorations.find((d) => d.id === decorationId)?.state === 'ready';
    });

    await switchTo(false);
    expect((await newProject(customer)).status).toBe(201);
    expect((await v1('POST', 'projects', { propertyName: 'Pis API' })).status).toBe(201);
  });

  it('sees a switch made by another process within the cache time', async () => {
    // Another api process writes the row; this one's cache is not told and must expire on its own.
    await db.query(`UPDATE platform_flags SET is_maintenance_mode = true WHERE id = 'status'`);
    try {
      await waitFor(
        'the other process switch',
        async () => (await newProject(customer)).status === 503,
        5000,
      );
    } finally {
      await db.query(`UPDATE platform_flags SET is_maintenance_mode = false WHERE id = 'status'`);
    }
    await waitFor('the switch back', async () => (await newProject(customer)).status === 201, 5000);
  });
});
