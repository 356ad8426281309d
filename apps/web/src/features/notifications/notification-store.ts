import { TIMINGS } from '@estancia/contracts';

export type ToastType = 'error' | 'warning' | 'information';

/** A message as an i18n key (in the web namespace unless prefixed, e.g. `errors:RATE_LIMITED`). */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: Message;
  /** False while the toast plays its hide animation, just before it is removed. */
  show: boolean;
}

export interface NotificationState {
  toasts: Toast[];
  newFavourites: number;
  docked: Message | null;
}

/** How long a hidden toast stays mounted so its exit animation can play. */
export const TOAST_HIDE_ANIMATION_MS = 300;
/** At most this many toasts show at once: a burst of failures must not cover the page. */
export const MAX_VISIBLE_TOASTS = 3;

const sameMessage = (a: Message, b: Message) =>
  a.key === b.key && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

export interface NotificationStore {
  getState(): NotificationState;
  subscribe(listener: () => void): () => void;
  toast(type: ToastType, message: Message, durationMs?: number): number;
  dismissToast(id: number): void;
  dock(message: Message, durationMs?: number): void;
  undock(): void;
  addNewFavourites(count?: number): void;
  resetNewFavourites(): void;
}

export function createNotificationStore(): NotificationStore {
  let state: NotificationState = { toasts: [], newFavourites: 0, docked: null };
  let nextId = 1;
  let dockTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: NotificationState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const remove = (id: number) => set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
  const hide = (id: number) => {
    if (!state.toasts.some((t) => t.id === id && t.show)) return;
    set({ ...state, toasts: state.toasts.map((t) => (t.id === id ? { ...t, show: false } : t)) });
    setTimeout(() => remove(id), TOAST_HIDE_ANIMATION_MS);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast(type, message, durationMs = TIMINGS.toastMs) {
      // The same message again replaces the one showing (restarting its clock) instead of stacking a copy.
      state.toasts
        .filter((t) => t.show && t.type === type && sameMessage(t.message, message))
        .forEach((t) => hide(t.id));
      const id = nextId++;
      set({ ...state, toasts: [...state.toasts, { id, type, message, show: true }] });
      setTimeout(() => hide(id), durationMs);
      // Past the limit, the oldest ones give way.
      const showing = state.toasts.filter((t) => t.show);
      showing.slice(0, Math.max(0, showing.length - MAX_VISIBLE_TOASTS)).forEach((t) => hide(t.id));
      return id;
    },
    dismissToast: hide,
    dock(message, durationMs = TIMINGS.dockedMessageMs) {
      // A new docked message replaces the old one and restarts the clock.
      clearTimeout(dockTimer);
      set({ ...state, docked: message });
      dockTimer = setTimeout(() => set({ ...state, docked: null }), durationMs);
    },
    undock() {
      clearTimeout(dockTimer);
      set({ ...state, docked: null });
    },
    addNewFavourites(count = 1) {
      set({ ...state, newFavourites: state.newFavourites + count });
    },
    resetNewFavourites() {
      set({ ...state, newFavourites: 0 });
    },
  };
}
