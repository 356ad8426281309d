import { useEffect } from 'react';
import { useSession } from '../../session/session';
import { realtime } from '../realtime';

/** Opens the hub connection once a user is signed in and closes it on purpose when they leave. */
export function useRealtimeConnection(): void {
  const { user, token } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (userId && token) realtime.connect(userId, token);
    else realtime.disconnect();
  }, [userId, token]);
}
