import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { Lifecycle } from '../metrics/lifecycle';
import { JobWorkers } from '../queue/job-workers.service';
import { Realtime } from '../realtime/realtime.service';
import type { HttpConnections } from './http-connections';

/** Time for Nest's own closing (database, Redis) after the grace, before the process is ended regardless. */
export const CLOSE_MARGIN_MS = 10_000;

const logger = new Logger('Shutdown');

const deadlineOf = (config: AppConfig): number => Date.now() + config.SHUTDOWN_GRACE_SECONDS * 1000;

/**
 * SIGTERM in an api process (roles api and all), one deadline for everything: readiness turns false, the
 * server stops accepting, the hub's clients are sent off to reconnect elsewhere, the requests in flight
 * finish (the rest are cut at the deadline), the queue workers (role all) finish or hand back their jobs,
 * then Nest closes the database and Redis.
 */
export async function stopApi(
  app: INestApplicationContext,
  connections: HttpConnections,
  config: AppConfig,
): Promise<void> {
  const deadline = deadlineOf(config);
  app.get(Lifecycle).startDraining();
  const drained = connections.drain(deadline);
  const sockets = app.get(Realtime).closeLocalConnections();
  logger.log(`Draining: ${connections.inFlight} request(s) in flight, ${sockets} hub connection(s) closed`);
  const cut = await drained;
  if (cut) logger.warn(`Shutdown grace over: ${cut} request(s) cut off`);
  await app.get(JobWorkers, { strict: false }).drain(deadline);
  await app.close();
}

/** SIGTERM in a worker process: running jobs finish within the grace or are handed back, then Nest closes. */
export async function stopWorker(app: INestApplicationContext, config: AppConfig): Promise<void> {
  app.get(Lifecycle).startDraining();
  await app.get(JobWorkers, { strict: false }).drain(deadlineOf(config));
  await app.close();
}

/**
 * SIGTERM or SIGINT runs `stop` once and exits 0 (1 if it failed). A second signal, or `stop` still running
 * CLOSE_MARGIN_MS after the grace, ends the process at once with 1, so nothing can hang it.
 */
export function exitOnSignals(stop: () => Promise<void>, config: AppConfig): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.log(`${signal}: shutting down (grace ${config.SHUTDOWN_GRACE_SECONDS} s)`);
    setTimeout(
      () => {
        logger.error('Shutdown overran its grace: exiting now');
        process.exit(1);
      },
      config.SHUTDOWN_GRACE_SECONDS * 1000 + CLOSE_MARGIN_MS,
    ).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(
          `Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
