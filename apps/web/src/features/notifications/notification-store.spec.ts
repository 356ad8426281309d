import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, TOAST_HIDE_ANIMATION_MS } from './notification-store';

describe('notification store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a toast after 4000 ms by default, then removes it after its hide animation', () => {
    const store = createNotificationStore();
    store.toast('error', { key: 'errors:INTERNAL' });
    expect(store.getState().toasts).toMatchObject([{ type: 'error', show: true }]);
    vi.advanceTimersByTime(3999);
    expect(store.getState().toasts[0].show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts[0].show).toBe(false);
    vi.advanceTimersByTime(TOAST_HIDE_ANIMATION_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('keeps each toast on its own clock and honours a custom duration', () => {
    const store = createNotificationStore();
    store.toast('warning', { key: 'a' }, 1000);
    store.toast('information', { key: 'b' });
    vi.advanceTimersByTime(1000 + TOAST_HIDE_ANIMATION_MS);
    expect(store.getState().toasts.map((t) => t.message.key)).toEqual(['b']);
  });

  it('shows at most three toasts, the newest, and never two copies of one message', () => {
    const store = createNotificationStore();
    for (const key of ['a', 'b', 'c', 'd', 'e']) store.toast('error', { key });
    const showing = () =>
      store
        .getState()
        .toasts.filter((t) => t.show)
        .map((t) => t.message.key);
    expect(showing()).toEqual(['c', 'd', 'e']);
    store.toast('error', { key: 'd' });
    store.toast('error', { key: 'd' });
    expect(showing()).toEqual(['c', 'e', 'd']);
    vi.advanceTimersByTime(TOAST_HIDE_ANIMATION_MS);
    expect(store.getState().toasts).toHaveLength(3);
  });

  it('dismisses a toast on demand', () => {
    const store = createNotificationStore();
    const id = store.toast('information', { key: 'a' });
    store.dismissToast(id);
    vi.advanceTimersByTime(TOAST_HIDE_ANIMATION_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('clears the docked message after 5000 ms', () => {
    const store = createNotificationStore();
    store.dock({ key: 'first' });
    vi.advanceTimersByTime(4999);
    expect(store.getState().docked).toEqual({ key: 'first' });
    vi.advanceTimersByTime(1);
    expect(store.getState().docked).toBeNull();
  });

  it('lets a new docked message cancel the previous timer', () => {
    const store = createNotificationStore();
    store.dock({ key: 'first' });
    vi.advanceTimersByTime(4000);
    store.dock({ key: 'second' });
    vi.advanceTimersByTime(1500);
    // The first message's timer would have fired here.
    expect(store.getState().docked).toEqual({ key: 'second' });
    vi.advanceTimersByTime(3500);
    expect(store.getState().docked).toBeNull();
  });

  it('counts new favourites and resets the counter', () => {
    const store = createNotificationStore();
    store.addNewFavourites();
    store.addNewFavourites(2);
    expect(store.getState().newFavourites).toBe(3);
    store.resetNewFavourites();
    expect(store.getState().newFavourites).toBe(0);
  });

  it('tells subscribers about each change', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast('error', { key: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dock({ key: 'y' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
