import { freeTrySchema, type FreeTry } from '@estancia/contracts';
import { storage } from './free-try-storage';

// The try shown on the free-try page, apart from free-try-storage (which every page loads) because reading
// it back validates with the contract's schema, and zod belongs to the pages that show a try.
const CURRENT_TRY_KEY = 'freeTry';

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
