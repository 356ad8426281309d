import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Tests reach PostgreSQL through TEST_DATABASE_URL (any database; we only use its server). */
export const adminUrl = (): string => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
};

/** Named by the jest parent process and handed to the workers through the environment. */
export const templateDb = (): string =>
  (process.env.ESTANCIA_TEMPLATE_DB ??= `estancia_test_template_${process.pid}`);

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `estancia_t_${randomBytes(6).toString('hex')}`;
  const template = templateDb();
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await client.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
