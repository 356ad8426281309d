import { useEffect } from 'react';
import { session } from '../session';

/** Another tab signing in or out reloads this one; its credit changes show here too. */
export function useCrossTabSession(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => session.handleStorageEvent(event);
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
