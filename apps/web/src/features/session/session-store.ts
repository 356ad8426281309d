import { STORAGE_KEYS, type SessionResponse, type User } from '@estancia/contracts';

export interface SessionState {
  user: User | null;
  token: string;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Login, register-with-token, Google login, profile load and password change all end here. */
  signIn(session: SessionResponse): void;
  setUser(user: User): void;
  /** Lowers the displayed credits after a spend, when a user exists. */
  reduceCredits(amount: number): void;
  /** Forgets the session and what belongs to it on this device (token, credits, selections, pending download). */
  clear(): void;
  /** Reacts to another tab changing local storage. */
  handleStorageEvent(event: Pick<StorageEvent, 'key' | 'newValue' | 'storageArea'>): void;
}

export interface SessionStoreDeps {
  storage: Storage;
  reload: () => void;
}

export function createSessionStore({ storage, reload }: SessionStoreDeps): SessionStore {
  let state: SessionState = { user: null, token: storage.getItem(STORAGE_KEYS.token) ?? '' };
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const storeCredits = (credits: number) => storage.setItem(STORAGE_KEYS.credits, String(credits));

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ token, user }) {
      storage.setItem(STORAGE_KEYS.token, token);
      storeCredits(user.credits);
      set({ token, user });
    },
    setUser(user) {
      storeCredits(user.credits);
      set({ ...state, user });
    },
    reduceCredits(amount) {
      if (!state.user) return;
      const credits = Math.max(0, state.user.credits - amount);
      storeCredits(credits);
      set({ ...state, user: { ...state.user, credits } });
    },
    clear() {
      const owned: string[] = [
        STORAGE_KEYS.token,
        STORAGE_KEYS.credits,
        STORAGE_KEYS.pendingDownload,
        STORAGE_KEYS.pendingImage,
        STORAGE_KEYS.postLoginRedirect,
      ];
      for (let i = storage.length - 1; i >= 0; i--) {
        const key = storage.key(i);
        if (key?.startsWith(STORAGE_KEYS.decorationSelectionPrefix)) owned.push(key);
      }
      owned.forEach((key) => storage.removeItem(key));
      set({ user: null, token: '' });
    },
    handleStorageEvent({ key, newValue, storageArea }) {
      if (storageArea && storageArea !== storage) return;
      // key null means the other tab cleared everything, the token included.
      if (key === null || key === STORAGE_KEYS.token) {
        if ((newValue ?? '') !== state.token) reload();
        return;
      }
      if (key === STORAGE_KEYS.credits && state.user && newValue !== null) {
        const credits = Number(newValue);
        if (Number.isInteger(credits) && credits !== state.user.credits)
          set({ ...state, user: { ...state.user, credits } });
      }
    },
  };
}
