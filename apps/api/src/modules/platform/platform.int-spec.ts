import type {
  AdminPlatformStatus,
  ClientToServerEvents,
  PlatformStatus,
  ServerToClientEvents,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { AppError } from '../../infra/http/app-error';
import { REDIS } from '../../infra/redis/redis.module';
import type Redis from 'ioredis';
import { PlatformService } from './platform.service';

describe('platform endpoints', () => {
  let t: TestApp;
  let admin: SignedIn;
  let decorator: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, decorator, customer] = await Promise.all([signIn(t, 'admin'), signIn(t, 'decorator'), signIn(t)]);
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${t.url}/data/${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('answers the health check with a ping per service, without signing in', async () => {
    const res = await call('GET', 'project/healthCheck');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { service: 'database', ok: true },
      { service: 'redis', ok: true },
    ]);
  });

  it('answers the public status and config', async () => {
    const status = await call('GET', 'platform/status');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      isHighDemandFree: false,
      isHighDemandAuto: false,
      isMaintenanceMode: false,
    });
    expect(await (await call('GET', 'platform/config')).json()).toEqual({ googleClientId: null });
  });

  it('lets only admins read and switch the flags', async () => {
    expect((await call('GET', 'admin/platform/status')).status).toBe(401);
    expect((await call('PUT', 'admin/platform/status', {}, { isMaintenanceMode: true })).status).toBe(401);
    const asCustomer = await call('PUT', 'admin/platform/status', customer.headers, {
      isMaintenanceMode: true,
    });
    expect(asCustomer.status).toBe(403);
    const asDecorator = await call('PUT', 'admin/platform/status', decorator.headers, {
      isMaintenanceMode: true,
    });
    expect(asDecorator.status).toBe(403);
    expect(((await asDecorator.json()) as { code: string }).code).toBe('FORBIDDEN');
    expect((await call('GET', 'admin/platform/status', customer.headers)).status).toBe(403);
    expect(await (await call('GET', 'platform/status')).json()).toMatchObject({ isMaintenanceMode: false });
  });

  it('refuses a malformed switch', async () => {
    const res = await call('PUT', 'admin/platform/status', admin.headers, { isMaintenanceMode: 'yes' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toEqual(['isMaintenanceMode']);
    expect(await (await call('GET', 'platform/status')).json()).toMatchObject({ isMaintenanceMode: false });
  });

  it('switches a flag, records who did it, and pushes PlatformStatus to connected apps', async () => {
    const client: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${t.url}/hub`, {
      auth: { token: customer.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      const pushed = new Promise<PlatformStatus>((resolve) => client.once('PlatformStatus', resolve));
      // react-admin sends the whole record back; the extra fields are ignored.
      const res = await call('PUT', 'admin/platform/status', admin.headers, {
        id: 'status',
        isMaintenanceMode: true,
        updatedBy: 'someone-else',
      });
      expect(res.status).toBe(200);
      const record = (await res.json()) as AdminPlatformStatus;
      expect(record).toMatchObject({
        id: 'status',
        isHighDemandFree: false,
        isHighDemandAuto: false,
        isMaintenanceMode: true,
        updatedBy: admin.userId,
      });
      expect(await pushed).toEqual({
        isHighDemandFree: false,
        isHighDemandAuto: false,
        isMaintenanceMode: true,
      });
      expect(await (await call('GET', 'platform/status')).json()).toEqual({
        isHighDemandFree: false,
        isHighDemandAuto: false,
        isMaintenanceMode: true,
      });
      const read = await call('GET', 'admin/platform/status', admin.headers);
      expect(await read.json()).toEqual(record);

      const second = await call('PUT', 'admin/platform/status', admin.headers, { isHighDemandFree: true });
      expect(await second.json()).toMatchObject({ isHighDemandFree: true, isMaintenanceMode: true });
    } finally {
      client.disconnect();
    }
  });

  it('fails the health check naming the service that does not answer', async () => {
    // Last test: it cuts this app's Redis client.
    t.app.get<Redis>(REDIS).disconnect();
    const failure = await t.app
      .get(PlatformService)
      .health()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'INTERNAL', fields: { redis: 'unreachable' } });
  });
});

describe('platform config with Google sign-in configured', () => {
  let t: TestApp;
  beforeAll(
    async () => (t = await startTestApp({ GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com' })),
  );
  afterAll(() => t.close());

  it('answers the Google client id', async () => {
    expect(await (await fetch(`${t.url}/data/platform/config`)).json()).toEqual({
      googleClientId: 'client-123.apps.googleusercontent.com',
    });
  });
});
