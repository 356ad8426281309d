import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionState } from './session-store';

/** The one session of this tab. */
export const session = createSessionStore({
  storage: window.localStorage,
  reload: () => window.location.reload(),
});

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
