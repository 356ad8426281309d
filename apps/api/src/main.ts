import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './infra/config/config';
import { ensureDatabase, migrate } from './infra/database/data-source';

async function main(): Promise<void> {
  const config = loadConfig();
  if (await ensureDatabase(config.DATABASE_URL)) console.log(`Created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
  const ran = await migrate(config.DATABASE_URL);
  if (ran.length) console.log(`Ran migrations: ${ran.join(', ')}`);
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  console.log(`Estancia (${config.ROLE}) on ${config.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
