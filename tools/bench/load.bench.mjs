// Load: the product as `npm run start:cluster` runs it (nginx, api processes, 2 workers, one PostgreSQL, one
// Redis, one storage folder), built from apps/api/dist (`npm run build` first). Not part of CI.
//
// 1. HTTP at 1, 8, 32 and 64 requests in flight: a customer's project list (GET /data/project) and
//    automatic decoration orders (POST /data/project/:id/decorations, built-in engine, the 2 workers
//    rendering meanwhile), against 1 api process behind nginx and 2 api processes behind nginx. Baseline:
//    a bare node:http server running the list's two statements on `pg` (load/bare-server.mjs), behind the
//    same nginx configuration, and directly. after() prints, per target, the highest requests/second
//    of a level whose p99 stays under 100 ms. Clients spread over loopback source addresses
//    127.0.0.2... (nginx hashes the client address) chosen so both apis get an equal share. Before each
//    order group the render backlog of the previous one is left to drain (waited for in the first warmup
//    call, so it is never timed). Two last order groups hold the render queue (BullMQ pause), so the
//    orders do not share the cores with their own renders: the difference is what rendering costs them.
// 2. Socket fan-out: 1000 socket.io clients authenticated like the web app (auth.token, polling then
//    WebSocket) through nginx, spread over both apis; a staff member switches a platform flag
//    (PUT /data/admin/platform/status broadcasts PlatformStatus through the Redis adapter); each client's
//    receipt is timed from the start of that request. Baseline: a bare socket.io server (same package,
//    default in-memory adapter) in one process, 1000 clients connected directly, POST /publish.
//    Every client lives in this process, so each receipt also waits for the others' decoding (both rows).
//
// Everything shares the machine: client, nginx, processes, PostgreSQL and Redis compete for the cores,
// so the figures say how the parts compare here, not what a server fleet would do.
// Database: its own on BENCH_DATABASE_URL / DATABASE_URL's server, dropped at the end; Redis at REDIS_URL
// with its own key prefix, deleted at the end; files in a temporary folder, removed at the end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiRequire,
  BenchAbort,
  call,
  formatMs,
  formatOps,
  percentile,
  roomPhoto,
  serverUrl,
} from './lib.mjs';
import { connectHubClients, fanOut, send, sourceAgents } from './load/clients.mjs';
import {
  balancedAddresses,
  createDatabase,
  logSize,
  METRICS_TOKEN,
  redisPrefix,
  requestsPerUpstream,
  startBare,
  startProduct,
  startProxy,
} from './load/stack.mjs';

export const title =
  'project list and decoration orders at rising concurrency (1 and 2 apis behind nginx), socket fan-out to 1000 clients';

const LIST_LEVELS = [1, 8, 16, 32, 64];
const ORDER_LEVELS = [1, 8, 32, 64];
const HELD_LEVELS = [1, 8];
const CUSTOMERS = 32;
const PROJECTS_EACH = 20;
const LIST_MS = 3000;
const ORDER_MS = 2000;
const ORDER_RUNS = 300;
const SOCKET_CLIENTS = 1000;
const FANOUT_ROUNDS = 10;
const FANOUT_WARMUP = 2;
const P99_LIMIT_MS = 100;
const PASSWORD = 'Bench-pass-1!';

