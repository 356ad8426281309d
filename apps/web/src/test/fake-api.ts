import { vi } from 'vitest';
import type { PlatformStatus, User } from '@estancia/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

interface Answer {
  status?: number;
  body?: unknown;
  /** Headers beyond Content-Type (e.g. a 429's Retry-After). */
  headers?: Record<string, string>;
}

type Reply = Answer | ((call: RecordedCall) => Answer);

/**
 * A fake of the network boundary: answers `fetch` by "METHOD path" (path under /data) and records every call.
 * Unknown calls answer 404 NOT_FOUND, like the API.
 */
export function fakeApi(routes: Record<string, Reply> = {}) {
  const calls: RecordedCall[] = [];
  const table: Record<string, Reply> = {
    'GET platform/status': {
      body: { isHighDemandFree: false, isHighDemandAuto: false, isMaintenanceMode: false },
    },
    'GET platform/config': { body: { googleClientId: null } },
    ...routes,
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/data\//, ''));
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply = table[`${call.method} ${path}`];
    const {
      status = 200,
      body = {},
      headers = {},
    }: Answer = reply
      ? typeof reply === 'function'
        ? reply(call)
        : reply
      : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    set(key: string, reply: Reply) {
      table[key] = reply;
    },
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export function platformStatus(overrides: Partial<PlatformStatus> = {}): PlatformStatus {
  return { isHighDemandFree: false, isHighDemandAuto: false, isMaintenanceMode: false, ...overrides };
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '7f0c7a52-3f1e-4d7e-9a36-2d6c5b1f8e11',
    name: 'Ana Puig',
    email: 'ana@example.com',
    createdAt: '2025-01-10T10:00:00.000Z',
    credits: 3,
    company: 'Pisos Puig',
    phone: '',
    referralCode: 'ANA123',
    language: 'es',
    role: 'customer',
    hasPassword: true,
    userSubscription: { isActive: false, subscription: null },
    ...overrides,
  };
}

export const subscribed = (plan: 'STARTER' | 'PRO' | 'ULTIMATE' | 'BUSINESS' = 'PRO') =>
  aUser({ userSubscription: { isActive: true, subscription: { name: plan } } });
