import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type {
  CreatedApiKey,
  PlanCode,
  Role,
  SessionResponse,
  UploadImagesResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { BillingCustomers } from '../src/modules/billing/billing-customers';
import { PaymentsService } from '../src/modules/billing/payments.service';
import { SandboxSubscriptions } from '../src/modules/billing/sandbox-subscriptions';
import { Accounts } from '../src/modules/identity/accounts.service';
import { hashPassword } from '../src/modules/identity/passwords';
import { roomJpeg } from '../src/modules/projects/test-images';

/**
 * Helpers for integration tests of any module: real HTTP calls against the running test app and
 * reads of the real outbox. Structural types keep this file free of the test harness import.
 */
export interface RunningApp {
  url: string;
  app: INestApplication;
}

/** Limits high enough that a test file's own traffic never trips them (rate-limit tests set their own). */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_LOGIN_PER_EMAIL: '100000',
  RATE_LIMIT_VALIDATION_PER_IP: '100000',
  RATE_LIMIT_VALIDATION_PER_EMAIL: '100000',
  RATE_LIMIT_RESET_PER_IP: '100000',
  RATE_LIMIT_RESET_PER_EMAIL: '100000',
  RATE_LIMIT_API_PER_IP: '100000',
};

export const PASSWORD = 'Casa-Bonita-2024';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `probe` answers something truthy and returns it. The minute's default is for a loaded
 * two-core CI machine, where a render queued behind other test files can take tens of seconds.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  ms = 60_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call to /data/<path>. */
