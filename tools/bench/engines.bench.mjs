// What our side adds around a remote staging engine under load: a loopback engine speaking our own
// protocol (POST /render, see http-staging.engine.ts) answers every render in a fixed 2 s, and 20
// automatic decorations are ordered at once against the real product split as in production: one
// ROLE=api process and 2 ROLE=worker processes on the same database and Redis prefix, ENGINE_URL
// pointing at the loopback engine. A round runs from the first order call to the last
// SendProjectDecorationConfirm on a socket; the ideal is ceil(20 / renders at once) × 2 s, where
// renders at once = workers × the `decoration.render` queue's concurrency (read from the compiled
// API). Our share = (round − ideal) / round; the target is under 5%.
//
// In the table one run is one whole round (`items`: the round reports its own time), 3 rounds after a
// warm-up one, beside the baseline: the loopback engine alone (20 renders of the same photo sent from
// here, as many at once as the workers run). after() breaks the median round down: ideal, overhead, our
// share, per-decoration latency (its order call to its confirmation) split by the product's own
// DecorationProgress events and by the engine's log (a version's seed travels in its render request),
// and the engine's own time per request (whole request in → answer written).
//
// Each decoration gets its own project (one confirmation per project), uploaded before the clock starts.
// The engine answers the input photo back, so the worker does its real work on the answer (re-encode
// to the photo's size, structure guard, thumbnail, storage, database, events).
//
// Server: BENCH_DATABASE_URL / DATABASE_URL (only the server: the bench creates and drops its own
// database) and Redis at REDIS_URL (its own key prefix, removed at the end). BENCH_ENGINE_PHOTO=WxH
// sets the photo (default 4000x3000, a 12 MP phone photo encoded to just under 2 MB).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiRequire,
  BenchAbort,
  bootProduct,
  call,
  formatMs,
  percentile,
  requireApi,
  roomPhoto,
  serverUrl,
  signUpCustomer,
  startWorker,
} from './lib.mjs';

const DECORATIONS = 20;
const WORKERS = 2;
const RENDER_MS = 2000;
const ROUNDS = 3;
const WARMUP_ROUNDS = 1;
/** A round that has not confirmed everything by then is broken, not slow. */
const ROUND_LIMIT_MS = 180_000;
const TARGET_SHARE = 0.05;

const [WIDTH, HEIGHT] = (process.env.BENCH_ENGINE_PHOTO ?? '4000x3000').split('x').map(Number);

export const title =
  `${DECORATIONS} decorations ordered at once, ${WORKERS} workers, loopback engine answering in ` +
  `${RENDER_MS / 1000} s: first order → last SendProjectDecorationConfirm`;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Our engine protocol's synchronous answer: POST /render gets 200 image/jpeg (the input photo) once
 * RENDER_MS have passed after the whole request arrived. Every render is logged with its times.
 */
