import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ClientToServerEvents,
  DecorationProgressEvent,
  OrderDecorationsResponse,
  ProjectDetail,
  ServerToClientEvents,
  UploadImagesResponse,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { API_ROOT, MAIN_SOURCE } from '../../../test/main-process';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Short, so the job of the killed worker is taken back within seconds instead of the default 30. */
const LOCK_SECONDS = '2';

describe('a worker killed in the middle of a render', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let client: Client | undefined;
  const workers: ChildProcess[] = [];

  /** A separate `ROLE=worker` process on the api's database, Redis prefix, storage and secret. */
  const startWorker = async (): Promise<ChildProcess> => {
    const worker = spawn(process.execPath, ['-e', MAIN_SOURCE], {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        ROLE: 'worker',
        DATABASE_URL: t.config.DATABASE_URL,
        REDIS_URL: t.config.REDIS_URL,
        REDIS_PREFIX: t.config.REDIS_PREFIX,
        STORAGE_DIR: t.config.STORAGE_DIR,
        JWT_SECRET: t.config.JWT_SECRET,
        PERSON_DETECTOR: 'off',
        LOG_LEVEL: 'silent',
        SEED: 'false',
        QUEUE_LOCK_SECONDS: LOCK_SECONDS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(worker);
    let output = '';
    await new Promise<void>((ready, failed) => {
      const timer = setTimeout(() => failed(new Error(`worker did not start:\n${output}`)), 20000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Estancia worker running the queues')) {
          clearTimeout(timer);
          ready();
        }
      };
      worker.stdout?.on('data', read);
      worker.stderr?.on('data', read);
      worker.once('exit', (code) => {
        clearTimeout(timer);
        failed(new Error(`worker exited with ${code}:\n${output}`));
      });
    });
    return worker;
  };

  beforeAll(async () => {
    // The api does not work the queue itself: only the worker processes render.
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PERSON_DETECTOR: 'off',
      ROLE: 'api',
      QUEUE_LOCK_SECONDS: LOCK_SECONDS,
    });
    db = t.app.get(DataSource);
    alice = await signIn(t);
  });
  afterAll(async () => {
    client?.disconnect();
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await t.close();
  });

  it('still gives exactly one charge, one result, one completion', async () => {
    client = io(`${t.url}/hub`, {
      auth: { token: alice.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((ok, failed) => {
      client?.once('connect', ok);
      client?.once('connect_error', failed);
    });
    await new Promise((ok) => client?.emit('AddGroup', alice.userId, ok));
    const progress: DecorationProgressEvent[] = [];
    const confirms: string[] = [];
    client.on('DecorationProgress', (e) => progress.push(e));
    client.on('SendProjectDecorationConfirm', (id) => confirms.push(id));

    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: alice.token,
      body: { propertyName: 'Casa Vella' },
    });
    const projectId = created.body.id;
    // A photo near the pixel limit keeps the built-in renderer busy for a couple of seconds.
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(7200, 5400))], { type: 'image/jpeg' }),
      'salo.jpg',
    );
    const uploaded = await fetch(`${t.url}/data/project/${projectId}/images`, {
      method: 'POST',
      headers: alice.headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [image] = ((await uploaded.json()) as UploadImagesResponse).images;
    const wallet = t.app.get(WalletService);
    const start = await wallet.balance(alice.userId);
    if (start > 1) await wallet.spend(alice.userId, start - 1, 'admin_adjustment', 'test:exactly-one');
    if (start < 1) await wallet.grant(alice.userId, 1 - start, 'admin_adjustment', 'test:exactly-one');

    const first = await startWorker();
    const ordered = await call<OrderDecorationsResponse>(t, 'POST', `project/${projectId}/decorations`, {
      token: alice.token,
      body: {
        items: [{ imageId: image.id, roomType: 'livingroom', style: 'minimalist', type: 'automatic' }],
      },
    });
    expect(ordered.status).toBe(201);
    const decorationId = ordered.body.decorations[0].id;
    const folder = join(t.config.STORAGE_DIR, 'projects', projectId, 'decorations', decorationId);
    const files = () => {
      try {
        return readdirSync(folder).sort();
      } catch {
        return [];
      }
    };

    await waitFor('the render to start', async () =>
      progress.some((e) => e.decorationId === decorationId && e.stage === 'rendering'),
    );
    const exited = new Promise((done) => first.once('exit', done));
    first.kill('SIGKILL');
    await exited;
    // Killed mid-job: nothing finished, nothing stored.
    const [killed] = (await db.query(
      `SELECT d.state, v.attempts FROM decorations d JOIN decoration_versions v ON v.id = d.current_version_id
        WHERE d.id = $1`,
      [decorationId],
    )) as { state: string; attempts: number }[];
    expect(killed).toEqual({ state: 'pending', attempts: 1 });
    expect(files()).toEqual([]);

    await startWorker();
    await waitFor('the completion', async () => confirms.includes(projectId));
    await sleep(2500); // past another stalled-job check, which must change nothing

    const [version] = (await db.query(
      `SELECT id, attempts, state FROM decoration_versions WHERE decoration_id = $1`,
      [decorationId],
    )) as { id: string; attempts: number; state: string }[];
    expect(version).toMatchObject({ attempts: 2, state: 'ready' });
    expect(
      await db.query(`SELECT delta FROM ledger_entries WHERE idempotency_key = $1`, [
        `order:${decorationId}`,
      ]),
    ).toEqual([{ delta: -1 }]);
    expect(await wallet.balance(alice.userId)).toBe(0);
    expect(files()).toEqual([`${version.id}-added.png`, `${version.id}-thumb.jpg`, `${version.id}.jpg`]);
    expect(confirms).toEqual([projectId]);
    const detail = (await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: alice.token })).body;
    expect(detail).toMatchObject({ imagesCompleted: 1, totalImages: 1, status: 2, credits: 1 });
    expect(detail.decorations[0]).toMatchObject({ id: decorationId, state: 'ready', stage: 'ready' });
  });
});
