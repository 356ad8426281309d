import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';
import { grantCredits, roomPhoto } from '../src/photos';

test('results are named by room and style, compared with a divider and viewed full screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('results');
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/new-project');

  await page.getByLabel('Nombre del inmueble', { exact: true }).fill('Piso Sants');
  await page.getByLabel('Fotos del inmueble').setInputFiles([
    { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    { name: 'dormitorio.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#c9d6df', '#7d6650') },
  ]);
  await page.getByRole('combobox', { name: 'Tipo de estancia de la foto 2' }).click();
  await page.getByRole('option', { name: 'Dormitorio', exact: true }).click();
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  for (const n of [1, 2])
    await expect(page.getByRole('img', { name: `Foto ${n} decorada` })).toBeVisible({ timeout: 60_000 });

  // Named by room type and style, in the order the photos were chosen.
  const cards = page.getByRole('article');
  await expect(cards.nth(0)).toHaveAccessibleName('Foto 1: Salón · Moderno');
  await expect(cards.nth(1)).toHaveAccessibleName('Foto 2: Dormitorio · Moderno');
  await expect(cards.nth(0).getByRole('heading', { name: 'Salón · Moderno' })).toBeVisible();

  // The divider: keys, then a drag with the mouse.
  const slider = page.getByRole('slider', { name: 'Comparar antes y después de la foto 1' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '95');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  const frame = cards.nth(0).getByTestId('compare-slider');
  const box = (await frame.boundingBox())!;
  const handle = (await slider.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await slider.getAttribute('aria-valuenow')))
    .toBeGreaterThanOrEqual(55);
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(65);

  // Full screen: large, zoomable, from one result to the next with the keys.
  await page.getByRole('button', { name: 'Ver la foto 1 a pantalla completa' }).click();
  const viewer = page.getByRole('dialog', { name: 'Salón · Moderno' });
  await expect(viewer.getByRole('img', { name: 'Foto 1 decorada' })).toBeVisible();
  const shown = (await viewer.getByRole('img', { name: 'Foto 1 decorada' }).boundingBox())!;
  expect(shown.width).toBeGreaterThan(box.width);
  await expectNoSeriousA11yViolations(page);

  const zoom = viewer.getByRole('group', { name: 'Zoom' });
  await zoom.getByRole('button', { name: 'Acercar' }).click();
  await expect(zoom.getByText('150 %')).toBeVisible();
  await page.mouse.move(shown.x + shown.width / 2, shown.y + shown.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(zoom.getByText('150 %')).toHaveCount(0);
  await zoom.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
  await expect(zoom.getByText('100 %')).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Dormitorio · Moderno' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Resultado 2 de 2 · foto 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Salón · Moderno' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
