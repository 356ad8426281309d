// Finds or starts the PostgreSQL and Redis that `npm start` needs (ARCHITECTURE section 2).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Opens a TCP connection, writes `request` and resolves with the bytes answered once `complete` says so. */
function exchange(host, port, request, complete, farewell = null, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    let answer = Buffer.alloc(0);
    const finish = (value) => {
      if (farewell && value) socket.end(farewell);
      else socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => finish(answer.length ? answer : null));
    socket.once('error', () => finish(null));
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk) => {
      answer = Buffer.concat([answer, chunk]);
      if (complete(answer)) finish(answer);
    });
    socket.once('end', () => finish(answer.length ? answer : null));
  });
}

/** Splits complete PostgreSQL backend messages: a type byte, then an int32 length that counts itself. */
function pgMessages(buffer) {
  const messages = [];
  let at = 0;
  while (buffer.length >= at + 5) {
    const length = buffer.readInt32BE(at + 1);
    if (length < 4 || buffer.length < at + 1 + length) break;
    messages.push({ kind: String.fromCharCode(buffer[at]), body: buffer.subarray(at + 5, at + 1 + length) });
    at += 1 + length;
  }
  return messages;
}

/**
 * Speaks the PostgreSQL startup protocol as `user` and reports whether the server lets us in without
 * a password (the default DATABASE_URL has none). Never sends credentials.
 */
export async function probePostgres(host, port, user) {
  const params = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + params.length, 0);
  header.writeInt32BE(196608, 4); // protocol 3.0
  // Authentication comes first, then the role and database checks: read until ready or refused.
  const terminate = Buffer.from([0x58, 0, 0, 0, 4]); // 'X': a clean goodbye keeps the server log quiet
  const answer = await exchange(
    host,
    port,
    Buffer.concat([header, params]),
    (bytes) =>
      pgMessages(bytes).some(
        (m) => m.kind === 'Z' || m.kind === 'E' || (m.kind === 'R' && m.body.readInt32BE(0) !== 0),
      ),
    terminate,
  );
  const messages = answer ? pgMessages(answer) : [];
  const first = messages[0];
  if (!first || !['R', 'E'].includes(first.kind)) return { answers: false };
  const refusal = messages.find((m) => m.kind === 'E');
  if (refusal) {
    const fields = Object.fromEntries(
      refusal.body
        .toString('utf8')
        .split('\0')
        .filter(Boolean)
        .map((field) => [field[0], field.slice(1)]),
    );
    return { answers: true, ok: false, reason: `refused: ${fields.M ?? 'no reason given'}`, code: fields.C };
  }
  const auth = messages.find((m) => m.kind === 'R');
  if (auth && auth.body.readInt32BE(0) !== 0)
    return { answers: true, ok: false, reason: 'asks for a password' };
  return { answers: true, ok: messages.some((m) => m.kind === 'Z') };
}

/** Sends PING in the Redis protocol; true only when the server answers +PONG. */
export async function probeRedis(host, port) {
  const answer = await exchange(
    host,
    port,
    '*1\r\n$4\r\nPING\r\n',
    (bytes) => bytes.includes('\r\n'),
    '*1\r\n$4\r\nQUIT\r\n',
  );
  if (!answer) return { answers: false };
  const text = answer.toString('utf8');
  if (text.startsWith('+PONG')) return { answers: true, ok: true };
  return { answers: text.startsWith('-') || text.startsWith('+'), ok: false, reason: text.trim() };
}

/** A port nobody listens on, preferring the given range so private instances keep a stable address. */
export async function freePort(preferred = []) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address();
        server.close(() => resolve(bound));
      });
    });
  for (const port of preferred) {
    const bound = await tryListen(port);
    if (bound) return bound;
  }
  return tryListen(0);
}

/** True when something already listens on host:port. */
export function portTaken(host, port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

const versionsIn = (root) =>
  existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) || /^postgresql@\d+$/.test(name))
        .sort((a, b) => Number(b.replace(/\D/g, '')) - Number(a.replace(/\D/g, '')))
        .map((name) => join(root, name, 'bin'))
    : [];

