import { LIMITS, STORAGE_KEYS, type FreeTry } from '@estancia/contracts';
import { rememberPostLoginRedirect } from '../session/post-login-redirect';

/**
 * What this browser remembers of the free try, in local storage. The pending-download keys are the spec's
 * (section 3, STORAGE_KEYS); the visitor id, the try being shown and a paid download waiting for its
 * checkout are this feature's own.
 */
const VISITOR_KEY = 'freeTryVisitor';
const PENDING_PURCHASE_KEY = 'freeTryPurchase';

export const storage = () => window.localStorage;

/** The random id the API counts this browser's free tries by (header `x-estancia-visitor`). */
export function visitorId(): string {
  let id = storage().getItem(VISITOR_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage().setItem(VISITOR_KEY, id);
  }
  return id;
}

/** The visitor chose to register (or log in) to download: the try waits for the first sign-in (spec section 4). */
export function storePendingDownload(freeTry: FreeTry, redirect: string): void {
  storage().setItem(STORAGE_KEYS.pendingDownload, freeTry.id);
  storage().setItem(STORAGE_KEYS.pendingImage, freeTry.previewUrl);
  rememberPostLoginRedirect(redirect);
}

export const pendingDownload = (): string | null => storage().getItem(STORAGE_KEYS.pendingDownload);

export function clearPendingDownload(): void {
  storage().removeItem(STORAGE_KEYS.pendingDownload);
  storage().removeItem(STORAGE_KEYS.pendingImage);
}

const freeDownloadKey = (email: string) =>
  `${STORAGE_KEYS.freeDownloadUsedPrefix}${email.trim().toLowerCase()}`;

/** The per-e-mail flag: this e-mail has had its one free HD download on this browser. */
export const isFreeDownloadUsed = (email: string): boolean =>
  storage().getItem(freeDownloadKey(email)) !== null;

export function markFreeDownloadUsed(email: string): void {
  storage().setItem(freeDownloadKey(email), 'true');
}

/** The free download after sign-up is only for accounts at most an hour old (spec section 9). */
export const isWithinFreeDownloadWindow = (createdAt: string, now = Date.now()): boolean =>
  now - Date.parse(createdAt) <= LIMITS.freeDownloadWindowMinutes * 60_000;

/** A signed-in user paying 2.99 EUR for a try's HD image: the try waits here while they are at the gateway. */
export function storePendingPurchase(tryId: string): void {
  storage().setItem(PENDING_PURCHASE_KEY, tryId);
}

export function takePendingPurchase(): string | null {
  const id = storage().getItem(PENDING_PURCHASE_KEY);
  storage().removeItem(PENDING_PURCHASE_KEY);
  return id;
}