/** A verified customer with `credits`, registered through the product like signUpCustomer does. */
async function customer(base, db, label, credits) {
  const email = `load-${label}-${randomBytes(4).toString('hex')}@bench.local`;
  await call(base, 'POST', 'user/register', {
    body: { name: `Load ${label}`, email, password: PASSWORD, acceptTerms: true },
  });
  const { rows } = await db.query(`SELECT text FROM outbox WHERE "to" = $1`, [email]);
  const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
  await call(base, 'POST', 'user/validation', { body: { email, token: code } });
  const { token, user } = await call(base, 'POST', 'user/login', {
    body: { login: email, password: PASSWORD },
  });
  await db.query(
    `WITH moved AS (UPDATE wallets SET balance = balance + $2 WHERE user_id = $1 RETURNING balance)
     INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key)
     SELECT $1, $2, balance, 'admin_adjustment', $3 FROM moved`,
    [user.id, credits, `bench:credits:${user.id}`],
  );
  return { token, userId: user.id };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches(items, width, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

function socketCount(metricsText) {
  const match = /^estancia_socket_connections(?:\{[^}]*\})? (\d+(?:\.\d+)?)/m.exec(metricsText);
  return match ? Number(match[1]) : null;
}

export async function setup({ defer, log }) {
  const fds = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  const fdsNeeded = 2 * SOCKET_CLIENTS + 1000;
  log(
    `open files limit ${Number.isFinite(fds) ? fds : 'unlimited'} (this process holds ~${fdsNeeded} at the fan-out)`,
  );
  if (Number.isFinite(fds) && fds < fdsNeeded)
    throw new BenchAbort(`raise the open files limit first: ulimit -n ${fdsNeeded * 2}`);

  const dir = mkdtempSync(join(tmpdir(), 'estancia-load-'));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  const database = await createDatabase({ defer, log });
  const prefix = redisPrefix({ defer });
  const t0 = performance.now();
  const product = await startProduct({ defer, log, database, prefix, dir, apis: 2, workers: 2 });
  const [api1, api2] = product.apis;
  // A small pool: the customers are signed up a few at a time.
  const { Pool } = apiRequire('pg');
  const db = new Pool({ connectionString: serverUrl(database), max: 4 });
  db.on('error', () => {});
  defer(() => db.end());

  // Customers with plenty of credits, 20 projects each (written straight to the table) and one project
  // with a photo to order decorations of; one more customer made staff for the platform switch.
  const sharp = apiRequire('sharp');
  const photo = await roomPhoto(sharp, 640, 480);
  const base = product.url;
  const customers = await inBatches(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    4,
    async (i) => {
      const c = await customer(base, db, i, 1_000_000);
      const project = await call(base, 'POST', 'project', {
        token: c.token,
        body: { propertyName: 'Casa de prueba' },
      });
      const form = new FormData();
      form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
      const { images } = await call(base, 'POST', `project/${project.id}/images`, { token: c.token, form });
      return { ...c, projectId: project.id, imageId: images[0].id };
    },
  );
  await db.query(
    `INSERT INTO projects (user_id, property_name, created_at)
     SELECT u, 'Piso ' || n, now() - n * interval '1 day' FROM unnest($1::uuid[]) AS u, generate_series(1, $2) AS n`,
    [customers.map((c) => c.userId), PROJECTS_EACH],
  );
  await db.query('ANALYZE projects; ANALYZE project_images');
  const staff = await customer(base, db, 'staff', 1);
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [staff.userId]);
  log(
    `${CUSTOMERS} customers with ${PROJECTS_EACH + 1} projects each (one with a 640×480 photo) and a staff member ` +
      `ready ${Math.round((performance.now() - t0) / 1000)} s after the start`,
  );

  // The other targets: nginx (the same configuration) in front of api1 only and of the bare server.
  const bare = await startBare({ defer, mode: 'api', env: { DATABASE_URL: serverUrl(database) } });
  const oneApi = await startProxy({
    defer,
    dir: join(dir, 'nginx-one-api'),
    upstreams: [`127.0.0.1:${api1.port}`],
  });
  const bareProxy = await startProxy({
    defer,
    dir: join(dir, 'nginx-bare'),
    upstreams: [`127.0.0.1:${bare.port}`],
  });

  const agents = sourceAgents(40);
  defer(() => agents.forEach((a) => a.destroy()));
  const clusterProxy = { url: product.url, accessLog: join(product.nginx.dir, 'logs', 'access.log') };
  const spread = await balancedAddresses(clusterProxy, agents);
  log(
    `source addresses per api behind the cluster's nginx: ${spread.upstreams.join(', ')}; using ${spread.agents.length}`,
  );
  if (spread.upstreams.length < 2) log('warning: every probed address landed on one api');

  const ctx = {
    log,
    db,
    product,
    api1,
    api2,
    dir,
    customers,
    staff,
    agents: spread.agents,
    allAgents: agents,
    targets: {
      bareDirect: bare.url,
      bareNginx: bareProxy.url,
      oneApi: oneApi.url,
      twoApis: product.url,
    },
    clusterLog: clusterProxy.accessLog,
    clusterLogStart: 0,
    results: { list: new Map(), order: new Map() },
    drains: [],
    defer,
    prefix,
    renderQueue: null,
  };
  defer(() => setRendersPaused(ctx, false));

  // The order path warmed in every api process, then its renders left to finish.
  await Promise.all(ctx.agents.map((agent, i) => order(ctx, ctx.targets.twoApis)(0, i)));
  await Promise.all(ctx.agents.slice(0, 4).map((agent, i) => order(ctx, ctx.targets.oneApi)(0, i)));
  await drainRenders(ctx);
  ctx.clusterLogStart = logSize(clusterProxy.accessLog);
  return ctx;
}

