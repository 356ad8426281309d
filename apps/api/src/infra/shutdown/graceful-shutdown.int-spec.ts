import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket as NetSocket } from 'node:net';
import { Global, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ClientToServerEvents, ServerToClientEvents } from '@estancia/contracts';
import { Queue } from 'bullmq';
import type { Response } from 'express';
import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { createTestDatabase } from '../../../test/db';
import { RELAXED_LIMITS, signUp, sleep, waitFor } from '../../../test/fixtures';
import { startMain } from '../../../test/main-process';
import { createApi, type ApiApp } from '../../app.factory';
import { loadConfig, type AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { Lifecycle } from '../metrics/lifecycle';
import { MetricsService } from '../metrics/metrics.service';
import { JobQueue } from '../queue/job-queue.service';
import { JOB_NAMES } from '../queue/jobs';
import { OnJob } from '../queue/on-job.decorator';
import { QueueModule } from '../queue/queue.module';
import { Realtime } from '../realtime/realtime.service';
import { stopWorker } from './graceful-shutdown';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a promise has settled yet, without waiting for it. */
function watch(promise: Promise<unknown>): { settled: () => boolean } {
  let settled = false;
  const done = () => {
    settled = true;
  };
  promise.then(done, done);
  return { settled: () => settled };
}

/** A TCP balancer on loopback that sends each new connection to whichever api `target` names. */
class Balancer {
  target = 0;
  private readonly server: Server;
  private readonly sockets = new Set<NetSocket>();

  constructor() {
    this.server = createServer((downstream) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const socket of [downstream, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          downstream.destroy();
          upstream.destroy();
        });
      }
      downstream.pipe(upstream).pipe(downstream);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('graceful shutdown of an api process', () => {
  const db = { url: '', drop: async () => undefined as void };
  const prefix = `estancia_test_${randomBytes(5).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  const balancer = new Balancer();
  const running: ApiApp[] = [];
  const clients: Client[] = [];
  let balancerUrl = '';

  /** An api process (role api) on the shared database and Redis prefix, with a route the test holds open. */
  const startApi = async (env: Record<string, string> = {}) => {
    const config: AppConfig = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: secret,
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      STORAGE_DIR: `/tmp/${prefix}`,
      LOG_LEVEL: 'silent',
      SEED: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      ROLE: 'api',
      PERSON_DETECTOR: 'off',
      ...RELAXED_LIMITS,
      ...env,
    });
    const api = await createApi(config);
    running.push(api);
    // Test-only: a request that stays in flight until the test answers it.
    const held: Response[] = [];
    api.app.use('/data/test-held', (_req: unknown, res: Response) => held.push(res));
    await api.app.listen(0, '127.0.0.1');
    const port = (api.app.getHttpServer().address() as AddressInfo).port;
    return { ...api, config, port, url: `http://127.0.0.1:${port}`, held };
  };

  beforeAll(async () => {
    Object.assign(db, await createTestDatabase());
    balancerUrl = await balancer.listen();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await balancer.close();
    for (const api of running) await api.app.close().catch(() => undefined);
    await db.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('finishes the request in flight, refuses new connections and sends hub clients to another process', async () => {
    const a = await startApi();
    const b = await startApi();
    const alice = await signUp(a);
    balancer.target = a.port;

    // One client per Socket.IO transport, reconnecting quickly, joining its room on every connection.
    const hub = (['websocket', 'polling'] as const).map((transport) => {
      const client: Client = io(`${balancerUrl}/hub`, {
        auth: { token: alice.token },
        transports: [transport],
        reconnectionDelay: 100,
        reconnectionDelayMax: 300,
      });
      clients.push(client);
      const seen = { joins: 0, reasons: [] as string[], events: [] as string[] };
      client.on('connect', () => client.emit('AddGroup', alice.user.id, () => (seen.joins += 1)));
      client.on('disconnect', (reason) => seen.reasons.push(reason));
      client.on('SendProjectDecorationConfirm', (id) => seen.events.push(id));
      return { transport, client, seen };
    });
    await waitFor('both hub clients to join on process A', async () => hub.every((h) => h.seen.joins === 1));

    const slow = fetch(`${a.url}/data/test-held`);
    await waitFor('the request to reach process A', async () => a.held.length === 1);

    const stopping = a.stop();
    const stopped = watch(stopping);

    // The clients are let go at the transport, the one reason after which socket.io-client reconnects.
    await waitFor('both hub clients to be let go', async () => hub.every((h) => h.seen.reasons.length > 0));
    for (const h of hub) {
      expect({ transport: h.transport, reasons: h.seen.reasons }).toEqual({
        transport: h.transport,
        reasons: ['transport close'],
      });
    }
    // Not ready any more, and no longer accepting connections, while the held request is still open.
    expect(a.app.get(Lifecycle).draining).toBe(true);
    await expect(fetch(`${a.url}/health/live`)).rejects.toThrow();
    expect(stopped.settled()).toBe(false);

    // The balancer now sends new connections to process B: the clients come back there by themselves.
    balancer.target = b.port;
    await waitFor('both hub clients to rejoin on process B', async () =>
      hub.every((h) => h.seen.joins === 2),
    );
    b.app.get(Realtime).toUser(alice.user.id, 'SendProjectDecorationConfirm', 'from-b');
    await waitFor('the event from B', async () => hub.every((h) => h.seen.events.includes('from-b')));

    // The request in flight is answered in full, on a connection that then closes.
    a.held[0].json({ answered: true });
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ answered: true });
    const released = Date.now();
    await stopping;
    // Idle kept-alive connections (signUp's) did not hold the shutdown.
    expect(Date.now() - released).toBeLessThan(3000);
  });

  it('cuts a request still open when the grace is over, and still closes', async () => {
    const c = await startApi({ SHUTDOWN_GRACE_SECONDS: '1' });
    const slow = fetch(`${c.url}/data/test-held`).then(
      (res) => ({ status: res.status }),
      (error: Error) => ({ failed: error.message }),
    );
    await waitFor('the request to reach process C', async () => c.held.length === 1);
    const started = Date.now();
    await c.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5000);
    // Cut off: the connection was closed without an answer.
    expect(await slow).toEqual({ failed: 'fetch failed' });
  });

  it('exits 0 on SIGTERM when run as main.ts', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const main = await startMain(
      {
        NODE_ENV: 'test',
        ROLE: 'api',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        STORAGE_DIR: `/tmp/${prefix}`,
        JWT_SECRET: secret,
        PERSON_DETECTOR: 'off',
        LOG_LEVEL: 'silent',
        SEED: 'false',
      },
      'Estancia is running',
    );
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  });
});

