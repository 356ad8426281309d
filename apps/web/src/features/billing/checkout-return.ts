/**
 * Where a customer left for the payment gateway from (the new-project wizard, a project), so the
 * payment result can send them back. Kept in sessionStorage: it survives the trip to the gateway and
 * back in the same tab, and another tab's purchase from the offers page never picks it up.
 */
const KEY = 'checkoutReturn';

/** Older than a checkout session can live: the customer has moved on. */
const MAX_AGE_MS = 2 * 60 * 60 * 1000;

interface Remembered {
  path: string;
  sessionId: string;
  at: number;
}

/** Only a path inside the app: never a stored absolute or protocol-relative address. */
const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

function read(): Remembered | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Partial<Remembered> | null;
    if (!value || !isAppPath(value.path) || typeof value.sessionId !== 'string') return null;
    if (typeof value.at !== 'number' || Date.now() - value.at > MAX_AGE_MS) return null;
    return value as Remembered;
  } catch {
    return null;
  }
}

export const checkoutReturn = {
  remember(path: string, sessionId: string): void {
    if (!isAppPath(path)) return;
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify({ path, sessionId, at: Date.now() }));
    } catch {
      // Storage full or blocked: the payment still works, the way back is the customer's.
    }
  },
  /** The way back after the gateway answered for this session (the success page knows its session id). */
  pathFor(sessionId: string): string | null {
    const remembered = read();
    return remembered && remembered.sessionId === sessionId ? remembered.path : null;
  },
  /** The way back after a cancel, whose page does not carry the session id. */
  recent(): string | null {
    return read()?.path ?? null;
  },
  forget(): void {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing to forget when storage is blocked.
    }
  },
};
