#!/usr/bin/env node
// `npm run start:cluster`: the production shape on one machine — nginx on PORT in front of 2 api
// processes, 2 workers, one PostgreSQL, one Redis and one storage. Needs `npm run build` first.
//   --storage s3    objects in a local s3rver bucket (.data/cluster/s3) instead of a folder
//   --apis N --workers N   other process counts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, startCluster } from './cluster/cluster.mjs';
import { findNginx } from './cluster/nginx.mjs';
import { ensureSecrets } from './secrets.mjs';
import {
  currentUser,
  findPostgresBin,
  findRedisServer,
  installAdvice,
  portTaken,
  probePostgres,
  probeRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from './services.mjs';

const root = repoRoot;
const dataDir = join(root, '.data');
const log = (line) => console.log(`[cluster] ${line}`);

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = process.env;
// An empty `KEY=` (as in a copied .env.example) means "use the default", not an empty value.
for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];

const cleanups = [];
let stopping = null;
let stopRequested = false;
let starting = Promise.resolve();

function shutdown(code) {
  stopRequested = true;
  stopping ??= (async () => {
    for (const stop of cleanups.reverse()) {
      try {
        await stop();
      } catch (error) {
        log(`While stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (code === 0) log('Stopped.');
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopRequested) return;
    stopRequested = true;
    console.log('');
    log('Stopping the cluster (api and workers drain first)...');
    void starting.then(() => shutdown(0));
  });
}

/** Runs a start step; a signal arriving meanwhile waits for it so what it started can be stopped too. */
function step(work) {
  const running = work();
  starting = running.then(
    () => undefined,
    () => undefined,
  );
  return running;
}

async function fail(message) {
  console.error(`\n${message}\n`);
  await shutdown(1);
}

function where(url) {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return 'not a URL';
  }
}

// The same search as npm start (ARCHITECTURE section 2): the variable, the usual port, a private server.
async function resolveDatabase(notes, secrets) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, label: `DATABASE_URL (${where(env.DATABASE_URL)})` };
  for (const user of new Set(['postgres', currentUser()])) {
    const probe = await probePostgres('127.0.0.1', 5432, user);
    if (!probe.answers) break;
    if (probe.ok)
      return { url: `postgres://${user}@127.0.0.1:5432/estancia`, label: 'PostgreSQL on 127.0.0.1:5432' };
    notes.push(`PostgreSQL on 127.0.0.1:5432 answered, but for user ${user} it ${probe.reason}.`);
  }
  const binDir = findPostgresBin();
  if (!binDir) return null;
  const server = await startPrivatePostgres({ binDir, dataDir, password: secrets().databasePassword, log });
  cleanups.push(server.stop);
  return server;
}

/** With `startPrivate` false it only says whether Redis could be had (nothing is started). */
async function resolveRedis(notes, startPrivate) {
  if (env.REDIS_URL) return { url: env.REDIS_URL, label: `REDIS_URL (${where(env.REDIS_URL)})` };
  const probe = await probeRedis('127.0.0.1', 6379);
  if (probe.ok) return { url: 'redis://127.0.0.1:6379', label: 'Redis on 127.0.0.1:6379' };
  if (probe.answers) notes.push(`Redis on 127.0.0.1:6379 answered "${probe.reason}".`);
  const redisServer = findRedisServer();
  if (!redisServer) return null;
  if (!startPrivate) return { url: '', label: 'available' };
  const server = await startPrivateRedis({ redisServer, dataDir, log });
  cleanups.push(server.stop);
  return server;
}

const count = (value, name) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 16)
    throw new Error(`--${name} must be 1-16 (got ${value}).`);
  return number;
};

async function main() {
  const { values } = parseArgs({
    options: {
      storage: { type: 'string' },
      apis: { type: 'string', default: '2' },
      workers: { type: 'string', default: '2' },
    },
  });
  const storage = values.storage ?? env.STORAGE_DRIVER ?? 'local';
  if (!['local', 's3'].includes(storage)) return fail(`--storage must be local or s3 (got ${storage}).`);
  const apis = count(values.apis, 'apis');
  const workers = count(values.workers, 'workers');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return fail(`PORT must be 1-65535 (got ${env.PORT}).`);
  const host = env.HOST ?? '0.0.0.0';

  const mainJs = join(root, 'apps/api/dist/main.js');
  if (!existsSync(mainJs))
    return fail(`${mainJs} is missing: run \`npm run build\` first, then npm run start:cluster.`);
  if (!findNginx()) {
    return fail(
      'The cluster needs nginx in front of the api processes:\n  sudo apt-get install -y nginx     (Debian/Ubuntu)\n  brew install nginx     (macOS)',
    );
  }
  if (await portTaken(host, port)) {
    return fail(
      `Port ${port} is already in use. Stop what uses it, or choose another: PORT=3300 npm run start:cluster`,
    );
  }

  const notes = [];
  const needed = [
    ...(env.JWT_SECRET ? [] : ['jwtSecret']),
    ...(env.ADMIN_PASSWORD ? [] : ['adminPassword']),
    ...(env.DECORATOR_PASSWORD ? [] : ['decoratorPassword']),
  ];
  const secretsFile = join(dataDir, 'secrets.json');
  let secrets = ensureSecrets(secretsFile, needed);
  const withDatabasePassword = () => (secrets = ensureSecrets(secretsFile, [...needed, 'databasePassword']));
  const database = await step(() => resolveDatabase(notes, withDatabasePassword));
  if (stopRequested) return;
  // No database means we stop here, so Redis is then only looked for, not started.
  const redis = await step(() => resolveRedis(notes, Boolean(database)));
  if (stopRequested) return;
  const missing = [...(database ? [] : ['PostgreSQL']), ...(redis ? [] : ['Redis'])];
  if (missing.length) return fail([...notes, installAdvice(missing)].join('\n'));
  log(`Database: ${database.label}`);
  log(`Redis:    ${redis.label}`);

  const staff = {
    adminEmail: env.ADMIN_EMAIL ?? 'admin@estancia.local',
    adminPassword: env.ADMIN_PASSWORD ?? secrets.adminPassword,
    decoratorEmail: env.DECORATOR_EMAIL ?? 'decorator@estancia.local',
    decoratorPassword: env.DECORATOR_PASSWORD ?? secrets.decoratorPassword,
  };
  log(`Starting nginx on port ${port}, ${apis} api and ${workers} worker processes (storage: ${storage})...`);
  let stopCluster = null;
  const cluster = await step(() =>
    startCluster({
      root,
      port,
      host,
      apis,
      workers,
      storage,
      env: {
        ...env,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        JWT_SECRET: env.JWT_SECRET ?? secrets.jwtSecret,
        ADMIN_PASSWORD: staff.adminPassword,
        DECORATOR_PASSWORD: staff.decoratorPassword,
      },
      onExit: (member, code, signal) => {
        if (stopRequested) return;
        log(`${member.name} stopped (${signal ?? `exit code ${code}`}).`);
        const alive = (members) =>
          members.some(({ child }) => child.exitCode === null && child.signalCode === null);
        // One api or worker down: the others carry on (nginx routes around it). None left: stop.
        if (
          member.role === 'nginx' ||
          !alive(stopCluster?.apis ?? []) ||
          !alive(stopCluster?.workers ?? [])
        ) {
          log('Nothing left to serve that role; stopping everything.');
          void shutdown(1);
        }
      },
    }).then((started) => {
      stopCluster = started;
      cleanups.push(started.stop);
      return started;
    }),
  ).catch((error) =>
    fail(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`),
  );
  if (!cluster || stopRequested) return;

  const base = cluster.publicUrl;
  const s3 =
    cluster.storage.driver === 's3'
      ? `S3 bucket ${cluster.storage.bucket} at ${cluster.storage.endpoint}`
      : null;
  console.log(
    [
      '',
      `Estancia cluster is running behind nginx (${cluster.nginx.dir}/nginx.conf)`,
      `  Customer app   ${base}/`,
      `  Staff console  ${base}/backoffice/`,
      `  API            ${base}/data`,
      `  Public API     ${base}/api/v1`,
      `  Processes      ${cluster.apis.map((m) => `${m.name} ${m.url}`).join(', ')}`,
      `                 ${cluster.workers.map((m) => `${m.name} ${m.url}`).join(', ')}`,
      `  Metrics        each process's own /metrics (not served through nginx)`,
      `  Storage        ${s3 ?? cluster.storage.dir}`,
      '',
      `Staff sign-in at ${base}/backoffice/`,
      `  Admin           ${staff.adminEmail}  /  ${staff.adminPassword}`,
      `  Decorator       ${staff.decoratorEmail}  /  ${staff.decoratorPassword}`,
      ...(needed.some((name) => name.endsWith('Password'))
        ? [`  (generated once, kept in ${secretsFile})`]
        : []),
      '',
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
