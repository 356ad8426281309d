import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';
import { Client } from 'pg';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** How long a query waits for a connection (a new one, or a free one of a full pool) before it fails. */
export const DATABASE_CONNECT_TIMEOUT_MS = 30_000;

/** `poolMax`: DATABASE_POOL_MAX, the connections this process keeps open at most. */
export function dataSourceOptions(url: string, poolMax = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // An unreachable PostgreSQL fails a request (a 503) instead of it hanging; refused connections fail at
    // once. pg-pool also counts the wait for a free connection in it, so a burst queued behind a busy pool
    // (1000 spends on 20 connections) must fit in it too.
    extra: { max: poolMax, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS },
  };
}

/** Creates the database named in the URL when it is missing (connecting to `postgres`). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    // Two processes racing to create it: the loser sees duplicate_database, which is fine.
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Runs pending migrations under an advisory lock so several api processes can boot at once. The lock is
 * session-level, so it is taken, used and released on one connection: the migrations run on it too.
 */
export async function migrate(url: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(727001)');
      try {
        const executor = new MigrationExecutor(dataSource, runner);
        executor.transaction = 'each';
        const ran = await executor.executePendingMigrations();
        return ran.map((m) => m.name);
      } finally {
        // A failed unlock must not hide a migration's own error; the lock ends with the connection anyway.
        await runner.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
}
