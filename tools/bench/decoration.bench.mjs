// What a customer waits for: an automatic decoration of a 12-megapixel, 2 MB JPEG, from the upload
// being accepted to SendProjectDecorationConfirm arriving on a socket, against the real product
// (apps/api/dist, ROLE=all: API, queue worker and the built-in staging engine in one process).
// Beside it, in the same run: the built-in engine alone on the same photo, and the baseline, the
// time libvips needs just to decode and re-encode that photo. "Everything else" (queue, storage,
// database, thumbnails, events) is the end-to-end median minus the engine median.
//
// The uploads are made before the clock starts (each run gets its own project: 5 photos at most per
// project), so a run times the order call, the render job and the confirmation only.
//
// Server: BENCH_DATABASE_URL / DATABASE_URL (only the server: the bench creates and drops its own
// database) and Redis at REDIS_URL (its own key prefix, removed at the end).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { apiRequire, BenchAbort, formatMs, requireApi, root } from './lib.mjs';

export const title = 'automatic decoration of a 12 MP JPEG: upload accepted → SendProjectDecorationConfirm';

const RUNS = 20;
const WARMUP = 2;
const WIDTH = 4000;
const HEIGHT = 3000;
const PASSWORD = 'Bench-pass-1!';

const serverUrl = (database) => {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = `/${database}`;
  return url.toString();
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A synthetic room (walls, floor, window light, grain) at 4000×3000, encoded to just under 2 MB. */
async function roomPhoto(sharp) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9d2c5"/><stop offset="1" stop-color="#b8ad9b"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9c7a55"/><stop offset="1" stop-color="#6b4f33"/></linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT * 0.62}" fill="url(#wall)"/>
    <polygon points="0,${HEIGHT * 0.62} ${WIDTH},${HEIGHT * 0.62} ${WIDTH},${HEIGHT} 0,${HEIGHT}" fill="url(#floor)"/>
    <rect x="${WIDTH * 0.58}" y="${HEIGHT * 0.12}" width="${WIDTH * 0.22}" height="${HEIGHT * 0.36}" fill="#eef4f8" stroke="#fff" stroke-width="24"/>
  </svg>`;
  const noise = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .raw()
    .toBuffer();
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Grain gives the JPEG a photo's entropy, so its size and decode cost are a real photo's.
  for (let i = 0; i < base.length; i++)
    base[i] = Math.max(0, Math.min(255, base[i] + ((noise[i] - 128) >> 2)));
  let low = 40;
  let high = 95;
  let best;
  while (low <= high) {
    const quality = (low + high) >> 1;
    const jpeg = await sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= 2 * 1024 * 1024 - 4096) {
      best = jpeg;
      low = quality + 1;
    } else high = quality - 1;
  }
  if (!best) throw new BenchAbort('could not make a 12 MP JPEG under 2 MB');
  return best;
}

async function call(base, method, path, { token, body, form } = {}) {
  const res = await fetch(`${base}/data/${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return data;
}

export async function setup({ defer, log }) {
  const sharp = apiRequire('sharp');
  const { Client } = apiRequire('pg');
  const { io } = apiRequire('socket.io-client');
  const engines = requireApi('dist/modules/decorations/engine/built-in-staging.engine.js');
  const Engine = Object.values(engines).find((v) => typeof v === 'function' && /Engine/.test(v.name));
  if (!Engine) throw new BenchAbort('no built-in staging engine class in the compiled API');
  const engine = new Engine();

  const photo = await roomPhoto(sharp);
  log(`photo: ${WIDTH}×${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

  const name = `estancia_bench_${randomBytes(6).toString('hex')}`;
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  defer(async () => {
    const c = new Client({ connectionString: serverUrl('postgres') });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
    log(`dropped database ${name}`);
  });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const many = '1000000';
  const api = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: serverUrl(name),
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_PER_IP: many,
      RATE_LIMIT_LOGIN_PER_IP: many,
      RATE_LIMIT_VALIDATION_PER_IP: many,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  defer(async () => {
    api.kill('SIGTERM');
    await new Promise((resolve) => (api.exitCode !== null ? resolve() : api.once('exit', resolve)));
    const Redis = apiRequire('ioredis');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new BenchAbort('the API exited at start (its log is above)');
    const ok = await fetch(`${base}/data/project/healthCheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new BenchAbort('the API did not answer its health check within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }

  // A customer, verified with the e-mailed code, with enough credits for every run.
  const email = `bench-${randomBytes(4).toString('hex')}@bench.local`;
  await call(base, 'POST', 'user/register', { body: { name: 'Bench', email, password: PASSWORD } });
  const db = new Client({ connectionString: serverUrl(name) });
  await db.connect();
  defer(() => db.end());
  const { rows: mails } = await db.query(`SELECT text FROM outbox WHERE "to" = $1`, [email]);
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  await call(base, 'POST', 'user/validation', { body: { email, token: code } });
  const { token, user } = await call(base, 'POST', 'user/login', {
    body: { login: email, password: PASSWORD },
  });
  await db.query(
    `WITH moved AS (UPDATE wallets SET balance = balance + 1000 WHERE user_id = $1 RETURNING balance)
     INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key)
     SELECT $1, 1000, balance, 'admin_adjustment', 'bench:credits' FROM moved`,
    [user.id],
  );

  const socket = io(`${base}/hub`, { auth: { token }, transports: ['websocket'] });
  defer(() => socket.disconnect());
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => socket.emit('AddGroup', user.id, resolve));
  const confirmations = new Map();
  socket.on('SendProjectDecorationConfirm', (projectId) => confirmations.get(projectId)?.());

  // Every run gets its own project with the photo already uploaded (and accepted).
  const uploads = [];
  for (let i = 0; i < 2 * (RUNS + WARMUP) + 2; i++) {
    const project = await call(base, 'POST', 'project', { token, body: { propertyName: `Bench ${i}` } });
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
    const { images } = await call(base, 'POST', `project/${project.id}/images`, { token, form });
    uploads.push({ projectId: project.id, imageId: images[0].id });
  }
  log(`${uploads.length} projects with the photo uploaded`);
  return { sharp, engine, photo, base, token, uploads, next: 0, confirmations, e2e: null, engineOnly: null };
}

export function groups(ctx) {
  const decorate = async () => {
    const { projectId, imageId } = ctx.uploads[ctx.next++];
    const confirmed = new Promise((resolve) => ctx.confirmations.set(projectId, resolve));
    await call(ctx.base, 'POST', `project/${projectId}/decorations`, {
      token: ctx.token,
      body: { items: [{ imageId, roomType: 'livingroom', style: 'scandinavian', type: 'automatic' }] },
    });
    await confirmed;
    ctx.confirmations.delete(projectId);
  };
  let seed = 1;
  return [
    {
      title: `${WIDTH}×${HEIGHT} JPEG (~2 MB), sequential`,
      runs: RUNS,
      warmup: 1,
      rounds: WARMUP,
      baseline: {
        name: 'libvips decode + re-encode',
        fn: () => ctx.sharp(ctx.photo).jpeg({ quality: 85 }).toBuffer(),
      },
      cases: [
        {
          name: 'built-in engine alone',
          fn: () =>
            ctx.engine.render({
              image: ctx.photo,
              width: WIDTH,
              height: HEIGHT,
              roomType: 'livingroom',
              style: 'scandinavian',
              seed: seed++,
              prompt: '',
            }),
        },
        { name: 'upload accepted → confirm', fn: decorate },
      ],
      onResults: (rows) => {
        ctx.engineOnly = rows[1];
        ctx.e2e = rows[2];
      },
    },
  ];
}

export function after(ctx, { log }) {
  if (!ctx.e2e || !ctx.engineOnly) return;
  const rest = ctx.e2e.median - ctx.engineOnly.median;
  log(
    `end to end: median ${formatMs(ctx.e2e.median)} ms, p95 ${formatMs(ctx.e2e.p95)} ms ` +
      `(target: under 3000 ms on 2 cores)`,
  );
  log(
    `engine ${formatMs(ctx.engineOnly.median)} ms + everything else ${formatMs(rest)} ms ` +
      `= ${((100 * rest) / ctx.e2e.median).toFixed(1)}% of the total (target: under 10%)`,
  );
}
