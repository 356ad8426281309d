import { useEffect } from 'react';
import { useSession } from '../../session/session';

type RealtimeModule = typeof import('../realtime');

/** socket.io-client is fetched at the first sign-in: pages for visitors (sign-in, register) never need it. */
let hub: Promise<RealtimeModule> | null = null;

/** Opens the hub connection once a user is signed in and closes it on purpose when they leave. */
export function useRealtimeConnection(): void {
  const { user, token } = useSession();
  const userId = user?.id;
  useEffect(() => {
    // Chained on the one import, the connects and disconnects keep their order.
    if (userId && token) {
      hub ??= import('../realtime').catch((error: unknown) => {
        hub = null; // the next sign-in or token change tries again
        throw error;
      });
      hub.then(
        ({ realtime }) => realtime.connect(userId, token),
        (error: unknown) => console.warn('[realtime] the hub client could not be loaded', error),
      );
    } else void hub?.then(({ realtime }) => realtime.disconnect());
  }, [userId, token]);
}
