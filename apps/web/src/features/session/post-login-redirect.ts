import { STORAGE_KEYS } from '@estancia/contracts';

/** Where a visitor wants to be once signed in (spec section 3, `postLoginRedirect`), kept across Register. */
export function rememberPostLoginRedirect(path: string): void {
  window.localStorage.setItem(STORAGE_KEYS.postLoginRedirect, path);
}

/** Reads the saved redirect once. Only paths of this app count: a stored URL must not send the user away. */
export function takePostLoginRedirect(): string | null {
  const redirect = window.localStorage.getItem(STORAGE_KEYS.postLoginRedirect);
  window.localStorage.removeItem(STORAGE_KEYS.postLoginRedirect);
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : null;
}
