import { generatePath } from 'react-router-dom';

export const LAYOUTS = ['default', 'default-without-footer', 'default-without-navigation', 'empty'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const ROUTE_NAMES = [
  'Home',
  'Login',
  'Register',
  'Account',
  'ContactUs',
  'Help',
  'Offers',
  'AddCard',
  'NewProject',
  'Project',
  'ReportProblem',
  'UpdatingPlatform',
  'MyProjects',
  'StripeConfirmation',
  'ApiIntegration',
  'UnexpectedError',
  'GetStarted',
  'FileUpload',
  'SandboxCheckout',
  'Legal',
  'PageNotFound',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface RouteMeta {
  name: RouteName;
  path: string;
  layout: LayoutName;
  /** Reachable without a signed-in user. */
  isPublic: boolean;
}

const route = (
  name: RouteName,
  path: string,
  layout: LayoutName = 'default',
  isPublic = false,
): RouteMeta => ({
  name,
  path,
  layout,
  isPublic,
});

/**
 * The spec's route table (section 2). Public: /, Register, StripeConfirmation, ContactUs, Offers (the plans
 * view), GetStarted and the free try; Login, the platform-updating page and the error pages must also open
 * without a session, or the guards would loop.
 */
export const ROUTES: readonly RouteMeta[] = [
  route('Home', '/', 'empty', true),
  route('Login', '/login/', 'default-without-navigation', true),
  route('Register', '/register/', 'default-without-navigation', true),
  route('Account', '/account'),
  route('ContactUs', '/contact-us', 'default', true),
  route('Help', '/help'),
  route('Offers', '/offers', 'default', true),
  route('AddCard', '/add-card'),
  route('NewProject', '/new-project/:status?', 'default-without-footer'),
  route('Project', '/project/:status?/:edit?/:id', 'default-without-footer'),
  route('ReportProblem', '/report-problem/'),
  route('UpdatingPlatform', '/updating-platform', 'empty', true),
  route('MyProjects', '/my-projects'),
  route('StripeConfirmation', '/stripeconfirmation/:token', 'default', true),
  route('ApiIntegration', '/api-integration'),
  route('UnexpectedError', '/error', 'default', true),
  route('GetStarted', '/get-started/:status?/:token?', 'default', true),
  route('FileUpload', '/try-free', 'default-without-footer', true),
  // The sandbox gateway's payment page (offline stand-in for Stripe's), for the signed-in buyer.
  route('SandboxCheckout', '/sandbox-checkout/:sessionId', 'default-without-navigation'),
  // Terms of use, privacy and cookies (features/legal), linked from Register and the footer.
  route('Legal', '/legal/:document', 'default', true),
  route('PageNotFound', '*', 'default', true),
];

const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

export function routeMeta(name: RouteName): RouteMeta {
  return BY_NAME.get(name) as RouteMeta;
}

export const isRouteName = (value: unknown): value is RouteName => ROUTE_NAMES.includes(value as RouteName);

/** Path of a named route; optional parameters may be left out. */
export function pathTo(
  name: RouteName,
  params: Record<string, string> = {},
  search?: Record<string, string>,
): string {
  const pattern = routeMeta(name).path;
  const generated = generatePath(pattern, params);
  // Keep the spec's trailing slash (/login/, /register/, /report-problem/), which generatePath drops.
  const path = pattern.endsWith('/') && !generated.endsWith('/') ? `${generated}/` : generated;
  const query = search ? new URLSearchParams(search).toString() : '';
  return query ? `${path}?${query}` : path;
}

/** Whether a named route can be reached from its name alone (no required parameter). */
export const needsNoParams = (name: RouteName): boolean =>
  !/:[a-zA-Z]+(?!\?)(\/|$)/.test(routeMeta(name).path);

export const pageTitle = (name: RouteName): string => `Estancia - ${name}`;
