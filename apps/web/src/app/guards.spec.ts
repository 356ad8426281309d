import { describe, expect, it } from 'vitest';
import type { User } from '@estancia/contracts';
import { aUser, subscribed } from '../test/fake-api';
import { afterSignIn, resolveGuard, type GuardInput } from './guards';
import { ROUTES, routeMeta, type RouteName } from './route-meta';

const input = (name: RouteName, overrides: Partial<Omit<GuardInput, 'route'>> = {}): GuardInput => ({
  route: routeMeta(name),
  user: null,
  hasToken: false,
  isMaintenanceMode: false,
  ...overrides,
});
const signedIn = (user: User = subscribed()) => ({ user, hasToken: true });

describe('navigation guards', () => {
  it('sends every route but UpdatingPlatform to UpdatingPlatform in maintenance mode, signed in or not', () => {
    for (const route of ROUTES.filter((r) => r.name !== 'UpdatingPlatform')) {
      expect(resolveGuard(input(route.name, { isMaintenanceMode: true }))).toEqual({
        kind: 'redirect',
        to: '/updating-platform',
      });
      expect(resolveGuard(input(route.name, { isMaintenanceMode: true, ...signedIn() }))).toEqual({
        kind: 'redirect',
        to: '/updating-platform',
      });
    }
    expect(resolveGuard(input('UpdatingPlatform', { isMaintenanceMode: true }))).toEqual({ kind: 'render' });
  });

  it('sends UpdatingPlatform to MyProjects when maintenance is off', () => {
    expect(resolveGuard(input('UpdatingPlatform', signedIn()))).toEqual({
      kind: 'redirect',
      to: '/my-projects',
    });
    expect(resolveGuard(input('UpdatingPlatform'))).toEqual({ kind: 'redirect', to: '/my-projects' });
  });

  it('remembers where the customer was when maintenance began, and returns there when it ends', () => {
    expect(
      resolveGuard(input('Project', { isMaintenanceMode: true, ...signedIn(), here: '/project/p1?tab=2' })),
    ).toEqual({ kind: 'redirect', to: '/updating-platform?from=%2Fproject%2Fp1%3Ftab%3D2' });
    expect(resolveGuard(input('UpdatingPlatform', { ...signedIn(), from: '/project/p1?tab=2' }))).toEqual({
      kind: 'redirect',
      to: '/project/p1?tab=2',
    });
    // Only an address of this app: another site, or the updating page itself, falls back to MyProjects.
    for (const from of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/updating-platform',
      '',
    ])
      expect(resolveGuard(input('UpdatingPlatform', { ...signedIn(), from }))).toEqual({
        kind: 'redirect',
        to: '/my-projects',
      });
  });

  it('opens the public routes without a user', () => {
    const publicRoutes: RouteName[] = [
      'Register',
      'StripeConfirmation',
      'ContactUs',
      'Offers',
      'GetStarted',
      'FileUpload',
      'Login',
    ];
    for (const name of publicRoutes) expect(resolveGuard(input(name))).toEqual({ kind: 'render' });
  });

  it('sends the other routes to Login with redirectTo holding the wanted route name', () => {
    const privateRoutes: RouteName[] = [
      'Account',
      'Help',
      'AddCard',
      'NewProject',
      'Project',
      'ReportProblem',
      'MyProjects',
      'ApiIntegration',
    ];
    for (const name of privateRoutes) {
      expect(resolveGuard(input(name))).toEqual({ kind: 'redirect', to: `/login/?redirectTo=${name}` });
    }
  });

  it('redirects / to MyProjects with a user and to Login without', () => {
    expect(resolveGuard(input('Home'))).toEqual({ kind: 'redirect', to: '/login/' });
    expect(resolveGuard(input('Home', signedIn()))).toEqual({ kind: 'redirect', to: '/my-projects' });
  });

  it('loads the profile first when a token is stored but no user is loaded', () => {
    for (const name of ['Home', 'Account', 'Login', 'Register'] as const) {
      expect(resolveGuard(input(name, { hasToken: true }))).toEqual({ kind: 'loadProfile' });
    }
  });

  it('sends a signed-in user from Login to MyProjects, or to the route named by redirectTo', () => {
    expect(resolveGuard(input('Login', signedIn()))).toEqual({ kind: 'redirect', to: '/my-projects' });
    expect(resolveGuard(input('Login', { ...signedIn(), redirectTo: 'Account' }))).toEqual({
      kind: 'redirect',
      to: '/account',
    });
    // Names that need parameters or make no sense after signing in fall back to MyProjects.
    expect(afterSignIn('Project')).toBe('MyProjects');
    expect(afterSignIn('Login')).toBe('MyProjects');
    expect(afterSignIn('<script>')).toBe('MyProjects');
    expect(afterSignIn('NewProject')).toBe('NewProject');
  });

  it('sends a signed-in user away from the free try to MyProjects', () => {
    expect(resolveGuard(input('FileUpload', signedIn()))).toEqual({ kind: 'redirect', to: '/my-projects' });
  });

  it('sends a user without an active subscription from MyProjects to GetStarted', () => {
    expect(resolveGuard(input('MyProjects', signedIn(aUser())))).toEqual({
      kind: 'redirect',
      to: '/get-started',
    });
    expect(resolveGuard(input('MyProjects', signedIn(subscribed())))).toEqual({ kind: 'render' });
  });

  it('renders private routes for a signed-in user', () => {
    expect(resolveGuard(input('Account', signedIn(aUser())))).toEqual({ kind: 'render' });
    expect(resolveGuard(input('Project', signedIn(aUser())))).toEqual({ kind: 'render' });
  });
});
