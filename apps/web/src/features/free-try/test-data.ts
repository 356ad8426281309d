import { vi } from 'vitest';
import type { FreeTry, InspirationExample } from '@estancia/contracts';

export const TRY_ID = 'c0a8012e-7f3b-4c2d-9e1a-5b6c7d8e9f01';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export function aFreeTry(overrides: Partial<FreeTry> = {}): FreeTry {
  return {
    id: TRY_ID,
    previewUrl: `/data/media/free-try/${TRY_ID}/preview-1`,
    originalUrl: `/data/media/free-try/${TRY_ID}/original`,
    roomType: 'livingroom',
    style: 'modern',
    expiresAt: inMinutes(15),
    ...overrides,
  };
}

export const anExpiredFreeTry = () => aFreeTry({ expiresAt: inMinutes(-1) });

export const inspiration: InspirationExample[] = [
  {
    id: 'ex-1',
    roomType: 'kitchen',
    style: 'rustic',
    beforeUrl: '/data/media/inspiration/ex-1-before',
    afterUrl: '/data/media/inspiration/ex-1-after',
  },
];

/** The try as a previous visit left it in this browser. */
export const storeTry = (freeTry: FreeTry) => window.localStorage.setItem('freeTry', JSON.stringify(freeTry));

/** An account made `minutes` ago. */
export const createdMinutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * The shared fake records JSON bodies only; the free try's multipart body is recorded as its fields,
 * the file by its name.
 */
export function recordFreeTryUpload(inner: typeof fetch) {
  const wrapper = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      const fields = Object.fromEntries(
        [...init.body.entries()].map(([key, value]) => [key, value instanceof File ? value.name : value]),
      );
      return inner(input, { ...init, body: JSON.stringify(fields) });
    }
    return inner(input, init);
  });
  vi.stubGlobal('fetch', wrapper);
}
