import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './auth/authProvider';
import { StaffLoginPage } from './auth/StaffLoginPage';
import { dataProvider } from './data/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { StaffLayout } from './layout/StaffLayout';
import { staffTheme } from './layout/staffTheme';
import { lazyPage } from './common/lazyPage';
import { ConsoleName } from './layout/ConsoleName';
import { StaffNotFound } from './layout/StaffNotFound';
import reviews from './resources/reviews';
import holidays from './resources/holidays';
import users from './resources/users';
import ledger from './resources/ledger';
import outbox from './resources/outbox';
import contactRequests from './resources/contact-requests';
import problemReports from './resources/problem-reports';
import reformRequests from './resources/reform-requests';
import auditLog from './resources/audit-log';
import projects from './resources/projects';
import plans from './resources/plans';
import packs from './resources/packs';
import coupons from './resources/coupons';
import payments from './resources/payments';
import subscriptions from './resources/subscriptions';
import referrals from './resources/referrals';
import topReferrers from './resources/top-referrers';
import products from './resources/products';

// Pages load with their route: the sign-in screen downloads none of them (see lazyPage).
const EnginesPage = lazyPage(() => import('./pages/engines/EnginesPage'), 'EnginesPage');
const PlatformPage = lazyPage(() => import('./pages/PlatformPage'), 'PlatformPage');
const ReviewDashboardPage = lazyPage(() => import('./pages/ReviewDashboardPage'), 'ReviewDashboardPage');
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');

/** The console is served under /backoffice/ (vite `base`), with real paths rather than hash URLs. */
export const CONSOLE_BASENAME = '/backoffice';

/**
 * What each role may open. Decorators get what review needs (the queue, the holiday calendar read-only, the review
 * pages); the customers, their credits and the sent e-mails exist only for admins, as in the API. A route that is not
 * declared for a role is react-admin's not-found page.
 */
const consoleFor = (permissions: unknown) => (
  <>
    {/* The first resource is the landing page: the review queue, where decorators work. */}
    <Resource name="reviews" {...reviews} />
    <Resource name="holidays" {...holidays} />
    {permissions === 'admin' && (
      <>
        <Resource name="users" {...users} />
        <Resource name="ledger" {...ledger} />
        <Resource name="outbox" {...outbox} />
        <Resource name="contact-requests" {...contactRequests} />
        <Resource name="problem-reports" {...problemReports} />
        <Resource name="reform-requests" {...reformRequests} />
        <Resource name="audit-log" {...auditLog} />
        <Resource name="projects" {...projects} />
        <Resource name="plans" {...plans} />
        <Resource name="packs" {...packs} />
        <Resource name="coupons" {...coupons} />
        <Resource name="payments" {...payments} />
        <Resource name="subscriptions" {...subscriptions} />
        <Resource name="referrals" {...referrals} />
        <Resource name="top-referrers" {...topReferrers} />
        <Resource name="products" {...products} />
      </>
    )}
    <CustomRoutes>
      <Route path="/review-dashboard" element={<ReviewDashboardPage />} />
      <Route path="/platform" element={<PlatformPage />} />
      {permissions === 'admin' && <Route path="/engines" element={<EnginesPage />} />}
      {permissions === 'admin' && <Route path="/dashboard" element={<DashboardPage />} />}
    </CustomRoutes>
  </>
);

const StaffConsole = () => (
  <Admin
    basename={CONSOLE_BASENAME}
    disableTelemetry
    requireAuth
    // An element, not a key: react-admin writes its default title untranslated on its own pages (errors).
    title={<ConsoleName />}
    catchAll={StaffNotFound}
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    loginPage={StaffLoginPage}
    layout={StaffLayout}
    theme={staffTheme}
  >
    {consoleFor}
  </Admin>
);

export const App = () => (
  // No transitions: react-admin's logout navigates, then resets its store; as a transition the navigation lost to
  // that reset, which remounted LogoutOnMount at the old path, endlessly (a signed-out visit to /backoffice/users).
  <BrowserRouter useTransitions={false}>
    <Routes>
      <Route path={`${CONSOLE_BASENAME}/*`} element={<StaffConsole />} />
    </Routes>
  </BrowserRouter>
);
