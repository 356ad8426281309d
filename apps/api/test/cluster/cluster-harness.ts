import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Redis from 'ioredis';
import { waitFor } from '../fixtures';

/**
 * The many-process product for integration tests: tools/cluster (nginx, api and worker processes from
 * apps/api/dist) run by run-cluster.mjs in a child process, a redis-server the test can stop, and the
 * small tools to reach one chosen api process through nginx's address-keyed stickiness.
 */

export const REPO_ROOT = resolve(__dirname, '../../../..');
const RUNNER = join(__dirname, 'run-cluster.mjs');
export const MAIN_JS = join(REPO_ROOT, 'apps/api/dist/main.js');

/** The first port the system hands out for outgoing connections (Linux; 32768 elsewhere). */
function ephemeralStart(): number {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768
    );
  } catch {
    return 32768;
  }
}

const given = new Set<number>();

/**
 * A free loopback port for a server that some other process binds a moment later. Chosen below the
 * ephemeral range: a port from it (what listen(0) gives) can be taken meanwhile as the source port of
 * any outgoing connection, the cluster's own connections to PostgreSQL and Redis included.
 */
export async function freePort(): Promise<number> {
  const top = Math.min(ephemeralStart(), 32768) - 1;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if (given.has(port)) continue;
    const server = createServer();
    const free = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (!free) continue;
    await new Promise((done) => server.close(done));
    given.add(port);
    return port;
  }
}

const alive = (child: ChildProcess | undefined): boolean =>
  Boolean(child) && child!.exitCode === null && child!.signalCode === null;

/** Ends a process and, when it leads one, its process group (every member is started detached). */
export function killGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
      return;
    } catch {
      // not a group leader, or gone already
    }
  }
}

export const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A redis-server of the test's own on a free port, append-only with every write synced: killed and
 * started again it comes back with its data, as a production Redis with persistence does after a crash.
 */
export class PrivateRedis {
  private child?: ChildProcess;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (alive(this.child)) return;
    this.child = spawn(
      '/usr/bin/redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(
      'redis-server to answer',
      async () => {
        const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      },
      10_000,
    );
  }

  /** Gone at once, as in a crash (no shutdown, no goodbye to its clients). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !alive(child)) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
}

export interface Member {
  role: 'api' | 'worker';
  name: string;
  port: number;
  url: string;
  pid: number;
}

export interface ClusterExit {
  name: string;
  role: string;
  code: number | null;
  signal: string | null;
}

interface Ready {
  url: string;
  apis: Member[];
  workers: Member[];
  nginx: { pid: number; dir: string };
  storage: { driver: string; endpoint?: string; bucket?: string };
}

/** One output line of a member, with when it came. */
export interface LogLine {
  at: number;
  label: string;
  line: string;
}

/**
 * tools/cluster's startCluster in a child process (jest cannot load its ES modules). `stop()` ends it
 * gracefully, then kills whatever is left of every process it reported, so nothing outlives the test.
 */
export class ClusterProcess {
  readonly logs: LogLine[] = [];
  readonly exits: ClusterExit[] = [];
  private readonly runner: ChildProcess;
  private readonly readyPromise: Promise<Ready>;
  private info?: Ready;

