import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import type { ApiError, OrderDecorationsResponse, ProjectDetail } from '@estancia/contracts';
import { ErrorCode } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { PASSWORD, RELAXED_LIMITS, call, projectWithPhotos, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { WalletService } from '../../modules/wallet/wallet.service';
import { JobQueue } from '../queue/job-queue.service';

/** A private redis-server on a free loopback port, which the test stops, pauses and starts again. */
class PrivateRedis {
  private process?: ChildProcess;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.process && this.process.exitCode === null && this.process.signalCode === null) return;
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = child;
    await waitFor('redis-server to answer', () => this.answers(), 10_000);
  }

  /** One PING over a plain socket (an ioredis client would linger after a refused connection). */
  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (reply) => done(reply.toString().startsWith('+PONG')));
      socket.once('error', () => done(false));
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Frozen, not gone: connections stay open and commands get no answer (a hung Redis). */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Times one call, so a test can say "answered quickly" (a bound for hanging, not a benchmark). */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe('a Redis outage', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let project: { id: string; imageIds: string[] };
  let balance: number;

  const order = (imageIds: string[]) =>
    call<OrderDecorationsResponse & ApiError>(t, 'POST', `project/${project.id}/decorations`, {
      token: alice.token,
      headers: { 'accept-language': 'ca' },
      body: {
        items: imageIds.map((imageId) => ({
          imageId,
          roomType: 'livingroom',
          style: 'minimalist',
          type: 'automatic',
        })),
      },
    });
  const decorationsOfProject = async () =>
    (await db.query(`SELECT id, state FROM decorations WHERE project_id = $1`, [project.id])) as {
      id: string;
      state: string;
    }[];
  /** The producer is connected again (the clients reconnect by themselves; this only waits for it). */
  const queueBack = () =>
    waitFor(
      'the queue to reconnect',
      () =>
        t.app
          .get(JobQueue)
          .assertAvailable()
          .then(
            () => true,
            () => false,
          ),
      15_000,
    );

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off', REDIS_URL: redis.url });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    project = await projectWithPhotos(t, alice, 3);
    balance = await t.app.get(WalletService).balance(alice.userId);
    if (balance < 3) {
      await t.app.get(WalletService).grant(alice.userId, 3 - balance, 'admin_adjustment', 'test:outage');
      balance = 3;
    }
  });
  afterAll(async () => {
    redis.resume();
    await redis.start().catch(() => undefined);
    await t?.close();
    await redis.stop();
  });

  it('refuses an order at once with a translated 503 while Redis is down, charging nothing', async () => {
    await redis.stop();
    const { value: refused, ms } = await timed(() => order([project.imageIds[0]]));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: translate('ca', 'errors', ErrorCode.SERVICE_UNAVAILABLE),
    });
    expect(ms).toBeLessThan(3000);
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance);
    expect(await decorationsOfProject()).toEqual([]);
    // Refused before the charge, not charged and refunded.
    expect(
      await db.query(`SELECT 1 FROM ledger_entries WHERE user_id = $1 AND reason = 'decoration'`, [
        alice.userId,
      ]),
    ).toEqual([]);
  });

  it('lets reads through (traffic limits fail open) and refuses a sign-in (its limit fails closed)', async () => {
    const detail = await call<ProjectDetail>(t, 'GET', `project/${project.id}`, { token: alice.token });
    expect(detail.status).toBe(200);
    expect(detail.body.decorations).toEqual([]);
    const { value: login, ms } = await timed(() =>
      call<ApiError>(t, 'POST', 'user/login', { body: { login: alice.email, password: PASSWORD } }),
    );
    expect(login.status).toBe(503);
    expect(login.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(ms).toBeLessThan(3000);
  });

  it('undoes an order whose renders a hung Redis did not take: no decoration, the charge refunded', async () => {
    await redis.start();
    await queueBack();
    redis.pause();
    try {
      const { value: refused, ms } = await timed(() => order([project.imageIds[0], project.imageIds[1]]));
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      // The rate limit's wait (1.5 s, then let through) and the enqueue's (1.5 s), not a hang.
      expect(ms).toBeLessThan(6000);
    } finally {
      redis.resume();
    }
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance);
    expect(await decorationsOfProject()).toEqual([]);
    // The order was charged and given back in full, each decoration under its own keys.
    const ledger = (await db.query(
      `SELECT reason, delta FROM ledger_entries WHERE user_id = $1 AND reason IN ('decoration', 'decoration_refund')
        ORDER BY reason`,
      [alice.userId],
    )) as { reason: string; delta: number }[];
    expect(ledger).toEqual([
      { reason: 'decoration', delta: -1 },
      { reason: 'decoration', delta: -1 },
      { reason: 'decoration_refund', delta: 1 },
      { reason: 'decoration_refund', delta: 1 },
    ]);
    const [counters] = (await db.query(
      `SELECT total_images, credits_spent, status FROM projects WHERE id = $1`,
      [project.id],
    )) as { total_images: number; credits_spent: number; status: number }[];
    expect(counters).toEqual({ total_images: 0, credits_spent: 0, status: 0 });

    // The frozen Redis ran the enqueue when it woke up: those renders find no decoration and do nothing.
    const renders = new Queue('decoration.render', {
      connection: { url: redis.url },
      prefix: t.config.REDIS_PREFIX,
    });
    try {
      await waitFor('the late renders to be done', async () => {
        const counts = await renders.getJobCounts('waiting', 'active', 'delayed', 'completed');
        return counts.waiting + counts.active + counts.delayed === 0;
      });
    } finally {
      await renders.close();
    }
    expect(await decorationsOfProject()).toEqual([]);
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance);
  });

  // After the hung Redis above, whose render queue started while frozen: nothing stays broken.
  it('takes orders again by itself once Redis is back, and renders them', async () => {
    await redis.stop();
    await redis.start();
    const started = Date.now();
    let placed: Awaited<ReturnType<typeof order>> | undefined;
    while (Date.now() - started < 10_000) {
      placed = await order([project.imageIds[2]]);
      if (placed.status !== 503) break;
      await sleep(200);
    }
    expect(placed?.status).toBe(201);
    const decorationId = placed!.body.decorations[0].id;
    await waitFor('the render', async () => {
      const detail = await call<ProjectDetail>(t, 'GET', `project/${project.id}`, { token: alice.token });
      return detail.body.decorations.find((d) => d.id === decorationId)?.state === 'ready';
    });
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance - 1);
  });
});
