import { type Page } from '@playwright/test';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  publicPlatformStatus,
  resetPlatformFlags,
  staff,
  staffLogIn,
  test,
  type Customer,
} from '../src/fixtures';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The console opens on the review queue.
const queueHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Revisiones', exact: true });
const usersHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Usuarios', exact: true });
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

// Two customers shared by the read-only console tests of this file (nothing here changes them).
let ana: Customer;
let bruno: Customer;

test.beforeAll(async () => {
  ana = await createCustomer('bo-ana', { name: 'Ana Backoffice', company: 'Ana Homes' });
  bruno = await createCustomer('bo-bruno', { name: 'Bruno Backoffice' });
});

test.afterEach(async () => {
  await resetPlatformFlags();
});

test('an admin signs in and sees the users; search narrows the list; a user shows the sign-up credit in the ledger', async ({
  page,
}) => {
  await staffLogIn(page, staff.admin.email, staff.admin.password);
  await expect(page).toHaveURL(/\/backoffice\/reviews/);
  await expect(queueHeading(page)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
  await expect(usersHeading(page)).toBeVisible();
  // Sortable headers are named by their sort button ("Ordenar por nombre ascendente"); their text is the field.
  await expect(page.getByRole('columnheader')).toHaveText([
    'Nombre',
    'Correo electrónico',
    'Rol',
    'Plan',
    'Créditos',
    'Verificado',
    'Bloqueo',
    'Alta',
  ]);
  // Newest first: both customers just registered appear, with their role and one credit.
  await expect(rowOf(page, ana.email)).toBeVisible();
  await expect(rowOf(page, bruno.email)).toBeVisible();
  await expect(
    rowOf(page, ana.email).getByRole('cell', { name: 'Ana Backoffice', exact: true }),
  ).toBeVisible();
  await expect(rowOf(page, ana.email).getByRole('cell', { name: 'Cliente', exact: true })).toBeVisible();
  await expect(rowOf(page, ana.email).getByRole('cell', { name: '1', exact: true })).toBeVisible();

  // Search by name, then by e-mail.
  const search = page.getByLabel('Buscar por nombre o correo', { exact: true });
  await search.fill('Bruno Backoffice');
  await expect(rowOf(page, bruno.email)).toBeVisible();
  await expect(rowOf(page, ana.email)).toHaveCount(0);
  await expect(page).toHaveURL(/filter=/);
  await search.fill(ana.email);
  await expect(rowOf(page, ana.email)).toBeVisible();
  await expect(rowOf(page, bruno.email)).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2); // the header row and Ana's

  // Ana's show page: her profile and the ledger with the sign-up bonus of 1 credit.
  await rowOf(page, ana.email).getByRole('cell', { name: 'Ana Backoffice', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users\/[^/]+\/show$/);
  const profile = page.getByRole('region', { name: 'Perfil', exact: true });
  await expect(profile.getByText(ana.email, { exact: true })).toBeVisible();
  await expect(profile.getByText('Ana Homes', { exact: true })).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Movimientos de créditos', exact: true });
  await expect(ledger.getByRole('columnheader', { name: 'Motivo', exact: true })).toBeVisible();
  const bonus = ledger.getByRole('row').filter({ hasText: 'Regalo de bienvenida' });
  await expect(bonus).toHaveCount(1);
  await expect(bonus.getByRole('cell', { name: '+1', exact: true })).toBeVisible();
  // The product gave it, not a staff member: no note, and "Automático" as its author.
  await expect(bonus.getByRole('cell', { name: 'Automático', exact: true })).toBeVisible();
  await expect(ledger.getByRole('row')).toHaveCount(2);

  // Signed in, the console's login page leads back into the console.
  await page.goto('/backoffice/login');
  await expect(page).toHaveURL(/\/backoffice\/reviews/);
  await expect(queueHeading(page)).toBeVisible();
});

test('the outbox lists the sent e-mails, newest first, and shows a message with its code', async ({
  page,
}) => {
  await staffLogIn(page, staff.admin.email, staff.admin.password);
  await expect(queueHeading(page)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Correos enviados' }).click();
  await expect(page).toHaveURL(/\/backoffice\/outbox/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correos enviados', exact: true })).toBeVisible();
  // Subjects in the console's language, not the templates' keys.
  await expect(page.getByRole('columnheader')).toHaveText(['Destinatario', 'Asunto', 'Fecha', 'Enviado']);
  // Bruno registered after Ana, so his verification e-mail comes first.
  const recipients = page
    .getByRole('row')
    .filter({ hasText: new RegExp(`${escapeRegExp(ana.email)}|${escapeRegExp(bruno.email)}`) });
  await expect(recipients).toHaveCount(2);
  await expect(recipients.first()).toContainText(bruno.email);
  await expect(recipients.last()).toContainText(ana.email);

  await page.getByLabel('Buscar por destinatario o asunto', { exact: true }).fill(ana.email);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = rowOf(page, ana.email);
  await expect(row).toContainText(/Tu código de verificación de Estancia: \d{6}/);
  await row.getByRole('cell', { name: ana.email, exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/outbox\/[^/]+\/show$/);
  await expect(page.getByText('Código de verificación', { exact: true })).toBeVisible();
  const body = page.getByRole('region', { name: 'Texto del mensaje', exact: true });
  await expect(body).toContainText('Hola, Ana Backoffice:');
  await expect(body).toContainText(/Escribe este código en Estancia para activar tu cuenta:\s*\d{6}/);

  // The user menu (react-admin names it "Perfil"; it shows the admin's name) logs out to the console's login.
  const userMenu = page.getByRole('button', { name: 'Perfil', exact: true });
  await expect(userMenu).toHaveText('Admin');
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/login/);
  await page.goto('/backoffice/users');
  await expect(page).toHaveURL(/\/backoffice\/login/);
});

test('an admin switches a platform flag on the Platform page and the public status follows', async ({
  page,
}) => {
  await staffLogIn(page, staff.admin.email, staff.admin.password);
  await expect(queueHeading(page)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Estado', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/platform$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Estado de la plataforma', exact: true }),
  ).toBeVisible();
  const maintenance = page.getByRole('switch', { name: 'Modo mantenimiento', exact: true });
  const freeDemand = page.getByRole('switch', { name: 'Alta demanda en la prueba gratuita', exact: true });
  const autoDemand = page.getByRole('switch', { name: 'Alta demanda en las decoraciones automáticas' });
  await expect(maintenance).toHaveAttribute('name', 'isMaintenanceMode');
  await expect(freeDemand).toHaveAttribute('name', 'isHighDemandFree');
  await expect(autoDemand).toHaveAttribute('name', 'isHighDemandAuto');
  await expect(maintenance).not.toBeChecked();
  await expect(freeDemand).not.toBeChecked();
  await expect(autoDemand).not.toBeChecked();

  // The switch follows the saved record a moment after the click (an optimistic update), so wait for it.
  await freeDemand.click();
  await expect(freeDemand).toBeChecked();
  await expect(page.getByText('Estado de la plataforma guardado', { exact: true })).toBeVisible();
  await expect.poll(async () => (await publicPlatformStatus()).isHighDemandFree).toBe(true);
  expect(await publicPlatformStatus()).toEqual({
    isHighDemandFree: true,
    isHighDemandAuto: false,
    isMaintenanceMode: false,
  });

  // A visitor's free try shows the high-demand notice.
  const visitor = await page.context().newPage();
  try {
    await visitor.goto('/try-free');
    await expect(visitor.getByText(/mucha demanda de pruebas gratuitas/)).toBeVisible();
  } finally {
    await visitor.close();
  }

  // A reload shows the saved state; switching it back clears it.
  await page.reload();
  await expect(freeDemand).toBeChecked();
  await freeDemand.click();
  await expect(freeDemand).not.toBeChecked();
  await expect.poll(async () => (await publicPlatformStatus()).isHighDemandFree).toBe(false);
  await page.reload();
  await expect(freeDemand).not.toBeChecked();
});

test('a decorator may sign in and sees only review work; the platform switches are read-only for them', async ({
  page,
  request,
}) => {
  await staffLogIn(page, staff.decorator.email, staff.decorator.password);
  await expect(queueHeading(page)).toBeVisible();

  // The menu holds the review entries only: the queue and the holiday calendar.
  const menu = page.getByRole('menuitem');
  await expect(menu).toHaveCount(2);
  await expect(page.getByRole('menuitem', { name: /^Cola de trabajos/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Festivos', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Usuarios', exact: true })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Correos enviados', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Festivos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Festivos', exact: true })).toBeVisible();
  await expect(page.getByText(/Solo un administrador puede cambiar el calendario/)).toBeVisible();

  // The customers and the sent e-mails are not pages of a decorator's console.
  for (const path of ['/backoffice/users', '/backoffice/outbox']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'No encontrado', exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }

  // And the API refuses the decorator's own token there with FORBIDDEN.
  const token = await page.evaluate(() => window.localStorage.getItem('_admin_token'));
  expect(token).toBeTruthy();
  for (const path of ['admin/users', 'admin/ledger', 'admin/outbox']) {
    const refused = await request.get(`${baseURL}/data/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status(), path).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  }

  await page.goto('/backoffice/platform');
  await expect(
    page.getByText('Solo un administrador puede cambiar estos ajustes.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Modo mantenimiento', exact: true })).toBeDisabled();
  await expect(page.locator('input[name="isHighDemandFree"]')).toBeDisabled();
});

test('a signed-out link into the console asks for a sign-in once, then opens the wanted page', async ({
  page,
}) => {
  await page.goto('/backoffice/outbox');
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backoffice de Estancia' })).toBeVisible();
  // One redirect, not a navigation loop (react-admin's logout once raced the router's transitions here).
  await page.locator('input[name="username"]').fill(staff.admin.email);
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);
  await page.locator('input[name="password"]').fill(staff.admin.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/outbox/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correos enviados', exact: true })).toBeVisible();
});

test('a customer is refused with the STAFF_ONLY message and sees no users', async ({ page, request }) => {
  await staffLogIn(page, ana.email, ana.password);
  await expect(page.getByRole('alert')).toHaveText('Solo el equipo de Estancia puede acceder a la consola.');
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expect(usersHeading(page)).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('_admin_token'))).toBeNull();

  // Going to the list directly still asks for a staff sign-in.
  await page.goto('/backoffice/users');
  await expect(page).toHaveURL(/\/backoffice\/login/);
  await expect(page.getByRole('table')).toHaveCount(0);

  // And the API itself refuses the customer's own token on the console's data.
  const users = await request.get(`${baseURL}/data/admin/users`, {
    headers: { authorization: `Bearer ${await customerToken(ana)}` },
  });
  expect(users.status()).toBe(403);
  expect(await users.json()).toMatchObject({ code: 'STAFF_ONLY' });
});
