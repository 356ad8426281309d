// The many-process shape on one machine: nginx in front of N api processes, M workers beside them,
// all sharing one PostgreSQL, one Redis and one storage (a folder or an S3 bucket).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../services.mjs';
import { startNginx, writeNginxConf } from './nginx.mjs';
import { consoleOutput, spawnLabelled, stopChild, waitForReady } from './processes.mjs';
import { startS3rver } from './s3.mjs';

// Callers choose nginx's port with it (startCluster needs a real one to listen on).
export { freePort } from '../services.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Free loopback ports, preferring `from`, `from + 1`...; never one already in `taken`. */
async function pickPorts(count, from, taken) {
  const ports = [];
  for (let i = 0; i < count; i++) {
    const preferred = Array.from({ length: 10 }, (_, k) => from + i + k).filter(
      (port) => port > 0 && port < 65536 && !taken.has(port),
    );
    let port = await freePort(preferred);
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports.push(port);
  }
  return ports;
}

/**
 * Starts the cluster and resolves once nginx answers and every process is ready.
 *
 * Options (all optional):
 * - env: the variables every process gets (DATABASE_URL, REDIS_URL, JWT_SECRET...); default process.env
 * - port / host: where nginx listens (default 3000 / 127.0.0.1)
 * - apis / workers: how many processes of each role (default 2 / 2)
 * - apiPorts / workerPorts: their loopback ports (default free ports from port+1 and port+11)
 * - storage: 'local' | 's3' (default env.STORAGE_DRIVER or local). s3 without env.S3_ENDPOINT starts
 *   s3rver under dataDir/s3 and points every process at it
 * - dataDir: nginx's files, s3rver's bucket (default .data/cluster)
 * - root: the repository (apps/api/dist/main.js must be built)
 * - output(label, line, stream): where the processes' lines go (default: the console, as "[api1] ...")
 * - onExit({ role, name, port, child }, code, signal): a process stopped while the cluster runs
 * - readyTimeoutMs (default 180000), sticky ('address' | 'ip_hash', see nginx.mjs)
 *
 * Returns { url, port, host, apis: [{ name, port, url, child }], workers: [...], nginx, storage, stop() }.
 * stop() sends SIGTERM to the api and worker processes (they drain), then stops nginx and s3rver.
 */
export async function startCluster(options = {}) {
  const env = { ...(options.env ?? process.env) };
  const root = options.root ?? repoRoot;
  const port = options.port ?? 3000;
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(root, options.dataDir ?? join('.data', 'cluster'));
  const output = options.output ?? consoleOutput;
  const readyTimeoutMs = options.readyTimeoutMs ?? 180000;
  const mainJs = join(root, 'apps/api/dist/main.js');
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first.`);

  const taken = new Set([port]);
  const apiPorts = options.apiPorts ?? (await pickPorts(options.apis ?? 2, port + 1, taken));
  const workerPorts = options.workerPorts ?? (await pickPorts(options.workers ?? 2, port + 11, taken));

  const running = { apis: [], workers: [], nginx: null, s3: null };
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  let storage;
  let stopping = null;
  // A process that dies during the start makes startCluster reject; onExit is for later exits only.
  let started = false;
  const stop = () =>
    (stopping ??= (async () => {
      const members = [...running.apis, ...running.workers];
      const grace = (Number(env.SHUTDOWN_GRACE_SECONDS) || 25) * 1000 + 5000;
      await Promise.all(members.map(({ child }) => stopChild(child, { graceMs: grace })));
      if (running.nginx) await running.nginx.stop();
      if (running.s3) await running.s3.stop();
    })());

  try {
    const storageDriver = options.storage ?? env.STORAGE_DRIVER ?? 'local';
    if (storageDriver === 's3' && !env.S3_ENDPOINT) {
      const [s3Port] = await pickPorts(1, port + 20, taken);
      running.s3 = await startS3rver({
        dir: join(dataDir, 's3'),
        bucket: env.S3_BUCKET ?? 'estancia',
        port: s3Port,
      });
      Object.assign(env, running.s3.env);
      storage = { driver: 's3', endpoint: running.s3.endpoint, bucket: running.s3.bucket, s3rver: true };
    } else if (storageDriver === 's3') {
      env.STORAGE_DRIVER = 's3';
      storage = { driver: 's3', endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, s3rver: false };
    } else {
      env.STORAGE_DRIVER = 'local';
      // One absolute folder for every process, wherever each one's working directory is.
      env.STORAGE_DIR = resolve(root, env.STORAGE_DIR ?? join('.data', 'storage'));
      storage = { driver: 'local', dir: env.STORAGE_DIR };
    }

    const common = { ...env, PUBLIC_URL: publicUrl, HOST: '127.0.0.1' };
    const launch = (role, index, memberPort) => {
      const name = `${role}${index + 1}`;
      const memberEnv =
        role === 'api'
          ? {
              ...common,
              ROLE: 'api',
              PORT: String(memberPort),
              TRUST_PROXY: 'true',
              WORKER_HTTP_PORT: '0',
              // One process seeds the staff accounts; the others would only race it.
              SEED: index === 0 ? (env.SEED ?? 'true') : 'false',
            }
          : {
              ...common,
              ROLE: 'worker',
              WORKER_HTTP_PORT: String(memberPort),
              SEED: 'false',
              PORT: undefined,
            };
      const child = spawnLabelled(name, process.execPath, [mainJs], { cwd: root, env: memberEnv, output });
      const member = { role, name, port: memberPort, url: `http://127.0.0.1:${memberPort}`, child };
      child.once('exit', (code, signal) => {
        if (started && !stopping) options.onExit?.(member, code, signal);
      });
      return member;
    };
    running.apis = apiPorts.map((memberPort, i) => launch('api', i, memberPort));
    running.workers = workerPorts.map((memberPort, i) => launch('worker', i, memberPort));

    await Promise.all(
      [...running.apis, ...running.workers].map((member) =>
        waitForReady(`${member.url}/health/ready`, member.child, { timeoutMs: readyTimeoutMs }),
      ),
    );

    const nginxDir = join(dataDir, 'nginx');
    writeNginxConf({
      dir: nginxDir,
      port,
      host,
      sticky: options.sticky,
      upstreams: apiPorts.map((apiPort) => `127.0.0.1:${apiPort}`),
    });
    running.nginx = await startNginx({ dir: nginxDir, port, host, nginx: options.nginx, output });
    running.nginx.child.once('exit', (code, signal) => {
      if (started && !stopping)
        options.onExit?.({ role: 'nginx', name: 'nginx', port, child: running.nginx.child }, code, signal);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;

  const probeHost = ['0.0.0.0', '::', ''].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
  return {
    url: `http://${probeHost}:${port}`,
    publicUrl,
    port,
    host,
    apis: running.apis,
    workers: running.workers,
    nginx: running.nginx,
    storage,
    stop,
  };
}