// Call i goes out from source address i (so even one call in flight alternates between the apis) as
// customer i: the calls in flight belong to different customers, as they would.
const listProduct = (ctx, target) => (w, i) => {
  const c = ctx.customers[i % ctx.customers.length];
  return send(ctx.agents[i % ctx.agents.length], `${target}/data/project`, { token: c.token });
};

const listBare = (ctx, target) => (w, i) => {
  const c = ctx.customers[i % ctx.customers.length];
  return send(ctx.agents[i % ctx.agents.length], `${target}/projects?user=${c.userId}`);
};

const order = (ctx, target) => (w, i) => {
  const c = ctx.customers[i % ctx.customers.length];
  return send(ctx.agents[i % ctx.agents.length], `${target}/data/project/${c.projectId}/decorations`, {
    method: 'POST',
    token: c.token,
    body: {
      items: [{ imageId: c.imageId, roomType: 'livingroom', style: 'scandinavian', type: 'automatic' }],
    },
  });
};

/** Until no decoration is pending (the workers rendered every order so far), for up to 60 s. */
async function drainRenders(ctx) {
  await setRendersPaused(ctx, false);
  const t0 = performance.now();
  const pending = async () =>
    (await ctx.db.query(`SELECT count(*)::int AS n FROM decorations WHERE state = 'pending'`)).rows[0].n;
  const first = await pending();
  let left = first;
  while (left > 0 && performance.now() - t0 < 60000) {
    await new Promise((r) => setTimeout(r, 250));
    left = await pending();
  }
  if (first > 0) ctx.drains.push({ renders: first - left, ms: performance.now() - t0, left });
}

/**
 * Holds the render queue (BullMQ's pause: the workers finish what they hold and take nothing new) or lets
 * it go again; the orders keep being queued either way.
 */
async function setRendersPaused(ctx, paused) {
  if (Boolean(ctx.renderQueue) === paused) return;
  if (paused) {
    const { Queue } = apiRequire('bullmq');
    const Redis = apiRequire('ioredis');
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: null,
    });
    const queue = new Queue('decoration.render', { connection, prefix: ctx.prefix });
    ctx.renderQueue = { queue, connection };
    await queue.pause();
  } else {
    const { queue, connection } = ctx.renderQueue;
    ctx.renderQueue = null;
    await queue.resume();
    await queue.close();
    await connection.quit();
  }
}

/** `fn` whose first call waits for `prepare()` once (a warmup call: the runner warms before measuring). */
function afterFirst(prepare, fn) {
  let ready;
  return async (w, i) => {
    await (ready ??= prepare());
    return fn(w, i);
  };
}

const keep = (map, concurrency) => (rows) => {
  for (const row of rows) {
    if (!map.has(row.name)) map.set(row.name, []);
    map.get(row.name).push({ concurrency, ...row });
  }
};

