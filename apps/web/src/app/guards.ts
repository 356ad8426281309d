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
}: GuardInput): GuardDecision {
  if (isMaintenanceMode)
    return route.name === 'UpdatingPlatform' ? render : redirect(pathTo('UpdatingPlatform'));
  if (route.name === 'UpdatingPlatform') return redirect(pathTo('MyProjects'));
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
