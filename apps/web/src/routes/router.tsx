import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RootShell, type RouteHandle } from '../app/RootShell';
import { RouteShell } from '../app/RouteShell';
import { ROUTES, type RouteName } from '../app/route-meta';
import { AddCardPage } from '../features/billing/components/AddCardPage';
import { OffersPage } from '../features/billing/components/OffersPage';
import { SandboxCheckoutPage } from '../features/billing/components/SandboxCheckoutPage';
import { StripeConfirmationPage } from '../features/billing/components/StripeConfirmationPage';
import { FreeTryPage } from '../features/free-try/components/FreeTryPage';
import { GetStartedPage } from '../features/onboarding/components/GetStartedPage';
import { NewProjectPage } from '../features/decorations/components/NewProjectPage';
import { ProjectPage } from '../features/decorations/components/ProjectPage';
import { MyProjectsPage } from '../features/projects/components/MyProjectsPage';
import { ContactUsPage } from '../features/support/components/ContactUsPage';
import { HelpPage } from '../features/support/components/HelpPage';
import { ReportProblemPage } from '../features/support/components/ReportProblemPage';
import { AccountPage } from './pages/AccountPage';
import { LoginPage } from './pages/LoginPage';
import { PageNotFoundPage } from './pages/PageNotFoundPage';
import { PlannedPage } from './pages/PlannedPage';
import { RegisterPage } from './pages/RegisterPage';
import { RouteErrorBoundary, UnexpectedErrorPage } from './pages/UnexpectedErrorPage';
import { UpdatingPlatformPage } from './pages/UpdatingPlatformPage';

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
  ApiIntegration: () => <PlannedPage name="ApiIntegration" />,
  UnexpectedError: () => <UnexpectedErrorPage />,
  GetStarted: () => <GetStartedPage />,
  FileUpload: () => <FreeTryPage />,
  SandboxCheckout: () => <SandboxCheckoutPage />,
  PageNotFound: () => <PageNotFoundPage />,
};

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
            <RouteShell key={meta.name} meta={meta}>
              <Page />
            </RouteShell>
          ),
        };
      }),
    },
  ];
}