async function startLoopbackEngine({ defer }) {
  const renders = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/render') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const arrived = performance.now();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const received = performance.now();
      let image;
      let seed;
      try {
        const render = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        image = Buffer.from(render.image, 'base64');
        seed = render.seed;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"not a render request"}');
        return;
      }
      res.once('finish', () => renders.push({ seed, arrived, received, answered: performance.now() }));
      // The fixed render time counts from the whole request being in, decoding it included.
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length }).end(image);
        },
        Math.max(0, RENDER_MS - (performance.now() - received)),
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  defer(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${server.address().port}`, renders };
}

/**
 * Each request after the first wave, from the answer whose slot it took (the latest answer before it
 * arrived that no earlier request took) to its arrival: what a freed engine slot sits idle for.
 */
function handoffs(renders) {
  const answers = renders.map((r) => r.answered).sort((a, b) => a - b);
  const arrivals = renders.map((r) => r.arrived).sort((a, b) => a - b);
  const gaps = [];
  let taken = 0;
  for (const arrived of arrivals) {
    // Requests that arrive before any answer are the first wave: they took no freed slot.
    if (taken < answers.length && answers[taken] < arrived) gaps.push(arrived - answers[taken++]);
  }
  return gaps.sort((a, b) => a - b);
}

/** The most renders the engine held at once among `renders` (each from arrival to answer). */
function peakAtOnce(renders) {
  const edges = renders.flatMap((r) => [
    [r.arrived, 1],
    [r.answered, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, step] of edges) peak = Math.max(peak, (now += step));
  return peak;
}

export async function setup({ defer, log }) {
  if (!(WIDTH > 0 && HEIGHT > 0)) throw new BenchAbort('BENCH_ENGINE_PHOTO must look like 4000x3000');
  const sharp = apiRequire('sharp');
  const { io } = apiRequire('socket.io-client');
  const Redis = apiRequire('ioredis');
  // Each worker works on RENDER_CONCURRENCY decorations at once, and ENGINE_CONCURRENCY engine calls are in
  // flight across all of them: the ideal counts the engine calls.
  const { loadConfig } = requireApi('dist/infra/config/config.js');
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...process.env });
  const perWorker = config.RENDER_CONCURRENCY;
  const atOnce = Math.min(config.ENGINE_CONCURRENCY, WORKERS * perWorker);

  const engine = await startLoopbackEngine({ defer });
  const photo = await roomPhoto(sharp, WIDTH, HEIGHT);
  log(`photo: ${WIDTH}×${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

  // The api and the workers must share the Redis prefix, so it is chosen here and removed here too.
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  defer(async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  // 80 photos and their results: kept in a folder of this run's own, removed at the end.
  const storage = await mkdtemp(join(tmpdir(), 'estancia-engines-bench-'));
  defer(() => rm(storage, { recursive: true, force: true }));
  const env = {
    STORAGE_DIR: storage,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENGINE_URL: engine.url,
    // Uploads happen before the clock; the person check only slows the setup down.
    PERSON_DETECTOR: 'off',
  };
  const product = await bootProduct({ defer, log, env: { ...env, ROLE: 'api' } });
  const workerEnv = { ...env, DATABASE_URL: serverUrl(product.db.database) };
  await Promise.all(Array.from({ length: WORKERS }, () => startWorker({ defer, env: workerEnv })));
  log(
    `1 api process + ${WORKERS} worker processes, ${perWorker} decorations at once each (RENDER_CONCURRENCY), ` +
      `${atOnce} engine calls at once in all (ENGINE_CONCURRENCY)`,
  );

  const { base } = product;
  const batches = ROUNDS + WARMUP_ROUNDS;
  const { token, user } = await signUpCustomer(product, { credits: 100 * DECORATIONS * batches });
  const socket = io(`${base}/hub`, { auth: { token }, transports: ['websocket'] });
  defer(() => socket.disconnect());
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => socket.emit('AddGroup', user.id, resolve));
  const confirmations = new Map();
  socket.on('SendProjectDecorationConfirm', (projectId) => confirmations.get(projectId)?.(performance.now()));
  // The product's own progress events split each decoration's time: queued, in the worker, saving.
  const stages = new Map();
  socket.on('DecorationProgress', ({ projectId, stage }) => {
    const seen = stages.get(projectId);
    if (seen && !(stage in seen)) seen[stage] = performance.now();
  });

  // One project per decoration, so each confirmation names exactly one decoration.
  const t0 = performance.now();
  const uploads = [];
  for (let i = 0; i < DECORATIONS * batches; i++) {
    const project = await call(base, 'POST', 'project', { token, body: { propertyName: `Engines ${i}` } });
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
    const { images } = await call(base, 'POST', `project/${project.id}/images`, { token, form });
    uploads.push({ projectId: project.id, imageId: images[0].id });
  }
  log(`${uploads.length} projects with the photo uploaded in ${seconds(performance.now() - t0)}`);

  const engineRequest = JSON.stringify({
    image: photo.toString('base64'),
    width: WIDTH,
    height: HEIGHT,
    roomType: 'livingroom',
    style: 'scandinavian',
    prompt: 'bench',
    seed: 1,
  });
  return {
    base,
    db: product.db,
    token,
    engine,
    engineRequest,
    perWorker,
    atOnce,
    confirmations,
    stages,
    batches: Array.from({ length: batches }, (_, i) => uploads.slice(i * DECORATIONS, (i + 1) * DECORATIONS)),
    rounds: [],
    engineAlone: [],
  };
}

/** One round: DECORATIONS orders sent at once, timed until the last confirmation. */
async function orderRound(ctx) {
  const batch = ctx.batches.shift();
  if (!batch) throw new BenchAbort('no uploaded projects left for another round');
  const firstRender = ctx.engine.renders.length;
  const confirmed = batch.map(
    ({ projectId }) => new Promise((resolve) => ctx.confirmations.set(projectId, resolve)),
  );
  for (const { projectId } of batch) ctx.stages.set(projectId, {});
  let limit;
  const overdue = new Promise((_, reject) => {
    limit = setTimeout(() => reject(new BenchAbort('round not confirmed in time')), ROUND_LIMIT_MS);
  });
  const start = performance.now();
  let accepted = start;
  try {
    const orderedAt = await Promise.all(
      batch.map(async ({ projectId, imageId }) => {
        const at = performance.now();
        await call(ctx.base, 'POST', `project/${projectId}/decorations`, {
          token: ctx.token,
          body: { items: [{ imageId, roomType: 'livingroom', style: 'scandinavian', type: 'automatic' }] },
        });
        accepted = Math.max(accepted, performance.now());
        return at;
      }),
    );
    const confirmedAt = await Promise.race([Promise.all(confirmed), overdue]);
    const totalMs = Math.max(...confirmedAt) - start;
    // A failed render confirms too: only decorations that came out ready make a valid round.
    const { rows } = await ctx.db.query(
      `SELECT state, failure FROM decorations WHERE project_id = ANY($1::uuid[])`,
      [batch.map((b) => b.projectId)],
    );
    const notReady = rows.filter((r) => r.state !== 'ready');
    if (rows.length !== DECORATIONS || notReady.length) {
      throw new BenchAbort(
        `${notReady.length} of ${rows.length} decorations not ready: ` +
          notReady.map((r) => `${r.state} (${r.failure})`).join(', '),
      );
    }
    const renders = ctx.engine.renders.slice(firstRender);
    // Each version's seed travels in its render request, which ties the engine's log to the decoration.
    const { rows: seeds } = await ctx.db.query(
      `SELECT d.project_id AS "projectId", v.seed FROM decoration_versions v
         JOIN decorations d ON d.id = v.decoration_id WHERE d.project_id = ANY($1::uuid[])`,
      [batch.map((b) => b.projectId)],
    );
    const seedOf = new Map(seeds.map((r) => [r.projectId, r.seed]));
    const renderOf = (projectId) => {
      const matching = renders.filter((r) => r.seed === seedOf.get(projectId));
      if (matching.length !== 1) throw new BenchAbort(`no single engine render for project ${projectId}`);
      return matching[0];
    };
    const ascending = (values) => values.sort((a, b) => a - b);
    const seen = batch.map(({ projectId }) => ctx.stages.get(projectId));
    if (seen.some((s) => !s.analysing || !s.saving))
      throw new BenchAbort('a decoration confirmed without its analysing and saving progress events');
    ctx.rounds.push({
      totalMs,
      acceptedMs: accepted - start,
      firstStartMs: Math.min(...seen.map((s) => s.analysing)) - start,
      firstArrivedMs: Math.min(...renders.map((r) => r.arrived)) - start,
      lastAnsweredToEndMs: Math.max(...confirmedAt) - Math.max(...renders.map((r) => r.answered)),
      handoffs: handoffs(renders),
      load: loadavg()[0],
      latencies: ascending(confirmedAt.map((at, i) => at - orderedAt[i])),
      queued: ascending(seen.map((s, i) => s.analysing - orderedAt[i])),
      inWorker: ascending(seen.map((s, i) => confirmedAt[i] - s.analysing)),
      beforeEngine: ascending(seen.map((s, i) => renderOf(batch[i].projectId).received - s.analysing)),
      afterEngine: ascending(seen.map((s, i) => s.saving - renderOf(batch[i].projectId).answered)),
      saving: ascending(seen.map((s, i) => confirmedAt[i] - s.saving)),
      engineMs: renders.map((r) => r.answered - r.received).sort((a, b) => a - b),
      peak: peakAtOnce(renders),
      renders: renders.length,
    });
    return [totalMs];
  } finally {
    clearTimeout(limit);
    for (const { projectId } of batch) {
      ctx.confirmations.delete(projectId);
      ctx.stages.delete(projectId);
    }
  }
}

/** The loopback engine alone: DECORATIONS renders of the photo, as many at once as the workers run. */
async function engineAlone(ctx) {
  let next = 0;
  const start = performance.now();
  const sender = async () => {
    while (next++ < DECORATIONS) {
      const res = await fetch(`${ctx.engine.url}/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ctx.engineRequest,
      });
      if (!res.ok) throw new BenchAbort(`the loopback engine answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: ctx.atOnce }, sender));
  const ms = performance.now() - start;
  ctx.engineAlone.push(ms);
  return [ms];
}

export function groups(ctx) {
  return [
    {
      title:
        `${DECORATIONS} decorations, ${WORKERS} workers × ${ctx.perWorker} decorations, ${ctx.atOnce} engine calls at once, ` +
        `${WIDTH}×${HEIGHT} photo; one run = one whole round (ms)`,
      runs: ROUNDS,
      warmup: 1,
      rounds: WARMUP_ROUNDS,
      baseline: {
        name: `loopback engine alone, ${ctx.atOnce} at once`,
        items: true,
        fn: () => engineAlone(ctx),
      },
      cases: [{ name: 'first order → last confirmation', items: true, fn: () => orderRound(ctx) }],
    },
  ];
}

export function after(ctx, { log }) {
  // The warm-up round comes first; the measured rounds are the last ROUNDS.
  const measured = ctx.rounds.slice(-ROUNDS);
  if (measured.length < ROUNDS) return;
  const byTotal = [...measured].sort((a, b) => a.totalMs - b.totalMs);
  const round = byTotal[Math.floor(byTotal.length / 2)];
  const waves = Math.ceil(DECORATIONS / ctx.atOnce);
  const ideal = waves * RENDER_MS;
  const formula = (DECORATIONS * RENDER_MS) / ctx.atOnce;
  const overhead = round.totalMs - ideal;
  const share = overhead / round.totalMs;
  const ms = (sorted) =>
    `median ${formatMs(percentile(sorted, 50))} ms, p95 ${formatMs(percentile(sorted, 95))} ms`;

  const line = (label, value) => log(`  ${label.padEnd(64)} ${value}`);
  log('');
  log(`rounds (ms): ${measured.map((r) => formatMs(r.totalMs)).join(', ')}; the median round:`);
  line(
    'time to the last confirmation',
    `${seconds(round.totalMs)} (${round.renders} renders, the engine held at most ${round.peak} at once)`,
  );
  line(
    `ideal = ceil(${DECORATIONS} / ${ctx.atOnce}) × ${RENDER_MS / 1000} s`,
    `${seconds(ideal)} (${DECORATIONS} × ${RENDER_MS / 1000} s / ${ctx.atOnce} = ${seconds(formula)})`,
  );
  line('overhead = total − ideal', seconds(overhead));
  line(
    'our share = overhead / total',
    `${(100 * share).toFixed(1)}% ${share < TARGET_SHARE ? 'PASS' : 'FAIL'} (target: under ${100 * TARGET_SHARE}%)`,
  );
  line(`all ${DECORATIONS} orders accepted after`, `${formatMs(round.acceptedMs)} ms`);
  line('the first render started after', `${formatMs(round.firstStartMs)} ms`);
  line('the engine had the first request after', `${formatMs(round.firstArrivedMs)} ms`);
  line('a freed engine slot idle until the next request arrives', ms(round.handoffs));
  line("the engine's last answer → the last confirmation", `${formatMs(round.lastAnsweredToEndMs)} ms`);
  line('per decoration, order → its confirmation', ms(round.latencies));
  line('  waiting in the queue (order → its worker starts it)', ms(round.queued));
  line('  in the worker (start → confirmation)', ms(round.inWorker));
  line('    start → the engine has the whole request (built and sent)', ms(round.beforeEngine));
  line("    the engine's answer → saving (re-encoded, structure guard)", ms(round.afterEngine));
  line('    saving → confirmation (thumbnail, storage, database)', ms(round.saving));
  line("engine's own time per render (request in → answer written)", ms(round.engineMs));
  line(`machine load at the end of the round (1 min, ${cpus().length} cores)`, round.load.toFixed(2));
  const alone = [...ctx.engineAlone.slice(-ROUNDS)].sort((a, b) => a - b);
  if (alone.length)
    line(
      `the engine alone, ${ctx.atOnce} at once (its ${RENDER_MS / 1000} s + the photo both ways)`,
      `${seconds(percentile(alone, 50))} (median)`,
    );
}
