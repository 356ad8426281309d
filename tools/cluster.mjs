#!/usr/bin/env node
// `npm run start:cluster`: the production shape on one machine — nginx on PORT in front of 2 api
// processes, 2 workers, one PostgreSQL, one Redis and one storage. Needs `npm run build` first.
//   --storage s3    objects in a local s3rver bucket (.data/cluster/s3) instead of a folder
//   --apis N --workers N   other process counts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.mjs';
import { findNginx } from './cluster/nginx.mjs';
import { createLauncher, root } from './launcher.mjs';
import { portTaken } from './services.mjs';

const { env, log, cleanups, shutdown, step, fail, stopping, services } = createLauncher({
  tag: 'cluster',
  stoppingLine: 'Stopping the cluster (api and workers drain first)...',
  stoppedLine: 'Stopped.',
});

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

  const found = await services();
  if (!found) return;
  const { database, redis, secrets, staff, generated } = found;
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
        if (stopping()) return;
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
  if (!cluster || stopping()) return;

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
      `  Metrics        each process's own /metrics, not through nginx (an api's only with METRICS_TOKEN as bearer)`,
      `  Storage        ${s3 ?? cluster.storage.dir}`,
      '',
      `Staff sign-in at ${base}/backoffice/`,
      `  Admin           ${staff.adminEmail}  /  ${staff.adminPassword}`,
      `  Decorator       ${staff.decoratorEmail}  /  ${staff.decoratorPassword}`,
      ...(generated ? [generated] : []),
      '',
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
