import { ENGINE_NAMES } from '@estancia/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every environment variable the product reads, with its default. README's configuration table and
 * .env.example list the same; `npm run config:doc` is not needed because this is the one source.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/estancia'),
  /** Connections each process keeps to PostgreSQL at most (the pg pool's `max`). */
  DATABASE_POOL_MAX: count(20),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]+$/)
    .default('estancia'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_TTL_HOURS: count(24 * 7),
  STORAGE_DIR: z.string().default('.data/storage'),
  /** Where files live: `local` (STORAGE_DIR) or `s3` (any S3-compatible object store; every process shares it). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible server's address (MinIO, R2, s3rver); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** `bucket` in the path instead of the host name, as most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The address browsers reach the object store at, for presigned links, when it differs from S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** How /data/media links deliver a file: `stream` through the API, or `presigned` (a redirect to the store). */
  MEDIA_DELIVERY: z.enum(['stream', 'presigned']).optional(),
  /** Lifetime of a presigned link handed out by a media redirect. */
  MEDIA_PRESIGN_SECONDS: count(300),
  /** On SIGTERM: the time given to open requests and running jobs before the process exits. */
  SHUTDOWN_GRACE_SECONDS: count(25),
  /** A worker's own HTTP port for /health/* and /metrics (0: none). */
  WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** /health/live answers 503 when the event loop ran this late (a stall the process does not get out of). */
  LIVENESS_EVENT_LOOP_MS: count(5000),
  /** /health/live answers 503 when requests have waited this long for a pool connection none gave back. */
  LIVENESS_POOL_SECONDS: count(30),
  /** The bearer token /metrics asks for on the api's own port; unset: the api's port does not serve /metrics. */
  METRICS_TOKEN: z.string().optional(),
  PERSON_DETECTOR: z.enum(['human', 'off']).default('human'),
  ENGINE_URL: z.url().optional(),
  ENGINE_TIMEOUT_SECONDS: count(120),
  ENGINE_POLL_MS: count(1000),
  ENGINE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  RENDER_TIMEOUT_SECONDS: count(180),
  /** Decorations one worker process works on at once (waiting on the engine, checking, saving). */
  RENDER_CONCURRENCY: count(4),
  /** Engine calls in flight at once across every worker (a provider's account limit); more wait their turn. */
  ENGINE_CONCURRENCY: count(4),
  /** The engine every use starts on until staff choose another; unset: `http` with ENGINE_URL, else `builtin`. */
  ENGINE: z.enum(ENGINE_NAMES).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  REPLICATE_API_TOKEN: z.string().optional(),
  REPLICATE_BASE_URL: z.url().default('https://api.replicate.com/v1'),
  REPLICATE_MODEL: z.string().default('adirik/interior-design'),
  COMFYUI_URL: z.url().optional(),
  /** A ComfyUI workflow in API format to use instead of the one we ship (docker/comfyui). */
  COMFYUI_WORKFLOW: z.string().optional(),
  VIRTUAL_STAGING_API_KEY: z.string().optional(),
  VIRTUAL_STAGING_URL: z.url().default('https://api.virtualstagingai.app/v1'),
  /** OpenAI-compatible chat-completions endpoint for descriptions; unset: the built-in composer. */
  LLM_URL: z.url().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_SECONDS: count(60),
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  QUEUE_LOCK_SECONDS: count(30),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Estancia <hola@estancia.local>'),
  /** Where contact-sales requests and problem reports are e-mailed. */
  SALES_EMAIL: z.string().default('ventas@estancia.local'),
  SUPPORT_EMAIL: z.string().default('soporte@estancia.local'),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CERTS_URL: z.url().optional(),
  ADMIN_EMAIL: z.string().default('admin@estancia.local'),
  ADMIN_PASSWORD: z.string().optional(),
  DECORATOR_EMAIL: z.string().default('decorator@estancia.local'),
  DECORATOR_PASSWORD: z.string().optional(),
  SEED: bool.default(true),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one object per line, for collectors) or `pretty` (one readable line); unset: json in production. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  RATE_LIMIT_WINDOW_SECONDS: count(900),
  RATE_LIMIT_LOGIN_PER_IP: count(50),
  RATE_LIMIT_LOGIN_PER_EMAIL: count(10),
  RATE_LIMIT_VALIDATION_PER_IP: count(50),
  RATE_LIMIT_VALIDATION_PER_EMAIL: count(10),
  RATE_LIMIT_RESET_PER_IP: count(20),
  RATE_LIMIT_RESET_PER_EMAIL: count(5),
  RATE_LIMIT_API_PER_IP: count(1200),
  RATE_LIMIT_SUPPORT_PER_IP: count(10),
  /** The public API (/api/v1): requests per API key per RATE_LIMIT_API_KEY_WINDOW_SECONDS. */
  RATE_LIMIT_API_KEY: count(120),
  RATE_LIMIT_API_KEY_WINDOW_SECONDS: count(60),
  /** Upload by URL (/api/v1): let the worker fetch from private addresses / over plain http. Tests only. */
  REMOTE_IMAGES_ALLOW_PRIVATE: bool.default(false),
  REMOTE_IMAGES_ALLOW_HTTP: bool.default(false),
  /** Webhooks: the wait after each failed attempt (ms); the last repeats until WEBHOOK_RETRY_HOURS after the event. */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'a comma-separated list of milliseconds')
    .default('60000,300000,1800000,7200000,18000000,28800000')
    .transform((list) => list.split(',').map(Number)),
  /** How long a webhook receiver has to answer before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: count(10),
  /** Webhook URLs on private or loopback addresses / over plain http. Tests and local receivers only. */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_ALLOW_HTTP: bool.default(false),
  /** Stripe: set the secret key to sell through Stripe; without it the sandbox gateway sells offline. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API address; only tests point it elsewhere (a loopback server speaking Stripe's API). */
  STRIPE_API_URL: z.url().optional(),
  /** How long a checkout stays payable. */
  CHECKOUT_TTL_MINUTES: count(60),
  /** The business's time zone: working hours, holidays and the review deadline are counted in it. */
  BUSINESS_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone')
    .default('Europe/Madrid'),
  /** A review claim left untouched this long returns to the queue. */
  REVIEW_CLAIM_MINUTES: count(60),
  /** Free tries (decorations without an account) started per network address, per browser, per window. */
  FREE_TRY_PER_IP: count(20),
  FREE_TRY_PER_VISITOR: count(5),
  FREE_TRY_WINDOW_HOURS: count(24),
  /** Redecorations of one free try: "unlimited" for a visitor, bounded so one try cannot hog the engine. */
  FREE_TRY_REDECORATIONS: count(20),
});

export type AppConfig = z.infer<typeof configSchema> & {
  PUBLIC_URL: string;
  MEDIA_DELIVERY: 'stream' | 'presigned';
  LOG_FORMAT: 'json' | 'pretty';
};

/** Thrown at boot with every bad variable named, so the fix is obvious. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty `KEY=` means "use the default", as in .env files and compose files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if (config.MEDIA_DELIVERY === 'presigned' && config.STORAGE_DRIVER !== 's3') {
    throw new ConfigError('Invalid configuration:\n  MEDIA_DELIVERY: presigned needs STORAGE_DRIVER=s3');
  }
  return {
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    // Presigned links by default on S3: the bytes go from the store to the browser, not through us.
    MEDIA_DELIVERY: config.MEDIA_DELIVERY ?? (config.STORAGE_DRIVER === 's3' ? 'presigned' : 'stream'),
    LOG_FORMAT: config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty'),
  };
}

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
