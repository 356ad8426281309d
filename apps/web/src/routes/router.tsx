import { Suspense, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router-dom';
import { RootShell, type RouteHandle } from '../app/RootShell';
import { RouteShell } from '../app/RouteShell';
import { ROUTES, type RouteName } from '../app/route-meta';
import { RouteErrorBoundary, UnexpectedErrorPage } from './pages/UnexpectedErrorPage';
import { lazyPage, type LazyPage } from './lazy-page';

// Each page is its own chunk: a route loads the shell and its page, never another page's code.
const AddCardPage = lazyPage(() => import('../features/billing/components/AddCardPage'), 'AddCardPage');
const OffersPage = lazyPage(() => import('../features/billing/components/OffersPage'), 'OffersPage');
const SandboxCheckoutPage = lazyPage(
  () => import('../features/billing/components/SandboxCheckoutPage'),
  'SandboxCheckoutPage',
);
const StripeConfirmationPage = lazyPage(
  () => import('../features/billing/components/StripeConfirmationPage'),
  'StripeConfirmationPage',
);
const FreeTryPage = lazyPage(() => import('../features/free-try/components/FreeTryPage'), 'FreeTryPage');
const GetStartedPage = lazyPage(
  () => import('../features/onboarding/components/GetStartedPage'),
  'GetStartedPage',
);
const NewProjectPage = lazyPage(
  () => import('../features/decorations/components/NewProjectPage'),
  'NewProjectPage',
);
const ProjectPage = lazyPage(() => import('../features/decorations/components/ProjectPage'), 'ProjectPage');
const MyProjectsPage = lazyPage(
  () => import('../features/projects/components/MyProjectsPage'),
  'MyProjectsPage',
);
const ContactUsPage = lazyPage(() => import('../features/support/components/ContactUsPage'), 'ContactUsPage');
const HelpPage = lazyPage(() => import('../features/support/components/HelpPage'), 'HelpPage');
const LegalPage = lazyPage(() => import('../features/legal/components/LegalPage'), 'LegalPage');
const ReportProblemPage = lazyPage(
  () => import('../features/support/components/ReportProblemPage'),
  'ReportProblemPage',
);
const ApiIntegrationPage = lazyPage(
  () => import('../features/integrations/components/ApiIntegrationPage'),
  'ApiIntegrationPage',
);
const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');
const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const PageNotFoundPage = lazyPage(() => import('./pages/PageNotFoundPage'), 'PageNotFoundPage');
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage');
const UpdatingPlatformPage = lazyPage(() => import('./pages/UpdatingPlatformPage'), 'UpdatingPlatformPage');

const PAGES: Record<RouteName, () => ReactNode> = {
  // The guards always redirect from /, so it never renders.
  Home: () => null,
  Login: () => <LoginPage />,
  Register: () => <RegisterPage />,
  Account: () => <AccountPage />,
  ContactUs: () => <ContactUsPage />,
  Help: () => <HelpPage />,
  Offers: () => <OffersPage />,
  AddCard: () => <AddCardPage />,
  NewProject: () => <NewProjectPage />,
  Project: () => <ProjectPage />,
  ReportProblem: () => <ReportProblemPage />,
  UpdatingPlatform: () => <UpdatingPlatformPage />,
  MyProjects: () => <MyProjectsPage />,
  StripeConfirmation: () => <StripeConfirmationPage />,
  ApiIntegration: () => <ApiIntegrationPage />,
  UnexpectedError: () => <UnexpectedErrorPage />,
  GetStarted: () => <GetStartedPage />,
  FileUpload: () => <FreeTryPage />,
  SandboxCheckout: () => <SandboxCheckoutPage />,
  // An unknown document is the 404 page, at its own URL like any other unknown path.
  Legal: () => <LegalPage notFound={<PageNotFoundPage />} />,
  PageNotFound: () => <PageNotFoundPage />,
};

/** Shown inside the layout while a page's chunk downloads (the layout already has the main landmark). */
function PageChunkLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** The lazy page a route renders, if any: its chunk can start downloading before the guards decide. */
function lazyPageOf(name: RouteName): LazyPage<ComponentType> | undefined {
  const element = PAGES[name]() as ReactElement | null;
  const type = element?.type as Partial<LazyPage<ComponentType>> | undefined;
  return typeof type?.preload === 'function' ? (type as LazyPage<ComponentType>) : undefined;
}

/** Starts the page's download when the route matches, in parallel with the profile and status requests. */
function PreloadPage({ page }: { page?: LazyPage<ComponentType> }) {
  useEffect(() => void page?.preload().catch(() => undefined), [page]);
  return null;
}

/** The route tree: every route of the spec under the shared root shell and its error boundary. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorBoundary />,
      children: ROUTES.map((meta) => {
        const Page = PAGES[meta.name];
        const handle: RouteHandle = { name: meta.name };
        return {
          path: meta.path,
          handle,
          element: (
            <>
              <PreloadPage key={`preload-${meta.name}`} page={lazyPageOf(meta.name)} />
              <RouteShell key={meta.name} meta={meta}>
                <Suspense fallback={<PageChunkLoading />}>
                  <Page />
                </Suspense>
              </RouteShell>
            </>
          ),
        };
      }),
    },
  ];
}
