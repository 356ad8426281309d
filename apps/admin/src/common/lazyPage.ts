import { type ComponentType, lazy } from 'react';

/**
 * A page that loads with its route, not with the console: the sign-in screen downloads none of the lists, forms
 * and charts. react-admin's layout shows its loading indicator meanwhile (a Suspense around the page).
 */
export const lazyPage = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));
