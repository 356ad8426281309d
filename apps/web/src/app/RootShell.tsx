import { useEffect, useRef } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useLangParam } from '../features/language/hooks/useLanguage';
import { PendingFreeDownload } from '../features/free-try/components/PendingFreeDownload';
import { useScrollToHash } from '../features/navigation/hooks/useScrollToHash';
import { Notifications } from '../features/notifications/components/Notifications';
import { useRealtimeConnection } from '../features/realtime/hooks/useRealtimeConnection';
import { useAccountBlocked } from '../features/session/account-blocked';
import { AccountBlockedPage } from '../features/session/components/AccountBlockedPage';
import { useCrossTabSession } from '../features/session/hooks/useCrossTabSession';
import type { RouteName } from './route-meta';

export interface RouteHandle {
  name: RouteName;
}

/** Navigating to a different route name scrolls smoothly to the top; same-route changes keep the place. */
function useScrollToTopOnRouteChange(): void {
  const matches = useMatches();
  const name = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.name;
  const previous = useRef(name);
  useEffect(() => {
    if (previous.current !== name) window.scrollTo({ top: 0, behavior: 'smooth' });
    previous.current = name;
  }, [name]);
}

/**
 * What every page shares: language from the URL, the session across tabs, the hub connection,
 * notifications, and what follows a sign-in (the saved redirect and the pending free download).
 */
export function RootShell() {
  useLangParam();
  useCrossTabSession();
  useRealtimeConnection();
  useScrollToTopOnRouteChange();
  useScrollToHash();
  const blocked = useAccountBlocked();
  return (
    <>
      {blocked ? <AccountBlockedPage /> : <Outlet />}
      <PendingFreeDownload />
      <Notifications />
    </>
  );
}
