import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { OutboxMessage, PlatformFlagsUpdate, PlatformStatus } from '@estancia/contracts';
import { baseURL, staff, type StaffRole } from './settings';

export { expect, test };
export { baseURL, staff };

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, printing each
 * with the elements it found, so the report says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
