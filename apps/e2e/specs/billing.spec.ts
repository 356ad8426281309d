import { payInSandbox, navigationCredits, walletBalance } from '../src/billing';
import { roomPhoto } from '../src/photos';
import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';

test('a customer buys a pack in the sandbox and sees the balance rise live', async ({ page, context }) => {
  const customer = await createCustomer('billing-pack');
  await signInWithToken(page, customer, '/offers');
  await expect(navigationCredits(page)).toHaveText('1 crédito');
  await expect(page.getByRole('article', { name: 'Pro' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A second tab stays open on the offers: the new balance must reach it over the socket, no reload.
  const watcher = await context.newPage();
  await watcher.goto('/offers');
  await expect(navigationCredits(watcher)).toHaveText('1 crédito');

  await page.getByRole('button', { name: 'Comprar el pack Starter' }).click();
  await expect(page.getByText(/4000 0000 0000 0002 es rechazada/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await payInSandbox(page, 'Pack Starter: 10 créditos');

  const success = page.getByRole('dialog', { name: 'Pago completado' });
  await expect(success).toContainText('Hemos añadido 10 créditos a tu saldo.');
  await expect(navigationCredits(page)).toHaveText('11 créditos');
  await expect(navigationCredits(watcher)).toHaveText('11 créditos');
  await expectNoSeriousA11yViolations(page);
  expect(await walletBalance(customer)).toBe(11);
});

test('a customer subscribes to PRO, the navigation names it, and a downgrade is scheduled for the period end', async ({
  page,
}) => {
  const customer = await createCustomer('billing-pro');
  await signInWithToken(page, customer, '/offers');
  await expect(page.getByRole('link', { name: 'Suscríbete' })).toBeVisible();

  await page.getByRole('button', { name: 'Suscribirme: plan Pro' }).click();
  await payInSandbox(page, 'Suscripción al plan PRO (Mensual)');
  const success = page.getByRole('dialog', { name: 'Pago completado' });
  await expect(success).toBeVisible();
  // The navigation behind the modal is hidden from the accessibility tree until it closes.
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  await expect(page.getByRole('link', { name: 'Plan PRO' })).toBeVisible();

  await page.goto('/offers');
  await expect(page.getByRole('region', { name: 'Tu suscripción' })).toContainText('Plan Pro');
  await page.getByRole('button', { name: 'Cambiar a este plan: plan Starter' }).click();
  const change = page.getByRole('dialog', { name: /Cambiar a starter/i });
  await expect(change).toContainText('Hoy no te cobramos nada.');
  await change.getByRole('button', { name: 'Programar el cambio' }).click();
  await expect(change).toBeHidden();

  const scheduled = page.getByTestId('scheduled-change');
  await expect(scheduled).toContainText(/pasarás al plan STARTER \(Mensual\) el \d{1,2} de \w+ de \d{4}/);
  // Until then the customer keeps PRO.
  await expect(page.getByRole('link', { name: 'Plan PRO' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('scheduled-change')).toContainText('STARTER');
});

test('a declined card shows the transaction-rejected modal and moves nothing', async ({ page }) => {
  const customer = await createCustomer('billing-declined');
  await signInWithToken(page, customer, '/offers');
  await expect(navigationCredits(page)).toHaveText('1 crédito');

  await page.getByRole('button', { name: 'Comprar el pack Standard' }).click();
  await payInSandbox(page, 'Pack Standard: 30 créditos', '4000 0000 0000 0002');

  const rejected = page.getByRole('dialog', { name: 'Transacción rechazada' });
  await expect(rejected).toContainText(
    'Prueba con otro método de pago o contacta con el emisor de tu tarjeta.',
  );
  await expectNoSeriousA11yViolations(page);
  await expect(navigationCredits(page)).toHaveText('1 crédito');
  expect(await walletBalance(customer)).toBe(1);

  await rejected.getByRole('link', { name: 'Intentar de nuevo' }).click();
  await expect(page).toHaveURL(/\/offers$/);
});

test('a customer short of credits buys a pack from the wizard and comes back to the same draft', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('billing-wizard');
  await signInWithToken(page, customer, '/new-project');
  await expect(navigationCredits(page)).toHaveText('1 crédito');

  await page.getByLabel('Nombre del inmueble', { exact: true }).fill('Ático Sants');
  await page.getByLabel('Fotos del inmueble').setInputFiles([
    { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    { name: 'cocina.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#e8e2d0', '#8a8a8a') },
  ]);
  await page
    .getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' })
    .getByLabel(/^Supervisada/)
    .check();

  // 1 automatic + 1 supervised = 6 credits against 1: what is missing, never a negative balance.
  const summary = page.getByRole('region', { name: 'Resumen de créditos' });
  await expect(summary).toContainText('Te faltan 5 créditos para este pedido.');
  await expect(summary).not.toContainText('Saldo después');

  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  const needCredits = page.getByRole('dialog', { name: 'Necesitas más créditos' });
  await expect(needCredits).toContainText('Este pedido cuesta 6 créditos y tienes 1.');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await needCredits.getByRole('button', { name: 'Comprar el pack Starter' }).click();
  await payInSandbox(page, 'Pack Starter: 10 créditos');

  const paid = page.getByRole('dialog', { name: 'Pago completado' });
  await expect(paid).toContainText('Hemos añadido 10 créditos a tu saldo.');
  await paid.getByRole('link', { name: 'Continuar donde lo dejaste' }).click();
  await expect(page).toHaveURL(/\/new-project$/);

  // The draft came back from IndexedDB: photos, their choices and the name.
  await expect(page.getByText('Hemos recuperado el proyecto que estabas preparando')).toBeVisible();
  await expect(page.getByLabel('Nombre del inmueble', { exact: true })).toHaveValue('Ático Sants');
  await expect(page.getByRole('img', { name: 'Foto 1: salon.jpg' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 2: cocina.jpg' })).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' }).getByLabel(/^Supervisada/),
  ).toBeChecked();
  await expect(navigationCredits(page)).toHaveText('11 créditos');
  await expect(summary).toContainText('Saldo después: 5 créditos');

  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // The automatic one is ready in seconds (the supervised one waits for staff); uploads may finish in any order.
  await expect(page.getByRole('img', { name: /^Foto \d decorada$/ }).first()).toBeVisible({
    timeout: 60_000,
  });
  expect(await walletBalance(customer)).toBe(5);

  // Created: the draft is gone, a new wizard starts empty.
  await page.goto('/new-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo proyecto' })).toBeVisible();
  await expect(page.getByLabel('Nombre del inmueble', { exact: true })).toHaveValue('');
  await expect(page.getByText('Hemos recuperado el proyecto que estabas preparando')).toHaveCount(0);
});
