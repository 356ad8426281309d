import {
  createCustomer,
  expect,
  signInWithToken,
  staff,
  staffLogIn,
  test,
  waitForMail,
} from '../src/fixtures';
import { grantCredits } from '../src/photos';
import { projectWithDecoration } from '../src/projects';

test('a customer adds a recommended paint to favourites and sees the counter, then asks for a reform budget that staff see in the console', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('shop');
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/my-projects');
  const property = `Casa Reus ${Date.now().toString(36)}`;
  await projectWithDecoration(page, property);

  await page.getByRole('button', { name: 'Recomendaciones para la foto 1' }).click();
  const panel = page.getByRole('dialog', { name: 'Recomendaciones para la foto 1' });
  const paints = panel.getByRole('region', { name: 'Pinturas' });
  const paint = paints.getByRole('article').first();
  const name = (await paint.getByRole('heading').first().innerText()).trim();
  const favourite = paint.getByRole('button', { name: `Favorito: ${name}` });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Favoritos, nuevos: 1' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Pedir presupuesto de reforma de la foto 1' }).click();
  const reform = page.getByRole('dialog', { name: 'Pedir presupuesto de reforma' });
  await reform.getByRole('checkbox', { name: 'Cocina' }).check();
  await reform.getByRole('spinbutton', { name: 'Superficie (m²)' }).fill('18');
  await reform.getByRole('radio', { name: 'Menos de 5.000 €' }).check();
  await reform.getByRole('radio', { name: 'Por correo electrónico' }).check();
  await reform.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(reform).toBeHidden();
  await waitForMail(customer.email, (message) => message.template === 'reformRequestReceived');

  const staffContext = await browser.newContext();
  const console = await staffContext.newPage();
  await staffLogIn(console, staff.admin.email, staff.admin.password);
  await console.getByRole('menuitem', { name: 'Presupuestos de reforma' }).click();
  const row = console.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toBeVisible();
  await row.click();
  await console.getByRole('button', { name: 'Marcar como contactada' }).click();
  await expect(console.getByRole('region', { name: 'Historial de estados' })).toContainText('Admin');
  await staffContext.close();
});
