// What `npm start` (tools/start.mjs) and `npm run start:cluster` (tools/cluster.mjs) share: the .env, the
// orderly stop on Ctrl-C, and finding (or starting) PostgreSQL and Redis (ARCHITECTURE section 2).
// Plain Node 20 ESM so it runs before anything is built.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSecrets } from './secrets.mjs';
import {
  currentUser,
  findPostgresBin,
  findRedisServer,
  installAdvice,
  probePostgres,
  probeRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from './services.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const dataDir = join(root, '.data');

/**
 * A launcher tagged `[tag]` in the console: `env` (the shell, then .env), `cleanups` (run newest first, once,
 * on Ctrl-C, SIGTERM or a failure), `step(work)` (a signal arriving meanwhile waits for it, so what it started
 * can be stopped too), `fail(message)`, `stopping()` and `services()` (database, Redis and staff secrets).
 */
export function createLauncher({ tag, stoppingLine, stoppedLine }) {
  const log = (line) => console.log(`[${tag}] ${line}`);

  // A local .env (see .env.example) fills in what the shell did not set.
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
      if (code === 0 && stoppedLine) log(stoppedLine);
      process.exit(code);
    })();
    return stopping;
  }

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopRequested) return;
      stopRequested = true;
      console.log('');
      log(stoppingLine);
      // A server being started right now registers its stop when it is up; wait for that first.
      void starting.then(() => shutdown(0));
    });
  }

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

  async function resolveDatabase(notes, secrets) {
    if (env.DATABASE_URL)
      return { url: env.DATABASE_URL, label: `DATABASE_URL (${where(env.DATABASE_URL)})` };
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

  /**
   * The database and Redis (the variable, the usual port, or a private server), and the staff accounts'
   * generated secrets; null when it failed (said already) or a stop was asked for meanwhile.
   */
  async function services() {
    const notes = [];
    const needed = [
      ...(env.JWT_SECRET ? [] : ['jwtSecret']),
      ...(env.ADMIN_PASSWORD ? [] : ['adminPassword']),
      ...(env.DECORATOR_PASSWORD ? [] : ['decoratorPassword']),
    ];
    const secretsFile = join(dataDir, 'secrets.json');
    let secrets = ensureSecrets(secretsFile, needed);
    // The private PostgreSQL's password is only generated when one is actually created.
    const withDatabasePassword = () =>
      (secrets = ensureSecrets(secretsFile, [...needed, 'databasePassword']));
    const database = await step(() => resolveDatabase(notes, withDatabasePassword));
    if (stopRequested) return null;
    // No database means we stop here, so Redis is then only looked for, not started.
    const redis = await step(() => resolveRedis(notes, Boolean(database)));
    if (stopRequested) return null;
    const missing = [...(database ? [] : ['PostgreSQL']), ...(redis ? [] : ['Redis'])];
    if (missing.length) {
      await fail([...notes, installAdvice(missing)].join('\n'));
      return null;
    }
    log(`Database: ${database.label}`);
    log(`Redis:    ${redis.label}`);
    const staff = {
      adminEmail: env.ADMIN_EMAIL ?? 'admin@estancia.local',
      adminPassword: env.ADMIN_PASSWORD ?? secrets.adminPassword,
      decoratorEmail: env.DECORATOR_EMAIL ?? 'decorator@estancia.local',
      decoratorPassword: env.DECORATOR_PASSWORD ?? secrets.decoratorPassword,
    };
    // Shown under the staff logins when a password was made up here.
    const generated = needed.some((name) => name.endsWith('Password'))
      ? `  (generated once, kept in ${secretsFile})`
      : null;
    return { database, redis, secrets, staff, generated };
  }

  return { env, log, cleanups, shutdown, step, fail, stopping: () => stopRequested, services };
}

function where(url) {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return 'not a URL';
  }
}
