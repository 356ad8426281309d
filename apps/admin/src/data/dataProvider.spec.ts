import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from './dataProvider';
import { staffSession } from '../auth/staffSession';
import { i18nProvider } from '../i18n/i18nProvider';
import { startLoopbackApi } from '../test/loopbackApi';

const user = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'customer',
  credits: 3,
  verified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('dataProvider', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>>;

  beforeEach(async () => {
    localStorage.clear();
    api = await startLoopbackApi({
      'GET /data/admin/users': () => ({
        status: 200,
        body: [user],
        headers: { 'Content-Range': 'users 0-0/1' },
      }),
      'GET /data/admin/ledger': () => ({
        status: 200,
        body: [],
        headers: { 'Content-Range': 'ledger 0-0/0' },
      }),
      'PUT /data/admin/platform/status': ({ body }) => ({
        status: 200,
        body: { id: 'status', isHighDemandFree: false, isHighDemandAuto: false, ...JSON.parse(body) },
      }),
    });
  });

  afterEach(() => api.close());

  it('sends the staff bearer token with simple-rest list parameters', async () => {
    staffSession.save('staff-token-2', {
      id: 'a1',
      name: 'Admin',
      email: 'admin@estancia.test',
      role: 'admin',
    });

    const { data, total } = await createDataProvider().getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'ana' },
    });

    expect(data).toEqual([user]);
    expect(total).toBe(1);
    const [request] = api.requests;
    expect(request.headers.authorization).toBe('Bearer staff-token-2');
    const query = new URL(request.url, api.origin).searchParams;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ q: 'ana' });
    expect(JSON.parse(query.get('range') ?? '')).toEqual([0, 24]);
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
  });

  it('asks for a user’s ledger by userId and updates the platform singleton with PUT', async () => {
    staffSession.save('staff-token-3', {
      id: 'a1',
      name: 'Admin',
      email: 'admin@estancia.test',
      role: 'admin',
    });
    const provider = createDataProvider();

    await provider.getManyReference('ledger', {
      target: 'userId',
      id: 'u1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    const updated = await provider.update('platform', {
      id: 'status',
      data: { isMaintenanceMode: true },
      previousData: { id: 'status' },
    });

    const ledgerQuery = new URL(api.requests[0].url, api.origin).searchParams;
    expect(JSON.parse(ledgerQuery.get('filter') ?? '')).toEqual({ userId: 'u1' });
    expect(api.requests[1]).toMatchObject({ method: 'PUT', url: '/data/admin/platform/status' });
    expect(api.requests[1].headers.authorization).toBe('Bearer staff-token-3');
    expect(updated.data).toMatchObject({ id: 'status', isMaintenanceMode: true });
  });

  it('sends the console’s language, so catalogue names come in the language shown', async () => {
    const list = () =>
      createDataProvider().getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
    await i18nProvider.changeLocale('ca');
    await list();
    await i18nProvider.changeLocale('es');
    await list();
    expect(api.requests.map((r) => r.headers['accept-language'])).toEqual(['ca', 'es']);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    await createDataProvider()
      .getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
      .catch(() => undefined);
    expect(api.requests[0].headers.authorization).toBeUndefined();
  });
});
