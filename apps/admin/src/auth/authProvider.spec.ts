import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createAuthProvider, StaffLoginError } from './authProvider';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY, staffSession } from './staffSession';
import { createDataProvider } from '../data/dataProvider';
import { createI18nProvider } from '../i18n/i18nProvider';
import { startLoopbackApi } from '../test/loopbackApi';

const decorator = { id: 'u-dec', name: 'Dana Decorator', email: 'dana@estancia.test', role: 'decorator' };
const customer = { id: 'u-cus', name: 'Carla', email: 'carla@example.com', role: 'customer' };

describe('authProvider', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>>;
  const authProvider = createAuthProvider();

  beforeEach(async () => {
    localStorage.clear();
    api = await startLoopbackApi({
      'POST /data/admin/session': ({ body }) => {
        const { username, password } = JSON.parse(body) as { username: string; password: string };
        if (username === decorator.email && password === 'Right#pass1')
          return { status: 201, body: { token: 'staff-token-1', user: { ...decorator, credits: 0 } } };
        if (username === customer.email)
          return {
            status: 403,
            body: { code: 'STAFF_ONLY', message: 'Only the Estancia team can access the console.' },
          };
        return { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password.' } };
      },
      'GET /data/admin/users': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Session expired' },
      }),
      'POST /data/user/logout': () => ({ status: 204 }),
    });
  });

  afterEach(() => api.close());

  it('stores the staff token under its own key and knows who signed in', async () => {
    await authProvider.login({ username: decorator.email, password: 'Right#pass1' });

    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-token-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(JSON.parse(api.requests[0].body)).toEqual({ username: decorator.email, password: 'Right#pass1' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 'u-dec', fullName: 'Dana Decorator' });
    await expect(authProvider.getPermissions!({})).resolves.toBe('decorator');
  });

  it('refuses a customer with the translated STAFF_ONLY message and stores nothing', async () => {
    const refusal = await authProvider
      .login({ username: customer.email, password: 'Right#pass1' })
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(StaffLoginError);
    expect((refusal as StaffLoginError).code).toBe('STAFF_ONLY');
    const i18n = createI18nProvider('es');
    expect(i18n.translate((refusal as Error).message)).toBe(
      'Solo el equipo de Estancia puede acceder a la consola.',
    );
    await i18n.changeLocale('en');
    expect(i18n.translate((refusal as Error).message)).toBe('Only the Estancia team can access the console.');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('reports wrong credentials with their own code', async () => {
    await expect(authProvider.login({ username: decorator.email, password: 'nope' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(staffSession.token()).toBeNull();
  });

  it('logs out when the API answers 401', async () => {
    await authProvider.login({ username: decorator.email, password: 'Right#pass1' });
    const failure = await createDataProvider()
      .getList('users', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    await expect(authProvider.checkError(failure)).rejects.toThrow();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(STAFF_USER_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('keeps the session on a 403 (a decorator trying an admin action)', async () => {
    await authProvider.login({ username: decorator.email, password: 'Right#pass1' });
    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    expect(staffSession.token()).toBe('staff-token-1');
  });

  it('revokes the session on the server when logging out', async () => {
    await authProvider.login({ username: decorator.email, password: 'Right#pass1' });
    await authProvider.logout({});

    const logout = api.requests.find((r) => r.url === '/data/user/logout');
    expect(logout?.headers.authorization).toBe('Bearer staff-token-1');
    expect(staffSession.token()).toBeNull();
  });
});
