import type { User } from '@estancia/contracts';
import { isRouteName, needsNoParams, pathTo, type RouteMeta, type RouteName } from './route-meta';

export interface GuardInput {
  route: RouteMeta;
  user: User | null;
  /** A token is stored and its profile has not failed to load. */
  hasToken: boolean;
  isMaintenanceMode: boolean;
  /** The `redirectTo` query parameter: the route name to open after signing in. */
  redirectTo?: string | null;
  /** The address being opened (path and query), kept while maintenance lasts so the customer comes back to it. */
  here?: string;
  /** UpdatingPlatform's `from` query parameter: the address the customer was on when maintenance began. */
  from?: string | null;
}

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'loadProfile' };

const render: GuardDecision = { kind: 'render' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** The navigation guards of spec section 2, in the order they apply. */
export function resolveGuard({
  route,
  user,
  hasToken,
  isMaintenanceMode,
  redirectTo,
  here,
  from,
}: GuardInput): GuardDecision {
  if (isMaintenanceMode) {
    if (route.name === 'UpdatingPlatform') return render;
    return redirect(pathTo('UpdatingPlatform', {}, here ? { from: here } : undefined));
  }
  if (route.name === 'UpdatingPlatform') return redirect(returnAddress(from) ?? pathTo('MyProjects'));
  if (hasToken && !user) return { kind: 'loadProfile' };
  if (route.name === 'Home') return redirect(pathTo(user ? 'MyProjects' : 'Login'));
  if (!user) return route.isPublic ? render : redirect(pathTo('Login', {}, { redirectTo: route.name }));
  if (route.name === 'Login') return redirect(pathTo(afterSignIn(redirectTo)));
  if (route.name === 'FileUpload') return redirect(pathTo('MyProjects'));
  if (route.name === 'MyProjects' && !user.userSubscription.isActive) return redirect(pathTo('GetStarted'));
  return render;
}

/** Where a user who just signed in goes: the wanted route when it can be opened by name, else MyProjects. */
export function afterSignIn(redirectTo: string | null | undefined): RouteName {
  const usable =
    isRouteName(redirectTo) &&
    needsNoParams(redirectTo) &&
    !['Home', 'Login', 'PageNotFound'].includes(redirectTo);
  return usable ? redirectTo : 'MyProjects';
}

/** An address of this app to return to: a path on this origin, never another site or the updating page itself. */
export function returnAddress(from: string | null | undefined): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  return from.startsWith(pathTo('UpdatingPlatform')) ? null : from;
}
