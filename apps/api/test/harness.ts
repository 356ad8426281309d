import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../src/app.factory';
import { loadConfig, type AppConfig } from '../src/infra/config/config';
import { createTestDatabase } from './db';
import type { Role } from '@estancia/contracts';
import { signInStaff, signUp } from './fixtures';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
}

/**
 * The real product on a random port, with its own database (cloned from the migrated template)
 * and its own Redis key prefix; close() drops both.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const prefix = `estancia_test_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}`,
    LOG_LEVEL: 'silent',
    SEED: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config: { ...config, PUBLIC_URL: url },
    url,
    close: async () => {
      await app.close();
      await db.drop();
      const redis = new Redis(config.REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

export interface SignedIn {
  token: string;
  userId: string;
  email: string;
  /** `{ authorization: 'Bearer <token>' }` for fetch. */
  headers: Record<string, string>;
}

/** A fresh verified account of the given role, signed in (customers through the public calls). */
export async function signIn(t: TestApp, role: Role = 'customer'): Promise<SignedIn> {
  const session = role === 'customer' ? await signUp(t) : await signInStaff(t, role);
  return {
    token: session.token,
    userId: session.user.id,
    email: session.email,
    headers: { authorization: `Bearer ${session.token}` },
  };
}
