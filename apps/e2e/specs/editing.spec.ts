import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';
import { clickOutline, pixelOf } from '../src/editor';
import { grantCredits, roomPhoto } from '../src/photos';

test('a customer edits a decoration: lays a floor from the catalogue, saves the result and finds it as the new version; the extra tools are locked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const customer = await createCustomer('editing');
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/new-project');
  await page.getByLabel('Nombre del inmueble', { exact: true }).fill('Casa Sitges');
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([
      { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    ]);
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  const decorated = page.getByRole('img', { name: 'Foto 1 decorada' });
  await expect(decorated).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'Editar decoración de la foto 1' }).click();
  await expect(page).toHaveURL(/\/project\/edit\/[0-9a-f-]{36}\?decoration=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar decoración' })).toBeVisible();
  await expect(page.getByText('Te quedan 3 ediciones (de 3) en esta decoración')).toBeVisible();
  const tools = page.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Without PRO or ULTIMATE, AI decoration is locked and says how to get it.
  await tools.getByRole('button', { name: 'Decoración IA', exact: true }).click();
  const upgrade = page.getByRole('dialog', { name: 'Mejora tu plan' });
  await expect(upgrade.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/offers');
  await upgrade.getByRole('button', { name: 'Ahora no' }).click();

  // Lay red terracotta tiles over the lower part of the photo.
  await tools.getByRole('button', { name: 'Suelo', exact: true }).click();
  await page.getByRole('button', { name: 'Baldosas de terracota' }).click();
  const stage = page.getByTestId('editor-stage');
  await clickOutline(page, stage, [
    [0.02, 0.7],
    [0.98, 0.7],
    [0.98, 0.98],
    [0.02, 0.98],
  ]);
  await expect(page.getByRole('list', { name: 'Capas' })).toContainText('Baldosas de terracota');
  await expect(page.getByTestId('editor-save-status')).toHaveAttribute('data-status', 'saved', {
    timeout: 15_000,
  });

  await page.getByRole('button', { name: 'Guardar resultado' }).click();
  await expect(page.getByText('Tu decoración editada está lista: ya es la versión actual.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  // The floor is terracotta now: clearly redder than it is green or blue.
  await expect
    .poll(async () => {
      const [r, g, b] = await pixelOf(page, decorated, 0.5, 0.85);
      return r - Math.max(g, b);
    })
    .toBeGreaterThan(40);
  await page.getByRole('button', { name: 'Opciones de la foto 1' }).click();
  await page.getByRole('menuitem', { name: 'Historial de versiones' }).click();
  await expect(page.getByRole('button', { name: 'Restaurar versión 1' })).toBeVisible();
});
