import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, projectWithPhotos, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { createTestDatabase } from '../../../test/db';
import { createWorker } from '../../app.factory';
import { MaintenanceFlag } from '../../modules/platform/maintenance.guard';
import { WalletService } from '../../modules/wallet/wallet.service';
import { loadConfig } from '../config/config';
import { Lifecycle } from './lifecycle';
import { Liveness } from './liveness.service';
import { WorkerHttpServer } from './worker-http';

/** The value of the first sample of `name` whose labels include `labels`, from Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('health probes and metrics (api)', () => {
  let t: TestApp;
  let alice: SignedIn;
  const METRICS_TOKEN = 'scraper-secret-of-this-test';
  const scrape = () => get(`${t.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
  const metrics = async () => (await scrape()).text;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off', METRICS_TOKEN });
    alice = await signIn(t);
  });
  afterAll(() => t?.close());

  it('is live, and ready with PostgreSQL, Redis and storage up, at the root (not under /data)', async () => {
    const live = await get(`${t.url}/health/live`);
    expect(live.status).toBe(200);
    expect(JSON.parse(live.text)).toEqual({ status: 'ok' });
    const ready = await get(`${t.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
    });
    expect((await get(`${t.url}/data/health/ready`)).status).toBe(404);
  });

  it("serves /metrics on the api's port only to the METRICS_TOKEN bearer", async () => {
    expect((await get(`${t.url}/metrics`)).status).toBe(401);
    expect((await get(`${t.url}/metrics`, { authorization: 'Bearer guessed' })).status).toBe(401);
    expect((await get(`${t.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    const scraped = await scrape();
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('estancia_');
  });

  it('stays ready in maintenance mode', async () => {
    const db = t.app.get(DataSource);
    await db.query(`UPDATE platform_flags SET is_maintenance_mode = true WHERE id = 'status'`);
    t.app.get(MaintenanceFlag).forget();
    try {
      const write = await call(t, 'POST', 'project', { token: alice.token, body: { propertyName: 'x' } });
      expect(write.status).toBe(503);
      expect((await get(`${t.url}/health/ready`)).status).toBe(200);
      expect((await scrape()).status).toBe(200);
    } finally {
      await db.query(`UPDATE platform_flags SET is_maintenance_mode = false WHERE id = 'status'`);
      t.app.get(MaintenanceFlag).forget();
    }
  });

  it('labels requests with the route pattern, never the ids or tokens in the URL', async () => {
    const id = randomUUID();
    const token = randomBytes(16).toString('hex');
    expect((await call(t, 'GET', `admin/projects/${id}`)).status).toBe(401);
    await call(t, 'GET', `media/${token}`);
    await call(t, 'GET', `no-such-route/${id}`);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    const text = res.text;
    expect(
      sample(text, 'estancia_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/data/admin/projects/:id',
        status: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'estancia_http_request_duration_seconds_count', { route: '/data/media/:token' }),
    ).toBe(1);
    // no controller: the catch-all pattern the request logger is mounted on
    expect(
      sample(text, 'estancia_http_request_duration_seconds_count', { route: '/data/{*path}', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain(token);
    // prom-client's process metrics, under our prefix
    expect(sample(text, 'estancia_process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts each queue by state, and times every job attempt by queue and outcome', async () => {
    // signing alice up e-mailed her a code: a mail.send job
    const text = await waitFor('a timed mail.send job', async () => {
      const now = await metrics();
      return (sample(now, 'estancia_job_duration_seconds_count', {
        queue: 'mail.send',
        outcome: 'completed',
      }) ?? 0) >= 1
        ? now
        : undefined;
    });
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sample(text, 'estancia_queue_jobs', { queue: 'decoration.render', state })).toBe(0);
    expect(sample(text, 'estancia_queue_jobs', { queue: 'mail.send', state: 'failed' })).toBe(0);
  });

  it('counts open sockets, renders by engine and outcome, and committed credits by reason', async () => {
    const socket: Socket = io(`${t.url}/hub`, {
      auth: { token: alice.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((ok, failed) => {
        socket.once('connect', ok);
        socket.once('connect_error', failed);
      });
      expect(sample(await metrics(), 'estancia_socket_connections')).toBe(1);
    } finally {
      socket.disconnect();
    }
    await waitFor(
      'the socket gone',
      async () => sample(await metrics(), 'estancia_socket_connections') === 0,
    );

    const wallet = t.app.get(WalletService);
    await wallet.grant(alice.userId, 10, 'admin_adjustment', `grant:${randomUUID()}`);
    const project = await projectWithPhotos(t, alice);
    const ordered = await call<{ decorations: { id: string }[] }>(
      t,
      'POST',
      `project/${project.id}/decorations`,
      {
        token: alice.token,
        body: {
          items: [{ imageId: project.imageIds[0], roomType: 'bedroom', style: 'modern', type: 'automatic' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const text = await waitFor('a render counted', async () => {
      const now = await metrics();
      return sample(now, 'estancia_renders_total', { engine: 'builtin', outcome: 'succeeded' })
        ? now
        : undefined;
    });
    const spent = sample(text, 'estancia_credits_spent_total', { reason: 'decoration' });
    expect(spent).toBeGreaterThan(0);

    // a spend rolled back with its transaction is not counted; a committed one is
    const db = t.app.get(DataSource);
    await db
      .transaction(async (m) => {
        await wallet.spend(alice.userId, 1, 'description', `rolled-back:${randomUUID()}`, m);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(
      sample(await metrics(), 'estancia_credits_spent_total', { reason: 'description' }),
    ).toBeUndefined();
    await db.transaction((m) => wallet.spend(alice.userId, 1, 'description', `kept:${randomUUID()}`, m));
    expect(sample(await metrics(), 'estancia_credits_spent_total', { reason: 'description' })).toBe(1);
  });

  it('answers 503 draining once the process is shutting down', async () => {
    t.app.get(Lifecycle).startDraining();
    const ready = await get(`${t.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'draining' });
    expect((await get(`${t.url}/health/live`)).status).toBe(200);
  });
});

describe('readiness with storage unreachable', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'estancia-health-'));
    // A file where the storage folder should be: nothing can be stored under it.
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    t = await startTestApp({ STORAGE_DIR: file });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 and names storage, the others ok', async () => {
    const ready = await get(`${t.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'unready',
      checks: { database: 'ok', redis: 'ok', storage: 'unreachable' },
    });
    expect((await get(`${t.url}/health/live`)).status).toBe(200);
  });
});

describe('a worker process’s own HTTP server', () => {
  let worker: INestApplicationContext;
  let closed = false;
  let base: string;
  let drop: () => Promise<void>;
  const prefix = `estancia_test_${randomBytes(5).toString('hex')}`;
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    worker = await createWorker(
      loadConfig({
        NODE_ENV: 'test',
        ROLE: 'worker',
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        STORAGE_DIR: `/tmp/${prefix}`,
        LOG_LEVEL: 'silent',
        SEED: 'false',
      }),
    );
    const address = await worker.get(WorkerHttpServer).listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    if (!closed) await worker?.close();
    await drop?.();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('answers /health/live, /health/ready and /metrics', async () => {
    expect(JSON.parse((await get(`${base}/health/live`)).text)).toEqual({ status: 'ok' });
    const ready = await get(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
    });
    const scraped = await get(`${base}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toContain('text/plain');
    expect(sample(scraped.text, 'estancia_queue_jobs', { queue: 'mail.send', state: 'waiting' })).toBe(0);
    expect(scraped.text).toContain('# TYPE estancia_job_duration_seconds histogram');
    expect((await get(`${base}/nothing-here`)).status).toBe(404);
  });

  it('reports draining, then closes with the worker', async () => {
    worker.get(Lifecycle).startDraining();
    expect((await get(`${base}/health/ready`)).status).toBe(503);
    await worker.close();
    closed = true;
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  });
});

describe('liveness: a stalled event loop or a jammed connection pool is 503, on the api and worker ports', () => {
  let t: TestApp;
  let db: DataSource;
  let workerBase: string;
  const POOL_MAX = 2;
  const EVENT_LOOP_MS = 700;
  /** Both probes at once: the api's own port and a worker's server over the same process. */
  const live = () => Promise.all([get(`${t.url}/health/live`), get(`${workerBase}/health/live`)]);

  beforeAll(async () => {
    t = await startTestApp({
      PERSON_DETECTOR: 'off',
      DATABASE_POOL_MAX: String(POOL_MAX),
      LIVENESS_POOL_SECONDS: '1',
      LIVENESS_EVENT_LOOP_MS: String(EVENT_LOOP_MS),
    });
    db = t.app.get(DataSource);
    const address = await t.app.get(WorkerHttpServer).listen(0, '127.0.0.1');
    workerBase = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t?.close());

  it('answers 200 while healthy', async () => {
    for (const probe of await live()) {
      expect(probe.status).toBe(200);
      expect(JSON.parse(probe.text)).toEqual({ status: 'ok' });
    }
  });

  it('answers 503 once requests have waited past the bound on a pool whose connections are all held', async () => {
    const held = Array.from({ length: POOL_MAX }, () => db.createQueryRunner());
    let waiter: Promise<unknown> = Promise.resolve();
    try {
      for (const runner of held) await runner.connect();
      // Waits for a connection nobody gives back (and gives up after the pool's connect timeout).
      waiter = db.query('SELECT 1').catch((error: unknown) => error);
      for (const probe of await live()) expect(probe.status).toBe(200);
      const stuck = await waitFor(
        'both probes at 503',
        async () => {
          const probes = await live();
          return probes.every((p) => p.status === 503) && probes;
        },
        10_000,
      );
      for (const probe of stuck)
        expect(JSON.parse(probe.text)).toMatchObject({ status: 'stuck', checks: { databasePool: 'stuck' } });
    } finally {
      for (const runner of held) await runner.release();
    }
    await waiter;
    for (const probe of await live()) expect(probe.status).toBe(200);
  });

  it('answers 503 just after the event loop stalled past the bound, then 200 again', async () => {
    const until = Date.now() + EVENT_LOOP_MS * 2;
    while (Date.now() < until) {
      // a synchronous stall, as a runaway computation would make
    }
    for (const probe of await live()) {
      expect(probe.status).toBe(503);
      expect(JSON.parse(probe.text)).toMatchObject({ status: 'stuck', checks: { eventLoop: 'stuck' } });
    }
    await sleep(EVENT_LOOP_MS + 300);
    for (const probe of await live()) expect(probe.status).toBe(200);
  });

  it('stays ok while PostgreSQL refuses connections: that is readiness, a restart would not help', async () => {
    // A real pg pool towards a port nobody listens on, as when PostgreSQL is down.
    const refusing = new Pool({ host: '127.0.0.1', port: 1, max: POOL_MAX, connectionTimeoutMillis: 500 });
    refusing.on('error', () => undefined);
    const liveness = new Liveness({ driver: { master: refusing } } as unknown as DataSource, t.config);
    liveness.onModuleInit();
    try {
      const until = Date.now() + 1500;
      while (Date.now() < until)
        await Promise.all(Array.from({ length: 5 }, () => refusing.query('SELECT 1').catch(() => undefined)));
      expect(liveness.report()).toEqual({ status: 'ok', checks: { eventLoop: 'ok', databasePool: 'ok' } });
    } finally {
      liveness.onApplicationShutdown();
      await refusing.end();
    }
  });
});