/** The directory holding pg_ctl and initdb: PATH, then Debian's and Homebrew's versioned folders. */
export function findPostgresBin() {
  const fromPath = onPath('pg_ctl');
  const candidates = [
    ...(fromPath ? [join(fromPath, '..')] : []),
    ...versionsIn('/usr/lib/postgresql'),
    ...versionsIn('/opt/homebrew/opt').filter((dir) => dir.includes('postgresql')),
    ...versionsIn('/usr/local/opt').filter((dir) => dir.includes('postgresql')),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) ?? null;
}

export function findRedisServer() {
  return (
    onPath('redis-server') ??
    ['/opt/homebrew/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync) ??
    null
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function userId(name) {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
}

/**
 * PostgreSQL refuses to run as root, so as root every server command runs as the `postgres` user.
 * Returns [command, args] ready for spawn.
 */
function asServerUser(command, args) {
  if (!isRoot) return [command, args];
  if (onPath('runuser')) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  const quoted = [command, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  return ['su', ['postgres', '-s', '/bin/sh', '-c', quoted]];
}

function runServerCommand(command, args, { detached = false } = {}) {
  const [cmd, cmdArgs] = asServerUser(command, args);
  return new Promise((resolve) => {
    // Detached: the terminal's Ctrl-C must not reach the server before the API has shut down.
    const child = spawn(cmd, cmdArgs, { detached, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 1, output: `${output}${error.message}` }));
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Starts (or adopts, after a crash) the private PostgreSQL under `dataDir`, listening on 127.0.0.1 only,
 * with password authentication and no Unix socket. Returns { url, stop } or throws with an explanation.
 */
export async function startPrivatePostgres({ binDir, dataDir, password, log }) {
  const pgData = join(dataDir, 'postgres');
  const logFile = join(dataDir, 'postgres.log');
  const pgCtl = join(binDir, 'pg_ctl');

  if (isRoot) {
    const uid = userId('postgres');
    if (uid === null) {
      throw new Error(
        'PostgreSQL refuses to run as root and this machine has no `postgres` user to run it as.\n' +
          'Run `npm start` as a normal user, or set DATABASE_URL to a running server.',
      );
    }
    mkdirSync(pgData, { recursive: true, mode: 0o700 });
    chownSync(pgData, uid, -1);
    if (!existsSync(logFile)) writeFileSync(logFile, '');
    chownSync(logFile, uid, -1);
    const reach = await runServerCommand('test', ['-w', pgData]);
    if (reach.code !== 0) {
      throw new Error(
        `PostgreSQL refuses to run as root, and the postgres user cannot reach ${pgData}\n` +
          '(a parent folder is closed to other users). Run `npm start` as a normal user, move the checkout, ' +
          'or set DATABASE_URL to a running server.',
      );
    }
  }

  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    log(`Creating a private PostgreSQL in ${pgData}`);
    mkdirSync(pgData, { recursive: true, mode: 0o700 });
    const pwFile = join(dataDir, 'postgres.pw');
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (isRoot) chownSync(pwFile, userId('postgres'), -1);
    const init = await runServerCommand(join(binDir, 'initdb'), [
      '-D',
      pgData,
      '-U',
      'postgres',
      '-A',
      'scram-sha-256',
      `--pwfile=${pwFile}`,
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    rmSync(pwFile, { force: true });
    if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);
    // Loopback only, and no Unix socket: the system's socket folder may not be writable by us.
    writeFileSync(
      join(pgData, 'postgresql.auto.conf'),
      "listen_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
      { flag: 'a' },
    );
  }

  let port = runningPostgresPort(pgData);
  if (port && (await probePostgres('127.0.0.1', port, 'postgres')).answers) {
    log(`Using the private PostgreSQL already running on port ${port}`);
  } else {
    port = await freePort(range(5433, 10));
    const started = await runServerCommand(
      pgCtl,
      ['-D', pgData, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', 'start'],
      { detached: true },
    );
    if (started.code !== 0) throw new Error(`PostgreSQL did not start (see ${logFile}):\n${started.output}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/estancia`;
  return {
    url,
    label: `private PostgreSQL on 127.0.0.1:${port} (${pgData})`,
    stop: async () => {
      const stopped = await runServerCommand(pgCtl, ['-D', pgData, '-m', 'fast', '-w', '-t', '30', 'stop']);
      if (stopped.code !== 0) log(`PostgreSQL did not stop cleanly:\n${stopped.output}`);
    },
  };
}

/** The port in postmaster.pid (line 4) when the server there is alive, else null. */
function runningPostgresPort(pgData) {
  const pidFile = join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  return processAlive(Number(pid)) ? Number(port) : null;
}

function processAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const range = (from, count) => Array.from({ length: count }, (_, i) => from + i);

/** Starts (or adopts) the private Redis under `dataDir`, on loopback, with its append-only file there. */
export async function startPrivateRedis({ redisServer, dataDir, log }) {
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, 'redis.pid');
  const portFile = join(dir, 'port');
  const logFile = join(dataDir, 'redis.log');

  const previousPid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
  const previousPort = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : 0;
  let pid = previousPid;
  let port = previousPort;
  if (processAlive(previousPid) && previousPort && (await probeRedis('127.0.0.1', previousPort)).ok) {
    log(`Using the private Redis already running on port ${port}`);
  } else {
    port = await freePort(range(6380, 10));
    const child = spawn(
      redisServer,
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--logfile',
        logFile,
        '--pidfile',
        pidFile,
      ],
      { detached: true, stdio: 'ignore' },
    );
    child.unref();
    pid = child.pid;
    writeFileSync(portFile, String(port));
    const deadline = Date.now() + 15000;
    while (!(await probeRedis('127.0.0.1', port)).ok) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`Redis did not start (see ${logFile})`);
      }
      await sleep(100);
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    label: `private Redis on 127.0.0.1:${port} (${dir})`,
    stop: async () => {
      if (!processAlive(pid)) return;
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 100 && processAlive(pid); i++) await sleep(100);
    },
  };
}

/** How to get the services when nothing else worked; printed before exiting with code 1. */
export function installAdvice(missing) {
  const isMac = process.platform === 'darwin';
  const needsPostgres = missing.includes('PostgreSQL');
  const needsRedis = missing.includes('Redis');
  const apt = ['postgresql', 'redis-server'].filter((_, i) => [needsPostgres, needsRedis][i]).join(' ');
  const brew = ['postgresql@15', 'redis'].filter((_, i) => [needsPostgres, needsRedis][i]).join(' ');
  const aptLine = `  sudo apt-get install -y ${apt}     (Debian/Ubuntu)`;
  const brewLine = `  brew install ${brew}     (macOS)`;
  return [
    `Estancia needs ${missing.join(' and ')}, and could not find or start it:`,
    ...(needsPostgres
      ? [
          '  - DATABASE_URL is not set, nothing usable answered on 127.0.0.1:5432, and pg_ctl/initdb are not installed',
        ]
      : []),
    ...(needsRedis
      ? [
          '  - REDIS_URL is not set, nothing usable answered on 127.0.0.1:6379, and redis-server is not installed',
        ]
      : []),
    'Any one of these fixes it (then run npm start again):',
    ...(isMac ? [brewLine, aptLine] : [aptLine, brewLine]),
    `  docker compose -f docker/compose.yml up -d ${needsPostgres ? 'postgres ' : ''}${needsRedis ? 'redis' : ''}`.trimEnd(),
    ...(needsPostgres
      ? ['    and set DATABASE_URL=postgres://postgres:estancia@127.0.0.1:5432/estancia']
      : []),
    '  or set DATABASE_URL / REDIS_URL to servers you already have.',
  ].join('\n');
}

export const currentUser = () => userInfo().username;
