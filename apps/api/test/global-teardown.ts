import { Client } from 'pg';
import { templateDb, adminUrl } from './db';

export default async function globalTeardown(): Promise<void> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${templateDb()}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