  constructor(options: Record<string, unknown>) {
    this.runner = spawn(process.execPath, [RUNNER], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CLUSTER_OPTIONS: JSON.stringify(options) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.readyPromise = new Promise<Ready>((ready, failed) => {
      const onLine = (stream: string) => (line: string) => {
        const news = /^@cluster (.*)$/.exec(line);
        if (!news) {
          const labelled = /^\[([\w-]+)!?\] (.*)$/.exec(line);
          this.logs.push({
            at: Date.now(),
            label: labelled?.[1] ?? `runner${stream}`,
            line: labelled?.[2] ?? line,
          });
          return;
        }
        const event = JSON.parse(news[1]) as { event: string } & Record<string, unknown>;
        if (event.event === 'ready') ready((this.info = event as unknown as Ready));
        if (event.event === 'failed') failed(new Error(`cluster did not start: ${String(event.message)}`));
        if (event.event === 'exit') this.exits.push(event as unknown as ClusterExit);
      };
      createInterface({ input: this.runner.stdout! }).on('line', onLine(''));
      createInterface({ input: this.runner.stderr! }).on('line', onLine('!'));
      this.runner.once('exit', (code) => failed(new Error(`run-cluster.mjs exited (${code}) before ready`)));
    });
    // Avoids an unhandled rejection when nobody awaited yet.
    this.readyPromise.catch(() => undefined);
  }

  ready(): Promise<Ready> {
    return this.readyPromise;
  }

  get url(): string {
    return this.info!.url;
  }
  get apis(): Member[] {
    return this.info!.apis;
  }
  get workers(): Member[] {
    return this.info!.workers;
  }
  get nginxDir(): string {
    return this.info!.nginx.dir;
  }
  get storage(): Ready['storage'] {
    return this.info!.storage;
  }

  /** Waits for the runner's report that `name` stopped. */
  exitOf(name: string, ms = 30_000): Promise<ClusterExit> {
    return waitFor(`${name} to exit`, async () => this.exits.find((e) => e.name === name), ms);
  }

  /** Lines of nginx's access log (see tools/cluster/nginx.mjs for the format). */
  /** `upstream` is the last api process tried (the one that answered, unless all failed). */
  accessLog(): { address: string; request: string; status: number; upstream: string }[] {
    let text = '';
    try {
      text = readFileSync(join(this.nginxDir, 'logs', 'access.log'), 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        // After a refused connection nginx lists every upstream it tried: "a:1, b:2".
        const match = /^(\S+) \[[^\]]*\] "([^"]*)" (\d+) \d+ upstream=((?:[^\s,]+, )*[^\s,]+)/.exec(line);
        return {
          address: match?.[1] ?? '',
          request: match?.[2] ?? '',
          status: Number(match?.[3]),
          upstream: match?.[4].split(', ').pop() ?? '',
        };
      });
  }

  async stop(graceMs = 20_000): Promise<void> {
    const pids = [
      ...(this.info?.apis ?? []),
      ...(this.info?.workers ?? []),
      ...(this.info ? [this.info.nginx] : []),
    ].map((m) => m.pid);
    if (alive(this.runner)) {
      let timer: NodeJS.Timeout | undefined;
      const exited = new Promise<void>((done) => {
        this.runner.once('exit', () => done());
        timer = setTimeout(done, graceMs);
      });
      this.runner.stdin?.end();
      await exited;
      clearTimeout(timer);
      if (alive(this.runner)) this.runner.kill('SIGKILL');
    }
    for (const pid of pids) if (isRunning(pid)) killGroup(pid);
  }
}

/** Another worker beside the cluster's (say, replacing a killed one), with their environment. */
export async function spawnWorker(
  env: Record<string, string | undefined>,
  logs: LogLine[],
  label: string,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO_ROOT,
    env: { ...env, ROLE: 'worker', WORKER_HTTP_PORT: String(port), SEED: 'false', PORT: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => logs.push({ at: Date.now(), label, line }));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `${label} to be ready`,
    async () => {
      if (!alive(child)) throw new Error(`${label} exited (${child.exitCode ?? child.signalCode})`);
      return fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
    },
    60_000,
  );
  return { child, url };
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
}

/**
 * One JSON request from a chosen loopback source address (127.0.0.x), which decides the api process
 * nginx's `hash $remote_addr consistent` sends it to.
 */
export function requestFrom<T = Record<string, unknown>>(
  localAddress: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, failed) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
        headers: {
          ...(payload && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            done({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
          } catch {
            done({ status: res.statusCode ?? 0, body: text as T });
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', failed);
    req.end(payload);
  });
}

/** The api port nginx sends requests from `localAddress` to, read from its access log. */
export async function upstreamFor(cluster: ClusterProcess, localAddress: string): Promise<number> {
  const marker = `probe-${localAddress}-${Date.now()}`;
  await requestFrom(localAddress, 'GET', `${cluster.url}/health/live?${marker}`);
  const line = await waitFor(
    'the probe in the access log',
    async () => cluster.accessLog().find((l) => l.request.includes(marker)),
    5000,
  );
  return Number(line.upstream.split(':').pop());
}

/** A loopback source address that nginx sends to the api listening on `apiPort`. */
export async function addressFor(
  cluster: ClusterProcess,
  apiPort: number,
  skip: string[] = [],
): Promise<string> {
  for (let host = 2; host < 64; host++) {
    const address = `127.0.0.${host}`;
    if (skip.includes(address)) continue;
    if ((await upstreamFor(cluster, address)) === apiPort) return address;
  }
  throw new Error(`no loopback address is routed to port ${apiPort}`);
}

/** CPU time (user + system, in clock ticks) a process has used so far; 0 once it is gone. */
export function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
