import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { HUB_NAMESPACE } from '@estancia/contracts';
import { createApi, createWorker } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './infra/config/config';
import { ensureDatabase, migrate } from './infra/database/data-source';
import { WorkerHttpServer } from './infra/metrics/worker-http';
import { JOB_NAMES } from './infra/queue/jobs';
import { exitOnSignals, stopWorker } from './infra/shutdown/graceful-shutdown';
import { IdentitySeeder } from './modules/identity/identity.seeder';

async function main(): Promise<void> {
  const config = loadConfig();
  if (await ensureDatabase(config.DATABASE_URL))
    console.log(`Created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
  const ran = await migrate(config.DATABASE_URL);
  if (ran.length) console.log(`Ran migrations: ${ran.join(', ')}`);

  if (config.ROLE === 'worker') {
    const worker = await createWorker(config);
    exitOnSignals(() => stopWorker(worker, config), config);
    if (config.WORKER_HTTP_PORT > 0) {
      await worker.get(WorkerHttpServer).listen(config.WORKER_HTTP_PORT, config.HOST);
      console.log(
        `Worker probes and metrics on http://${config.HOST}:${config.WORKER_HTTP_PORT}/health/ready`,
      );
    }
    console.log(`Estancia worker running the queues: ${JOB_NAMES.join(', ')}`);
    return;
  }

  const { app, apps, stop } = await createApi(config);
  exitOnSignals(stop, config);
  await app.init();
  if (config.SEED) await app.get(IdentitySeeder).seed();
  await app.listen(config.PORT, config.HOST);
  // Nest's buffered start-up lines first, so the URLs are the last thing on the screen.
  app.flushLogs();
  const base = publicBase(config, (app.getHttpServer().address() as AddressInfo).port);
  const line = (label: string, url: string, note = '') => `  ${label.padEnd(14)} ${url}${note}`;
  const unbuilt = ' (not built: run `npm run build`)';
  console.log(
    [
      `Estancia is running (role ${config.ROLE}${config.ROLE === 'all' ? ': api and queue workers' : ''})`,
      line('Customer app', `${base}/`, apps.web.built ? '' : unbuilt),
      line('Staff console', `${base}/backoffice/`, apps.admin.built ? '' : unbuilt),
      line('API', `${base}/data`),
      line(
        'Public API',
        `${base}/api/v1`,
        ` (API keys; docs at ${base}/api/docs, MCP at ${base}/api/v1/mcp)`,
      ),
      line('Real-time hub', `${base}${HUB_NAMESPACE}`, ' (Socket.IO, path /socket.io)'),
    ].join('\n'),
  );
}

/** PUBLIC_URL, or the actual port when it was left to default and the port was chosen by the system. */
function publicBase(config: AppConfig, port: number): string {
  const url = new URL(config.PUBLIC_URL);
  if (!process.env.PUBLIC_URL && config.PORT === 0) url.port = String(port);
  return url.toString().replace(/\/$/, '');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
