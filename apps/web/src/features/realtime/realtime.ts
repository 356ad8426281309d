import { io } from 'socket.io-client';
import { HUB_NAMESPACE, type PlatformStatus, type ServerToClientEvents } from '@estancia/contracts';
import { queryClient, queryKeys } from '../../shared/query-client';
import { applyDecorationProgress, refreshOpenProjects, refreshProject } from '../decorations/live-updates';
import { applyDescriptionConfirmation } from '../descriptions/live-updates';
import { hubPresence } from '../platform/hub-presence';
import { session } from '../session/session';
import { signOutBlocked } from '../session/signed-out-blocked';
import { RealtimeClient } from './realtime-client';

/** What the app does with each server event. */
export const realtimeHandlers: Partial<ServerToClientEvents> = {
  UserConfirmation: (user) => {
    if (session.getState().user) session.setUser(user);
  },
  PlatformStatus: (status) => queryClient.setQueryData<PlatformStatus>(queryKeys.platformStatus, status),
  DecorationProgress: (event) => applyDecorationProgress(queryClient, event),
  SendProjectDecorationConfirm: (projectId) => void refreshProject(queryClient, projectId),
  SendProjectDecorationRetryConfirm: (projectId) => void refreshProject(queryClient, projectId),
  DescriptionConfirmation: (payload) => applyDescriptionConfirmation(queryClient, payload),
};

/**
 * The platform poll slows down while pushes arrive and speeds up when they cannot (usePlatform); each change
 * re-reads the status, which also catches a switch pushed while the socket was down.
 */
const recheckPlatform = () => void queryClient.invalidateQueries({ queryKey: queryKeys.platformStatus });

/** The one hub connection of this tab; its retry policy is ours, so socket.io's own is turned off. */
export const realtime = new RealtimeClient({
  createSocket: (token) => {
    const socket = io(HUB_NAMESPACE, { auth: { token }, autoConnect: false, reconnection: false });
    let reconnecting = false;
    socket.on('connect', () => {
      recheckPlatform();
      if (reconnecting) refreshOpenProjects(queryClient);
      reconnecting = true;
    });
    socket.on('disconnect', recheckPlatform);
    return socket;
  },
  handlers: realtimeHandlers,
  onBlocked: signOutBlocked,
  log: (message, error) => console.warn(`[realtime] ${message}`, error ?? ''),
});

// The platform poll asks this connection whether pushes can reach the tab.
hubPresence.track(() => realtime.connected);
