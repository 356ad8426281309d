// What the load bench runs against: the product as `npm run start:cluster` starts it (tools/cluster), extra
// nginx instances written by the same nginxConf (one api only, the bare baseline, the socket fan-out), and
// the bare baselines as processes of their own. Every start registers its stop with `defer`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from '../../cluster/cluster.mjs';
import { nginxConf, startNginx } from '../../cluster/nginx.mjs';
import { spawnLabelled, stopChild } from '../../cluster/processes.mjs';
import { apiRequire, BenchAbort, freePort, root, serverUrl } from '../lib.mjs';
import { send } from './clients.mjs';

/** Process output worth showing during a bench: errors and warnings only, prefixed with the process. */
export function quietOutput(label, line, stream) {
  // nginx notes every upload it spools to disk (bodies over 16 kB): expected, not worth a line each.
  if (/a client request body is buffered/.test(line)) return;
  if (stream === 'stderr' || /\b(error|warn)/i.test(line)) process.stderr.write(`  [${label}] ${line}\n`);
}

/** A fresh database on the configured server, dropped (forcibly) at the end. */
export async function createDatabase({ defer, log }) {
  const { Client } = apiRequire('pg');
  const name = `estancia_bench_${randomBytes(6).toString('hex')}`;
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
  return name;
}

/** A Redis key prefix of its own, whose keys are deleted at the end (after the processes stopped). */
export function redisPrefix({ defer }) {
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  defer(async () => {
    const Redis = apiRequire('ioredis');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  });
  return prefix;
}

/** The bearer the product's api processes ask /metrics for (the bench reads their socket counts there). */
export const METRICS_TOKEN = randomBytes(16).toString('hex');

/**
 * The product: nginx (the cluster's own configuration) in front of `apis` api processes and `workers`
 * workers of apps/api/dist, on `database` and Redis `prefix`, files under `dir`.
 */
export async function startProduct({ defer, log, database, prefix, dir, apis = 2, workers = 2 }) {
  const port = await freePort();
  const many = '1000000';
  const cluster = await startCluster({
    root,
    port,
    host: '127.0.0.1',
    apis,
    workers,
    storage: 'local',
    dataDir: join(dir, 'cluster'),
    output: quietOutput,
    readyTimeoutMs: 120000,
    env: {
      ...process.env,
      DATABASE_URL: serverUrl(database),
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: join(dir, 'storage'),
      SEED: 'false',
      LOG_LEVEL: 'warn',
      // Uploads are setup here, not what is measured: the person check (~0.5 s a photo) is skipped.
      PERSON_DETECTOR: 'off',
      ENGINE: 'builtin',
      SHUTDOWN_GRACE_SECONDS: '4',
      METRICS_TOKEN,
      RATE_LIMIT_API_PER_IP: many,
      RATE_LIMIT_LOGIN_PER_IP: many,
      RATE_LIMIT_LOGIN_PER_EMAIL: many,
      RATE_LIMIT_VALIDATION_PER_IP: many,
      RATE_LIMIT_VALIDATION_PER_EMAIL: many,
    },
    onExit: (member, code, signal) =>
      log(`${member.name} stopped during the bench (${signal ?? `exit code ${code}`})`),
  });
  defer(() => cluster.stop());
  log(
    `product: nginx ${cluster.url} → ${cluster.apis.map((a) => `${a.name} :${a.port}`).join(', ')}; ` +
      `${cluster.workers.length} workers`,
  );
  return cluster;
}

/**
 * One more nginx, from the cluster's own configuration text, in front of `upstreams` ("host:port").
 */
export async function startProxy({ defer, dir, upstreams }) {
  const port = await freePort();
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), nginxConf({ dir, port, upstreams }));
  const nginx = await startNginx({ dir, port, output: quietOutput });
  defer(() => nginx.stop());
  return { url: `http://127.0.0.1:${port}`, dir, accessLog: join(dir, 'logs', 'access.log') };
}

/** A bare baseline server (bare-server.mjs `mode`) in a process of its own; resolves once it listens. */
export async function startBare({ defer, mode, env = {} }) {
  const port = await freePort();
  const child = spawnLabelled(
    `bare-${mode}`,
    process.execPath,
    [join(root, 'tools/bench/load/bare-server.mjs'), mode],
    { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, output: quietOutput },
  );
  defer(() => stopChild(child, { graceMs: 5000 }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new BenchAbort(`the bare ${mode} server exited at start`);
    if (child.recentOutput.some((line) => line.startsWith('listening'))) break;
    if (i > 100) throw new BenchAbort(`the bare ${mode} server did not listen within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, child };
}

/**
 * Which api each loopback source address lands on behind `proxy` (nginx hashes the client address):
 * one request from each, then nginx's access log. Answers the addresses interleaved one per upstream
 * (a1, b1, a2, b2...), as many from each as the least used upstream got (at most `perUpstream`), so any
 * even number of clients taken in order splits evenly; and the count per upstream.
 */
export async function balancedAddresses(proxy, agents, { path = '/health/live', perUpstream = 8 } = {}) {
  const before = safeRead(proxy.accessLog).length;
  for (const agent of agents) await send(agent, `${proxy.url}${path}?probe=${agent.options.localAddress}`);
  await new Promise((r) => setTimeout(r, 200));
  const lines = safeRead(proxy.accessLog).slice(before).split('\n');
  const byUpstream = new Map();
  for (const line of lines) {
    const match = /^(\S+) \[[^\]]*\] "GET \S+\?probe=(\S+) [^"]*" \d+ \d+ upstream=(\S+)/.exec(line);
    if (!match) continue;
    const agent = agents.find((a) => a.options.localAddress === match[2]);
    if (!agent || match[1] !== match[2]) continue;
    if (!byUpstream.has(match[3])) byUpstream.set(match[3], []);
    byUpstream.get(match[3]).push(agent);
  }
  const groups = [...byUpstream.values()];
  if (groups.length === 0) throw new BenchAbort(`no probe reached nginx's access log (${proxy.accessLog})`);
  const take = Math.min(perUpstream, ...groups.map((g) => g.length));
  const interleaved = [];
  for (let i = 0; i < take; i++) for (const group of groups) interleaved.push(group[i]);
  return {
    agents: interleaved,
    upstreams: [...byUpstream.entries()].map(([upstream, list]) => `${upstream} ${list.length}`),
  };
}

function safeRead(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** How many requests to `pathPrefix` each upstream answered, from nginx's access log (from `offset`). */
export function requestsPerUpstream(accessLog, pathPrefix, offset = 0) {
  const counts = new Map();
  for (const line of safeRead(accessLog).slice(offset).split('\n')) {
    const match = /"(?:GET|POST|PUT) (\S+) [^"]*" \d+ \d+ upstream=(\S+)/.exec(line);
    if (!match || !match[1].startsWith(pathPrefix)) continue;
    counts.set(match[2], (counts.get(match[2]) ?? 0) + 1);
  }
  return counts;
}

export const logSize = (file) => safeRead(file).length;
