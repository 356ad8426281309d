import { type Browser, type Page } from '@playwright/test';
import { navigationCredits, payInSandbox, walletBalance } from '../src/billing';
import { createCustomer, expect, signInWithToken, staff, staffLogIn, test } from '../src/fixtures';

/** An admin signed in to the console in a context of their own, beside the customer's app. */
async function adminDesk(browser: Browser): Promise<{ desk: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await staffLogIn(desk, staff.admin.email, staff.admin.password);
  await expect(desk).toHaveURL(/\/backoffice\/reviews/);
  return { desk, close: () => context.close() };
}

test('an admin creates a coupon in the console and a customer pays a pack with it on the sandbox checkout', async ({
  page,
  browser,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const { desk, close } = await adminDesk(browser);
  try {
    await desk.goto('/backoffice/coupons/create');
    await desk.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
    await desk.getByLabel('Porcentaje de descuento', { exact: true }).fill('20');
    await desk.getByRole('button', { name: 'Guardar', exact: true }).click();
    // Stored upper case, and listed.
    await desk.goto('/backoffice/coupons');
    await expect(desk.getByRole('row').filter({ hasText: code })).toBeVisible();
  } finally {
    await close();
  }

  const customer = await createCustomer('coupon-buyer');
  await signInWithToken(page, customer, '/offers');
  await expect(navigationCredits(page)).toHaveText('1 crédito');
  await page.locator('#coupon-pack').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar cupón' }).last().click();
  await expect(page.getByText(`Cupón ${code} aplicado: 20 % de descuento.`)).toBeVisible();

  await page.getByRole('button', { name: 'Comprar el pack Starter' }).click();
  // 29,00 € less 20 %: the sandbox charges 23,20 €.
  await expect(page.getByText(/Descuento del cupón .+: -5,80/)).toBeVisible();
  await payInSandbox(page, 'Pack Starter: 10 créditos');
  await expect(page.getByRole('dialog', { name: 'Pago completado' })).toContainText(
    'Hemos añadido 10 créditos a tu saldo.',
  );
  expect(await walletBalance(customer)).toBe(11);

  // The console's payments list shows the discounted payment with its coupon.
  const again = await adminDesk(browser);
  try {
    await again.desk.goto('/backoffice/payments');
    const row = again.desk.getByRole('row').filter({ hasText: customer.email }).first();
    await expect(row).toContainText('23,20');
    await row.click();
    await expect(again.desk.getByText(code, { exact: true })).toBeVisible();
  } finally {
    await again.close();
  }
});

test("an admin grants 10 credits from the customer's page and the customer's open app shows them without a reload", async ({
  page,
  browser,
}) => {
  const customer = await createCustomer('granted');
  await signInWithToken(page, customer, '/offers');
  await expect(navigationCredits(page)).toHaveText('1 crédito');

  const { desk, close } = await adminDesk(browser);
  try {
    await desk.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
    await desk.getByLabel('Buscar por nombre o correo', { exact: true }).fill(customer.email);
    // The search applies after a pause; a click before it would be undone by the list's own navigation.
    await expect(desk).toHaveURL(/filter=/);
    await desk
      .getByRole('row')
      .filter({ hasText: customer.email })
      .getByRole('cell', { name: customer.email, exact: true })
      .click();
    await expect(desk).toHaveURL(/\/backoffice\/users\/[^/]+\/show$/);
    await desk.getByRole('button', { name: 'Dar créditos', exact: true }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('spinbutton', { name: /^Créditos/ }).fill('10');
    await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Compensación e2e');
    await dialog.getByRole('button', { name: 'Dar créditos', exact: true }).click();
    await expect(desk.getByText('Créditos añadidos. Nuevo saldo: 11')).toBeVisible();

    // The customer's app, untouched since it loaded, shows the new balance.
    await expect(navigationCredits(page)).toHaveText('11 créditos');

    // The ledger on the customer's page names the note and who gave them.
    const ledger = desk.getByRole('region', { name: 'Movimientos de créditos', exact: true });
    const grant = ledger.getByRole('row').filter({ hasText: 'Compensación e2e' });
    await expect(grant).toHaveCount(1);
    await expect(grant.getByRole('cell', { name: '+10', exact: true })).toBeVisible();
  } finally {
    await close();
  }
  expect(await walletBalance(customer)).toBe(11);
});