export async function call<T = Record<string, unknown>>(
  t: RunningApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${t.url}/data/${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export interface SentMail {
  subject: string;
  text: string;
  html: string;
  template: string;
}

/** The newest e-mail of a kind sent to an address, read from the outbox table. */
export async function latestMail(t: RunningApp, to: string, template: string): Promise<SentMail | undefined> {
  const rows = (await t.app
    .get(DataSource)
    .query(
      `SELECT subject, text, html, template FROM outbox WHERE "to" = $1 AND template = $2 ORDER BY created_at DESC LIMIT 1`,
      [to, template],
    )) as SentMail[];
  return rows[0];
}

/** The 6-digit code of the newest verification e-mail. */
export async function verificationCode(t: RunningApp, email: string): Promise<string> {
  const mail = await latestMail(t, email, 'verification');
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code was e-mailed to ${email}`);
  return code;
}

let counter = 0;
export const uniqueEmail = (label = 'user'): string => `${label}.${Date.now()}.${++counter}@example.com`;

/** Registers, verifies with the e-mailed code and signs in, all over HTTP, as a customer would. */
export async function signUp(
  t: RunningApp,
  fields: { email?: string; name?: string; language?: string; referralCode?: string } = {},
): Promise<SessionResponse & { email: string; password: string }> {
  const email = fields.email ?? uniqueEmail();
  const registered = await call(t, 'POST', 'user/register', {
    body: {
      name: fields.name ?? 'Marta Puig',
      email,
      password: PASSWORD,
      language: fields.language ?? 'es',
      referralCode: fields.referralCode,
      acceptTerms: true,
    },
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const validated = await call(t, 'POST', 'user/validation', {
    body: { email, token: await verificationCode(t, email) },
  });
  if (validated.status !== 200)
    throw new Error(`validation answered ${validated.status}: ${JSON.stringify(validated.body)}`);
  const login = await call<SessionResponse>(t, 'POST', 'user/login', {
    body: { login: email, password: PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { ...login.body, email, password: PASSWORD };
}

/** A verified staff account created directly (as the seeder does), signed in through the console call. */
export async function signInStaff(
  t: RunningApp,
  role: Exclude<Role, 'customer'>,
): Promise<SessionResponse & { email: string }> {
  const email = uniqueEmail(role);
  const passwordHash = await hashPassword(PASSWORD);
  await t.app
    .get(DataSource)
    .transaction((m) =>
      t.app
        .get(Accounts)
        .create(m, { email, name: role, language: 'en', role, passwordHash, verified: true }),
    );
  const session = await call<SessionResponse>(t, 'POST', 'admin/session', {
    body: { username: email, password: PASSWORD },
  });
  if (session.status !== 200)
    throw new Error(`admin/session answered ${session.status}: ${JSON.stringify(session.body)}`);
  return { ...session.body, email };
}

/** A new project of the user's with `photos` empty-room photos uploaded over HTTP. */
export async function projectWithPhotos(
  t: RunningApp,
  user: { token: string; headers: Record<string, string> },
  photos = 1,
): Promise<{ id: string; imageIds: string[] }> {
  const created = await call<{ id: string }>(t, 'POST', 'project', {
    token: user.token,
    body: { propertyName: `Àtic Gràcia ${++counter}` },
  });
  if (created.status !== 201)
    throw new Error(`project answered ${created.status}: ${JSON.stringify(created.body)}`);
  const form = new FormData();
  for (let i = 0; i < photos; i++)
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
      `p${i}.jpg`,
    );
  const res = await fetch(`${t.url}/data/project/${created.body.id}/images`, {
    method: 'POST',
    headers: user.headers,
    body: form,
  });
  const body = (await res.json()) as UploadImagesResponse;
  if (res.status !== 201) throw new Error(`images answered ${res.status}: ${JSON.stringify(body)}`);
  return { id: created.body.id, imageIds: body.images.map((i) => i.id) };
}

/**
 * Gives the user an active monthly subscription to `plan`, started the way the sandbox gateway starts
 * one after a paid checkout (the test app's default gateway): the plan's rights and credits apply.
 */
export async function subscribe(t: RunningApp, userId: string, plan: PlanCode): Promise<void> {
  const [{ price }] = (await t.app
    .get(DataSource)
    .query(`SELECT monthly_price_cents AS price FROM plans WHERE code = $1`, [plan])) as { price: number }[];
  const started = await t.app.get(SandboxSubscriptions).start({
    sessionId: randomUUID(),
    customerRef: await t.app.get(BillingCustomers).ensure(userId),
    plan,
    cycle: 'monthly',
    priceCents: price,
    discountCents: 0,
  });
  await t.app.get(PaymentsService).handleAll(started.events);
}

/** An integrator: a customer whose plan has API access, with a key for the public API. */
export interface ApiKeyHolder {
  userId: string;
  /** The customer's app session (for /data calls, e.g. the keys page). */
  token: string;
  keyId: string;
  secret: string;
  /** `{ authorization: 'Bearer <secret>' }` for /api/v1 calls. */
  headers: Record<string, string>;
}

/**
 * A key for the public API. Without `customer`, a new customer is signed up; either way the customer is
 * subscribed to `plan` (ULTIMATE: API access) unless `plan` is null, then the key is created on the
 * keys page's own call.
 */
export async function apiKeyFor(
  t: RunningApp,
  options: { customer?: { token: string; userId: string }; plan?: PlanCode | null; name?: string } = {},
): Promise<ApiKeyHolder> {
  let customer = options.customer;
  if (!customer) {
    const session = await signUp(t);
    customer = { token: session.token, userId: session.user.id };
  }
  const plan = options.plan === undefined ? 'ULTIMATE' : options.plan;
  if (plan) await subscribe(t, customer.userId, plan);
  const created = await call<CreatedApiKey>(t, 'POST', 'integrations/keys', {
    token: customer.token,
    body: { name: options.name ?? 'Portal' },
  });
  if (created.status !== 201)
    throw new Error(`integrations/keys answered ${created.status}: ${JSON.stringify(created.body)}`);
  return {
    userId: customer.userId,
    token: customer.token,
    keyId: created.body.id,
    secret: created.body.secret,
    headers: { authorization: `Bearer ${created.body.secret}` },
  };
}
