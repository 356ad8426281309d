import { useSyncExternalStore } from 'react';

/**
 * Set when the API or the hub says this tab's account was blocked by staff (ACCOUNT_BLOCKED, the hub's
 * AccountBlocked): the app shows the blocked page instead of silently signing out to the visitor pages.
 */
export function createAccountBlockedStore() {
  let blocked = false;
  const listeners = new Set<() => void>();
  return {
    get: () => blocked,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value: boolean) {
      if (blocked === value) return;
      blocked = value;
      listeners.forEach((listener) => listener());
    },
  };
}

export const accountBlocked = createAccountBlockedStore();

export function useAccountBlocked(): boolean {
  return useSyncExternalStore(accountBlocked.subscribe, accountBlocked.get);
}
