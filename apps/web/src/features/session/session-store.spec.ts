import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { aUser } from '../../test/fake-api';
import { createSessionStore } from './session-store';

const setup = () => {
  const reload = vi.fn();
  const store = createSessionStore({ storage: window.localStorage, reload });
  return { store, reload };
};

describe('session store', () => {
  it('starts empty, or with the stored token', () => {
    expect(setup().store.getState()).toEqual({ user: null, token: '' });
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    expect(setup().store.getState()).toEqual({ user: null, token: 'stored' });
  });

  it('stores token and credits when signing in', () => {
    const { store } = setup();
    store.signIn({ token: 'abc', user: aUser({ credits: 4 }) });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(window.localStorage.getItem(STORAGE_KEYS.credits)).toBe('4');
    expect(store.getState().user?.credits).toBe(4);
  });

  it('reduces credits by an amount, never below zero, only when a user exists', () => {
    const { store } = setup();
    store.reduceCredits(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.credits)).toBeNull();
    store.signIn({ token: 'abc', user: aUser({ credits: 3 }) });
    store.reduceCredits(2);
    expect(store.getState().user?.credits).toBe(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.credits)).toBe('1');
    store.reduceCredits(5);
    expect(store.getState().user?.credits).toBe(0);
  });

  it('forgets token, credits, decoration selections and pending download data, and nothing else', () => {
    const { store } = setup();
    store.signIn({ token: 'abc', user: aUser() });
    window.localStorage.setItem(`${STORAGE_KEYS.decorationSelectionPrefix}style`, 'modern');
    window.localStorage.setItem(STORAGE_KEYS.pendingDownload, '1');
    window.localStorage.setItem(STORAGE_KEYS.pendingImage, '1');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'ca');
    store.clear();
    expect(store.getState()).toEqual({ user: null, token: '' });
    expect(Object.keys(window.localStorage)).toEqual([STORAGE_KEYS.lang]);
  });

  it('reloads the page when another tab changes or removes the token', () => {
    const { store, reload } = setup();
    store.signIn({ token: 'abc', user: aUser() });
    store.handleStorageEvent({ key: STORAGE_KEYS.token, newValue: 'abc', storageArea: window.localStorage });
    expect(reload).not.toHaveBeenCalled();
    store.handleStorageEvent({
      key: STORAGE_KEYS.token,
      newValue: 'other',
      storageArea: window.localStorage,
    });
    expect(reload).toHaveBeenCalledTimes(1);
    store.handleStorageEvent({ key: STORAGE_KEYS.token, newValue: null, storageArea: window.localStorage });
    expect(reload).toHaveBeenCalledTimes(2);
    store.handleStorageEvent({ key: null, newValue: null, storageArea: window.localStorage });
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('shows credits another tab stored', () => {
    const { store, reload } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn({ token: 'abc', user: aUser({ credits: 3 }) });
    store.handleStorageEvent({ key: STORAGE_KEYS.credits, newValue: '12', storageArea: window.localStorage });
    expect(store.getState().user?.credits).toBe(12);
    store.handleStorageEvent({
      key: STORAGE_KEYS.credits,
      newValue: 'junk',
      storageArea: window.localStorage,
    });
    expect(store.getState().user?.credits).toBe(12);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores changes to session storage and to unrelated keys', () => {
    const { store, reload } = setup();
    store.signIn({ token: 'abc', user: aUser() });
    store.handleStorageEvent({ key: STORAGE_KEYS.token, newValue: 'x', storageArea: window.sessionStorage });
    store.handleStorageEvent({ key: STORAGE_KEYS.lang, newValue: 'en', storageArea: window.localStorage });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reacts to a real storage event from another tab through the window listener', async () => {
    const { useCrossTabSession } = await import('./hooks/useCrossTabSession');
    const { session } = await import('./session');
    const { renderHook } = await import('@testing-library/react');
    session.signIn({ token: 'abc', user: aUser({ credits: 2 }) });
    renderHook(() => useCrossTabSession());
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.credits,
        newValue: '7',
        storageArea: window.localStorage,
      }),
    );
    expect(session.getState().user?.credits).toBe(7);
    session.clear();
  });
});
