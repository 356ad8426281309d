import { io } from 'socket.io-client';
import { HUB_NAMESPACE, type PlatformStatus } from '@estancia/contracts';
import { queryClient, queryKeys } from '../../shared/query-client';
import { session } from '../session/session';
import { RealtimeClient } from './realtime-client';

/** The one hub connection of this tab; its retry policy is ours, so socket.io's own is turned off. */
export const realtime = new RealtimeClient({
  createSocket: (token) => io(HUB_NAMESPACE, { auth: { token }, autoConnect: false, reconnection: false }),
  handlers: {
    UserConfirmation: (user) => {
      if (session.getState().user) session.setUser(user);
    },
    PlatformStatus: (status) => queryClient.setQueryData<PlatformStatus>(queryKeys.platformStatus, status),
  },
  log: (message, error) => console.warn(`[realtime] ${message}`, error ?? ''),
});
