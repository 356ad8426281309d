import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ApiError, OrderDecorationsResponse } from '@estancia/contracts';
import { ErrorCode } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { RELAXED_LIMITS, call, projectWithPhotos, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { DecorationRenderer } from '../../modules/decorations/decoration-renderer.service';
import { WalletService } from '../../modules/wallet/wallet.service';
import { migrate } from './data-source';

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root its commands run as the `postgres` user (as tools/services.mjs does). */
function run(command: string, args: string[]): Promise<string> {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`)),
    );
  });
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('pg_ctl not found under /usr/lib/postgresql');
  return join(root, version, 'bin');
}

/** A private PostgreSQL on its own port and data directory under /tmp, which the test kills and starts again. */
class PrivatePostgres {
  private readonly bin = postgresBin();
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async create(port: number): Promise<PrivatePostgres> {
    const dir = mkdtempSync('/tmp/estancia-pg-outage-');
    if (isRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), -1);
    const pg = new PrivatePostgres(port, dir);
    await run(join(pg.bin, 'initdb'), [
      '-D',
      pg.data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    // Loopback only, no Unix socket; no fsync: the test kills processes, never the machine.
    writeFileSync(
      join(pg.data, 'postgresql.auto.conf'),
      `listen_addresses = '127.0.0.1'\nunix_socket_directories = ''\nfsync = off\nport = ${port}\n`,
      { flag: 'a' },
    );
    await pg.start();
    return pg;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await run(join(this.bin, 'pg_ctl'), [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  /** A crash: SIGKILL to the postmaster and to every server process it started (read before the kill). */
  async kill(): Promise<void> {
    const pid = Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    for (const id of [pid, ...children.map(Number)]) {
      try {
        process.kill(id, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await waitFor('the killed postmaster to be gone', async () => !existsSync(`/proc/${pid}`), 10_000);
  }

  async destroy(): Promise<void> {
    await run(join(this.bin, 'pg_ctl'), ['-D', this.data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Long enough that a render job burns all its attempts (backoff 1 s, then 2 s) against the dead database. */
const OUTAGE_MS = 8000;
const PHOTOS = 13;

describe('a PostgreSQL outage', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let alice: SignedIn;
  /** Photos over three projects (a project holds at most 5), each with its project. */
  let photos: { projectId: string; imageId: string }[];
  let startingBalance: number;
  let db: Client | undefined;

  const order = ({ projectId, imageId }: { projectId: string; imageId: string }) =>
    call<OrderDecorationsResponse & ApiError>(t, 'POST', `project/${projectId}/decorations`, {
      token: alice.token,
      headers: { 'accept-language': 'ca' },
      body: { items: [{ imageId, roomType: 'livingroom', style: 'minimalist', type: 'automatic' }] },
    });
  const unavailable = {
    code: ErrorCode.SERVICE_UNAVAILABLE,
    message: translate('ca', 'errors', ErrorCode.SERVICE_UNAVAILABLE),
  };
  /** A test client of its own, opened once PostgreSQL is back (the app's pool is what is under test). */
  const database = async (): Promise<Client> => {
    if (!db) {
      db = new Client({ connectionString: pg.url('estancia') });
      await db.connect();
    }
    return db;
  };

  beforeAll(async () => {
    pg = await PrivatePostgres.create(await freePort());
    const admin = new Client({ connectionString: pg.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE estancia');
    await admin.end();
    await migrate(pg.url('estancia'));
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off', DATABASE_URL: pg.url('estancia') });
    alice = await signIn(t);
    photos = [];
    for (let i = 0; i < PHOTOS; i += 5) {
      const project = await projectWithPhotos(t, alice, Math.min(5, PHOTOS - i));
      photos.push(...project.imageIds.map((imageId) => ({ projectId: project.id, imageId })));
    }
    const wallet = t.app.get(WalletService);
    await wallet.grant(alice.userId, PHOTOS, 'admin_adjustment', 'test:postgres-outage');
    startingBalance = await wallet.balance(alice.userId);
  }, 60_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await pg?.start().catch(() => undefined);
    await t?.close();
    await pg?.destroy();
  }, 30_000);

  it('answers a translated 503, not a 500, while PostgreSQL is down, also to the orders it cut short', async () => {
    for (const photo of photos.slice(0, 4)) expect((await order(photo)).status).toBe(201);
    // Killed while these orders are on their way: some answered, some cut short in their transaction.
    const cutShort = photos.slice(4, 8).map((photo) => order(photo));
    await sleep(30);
    await pg.kill();
    const killedAt = Date.now();
    // Every answer is checked once the outage has lasted its time, so the next test meets the same outage.
    const seen: { what: string; status: number; body: unknown }[] = [];
    let ms = 0;
    try {
      for (const answer of await Promise.all(cutShort))
        if (answer.status !== 201)
          seen.push({ what: 'order cut short', status: answer.status, body: answer.body });
      const started = Date.now();
      const refused = await order(photos[8]);
      seen.push({ what: 'order', status: refused.status, body: refused.body });
      const detail = await call<ApiError>(t, 'GET', `project/${photos[0].projectId}`, {
        token: alice.token,
        headers: { 'accept-language': 'ca' },
      });
      seen.push({ what: 'project', status: detail.status, body: detail.body });
      ms = Date.now() - started;
    } finally {
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - killedAt)));
    }
    expect(seen).toEqual(seen.map(({ what }) => ({ what, status: 503, body: unavailable })));
    // Quickly, not after a hang (bounded by the pool's connection timeout).
    expect(ms).toBeLessThan(12_000);
  }, 40_000);

  it('ends every decoration in exactly one result or one refund within a minute of PostgreSQL coming back', async () => {
    await pg.start();
    // Orders are taken again once the pool reconnects by itself.
    const back = Date.now();
    let placed = await order(photos[8]);
    while (placed.status === 503 && Date.now() - back < 15_000) {
      await sleep(250);
      placed = await order(photos[8]);
    }
    expect(placed.status).toBe(201);
    for (const photo of photos.slice(9, 12)) expect((await order(photo)).status).toBe(201);

    const c = await database();
    const settled = async () => {
      const { rows } = await c.query<{ pending: string }>(
        `SELECT count(*) AS pending FROM decorations WHERE user_id = $1 AND state = 'pending'`,
        [alice.userId],
      );
      return Number(rows[0].pending) === 0;
    };
    await waitFor('every decoration to be ready or refunded', settled, 60_000 - (Date.now() - back)).catch(
      async (error: unknown) => {
        const { rows } = await c.query(
          `SELECT state, count(*)::int AS n FROM decorations WHERE user_id = $1 GROUP BY state`,
          [alice.userId],
        );
        throw new Error(`${String(error)}: ${JSON.stringify(rows)}`);
      },
    );

    const { rows: decorations } = await c.query<{
      id: string;
      state: string;
      results: number;
      charges: number;
      refunds: number;
    }>(
      `SELECT d.id, d.state,
         (SELECT count(*)::int FROM decoration_versions v WHERE v.decoration_id = d.id AND v.state = 'ready'
            AND v.result_key IS NOT NULL) AS results,
         (SELECT count(*)::int FROM ledger_entries l WHERE l.idempotency_key = 'order:' || d.id) AS charges,
         (SELECT count(*)::int FROM ledger_entries l WHERE l.idempotency_key = 'refund:order:' || d.id) AS refunds
       FROM decorations d WHERE d.user_id = $1`,
      [alice.userId],
    );
    // At least the four taken before the kill and the four after it.
    expect(decorations.length).toBeGreaterThanOrEqual(8);
    for (const d of decorations) {
      const outcome = d.state === 'ready' ? { results: 1, refunds: 0 } : { results: 0, refunds: 1 };
      expect({
        id: d.id,
        state: d.state,
        charges: d.charges,
        results: d.results,
        refunds: d.refunds,
      }).toEqual({
        id: d.id,
        state: d.state === 'ready' ? 'ready' : 'failed',
        charges: 1,
        ...outcome,
      });
    }
    // The ledger sums to the balance, which is what was charged less what was refunded.
    const { rows: wallet } = await c.query<{ balance: number; ledger: number }>(
      `SELECT w.balance, (SELECT sum(delta)::int FROM ledger_entries l WHERE l.user_id = w.user_id) AS ledger
         FROM wallets w WHERE w.user_id = $1`,
      [alice.userId],
    );
    const ready = decorations.filter((d) => d.state === 'ready').length;
    expect(wallet[0]).toEqual({ balance: startingBalance - ready, ledger: startingBalance - ready });
  }, 80_000);

  it('renders again, at the next sweep, a pending decoration whose render job had failed for good', async () => {
    const c = await database();
    // A render that cannot even start (not a connection error): its job burns its attempts into the failed set.
    await c.query(
      `ALTER TABLE decoration_versions ADD CONSTRAINT outage_test_no_start CHECK (attempts = 0) NOT VALID`,
    );
    const placed = await order(photos[12]);
    expect(placed.status).toBe(201);
    const decorationId = placed.body.decorations[0].id;
    const { rows } = await c.query<{ id: string }>(
      `SELECT id FROM decoration_versions WHERE decoration_id = $1`,
      [decorationId],
    );
    const renders = new Queue('decoration.render', {
      connection: { url: t.config.REDIS_URL },
      prefix: t.config.REDIS_PREFIX,
    });
    try {
      await waitFor(
        'the render job to fail for good',
        async () => (await renders.getJobState(rows[0].id)) === 'failed',
        20_000,
      );
    } finally {
      await renders.close();
    }
    await c.query(`ALTER TABLE decoration_versions DROP CONSTRAINT outage_test_no_start`);
    await t.app.get(DecorationRenderer).requeueStranded('0 seconds');
    await waitFor(
      'the decoration to be rendered',
      async () =>
        (await c.query(`SELECT 1 FROM decorations WHERE id = $1 AND state = 'ready'`, [decorationId]))
          .rowCount === 1,
      30_000,
    );
  }, 60_000);
});
