import { readFile } from 'node:fs/promises';
import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';
import { grantCredits, roomPhoto, threeMegabyteJpeg, zipEntryCount } from '../src/photos';

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
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await readFile(await download.path());
  expect(zipEntryCount(zip)).toBe(3);
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
