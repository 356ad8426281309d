import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component with any props.
type AnyComponent = ComponentType<any>;

/** A page whose code is its own chunk, fetched the first time the page is shown (or preloaded). */
export type LazyPage<C extends AnyComponent> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
};

/** Set before reloading for a chunk that no longer exists, so a missing chunk reloads the page once, not forever. */
const RELOADED_KEY = 'estancia:chunk-reload';

/**
 * After a release the old hashed chunks are gone: a tab opened before it fails to load a page it has
 * not shown yet. Reloading once fetches the new index.html and its chunks; a second failure is an error.
 */
function reloadOnceFor(error: unknown): never {
  let reloaded = true;
  try {
    reloaded = window.sessionStorage.getItem(RELOADED_KEY) !== null;
    if (!reloaded) window.sessionStorage.setItem(RELOADED_KEY, '1');
  } catch {
    // Storage refused (private mode): no reload, the error boundary explains.
  }
  if (!reloaded) window.location.reload();
  throw error;
}

/**
 * `React.lazy` for a module's named page export, with `preload()` so the chunk downloads while the route's
 * guards still wait for the session and platform status.
 */
export function lazyPage<K extends string, M extends { [key in K]: AnyComponent }>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> {
  let loading: Promise<{ default: M[K] }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        try {
          window.sessionStorage.removeItem(RELOADED_KEY);
        } catch {
          // Nothing to clear.
        }
        return { default: module[name] };
      },
      (error: unknown) => {
        loading = undefined; // a later preload tries again
        return reloadOnceFor(error);
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