export function groups(ctx) {
  const t = ctx.targets;
  const names = {
    bareNginx: 'bare node:http + pg, behind nginx',
    bareDirect: 'bare node:http + pg, direct',
    oneApi: 'product, 1 api behind nginx',
    twoApis: 'product, 2 apis behind nginx',
    orderOne: 'order, 1 api behind nginx',
    orderTwo: 'order, 2 apis behind nginx',
    orderPaused: 'order, 2 apis behind nginx, renders held',
  };
  ctx.names = names;
  const list = LIST_LEVELS.map((concurrency) => ({
    title: `project list (12 of ${PROJECTS_EACH + 1}, with the count), ${concurrency} in flight, ${LIST_MS / 1000} s each`,
    concurrency,
    runs: 1_000_000,
    maxMs: LIST_MS,
    warmup: Math.max(20, concurrency * 4),
    rounds: 1,
    baseline: { name: names.bareNginx, fn: listBare(ctx, t.bareNginx) },
    cases: [
      { name: names.bareDirect, fn: listBare(ctx, t.bareDirect) },
      { name: names.oneApi, fn: listProduct(ctx, t.oneApi) },
      { name: names.twoApis, fn: listProduct(ctx, t.twoApis) },
    ],
    onResults: keep(ctx.results.list, concurrency),
  }));
  // One group per target: the runner measures a group's cases back to back, so a second case would run
  // while the first one's renders are still being made.
  // The renders of the orders run on the same cores as the orders (2 workers): one last group holds the
  // render queue, so the difference is what the renders cost the orders.
  const orderGroup = (concurrency, target, name, prepare) => ({
    title: `decoration orders, ${name}, ${concurrency} in flight (at most ${ORDER_RUNS} or ${ORDER_MS / 1000} s)`,
    concurrency,
    runs: ORDER_RUNS,
    maxMs: ORDER_MS,
    rounds: 1,
    baseline: {
      name: names.bareNginx,
      fn: afterFirst(prepare, listBare(ctx, t.bareNginx)),
      warmup: Math.max(10, concurrency * 2),
      maxMs: 1000,
      runs: 1_000_000,
    },
    cases: [{ name, fn: order(ctx, t[target]), warmup: 0 }],
    onResults: keep(ctx.results.order, concurrency),
  });
  const drained = () => drainRenders(ctx);
  const orders = ORDER_LEVELS.flatMap((concurrency) => [
    orderGroup(concurrency, 'oneApi', names.orderOne, drained),
    orderGroup(concurrency, 'twoApis', names.orderTwo, drained),
  ]);
  const held = HELD_LEVELS.map((concurrency) =>
    orderGroup(concurrency, 'twoApis', names.orderPaused, async () => {
      await drainRenders(ctx);
      await setRendersPaused(ctx, true);
    }),
  );
  return [...list, ...orders, ...held, fanOutGroup(ctx)];
}

function fanOutGroup(ctx) {
  const product = fanOut(SOCKET_CLIENTS);
  const bare = fanOut(SOCKET_CLIENTS);
  ctx.fanOut = { product, bare };
  let flag = false;
  const prepare = async () => {
    await drainRenders(ctx);
    const { log, defer } = ctx;
    const hub = await startBare({ defer, mode: 'hub' });
    // A proxy of its own, so its access log shows only the hub's clients.
    const hubProxy = await startProxy({
      defer,
      dir: join(ctx.dir, 'nginx-hub'),
      upstreams: ctx.product.apis.map((a) => `127.0.0.1:${a.port}`),
    });
    const spread = await balancedAddresses(hubProxy, ctx.allAgents, { perUpstream: 16 });
    const tokens = ctx.customers.map((c) => c.token);
    const t0 = performance.now();
    const productClients = await connectHubClients({
      url: hubProxy.url,
      count: SOCKET_CLIENTS,
      tokens,
      agents: spread.agents,
      receive: (i) => product.receive(i),
    });
    defer(() => productClients.close());
    const connectMs = performance.now() - t0;
    const bareClients = await connectHubClients({
      url: hub.url,
      count: SOCKET_CLIENTS,
      tokens,
      agents: spread.agents,
      receive: (i) => bare.receive(i),
    });
    defer(() => bareClients.close());
    const counts = await Promise.all(
      ctx.product.apis.map((a) =>
        fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
          async (r) => `${a.name} ${socketCount(await r.text()) ?? '?'}`,
          () => `${a.name} ?`,
        ),
      ),
    );
    log(
      `${SOCKET_CLIENTS} hub clients connected through nginx in ${formatMs(connectMs)} ms ` +
        `(sockets per api: ${counts.join(', ')}; still polling: ${productClients.polling}); ` +
        `${SOCKET_CLIENTS} on the bare server (still polling: ${bareClients.polling})`,
    );
    ctx.hubUrl = hub.url;
  };
  const publishBare = async () => {
    const t0 = performance.now();
    await send(ctx.allAgents[0], `${ctx.hubUrl}/publish`, { method: 'POST' });
    return performance.now() - t0;
  };
  const publishProduct = async () => {
    flag = !flag;
    const t0 = performance.now();
    await send(ctx.allAgents[0], `${ctx.targets.twoApis}/data/admin/platform/status`, {
      method: 'PUT',
      token: ctx.staff.token,
      body: { isHighDemandFree: flag },
    });
    return performance.now() - t0;
  };
  return {
    title: `socket fan-out: one PlatformStatus to ${SOCKET_CLIENTS} clients, per receipt, ${FANOUT_ROUNDS} rounds`,
    note: 'per receipt, timed from the publishing request; ops/s above is receipts per summed second of latency, not a throughput',
    runs: FANOUT_ROUNDS,
    warmup: FANOUT_WARMUP,
    rounds: 1,
    baseline: {
      name: 'bare socket.io, 1 process, direct',
      items: true,
      fn: afterFirst(prepare, () => bare.round(publishBare)),
    },
    cases: [
      {
        name: 'product, 2 apis (Redis adapter) via nginx',
        items: true,
        fn: () => product.round(publishProduct),
      },
    ],
  };
}