/** mail.send jobs that run until the test opens the gate; one instance per worker process. */
@Injectable()
class HeldMail {
  readonly started: string[] = [];
  readonly finished: string[] = [];
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));

  @OnJob('mail.send')
  async send({ outboxId }: { outboxId: string }): Promise<void> {
    this.started.push(outboxId);
    await this.gate;
    this.finished.push(outboxId);
  }

  release(): void {
    this.open();
  }
}

/** Every other job of the product gets a handler that does nothing, so the boot check passes. */
@Injectable()
class OtherJobs {}
JOB_NAMES.filter((name) => name !== 'mail.send').forEach((name, i) => {
  const key = `job${i}`;
  Object.defineProperty(OtherJobs.prototype, key, {
    value: async () => undefined,
    writable: true,
    configurable: true,
  });
  OnJob(name)(OtherJobs.prototype, key, Object.getOwnPropertyDescriptor(OtherJobs.prototype, key)!);
});

@Global()
@Module({ providers: [MetricsService, Lifecycle], exports: [MetricsService, Lifecycle] })
class ProbesForTests {}

describe('graceful shutdown of a worker process', () => {
  const prefix = `estancia_test_${randomBytes(5).toString('hex')}`;
  const contexts: INestApplicationContext[] = [];
  const handlers: HeldMail[] = [];
  let inspector: Queue;

  const startWorker = async (env: Record<string, string> = {}) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ROLE: 'worker',
      LOG_LEVEL: 'silent',
      ...env,
    });
    @Module({
      imports: [ConfigModule.forRoot(config), ProbesForTests, QueueModule],
      providers: [HeldMail, OtherJobs],
    })
    class WorkerModule {}
    const context = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await context.init();
    contexts.push(context);
    handlers.push(context.get(HeldMail));
    return { context, config, mail: context.get(HeldMail), jobs: context.get(JobQueue) };
  };
  const stateOf = async (id: string) => (await inspector.getJob(id))?.getState();

  beforeAll(() => {
    inspector = new Queue('mail.send', { connection: { url: REDIS_URL }, prefix });
  });
  afterAll(async () => {
    for (const handler of handlers) handler.release();
    for (const context of contexts) await context.close().catch(() => undefined);
    await inspector.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('finishes the job it is running before it closes, and takes no new one', async () => {
    const { context, config, mail, jobs } = await startWorker();
    const first = await jobs.add('mail.send', { outboxId: 'first' });
    await waitFor('the job to start', async () => mail.started.includes('first'));

    const stopping = stopWorker(context, config);
    const stopped = watch(stopping);
    await sleep(500);
    // Once it has stopped fetching (close() first ends the blocking wait for the next job).
    const second = (await inspector.add('mail.send', { outboxId: 'second' })).id!;
    await sleep(300);
    expect(stopped.settled()).toBe(false);
    expect(context.get(Lifecycle).draining).toBe(true);

    mail.release();
    await stopping;
    expect(mail.finished).toEqual(['first']);
    expect(await stateOf(first)).toBe('completed');
    // Added while it was closing: left for the next worker.
    expect(mail.started).toEqual(['first']);
    expect(await stateOf(second)).toBe('waiting');
  });

  it('hands a job still running at the end of the grace back, and another worker runs it', async () => {
    const { context, config, mail, jobs } = await startWorker({ SHUTDOWN_GRACE_SECONDS: '1' });
    // This worker may take the job left waiting by the previous test as well: both stay held.
    const third = await jobs.add('mail.send', { outboxId: 'third' });
    await waitFor('the job to start', async () => mail.started.includes('third'));

    const started = Date.now();
    await stopWorker(context, config);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(mail.finished).toEqual([]);
    expect(await stateOf(third)).toBe('waiting');

    const next = await startWorker();
    next.mail.release();
    await waitFor('the other worker to run it', async () => (await stateOf(third)) === 'completed');
    expect(next.mail.finished).toContain('third');
  });
});
