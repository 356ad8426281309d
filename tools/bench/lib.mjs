// Small helpers shared by the benchmarks: timing, percentiles, the table, loading the compiled API, and
// booting the real product with a verified customer and a 12 MP room photo, and a browser to load it in.
// Figures are printed, never asserted (ARCHITECTURE section 6).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = join(root, 'apps/api');

/** `require` as the API resolves it, so the benches share the API's copies of pg, typeorm and argon2. */
export const apiRequire = createRequire(join(apiDir, 'package.json'));

/** Stops the whole run with a message for the user (no stack): the runner prints it and exits 1. */
export class BenchAbort extends Error {}

/** Set by the runner on Ctrl-C: measurement loops stop after their current call, then cleanup runs. */
export const interruption = { requested: false };

export function stopIfInterrupted() {
  if (interruption.requested) throw new BenchAbort('interrupted');
}

/** Loads a module of the compiled API (`apps/api/dist/...`, CommonJS); warns when its source is newer. */
export function requireApi(distPath) {
  if (!existsSync(join(apiDir, 'dist'))) throw new BenchAbort('run `npm run build` first');
  const file = join(apiDir, distPath);
  if (!existsSync(file)) throw new BenchAbort(`${distPath} is missing: run \`npm run build\` first`);
  const source = join(apiDir, distPath.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'));
  if (existsSync(source) && statSync(source).mtimeMs > statSync(file).mtimeMs) {
    console.log(`  note: ${distPath} is older than its source; run \`npm run build\` for current figures`);
  }
  return apiRequire(file);
}

/** Linear-interpolated percentile (0..100) of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const at = (p / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** Median, p95, p99 and throughput of per-operation samples (ms) taken over `wallMs`. */
export function summarize(samples, wallMs) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    opsPerSec: sorted.length / (wallMs / 1000),
  };
}

/**
 * Runs `fn(worker, index)` `runs` times (or until `maxMs` has passed, whichever comes first) from
 * `concurrency` workers sharing one counter, timing each call. Latency is what each caller sees
 * (including any wait for a pooled resource); ops/s is completed calls over the wall time.
 * With `items`, each call resolves to the samples (ms) it recorded itself, e.g. the frame times
 * during one gesture: those are summarized instead of the calls, ops/s being items per second of
 * their summed time (frames per second). `calls` is how many calls ran either way.
 */
export async function measure(fn, { runs, concurrency = 1, maxMs = Infinity, items = false }) {
  const samples = [];
  let started = 0;
  let failure;
  const start = performance.now();
  const deadline = start + maxMs;
  const worker = async (w) => {
    while (!failure && started < runs && performance.now() < deadline && !interruption.requested) {
      const index = started++;
      const t0 = performance.now();
      try {
        let result = fn(w, index);
        if (result && typeof result.then === 'function') result = await result;
        if (items) samples.push(...result);
      } catch (error) {
        failure ??= error; // the other workers stop after their current call, then it is thrown
      }
      if (!items) samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, runs) }, (_, w) => worker(w)));
  if (failure) throw failure;
  const itemsMs = samples.reduce((sum, ms) => sum + ms, 0);
  return { ...summarize(samples, items ? itemsMs : performance.now() - start), calls: started };
}

/**
 * One group: warm every case up, interleaved with the baseline (`rounds` x `warmup` calls each),
 * then measure the baseline and right after it each case, in the same process. A case may set its
 * own `runs`, `maxMs` and `warmup` (a microsecond baseline needs more calls than a 100 ms case),
 * and `items: true` when its fn resolves to samples of its own (see `measure`).
 */
