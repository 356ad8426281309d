import { readFile } from 'node:fs/promises';
import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';
import { grantCredits, roomPhoto, threeMegabyteJpeg, zipEntryCount } from '../src/photos';
import { payInSandbox } from '../src/billing';
import { projectWithDecoration } from '../src/projects';

test('a customer creates a project with 3 photos, watches them decorate live, redoes one and downloads the zip', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('projects');
  await grantCredits(customer.email, 10);
  await signInWithToken(page, customer, '/new-project');

  await page.getByLabel('Nombre del inmueble', { exact: true }).fill('Piso Gràcia');
  await page.getByLabel('Fotos del inmueble').setInputFiles([
    { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    { name: 'dormitorio.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#c9d6df', '#7d6650') },
    { name: 'cocina.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#e8e2d0', '#8a8a8a') },
  ]);
  await page.getByRole('combobox', { name: 'Tipo de estancia de la foto 2' }).click();
  await page.getByRole('option', { name: 'Dormitorio', exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();

  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // The results arrive over the socket: no reload.
  for (const n of [1, 2, 3]) {
    await expect(page.getByRole('img', { name: `Foto ${n} decorada` })).toBeVisible({ timeout: 60_000 });
  }
  await expect(page.getByRole('slider', { name: 'Comparar antes y después de la foto 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Redo the first one: a new version appears in its history.
  await page.getByRole('button', { name: 'Opciones de la foto 1' }).click();
  await page.getByRole('menuitem', { name: 'Volver a decorar' }).click();
  const redo = page.getByRole('dialog', { name: 'Volver a decorar' });
  await expect(redo.getByText('Coste: 1 crédito')).toBeVisible();
  await redo.getByRole('button', { name: 'Volver a decorar' }).click();
  await page.getByRole('button', { name: 'Opciones de la foto 1' }).click();
  await page.getByRole('menuitem', { name: 'Historial de versiones' }).click();
  await expect(page.getByRole('button', { name: 'Restaurar versión 1' })).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar todo' }).click(),
  ]);
  // Files are named from the property, room and style in the customer's language (Spanish here).
  expect(download.suggestedFilename()).toBe('Piso-Gràcia.zip');
  const zip = await readFile(await download.path());
  expect(zipEntryCount(zip)).toBe(3);
  await page.getByRole('button', { name: 'Opciones de la foto 2' }).click();
  const [one] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Descargar', exact: true }).click(),
  ]);
  expect(one.suggestedFilename()).toMatch(/^Piso-Gràcia_dormitorio_[\p{Ll}-]+_1\.jpg$/u);
});

test('a 3 MB photo is refused in the browser', async ({ page }) => {
  const customer = await createCustomer('big-photo');
  await signInWithToken(page, customer, '/new-project');
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([{ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: threeMegabyteJpeg() }]);
  await expect(page.getByText('grande.jpg: La imagen supera el máximo de 2 MB.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tipo de estancia de la foto 1' })).toHaveCount(0);
});

test('a pack buyer without a subscription reaches their project from GetStarted', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('pack-buyer');
  await signInWithToken(page, customer, '/offers');
  await page.getByRole('button', { name: 'Comprar el pack Starter' }).click();
  await payInSandbox(page, 'Pack Starter: 10 créditos');
  const paid = page.getByRole('dialog', { name: 'Pago completado' });
  await expect(paid).toContainText('Hemos añadido 10 créditos a tu saldo.');
  await page.keyboard.press('Escape');
  await expect(paid).toBeHidden();

  await projectWithDecoration(page, 'Piso Poblenou');

  // No subscription: MyProjects sends the customer to GetStarted (spec), which must lead to the project.
  await page.goto('/my-projects');
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByText(`Hola de nuevo, ${customer.name}`)).toBeVisible();
  const balance = page.getByRole('region', { name: 'Tus créditos' });
  await expect(balance).toContainText('Tienes 10 créditos.');
  await expect(balance.getByRole('link', { name: 'Nuevo proyecto' })).toHaveAttribute('href', '/new-project');
  await expect(page.getByText(/crédito de regalo/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tu primera decoración' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('region', { name: 'Tus proyectos' })
    .getByRole('link', { name: /Piso Poblenou/ })
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('img', { name: 'Foto 1 decorada' })).toBeVisible();
});