export async function after(ctx, { log }) {
  const { names } = ctx;
  log('');
  log(
    `highest rate of a level whose p99 stays under ${P99_LIMIT_MS} ms (levels ${LIST_LEVELS.join(', ')} in flight for the list, ${ORDER_LEVELS.join(', ')} for orders, ${HELD_LEVELS.join(', ')} with renders held):`,
  );
  const capacity = (label, rows) => {
    const fit = rows.filter((r) => r.p99 < P99_LIMIT_MS).sort((a, b) => b.opsPerSec - a.opsPerSec)[0];
    if (fit) {
      log(
        `  ${label}: ${formatOps(fit.opsPerSec)} req/s at p99 < ${P99_LIMIT_MS} ms ` +
          `(${fit.concurrency} in flight, p99 ${formatMs(fit.p99)} ms)`,
      );
    } else {
      const best = [...rows].sort((a, b) => a.p99 - b.p99)[0];
      log(
        `  ${label}: no level with p99 < ${P99_LIMIT_MS} ms (lowest p99 ${formatMs(best?.p99)} ms ` +
          `at ${best?.concurrency} in flight, ${formatOps(best?.opsPerSec ?? 0)} req/s)`,
      );
    }
  };
  const list = ctx.results.list;
  const orders = ctx.results.order;
  capacity('project list, bare node:http + pg behind nginx', list.get(names.bareNginx) ?? []);
  capacity('project list, bare node:http + pg direct', list.get(names.bareDirect) ?? []);
  capacity('project list, 1 api', list.get(names.oneApi) ?? []);
  capacity('project list, 2 apis', list.get(names.twoApis) ?? []);
  capacity('decoration orders, 1 api', orders.get(names.orderOne) ?? []);
  capacity('decoration orders, 2 apis', orders.get(names.orderTwo) ?? []);
  capacity('decoration orders, 2 apis, renders held', orders.get(names.orderPaused) ?? []);

  const perApi = requestsPerUpstream(ctx.clusterLog, '/data/', ctx.clusterLogStart);
  const byPort = (upstream) =>
    ctx.product.apis.find((a) => upstream.endsWith(`:${a.port}`))?.name ?? upstream;
  log(
    `requests per api through the cluster's nginx: ${[...perApi].map(([u, n]) => `${byPort(u)} ${n}`).join(', ')}`,
  );
  if (ctx.drains.length) {
    const renders = ctx.drains.reduce((s, d) => s + d.renders, 0);
    const ms = ctx.drains.reduce((s, d) => s + d.ms, 0);
    const left = ctx.drains.at(-1).left;
    log(
      `render backlog between groups: ${renders} renders finished in ${(ms / 1000).toFixed(1)} s of waiting ` +
        `(${formatOps((1000 * renders) / ms)} renders/s with 2 workers)${left ? `, ${left} still pending` : ''}`,
    );
  }
  const { rows } = await ctx.db.query(
    `SELECT state, count(*)::int AS n FROM decorations GROUP BY state ORDER BY state`,
  );
  log(`decorations: ${rows.map((r) => `${r.state} ${r.n}`).join(', ')}`);

  if (ctx.fanOut) {
    for (const [label, f] of [
      ['bare socket.io', ctx.fanOut.bare],
      ['product, 2 apis', ctx.fanOut.product],
    ]) {
      // The first rounds of each were the runner's warmup.
      const slowest = f.slowest.slice(FANOUT_WARMUP).sort((a, b) => a - b);
      const publish = f.publishMs.slice(FANOUT_WARMUP).sort((a, b) => a - b);
      if (!slowest.length) continue;
      log(
        `fan-out, ${label}: last of ${SOCKET_CLIENTS} receipts median ${formatMs(percentile(slowest, 50))} ms, ` +
          `max ${formatMs(slowest.at(-1))} ms over ${slowest.length} rounds; ` +
          `the publishing request itself median ${formatMs(percentile(publish, 50))} ms`,
      );
    }
  }
}