export async function runGroup({
  baseline,
  cases,
  runs,
  concurrency = 1,
  maxMs = Infinity,
  warmup = 0,
  rounds = 2,
}) {
  const all = [baseline, ...cases];
  const bounds = (c) => ({ runs: c.runs ?? runs, concurrency, maxMs: c.maxMs ?? maxMs, items: c.items });
  for (let round = 0; round < rounds; round++) {
    for (const c of all) {
      const count = c.warmup ?? warmup;
      if (count > 0) await measure(c.fn, { ...bounds(c), runs: count });
      stopIfInterrupted();
    }
  }
  const rows = [];
  for (const c of all) {
    rows.push({ name: c.name, ...(await measure(c.fn, bounds(c))) });
    stopIfInterrupted();
  }
  const base = rows[0];
  return rows.map((row) => ({
    ...row,
    medianRatio: row.median / base.median,
    opsRatio: row.opsPerSec / base.opsPerSec,
  }));
}

/** Milliseconds with enough digits to be read at any magnitude. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '-';
  if (ms < 0.01) return ms.toFixed(4);
  if (ms < 1) return ms.toFixed(3);
  if (ms < 100) return ms.toFixed(2);
  return ms.toFixed(1);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Operations per second, grouped and without decimals from 100 up. */
export const formatOps = (ops) => (ops < 100 ? ops.toFixed(1) : grouped.format(ops));
const formatRatio = (r) => {
  if (r >= 100) return `${grouped.format(r)}x`;
  if (r >= 0.01) return `${r.toFixed(2)}x`;
  return `${r.toPrecision(2)}x`;
};

