import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { startObjectStore, type ObjectStore } from './object-store';
import {
  baseURL,
  bucket,
  databaseName,
  maintenanceDatabaseUrl,
  productEnvironment,
  redisPrefix,
  redisUrl,
  repoRoot,
  storageDir,
  storageDriver,
} from './settings';

/** Building the apps on a cold cache is the slow part on a 2-core machine. */
const STARTUP_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Starts the real product with `tools/start.mjs` against a fresh `estancia_e2e` database, its own
 * Redis prefix and an empty bucket on a loopback S3 server (or storage folder), and waits for the
 * health check. The returned function is the global teardown: it stops the product (and everything
 * start.mjs started), then the S3 server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await recreateDatabase();
  await clearRedisKeys();
  rmSync(storageDir, { recursive: true, force: true });
  const objectStore: ObjectStore | null = storageDriver === 's3' ? await startObjectStore(bucket) : null;

  const product = spawn(process.execPath, [join(repoRoot, 'tools/start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, ...productEnvironment(), ...objectStore?.env },
    stdio: 'inherit',
    // Its own process group, so stopping it never hits the test runner.
    detached: true,
  });
  const stop = async () => {
    await stopProduct(product);
    await objectStore?.stop();
  };
  try {
    await waitForHealth(product);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function recreateDatabase(): Promise<void> {
  const client = new Client({ connectionString: maintenanceDatabaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The e2e tests need PostgreSQL (${maintenanceDatabaseUrl}); start it or set E2E_DATABASE_URL. ${String(error)}`,
    );
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
  } finally {
    await client.end();
  }
}

async function clearRedisKeys(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `The e2e tests need Redis (${redisUrl}); start it or set E2E_REDIS_URL. ${String(error)}`,
    );
  }
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

async function waitForHealth(product: ChildProcess): Promise<void> {
  const url = `${baseURL}/data/project/healthCheck`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (product.exitCode !== null || product.signalCode !== null) {
      throw new Error(
        `tools/start.mjs stopped (exit code ${product.exitCode ?? product.signalCode}); its output is above.`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`The product did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000} s.`);
}

/** SIGTERM lets start.mjs stop the API (and any private services) in order; SIGKILL if it hangs. */
function stopProduct(product: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (product.exitCode !== null || product.signalCode !== null || product.pid === undefined) return done();
    const pid = product.pid;
    const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 30000);
    product.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    process.kill(-pid, 'SIGTERM');
  });
}
