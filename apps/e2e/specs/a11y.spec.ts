import { type Page } from '@playwright/test';
import {
  createCustomer,
  customerPassword,
  expect,
  expectNoSeriousA11yViolations,
  resetPlatformFlags,
  setPlatformFlags,
  signInWithToken,
  staff,
  test,
  uniqueEmail,
  type Customer,
} from '../src/fixtures';

/**
 * axe-core on every page built in issue 2, in the states a person meets them (dialogs open, errors shown),
 * failing on serious or critical violations.
 */

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

// One customer for the signed-in pages; the tests only read with it.
let customer: Customer;

test.beforeAll(async () => {
  customer = await createCustomer('a11y', { name: 'Clara Accesible', company: 'Accesible SL' });
});

test('Login, its forgot-password dialog, a failed sign-in and the reset form', async ({ page }) => {
  await page.goto('/login/');
  await expect(h1(page, 'Inicia sesión en Estancia')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A refused sign-in: the error toast.
  await page.getByLabel('Correo electrónico', { exact: true }).fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Wrong-password-1!');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  const toast = page.getByRole('alert');
  await expect(toast).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Closed by hand, so it cannot be fading out (after its 4 s) while the next checks measure colours.
  await toast.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(toast).toHaveCount(0);

  await page.getByRole('button', { name: '¿Has olvidado tu contraseña?', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Recupera tu contraseña', exact: true });
  await expect(dialog.getByLabel('Correo electrónico', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The dialog's own validation error.
  await dialog.getByRole('button', { name: 'Enviar enlace', exact: true }).click();
  await expect(dialog.getByLabel('Correo electrónico', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  // The reset form as the e-mailed link opens it (the token is only checked on saving).
  await page.goto('/login/?resetToken=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('button', { name: 'Guardar contraseña', exact: true })).toBeVisible();
  await expect(page.getByLabel('Contraseña nueva', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Register with its field errors, then the e-mailed code step', async ({ page }) => {
  await page.goto('/register/');
  await expect(h1(page, 'Crea tu cuenta de Estancia')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  const password = customerPassword();
  await page.getByLabel('Nombre', { exact: true }).fill('Pau Accesible');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(uniqueEmail('a11y-code'));
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repite la contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Verifica tu correo' })).toBeVisible();
  await expect(page.getByLabel('Código de verificación', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('PageNotFound, UnexpectedError and placeholder pages for a visitor', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expect(h1(page, 'Página no encontrada')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/error');
  await expect(h1(page, 'Error inesperado')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/contact-us');
  await expect(h1(page, 'Contacto')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/try-free');
  await expect(h1(page, 'Prueba gratis')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('GetStarted, Account and a placeholder page for a signed-in customer', async ({ page }) => {
  await signInWithToken(page, customer, '/my-projects');
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(h1(page, 'Empieza con Estancia')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The desktop user menu, open.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  await page.goto('/account');
  await expect(h1(page, 'Mi cuenta')).toBeVisible();
  await expect(page.getByLabel('Empresa', { exact: true })).toHaveValue('Accesible SL');
  await expectNoSeriousA11yViolations(page);

  // The security form with its errors.
  const security = page.getByRole('region', { name: 'Seguridad', exact: true });
  await security.getByRole('button', { name: 'Cambiar contraseña', exact: true }).click();
  await expect(security.getByLabel('Contraseña actual', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/help');
  await expect(h1(page, 'Ayuda')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('UpdatingPlatform while maintenance mode is on', async ({ page }) => {
  try {
    await setPlatformFlags({ isMaintenanceMode: true });
    await page.goto('/login/');
    await expect(h1(page, 'Estamos actualizando la plataforma')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await resetPlatformFlags();
  }
});

test.describe('on a phone-sized screen (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile navigation with its menu open, signed out and signed in', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(h1(page, 'Contacto')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Menú', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectNoSeriousA11yViolations(page);
    await toggle.click();
    const drawer = page.getByRole('navigation', { name: 'Menú de navegación', exact: true });
    await expect(drawer.getByRole('link', { name: 'Empezar', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await signInWithToken(page, customer, '/get-started');
    await expect(h1(page, 'Empieza con Estancia')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await expect(drawer.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible();
    await expect(drawer.getByText('Clara Accesible', { exact: true })).toBeVisible();
    await expect(drawer.getByTestId('language-selector')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The drawer's logout works like the desktop one.
    await drawer.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await expect(h1(page, 'Inicia sesión en Estancia')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('the staff console: login with a refusal, users list, user show, outbox and platform', async ({
  page,
}) => {
  await page.goto('/backoffice/login');
  await expect(h1(page, 'Backoffice de Estancia')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.locator('input[name="username"]').fill(customer.email);
  await page.locator('input[name="password"]').fill(customer.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Solo el equipo de Estancia puede acceder a la consola.');
  await expectNoSeriousA11yViolations(page);

  await page.locator('input[name="username"]').fill(staff.admin.email);
  await page.locator('input[name="password"]').fill(staff.admin.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  // The console opens on the review queue.
  await expect(h1(page, 'Revisiones')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
  await expect(h1(page, 'Usuarios')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('cell', { name: customer.email, exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users\/[^/]+\/show$/);
  await expect(page.getByRole('row').filter({ hasText: 'Regalo de bienvenida' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('menuitem', { name: 'Correos enviados' }).click();
  await expect(h1(page, 'Correos enviados')).toBeVisible();
  const mail = page.getByRole('row').filter({ hasText: customer.email });
  await expect(mail).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await mail.getByRole('cell', { name: customer.email, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Texto del mensaje', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('menuitem', { name: 'Estado' }).click();
  await expect(h1(page, 'Estado de la plataforma')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Modo mantenimiento', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
