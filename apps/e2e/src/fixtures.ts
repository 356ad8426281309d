import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AdminUser, OutboxMessage, PlatformFlagsUpdate, PlatformStatus } from '@estancia/contracts';
import { baseURL, staff, type StaffRole } from './settings';

export { expect, test };
export { baseURL, staff };

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, printing each
 * with the elements it found, so the report says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  let serious: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  // An element that mounts while axe runs (a notice after a socket event) is measured half-faded in: a
  // contrast finding alone is checked again once its fade has ended; a real one stays.
  for (let attempt = 0; attempt < 3; attempt++) {
    await waitForTransitions(page);
    const results = await new AxeBuilder({ page }).analyze();
    serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (!serious.length || serious.some((v) => v.id !== 'color-contrast')) break;
  }
  const report = serious
    .map((v) => {
      const targets = v.nodes.map((node) => {
        const why = (node.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`);
        return [`    ${node.target.join(' ')}`, ...why].join('\n');
      });
      return `${v.impact}: ${v.id} — ${v.help} (${v.helpUrl})\n${targets.join('\n')}`;
    })
    .join('\n\n');
  if (serious.length) console.log(`Accessibility violations on ${page.url()}:\n${report}`);
  expect(
    serious.map((v) => `${v.impact}: ${v.id}`),
    report,
  ).toEqual([]);
}

/**
 * Waits until no finite CSS transition or animation runs (a toast or dialog fading in, a drawer sliding), so
 * axe measures colours as people see them rather than half-faded. Endless ones (spinners) are ignored.
 */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

async function call<T>(
  method: string,
  path: string,
  init: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseURL}/data/${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /data/${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const tokens = new Map<StaffRole, Promise<string>>();

/** A staff session token (admin by default) from `POST /data/admin/session`, reused within a worker. */
export function staffToken(role: StaffRole = 'admin'): Promise<string> {
  let token = tokens.get(role);
  if (!token) {
    const { email, password } = staff[role];
    token = call<{ token: string }>('POST', 'admin/session', { body: { username: email, password } }).then(
      (session) => session.token,
    );
    // A failed sign-in must not be cached: the next call tries again.
    token.catch(() => tokens.delete(role));
    tokens.set(role, token);
  }
  return token;
}

/** The e-mails sent to `to`, newest first, as the staff console's outbox lists them. */
export async function readOutbox(to: string): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ q: to }),
    sort: JSON.stringify(['createdAt', 'DESC']),
    range: JSON.stringify([0, 99]),
  });
  const messages = await call<OutboxMessage[]>('GET', `admin/outbox?${query}`, { token: await staffToken() });
  // `q` also matches subjects and longer addresses; keep only this recipient's mail.
  return messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits until an e-mail to `to` that `matches` arrives and returns it (the newest). E-mails are
 * written by the API as it answers, so this rarely waits.
 */
export async function waitForMail(
  to: string,
  matches: (message: OutboxMessage) => boolean = () => true,
  timeoutMs = 10000,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(to)).find(matches);
        return Boolean(found);
      },
      { message: `an e-mail to ${to}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** Switches the platform flags as an admin (`PUT /data/admin/platform/status`) and answers the new state. */
export async function setPlatformFlags(flags: PlatformFlagsUpdate): Promise<PlatformStatus> {
  return call<PlatformStatus>('PUT', 'admin/platform/status', {
    token: await staffToken('admin'),
    body: { id: 'status', ...flags },
  });
}

/** Every platform flag off, as the product starts; specs that switch flags call this when they end. */
export function resetPlatformFlags(): Promise<PlatformStatus> {
  return setPlatformFlags({ isMaintenanceMode: false, isHighDemandFree: false, isHighDemandAuto: false });
}

let mailboxes = 0;

/** An address no other test (nor an earlier run against a reused database) has used. */
export function uniqueEmail(tag: string): string {
  mailboxes += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${mailboxes}`;
  return `${tag}-${stamp}@example.com`.toLowerCase();
}

/** The 6-digit code of a verification e-mail (it is in the subject and the body). */
export function verificationCode(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(`${message.subject}\n${message.text}`)?.[1];
  if (!code) throw new Error(`No 6-digit code in the e-mail "${message.subject}"`);
  return code;
}

/** The newest verification code e-mailed to `to`. */
export async function waitForVerificationCode(to: string): Promise<string> {
  return verificationCode(await waitForMail(to, (message) => message.template === 'verification'));
}

/** The reset link (`/login/?resetToken=...`) of the newest password-reset e-mail to `to`, as a path. */
export async function waitForResetLink(to: string): Promise<string> {
  const message = await waitForMail(to, (m) => m.template === 'passwordReset');
  const link = /https?:\/\/\S+\/login\/\?resetToken=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No reset link in the e-mail "${message.subject}": ${message.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export interface Customer {
  name: string;
  email: string;
  password: string;
  company: string;
}

/** A valid password by the spec's rule (8+ characters, a number, an upper-case letter and a symbol). */
export const customerPassword = (suffix = ''): string => `Estancia-e2e-1${suffix}!`;

/**
 * A verified customer made through the API (register, the e-mailed code, validation), for journeys that
 * are not about signing up. The sign-up journey itself goes through the UI in account.spec.ts.
 */
export async function createCustomer(
  tag: string,
  details: Partial<Omit<Customer, 'email'>> & { language?: 'es' | 'ca' | 'en' } = {},
): Promise<Customer> {
  const customer: Customer = {
    name: details.name ?? `Cliente ${tag}`,
    email: uniqueEmail(tag),
    password: details.password ?? customerPassword(),
    company: details.company ?? '',
  };
  await call('POST', 'user/register', {
    body: { ...customer, language: details.language ?? 'es', acceptTerms: true },
  });
  const token = await waitForVerificationCode(customer.email);
  await call('POST', 'user/validation', { body: { email: customer.email, token } });
  return customer;
}

/** A session token for the customer from `POST /data/user/login`. */
export async function customerToken(customer: Pick<Customer, 'email' | 'password'>): Promise<string> {
  const session = await call<{ token: string }>('POST', 'user/login', {
    body: { login: customer.email, password: customer.password },
  });
  return session.token;
}

/**
 * Signs the customer in without the Login form: the token from the API goes where the customer app keeps it
 * (local storage `_token`), then `path` opens and the app loads the profile as after a reload.
 */
export async function signInWithToken(
  page: Page,
  customer: Pick<Customer, 'email' | 'password'>,
  path = '/my-projects',
): Promise<void> {
  const token = await customerToken(customer);
  // Any page of the app's origin gives access to its local storage; the error page loads nothing else.
  await page.goto('/error');
  await page.evaluate((value) => window.localStorage.setItem('_token', value), token);
  await page.goto(path);
}

/** Fills the customer app's Login form (Spanish labels) and submits it. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** An admin's view of one user by e-mail (`GET /data/admin/users?filter={q}`). */
export async function findAdminUser(email: string): Promise<AdminUser | undefined> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ q: email }),
    range: JSON.stringify([0, 9]),
  });
  const users = await call<AdminUser[]>('GET', `admin/users?${query}`, { token: await staffToken() });
  return users.find((user) => user.email === email.toLowerCase());
}

/** The platform flags as the customer app reads them (`GET /data/platform/status`). */
export function publicPlatformStatus(): Promise<PlatformStatus> {
  return call<PlatformStatus>('GET', 'platform/status');
}

/** Signs in on the console's own login page (Spanish labels). */
export async function staffLogIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/backoffice/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Backoffice de Estancia' })).toBeVisible();
  const emailField = page.locator('input[name="username"]');
  const passwordField = page.locator('input[name="password"]');
  await expect(emailField).toHaveAccessibleName(/^Correo electrónico/);
  await expect(passwordField).toHaveAccessibleName(/^Contraseña/);
  await emailField.fill(email);
  await passwordField.fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** Fills the Register page's form (Spanish labels) and submits it. */
export async function fillRegisterForm(
  page: Page,
  details: { name: string; email: string; password: string; company?: string },
): Promise<void> {
  await page.goto('/register/');
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta de Estancia' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(details.name);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(details.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(details.password);
  await page.getByLabel('Repite la contraseña', { exact: true }).fill(details.password);
  if (details.company) await page.getByLabel('Empresa (opcional)', { exact: true }).fill(details.company);
  await expect(page.getByLabel('Idioma de tu cuenta', { exact: true })).toHaveValue('es');
  await termsConsent(page).check();
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
}

/** Register's required "I accept the terms of use and the privacy policy" box (Spanish label). */
export const termsConsent = (page: Page) =>
  page.getByRole('checkbox', { name: /^Acepto las condiciones de uso y la política de privacidad/ });
