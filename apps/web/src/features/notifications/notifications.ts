import { useSyncExternalStore } from 'react';
import { createNotificationStore, type NotificationState } from './notification-store';

/** The one notification store of this tab. */
export const notifications = createNotificationStore();

export function useNotifications(): NotificationState {
  return useSyncExternalStore(notifications.subscribe, notifications.getState);
}
