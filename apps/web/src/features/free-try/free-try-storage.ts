import { freeTrySchema, LIMITS, STORAGE_KEYS, type FreeTry } from '@estancia/contracts';
import { rememberPostLoginRedirect } from '../session/post-login-redirect';

/**
 * What this browser remembers of the free try, in local storage. The pending-download keys are the spec's
 * (section 3, STORAGE_KEYS); the visitor id, the try being shown and a paid download waiting for its
 * checkout are this feature's own.
 */
const VISITOR_KEY = 'freeTryVisitor';
const CURRENT_TRY_KEY = 'freeTry';
const PENDING_PURCHASE_KEY = 'freeTryPurchase';

const storage = () => window.localStorage;

/** The random id the API counts this browser's free tries by (header `x-estancia-visitor`). */
export function visitorId(): string {
  let id = storage().getItem(VISITOR_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage().setItem(VISITOR_KEY, id);
  }
  return id;
}

export const isExpired = (freeTry: Pick<FreeTry, 'expiresAt'>, now = Date.now()): boolean =>
  Date.parse(freeTry.expiresAt) <= now;

/** The try shown on the page, kept so a reload or a sign-in shows it again until its images are deleted. */
export function saveCurrentTry(freeTry: FreeTry): void {
  storage().setItem(CURRENT_TRY_KEY, JSON.stringify(freeTry));
}

export function loadCurrentTry(): FreeTry | null {
  try {
    const parsed = freeTrySchema.safeParse(JSON.parse(storage().getItem(CURRENT_TRY_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetCurrentTry(): void {
  storage().removeItem(CURRENT_TRY_KEY);
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
