import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import type { SaveStatus } from '@estancia/editor';

export interface LeaveAfterSaving {
  /** Follows the editor's autosave (its `onSaveStatusChange`). */
  readonly onSaveStatusChange: (status: SaveStatus) => void;
  /** A navigation is held: `waiting` until the save ends (then it goes on by itself), `failed` if it did not. */
  readonly held: 'waiting' | 'failed' | null;
  readonly stay: () => void;
  readonly leave: () => void;
}

/**
 * Autosave makes an unsaved-changes prompt unnecessary, except while a save is due or under way:
 * leaving within the app then waits for it (and warns if it fails); closing the tab asks the browser
 * to confirm.
 */
export function useLeaveAfterSaving(): LeaveAfterSaving {
  const [status, setStatus] = useState<SaveStatus>('saved');
  // The blocker reads the latest status at the moment of navigating, not the one of the last render.
  const latest = useRef<SaveStatus>('saved');
  const onSaveStatusChange = useCallback((next: SaveStatus) => {
    latest.current = next;
    setStatus(next);
  }, []);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      latest.current !== 'saved' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state === 'blocked' && status === 'saved') blocker.proceed();
  }, [blocker, status]);

  useEffect(() => {
    if (status === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  const blocked = blocker.state === 'blocked';
  return {
    onSaveStatusChange,
    held: blocked ? (status === 'error' ? 'failed' : 'waiting') : null,
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
