import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * One place for how the e2e run reaches the product. Read by the Playwright config, the global setup
 * and the fixtures (each worker process loads it again, so nothing random may live here).
 */
export const repoRoot = resolve(__dirname, '../../..');

export const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

const postgresServer = new URL(
  process.env.E2E_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);
/** The e2e database; global setup drops and recreates it on every run. */
export const databaseName = 'estancia_e2e';
export const databaseUrl = withDatabase(postgresServer, databaseName);
export const maintenanceDatabaseUrl = withDatabase(postgresServer, 'postgres');

export const redisUrl = process.env.E2E_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisPrefix = 'estancia_e2e';
export const storageDir = resolve(repoRoot, '.data/e2e/storage');
/**
 * Where the product keeps files: `s3` (default; a loopback S3 server started by the global setup, media
 * by presigned redirects) or `local` (storageDir, media streamed), e.g. E2E_STORAGE_DRIVER=local to tell
 * an S3 problem from another.
 */
export const storageDriver: 's3' | 'local' = process.env.E2E_STORAGE_DRIVER === 'local' ? 'local' : 's3';
export const bucket = 'estancia-e2e';

/** Known staff accounts, seeded by the product at boot and shared with the specs through the environment. */
export const staff = {
  admin: {
    email: (process.env.ADMIN_EMAIL ??= 'admin@e2e.estancia.local'),
    password: (process.env.ADMIN_PASSWORD ??= 'E2e-Admin-Pass-1!'),
  },
  decorator: {
    email: (process.env.DECORATOR_EMAIL ??= 'decorator@e2e.estancia.local'),
    password: (process.env.DECORATOR_PASSWORD ??= 'E2e-Decorator-Pass-1!'),
  },
} as const;

export type StaffRole = keyof typeof staff;

/** What `tools/start.mjs` gets on top of the shell: every setting the journeys depend on, explicit. */
export function productEnvironment(): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    ROLE: 'all',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    STORAGE_DIR: storageDir,
    MAIL_TRANSPORT: 'outbox',
    GOOGLE_CLIENT_ID: '',
    SEED: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: staff.admin.email,
    ADMIN_PASSWORD: staff.admin.password,
    DECORATOR_EMAIL: staff.decorator.email,
    DECORATOR_PASSWORD: staff.decorator.password,
    // Every journey comes from 127.0.0.1; the limits themselves are proven by the integration tests.
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '100000',
    RATE_LIMIT_VALIDATION_PER_IP: '100000',
    RATE_LIMIT_VALIDATION_PER_EMAIL: '100000',
    RATE_LIMIT_RESET_PER_IP: '100000',
    RATE_LIMIT_RESET_PER_EMAIL: '100000',
    RATE_LIMIT_API_PER_IP: '100000',
    FREE_TRY_PER_IP: '100000',
    // The example integration's webhook receiver listens on this machine, over plain http.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  };
}

function withDatabase(server: URL, name: string): string {
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return url.toString();
}
