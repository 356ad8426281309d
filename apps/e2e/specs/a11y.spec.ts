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
  staffLogIn,
  termsConsent,
  test,
  uniqueEmail,
  type Customer,
} from '../src/fixtures';
import {
  adminLogIn,
  CREDIT_GRANT_NOTE,
  scrollsSideways,
  seedConsoleRecords,
  type ConsoleRecords,
} from '../src/console';

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
  await termsConsent(page).check();
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

/**
 * Every page of the staff console (issue 14): each resource's list and show pages (none has an edit page; the
 * holidays have a create page), the dashboard, the platform and engines pages, the review page and the not-found
 * page, with a record of each kind, then the queue and the review page on a phone and a tablet.
 */
test.describe('the staff console, page by page', () => {
  let records: ConsoleRecords;

  test.beforeAll(async () => {
    // A supervised decoration reaches the queue once its AI draft is rendered.
    test.setTimeout(180_000);
    records = await seedConsoleRecords('a11y-console');
  });

  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text }).first();

  test('every console route as an admin', async ({ page }) => {
    test.setTimeout(240_000);
    const { customer } = records;
    const routes: [path: string, ready: (page: Page) => Promise<void>][] = [
      ['/backoffice/reviews', (p) => expect(row(p, records.propertyName)).toBeVisible()],
      [
        `/backoffice/reviews/${records.reviewId}/show`,
        async (p) => {
          await expect(p.getByRole('heading', { level: 1, name: new RegExp(`^Revisión `) })).toBeVisible();
          await expect(p.getByRole('heading', { level: 2, name: 'Historial', exact: true })).toBeVisible();
          await expect(p.getByRole('button', { name: 'Reclamar', exact: true })).toBeVisible();
        },
      ],
      [
        '/backoffice/review-dashboard',
        async (p) => {
          await expect(h1(p, 'Panel de revisión')).toBeVisible();
          await expect(p.getByRole('table', { name: 'Cola por fecha límite' })).toBeAttached();
          // recharts has drawn (its chunk loads with the first chart).
          await expect(p.locator('.recharts-surface').first()).toBeVisible();
        },
      ],
      ['/backoffice/holidays', (p) => expect(h1(p, 'Festivos')).toBeVisible()],
      ['/backoffice/holidays/create', (p) => expect(h1(p, 'Crear Festivo')).toBeVisible()],
      ['/backoffice/users', (p) => expect(row(p, customer.email)).toBeVisible()],
      [
        `/backoffice/users/${records.customerId}/show`,
        (p) =>
          expect(
            p.getByRole('region', { name: 'Movimientos de créditos', exact: true }).getByRole('row', {
              name: new RegExp(CREDIT_GRANT_NOTE),
            }),
          ).toBeVisible(),
      ],
      ['/backoffice/ledger', (p) => expect(row(p, CREDIT_GRANT_NOTE)).toBeVisible()],
      ['/backoffice/outbox', (p) => expect(row(p, customer.email)).toBeVisible()],
      [
        `/backoffice/outbox/${records.outboxId}/show`,
        (p) => expect(p.getByRole('region', { name: 'Texto del mensaje', exact: true })).toBeVisible(),
      ],
      ['/backoffice/contact-requests', (p) => expect(row(p, customer.email)).toBeVisible()],
      [
        `/backoffice/contact-requests/${records.contactRequestId}/show`,
        (p) => expect(p.getByRole('heading', { level: 1, name: /^Solicitud de contacto/ })).toBeVisible(),
      ],
      ['/backoffice/problem-reports', (p) => expect(row(p, customer.email)).toBeVisible()],
      [
        `/backoffice/problem-reports/${records.problemReportId}/show`,
        (p) => expect(p.getByRole('heading', { level: 1, name: /^Problema informado/ })).toBeVisible(),
      ],
      ['/backoffice/reform-requests', (p) => expect(row(p, records.propertyName)).toBeVisible()],
      [
        `/backoffice/reform-requests/${records.reformRequestId}/show`,
        (p) => expect(p.getByText(records.propertyName).first()).toBeVisible(),
      ],
      [
        '/backoffice/platform',
        (p) => expect(p.getByRole('switch', { name: 'Modo mantenimiento', exact: true })).toBeVisible(),
      ],
      ['/backoffice/engines', (p) => expect(h1(p, 'Motores de decoración')).toBeVisible()],
      [
        '/backoffice/no-such-page',
        async (p) => {
          await expect(h1(p, 'No encontrado')).toBeVisible();
          await expect(p.getByText('console.title')).toHaveCount(0);
        },
      ],
    ];

    await adminLogIn(page);
    for (const [path, ready] of routes) {
      await test.step(path, async () => {
        await page.goto(path);
        await ready(page);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });

  test('the pages a decorator has', async ({ page }) => {
    await staffLogIn(page, staff.decorator.email, staff.decorator.password);
    await expect(h1(page, 'Revisiones')).toBeVisible();
    await expect(row(page, records.propertyName)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    for (const [path, heading] of [
      [`/backoffice/reviews/${records.reviewId}/show`, new RegExp('^Revisión ')],
      ['/backoffice/holidays', 'Festivos'],
      ['/backoffice/review-dashboard', 'Panel de revisión'],
      ['/backoffice/platform', 'Estado de la plataforma'],
      ['/backoffice/users', 'No encontrado'],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });

  for (const [device, viewport] of [
    ['a phone (390 × 844)', { width: 390, height: 844 }],
    ['an upright tablet (768 × 1024)', { width: 768, height: 1024 }],
    ['a tablet held sideways (1024 × 768)', { width: 1024, height: 768 }],
  ] as const) {
    test.describe(`on ${device}`, () => {
      test.use({ viewport });

      test('the queue and the review page fit the width: no sideways scrolling', async ({ page }) => {
        await staffLogIn(page, staff.decorator.email, staff.decorator.password);
        await expect(h1(page, 'Revisiones')).toBeVisible();
        // On a phone each job is a list entry, on wider screens a table row: either names the property.
        const job = page.getByRole(viewport.width < 900 ? 'link' : 'row', {
          name: new RegExp(records.propertyName),
        });
        await expect(job).toBeVisible();
        expect(await scrollsSideways(page), 'the queue scrolls sideways').toBe(false);
        await expectNoSeriousA11yViolations(page);

        await job.click();
        await expect(page).toHaveURL(new RegExp(`/backoffice/reviews/${records.reviewId}/show$`));
        await expect(page.getByRole('heading', { level: 2, name: 'Historial', exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Reclamar', exact: true })).toBeVisible();
        expect(await scrollsSideways(page), 'the review page scrolls sideways').toBe(false);
        await expectNoSeriousA11yViolations(page);
      });
    });
  }
});
