import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
} from '../src/fixtures';
import { grantCredits } from '../src/photos';
import { projectWithDecoration } from '../src/projects';

test('a customer writes a description in Catalan, regenerates it twice and restores the first version', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('descriptions');
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/my-projects');
  await projectWithDecoration(page, 'Pis Gràcia');

  await page.getByRole('tab', { name: 'Descripciones' }).click();
  await page.getByRole('combobox', { name: 'Idioma de la descripción' }).selectOption({ label: 'Catalán' });
  await page.getByLabel('Ubicación', { exact: true }).fill('Gràcia, Barcelona');
  await page.getByLabel('Metros cuadrados', { exact: true }).fill('85');
  await page.getByLabel('Dormitorios', { exact: true }).fill('3');
  await page.getByLabel('Baños', { exact: true }).fill('2');
  await page.getByRole('checkbox', { name: 'Balcón' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Generar descripción' }).click();

  const text = page.getByTestId('description-text');
  await expect(page.getByRole('heading', { name: 'Descripción actual (versión 1)' })).toBeVisible({
    timeout: 30_000,
  });
  const first = await text.innerText();
  // Real Catalan, with the facts given.
  expect(first).toMatch(/dormitoris|habitacions/);
  expect(first).not.toMatch(/dormitorios|habitaciones|baños/);
  expect(first).toContain('Gràcia');
  expect(first).toContain('85');

  await page.getByRole('button', { name: 'Regenerar descripción' }).click();
  await expect(page.getByRole('heading', { name: 'Descripción actual (versión 2)' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Regenerar descripción' }).click();
  await expect(page.getByRole('heading', { name: 'Descripción actual (versión 3)' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await text.innerText()).not.toBe(first);

  await page.getByRole('button', { name: 'Restaurar versión 1' }).click();
  await expect(page.getByRole('heading', { name: 'Descripción actual (versión 1)' })).toBeVisible();
  await expect(text).toHaveText(first);
  await expectNoSeriousA11yViolations(page);
});
