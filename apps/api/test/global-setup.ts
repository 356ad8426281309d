import { Client } from 'pg';
import { migrate } from '../src/infra/database/data-source';
import { templateDb, adminUrl } from './db';

/** Migrates one template database; each test file clones it (CREATE DATABASE ... TEMPLATE). */
export default async function globalSetup(): Promise<void> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${templateDb()}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${templateDb()}"`);
  } finally {
    await client.end();
  }
  await migrate(dbUrl(templateDb()));
}

function dbUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
