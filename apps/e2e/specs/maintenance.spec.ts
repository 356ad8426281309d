import { type Page } from '@playwright/test';
import {
  createCustomer,
  expect,
  resetPlatformFlags,
  setPlatformFlags,
  signInWithToken,
  test,
} from '../src/fixtures';

/** Every route of spec section 2 (and the free try), each with its parameters filled in. */
const ROUTES = [
  '/',
  '/login/',
  '/register/',
  '/account',
  '/contact-us',
  '/help',
  '/offers',
  '/add-card',
  '/new-project',
  '/new-project/pending',
  '/project/1',
  '/report-problem/',
  '/my-projects',
  '/stripeconfirmation/x',
  '/api-integration',
  '/error',
  '/get-started',
  '/get-started/success/abc',
  '/try-free',
  '/some/unknown/path',
  '/updating-platform',
];

const updating = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Estamos actualizando la plataforma', exact: true });

async function expectEveryRouteUpdating(page: Page): Promise<void> {
  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page, `${path} goes to UpdatingPlatform`).toHaveURL(/\/updating-platform$/);
    await expect(updating(page), `${path} shows UpdatingPlatform`).toBeVisible();
  }
  await expect(page).toHaveTitle('Estancia - UpdatingPlatform');
  await expect(
    page.getByText('Estamos mejorando Estancia. Vuelve en unos minutos.', { exact: true }),
  ).toBeVisible();
}

// The flag is global: whatever a test leaves on, the next test must not see it.
test.afterEach(async () => {
  await resetPlatformFlags();
});

test('maintenance mode shows UpdatingPlatform on every route to a visitor; off, the page sends them to Login', async ({
  page,
}) => {
  await setPlatformFlags({ isMaintenanceMode: true });
  await expectEveryRouteUpdating(page);
  // The empty layout: no navigation and no footer while the platform is updating.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  await setPlatformFlags({ isMaintenanceMode: false });
  await page.goto('/updating-platform');
  await expect(page).toHaveURL(/\/login\/\?redirectTo=MyProjects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
});

test('maintenance mode holds a signed-in customer on UpdatingPlatform; off, MyProjects sends them to GetStarted', async ({
  page,
}) => {
  const customer = await createCustomer('maint');
  await signInWithToken(page, customer, '/get-started');
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();

  // Switched on while the page is open: the hub's PlatformStatus event moves the customer at once.
  await setPlatformFlags({ isMaintenanceMode: true });
  await expect(page).toHaveURL(/\/updating-platform$/);
  await expect(updating(page)).toBeVisible();
  await expectEveryRouteUpdating(page);

  // Switched off while the page is open: UpdatingPlatform → MyProjects → GetStarted (no subscription).
  await setPlatformFlags({ isMaintenanceMode: false });
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();

  // And the same on a fresh load of /updating-platform.
  await page.goto('/updating-platform');
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