/** Prints a plain-text table; `rows` are arrays of strings, `align` is 'l' or 'r' per column. */
export function printTable(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`  ${line(headers)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

/** The result table of one group: the first row is the baseline. */
export function printResults(title, rows) {
  console.log(`\n  ${title}`);
  printTable(
    ['case', 'runs', 'median ms', 'p95 ms', 'p99 ms', 'ops/s', 'median vs base', 'ops/s vs base'],
    rows.map((r, i) => [
      i === 0 ? `${r.name} (baseline)` : r.name,
      String(r.runs),
      formatMs(r.median),
      formatMs(r.p95),
      formatMs(r.p99),
      formatOps(r.opsPerSec),
      i === 0 ? '1.00x' : formatRatio(r.medianRatio),
      i === 0 ? '1.00x' : formatRatio(r.opsRatio),
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

// ---- the real product, for the end-to-end benches ----

/**
 * The URL of `database` on the PostgreSQL server at BENCH_DATABASE_URL / DATABASE_URL (only the
 * server is taken from it: the benches create and drop databases of their own).
 */
export const serverUrl = (database) => {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = `/${database}`;
  return url.toString();
};

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A synthetic room (walls, floor, window light, grain) at width×height, encoded to just under 2 MB. */
export async function roomPhoto(sharp, width, height) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9d2c5"/><stop offset="1" stop-color="#b8ad9b"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9c7a55"/><stop offset="1" stop-color="#6b4f33"/></linearGradient>
    </defs>
    <rect width="${width}" height="${height * 0.62}" fill="url(#wall)"/>
    <polygon points="0,${height * 0.62} ${width},${height * 0.62} ${width},${height} 0,${height}" fill="url(#floor)"/>
    <rect x="${width * 0.58}" y="${height * 0.12}" width="${width * 0.22}" height="${height * 0.36}" fill="#eef4f8" stroke="#fff" stroke-width="24"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
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
    const jpeg = await sharp(base, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= 2 * 1024 * 1024 - 4096) {
      best = jpeg;
      low = quality + 1;
    } else high = quality - 1;
  }
  if (!best) throw new BenchAbort(`could not make a ${width}×${height} JPEG under 2 MB`);
  return best;
}

/** Polls `check` every 500 ms until it answers something truthy, or gives up after `seconds`. */
export async function waitFor(what, check, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new BenchAbort(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One call to the product's API (`/data/<path>`): JSON or a form in, JSON out; a refusal throws. */
export async function call(base, method, path, { token, body, form } = {}) {
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

/**
 * Boots the compiled product (apps/api/dist, ROLE=all: API, queue worker, built-in staging engine and
 * the customer app in one process) on a free port, against a fresh database and its own Redis key
 * prefix (REDIS_URL), with the rate limits lifted. `env` adds settings. Everything is undone by the
 * cleanups registered with `defer`. Answers the base URL and a client connected to the database.
 */
export async function bootProduct({ defer, log, env = {} }) {
  const { Client } = apiRequire('pg');
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
      ...env,
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

  const db = new Client({ connectionString: serverUrl(name) });
  await db.connect();
  defer(() => db.end());
  return { base, db };
}

/**
 * A customer registered, verified with the e-mailed code (read from the outbox) and logged in, with
 * `credits` granted as an admin adjustment. Answers the token and the user.
 */
export async function signUpCustomer({ base, db }, { credits = 1000, password = 'Bench-pass-1!' } = {}) {
  const email = `bench-${randomBytes(4).toString('hex')}@bench.local`;
  await call(base, 'POST', 'user/register', { body: { name: 'Bench', email, password, acceptTerms: true } });
  const { rows: mails } = await db.query(`SELECT text FROM outbox WHERE "to" = $1`, [email]);
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  await call(base, 'POST', 'user/validation', { body: { email, token: code } });
  const { token, user } = await call(base, 'POST', 'user/login', { body: { login: email, password } });
  await db.query(
    `WITH moved AS (UPDATE wallets SET balance = balance + $2 WHERE user_id = $1 RETURNING balance)
     INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key)
     SELECT $1, $2, balance, 'admin_adjustment', 'bench:credits' FROM moved`,
    [user.id, credits],
  );
  return { token, user, email };
}

/**
 * Starts one more queue worker of the compiled product (apps/api/dist, ROLE=worker) with `env`: the
 * database, Redis prefix and settings of the product it joins. Answers once it works the queues; the
 * cleanup registered with `defer` stops it, letting its running jobs finish.
 */
export async function startWorker({ defer, env }) {
  const worker = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    env: { ...process.env, SEED: 'false', LOG_LEVEL: 'warn', ...env, ROLE: 'worker' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  defer(async () => {
    if (worker.exitCode === null) worker.kill('SIGTERM');
    await new Promise((resolve) => (worker.exitCode !== null ? resolve() : worker.once('exit', resolve)));
  });
  await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new BenchAbort('a worker did not start within 60 s')), 60000);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new BenchAbort(`a worker exited at start with code ${code} (its log is above)`));
    });
    worker.stdout.on('data', (chunk) => {
      // After the ready line the worker's own warnings (a failed job, say) go to stderr.
      if (seen === null) return void process.stderr.write(chunk);
      seen = (seen + chunk).slice(-4096);
      if (!seen.includes('worker running the queues')) return;
      seen = null;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** An active PRO subscription for the customer, written straight to the database (no gateway in a bench). */
export async function subscribeToPro({ db }, userId) {
  await db.query(
    `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
     VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '30 days', false)`,
    [userId],
  );
}

/** Until every decoration of the project is ready, for up to 4 minutes; a failed one stops the run. */
export function decorationsReady({ base }, token, projectId) {
  return waitFor(
    'the automatic decorations',
    async () => {
      const detail = await call(base, 'GET', `project/${projectId}`, { token });
      if (detail.decorations.some((d) => d.state === 'failed'))
        throw new BenchAbort('an automatic decoration failed');
      return detail.decorations.every((d) => d.state === 'ready');
    },
    240,
  );
}

/**
 * Debian's Chromium (/usr/bin/chromium, never downloaded), headless, with the e2e specs' flags
 * (apps/e2e/playwright.config.ts), through the e2e app's playwright-core. The cleanup registered with
 * `defer` closes it; `close` may close it sooner.
 */
export async function launchChromium({ defer }) {
  const { chromium } = createRequire(join(root, 'apps/e2e/package.json'))('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const close = async () => {
    if (browser.isConnected()) await browser.close();
  };
  defer(close);
  return { browser, close };
}
