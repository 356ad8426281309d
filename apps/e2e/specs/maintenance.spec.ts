import { type Page } from '@playwright/test';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  resetPlatformFlags,
  setPlatformFlags,
  signInWithToken,
  staff,
  staffLogIn,
  test,
} from '../src/fixtures';
import { roomPhoto } from '../src/photos';

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

const UPDATING = /\/updating-platform(\?from=[^&]+)?$/;

const updating = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Estamos actualizando la plataforma', exact: true });

async function expectEveryRouteUpdating(page: Page): Promise<void> {
  for (const path of ROUTES) {
    await page.goto(path);
    // UpdatingPlatform remembers the address left (`?from=`) to return there when maintenance ends.
    await expect(page, `${path} goes to UpdatingPlatform`).toHaveURL(UPDATING);
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
  await expect(page).toHaveURL(/\/updating-platform\?from=%2Fget-started$/);
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

test('an admin turns maintenance on in the console: an open customer app shows UpdatingPlatform within 5 s and writes are refused meanwhile', async ({
  page,
  browser,
}) => {
  const customer = await createCustomer('maint-console');
  const token = await customerToken(customer);
  // Made before maintenance: the upload below needs a project of the customer's own.
  const created = await fetch(`${baseURL}/data/project`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ propertyName: `Maint ${Date.now().toString(36)}` }),
  });
  expect(created.status).toBe(201);
  const project = (await created.json()) as { id: string };
  await signInWithToken(page, customer, '/account');
  await expect(page).toHaveURL(/\/account$/);

  const staffContext = await browser.newContext();
  const desk = await staffContext.newPage();
  try {
    await staffLogIn(desk, staff.admin.email, staff.admin.password);
    await desk.getByRole('menuitem', { name: 'Estado', exact: true }).click();
    const maintenance = desk.getByRole('switch', { name: 'Modo mantenimiento', exact: true });
    // Maintenance shuts every customer out, so the console asks first.
    await maintenance.click();
    const askOn = desk.getByRole('dialog', { name: '¿Activar el modo mantenimiento?' });
    await askOn.getByRole('button', { name: 'Confirmar' }).click();
    await expect(askOn).toBeHidden();
    await expect(maintenance).toBeChecked();

    // The open app moves by itself (the hub pushes the flag; the poll is the fallback).
    await expect(page).toHaveURL(/\/updating-platform\?from=%2Faccount$/, { timeout: 5000 });
    await expect(updating(page)).toBeVisible();

    // Writes under /data are refused with the translated MAINTENANCE_MODE; reads keep working.
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomPhoto('#d9d2c5', '#9c7a55'))], { type: 'image/jpeg' }),
      'salon.jpg',
    );
    const upload = await fetch(`${baseURL}/data/project/${project.id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
      body: form,
    });
    expect(upload.status).toBe(503);
    const refusal = (await upload.json()) as { code: string; message: string };
    expect(refusal.code).toBe('MAINTENANCE_MODE');
    expect(refusal.message).toBe('Estamos actualizando la plataforma. Vuelve en unos minutos.');
    const read = await fetch(`${baseURL}/data/project/${project.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);

    // Turned off in the console, the app returns on its own to the page the customer left.
    await maintenance.click();
    const askOff = desk.getByRole('dialog', { name: '¿Desactivar el modo mantenimiento?' });
    await askOff.getByRole('button', { name: 'Confirmar' }).click();
    await expect(maintenance).not.toBeChecked();
    await expect(page).toHaveURL(/\/account$/, { timeout: 5000 });
  } finally {
    await staffContext.close();
  }
});
