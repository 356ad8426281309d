import {
  createCustomer,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  staff,
  staffLogIn,
  test,
  waitForMail,
} from '../src/fixtures';
import { clickOutline, photoPoint, pixelOf, rgb } from '../src/editor';
import { grantCredits, roomPhoto } from '../src/photos';
import { reviewOf } from '../src/reviews';

const WALL = '#d9d2c5';
const FLOOR = '#9c7a55';

test('a supervised decoration: a decorator claims it, paints a wall, brushes a correction and approves; the customer sees it arrive live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const property = `Ático Eixample ${Date.now().toString(36)}`;
  const customer = await createCustomer('review');
  await grantCredits(customer.email, 10);
  await signInWithToken(page, customer, '/new-project');

  await page.getByLabel('Nombre del inmueble', { exact: true }).fill(property);
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([{ name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto(WALL, FLOOR) }]);
  await page.getByRole('radio', { name: /^Supervisada/ }).check();
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('Supervisada: la tendrás en un máximo de 48 horas laborables.')).toBeVisible();
  const delivered = page.getByRole('img', { name: 'Foto 1 decorada' });
  await expect(delivered).toHaveCount(0);

  // The AI draft reaches the staff queue.
  await expect.poll(async () => (await reviewOf(property))?.state, { timeout: 60_000 }).toBe('queued');
  // The customer sees it waiting for our team, no longer a progress bar.
  await expect(page.getByRole('progressbar', { name: 'Progreso de la decoración de la foto 1' })).toHaveCount(
    0,
  );

  // A desktop screen, so the whole photo fits on screen beside the editor's panels.
  const staffContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const console = await staffContext.newPage();
  await staffLogIn(console, staff.decorator.email, staff.decorator.password);
  await expect(console).toHaveURL(/\/backoffice\/reviews/);
  await console.getByRole('row').filter({ hasText: property }).click();
  await console.getByRole('button', { name: 'Reclamar', exact: true }).click();
  await expect(console.getByRole('button', { name: 'Aprobar', exact: true })).toBeVisible();

  const tools = console.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible({ timeout: 30_000 });
  const stage = console.getByTestId('editor-stage');
  await expect(stage).toBeVisible();
  await expectNoSeriousA11yViolations(console);

  // Paint the upper-left wall with a catalogue colour: click its corners, then the first again.
  await tools.getByRole('button', { name: 'Pared', exact: true }).click();
  await console.getByRole('button', { name: 'Azul mediterráneo' }).click();
  await clickOutline(console, stage, [
    [0.05, 0.05],
    [0.5, 0.05],
    [0.5, 0.5],
    [0.05, 0.5],
  ]);
  const layers = console.getByRole('list', { name: 'Capas' });
  const wall = layers.getByRole('button', { name: '1. Pared · Azul mediterráneo', exact: true });
  await expect(wall).toHaveAttribute('aria-pressed', 'true');
  // A brush adds to the selected layer: unselect the wall so the stroke starts a correction.
  await wall.click();
  await expect(wall).toHaveAttribute('aria-pressed', 'false');

  // Brush a correction across the floor on the right: the original floor shows there again.
  await tools.getByRole('button', { name: 'Pincel corrector', exact: true }).click();
  await stage.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const from = await photoPoint(stage, 0.62, 0.85);
  const to = await photoPoint(stage, 0.95, 0.85);
  await console.mouse.move(from.x, from.y);
  await console.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await console.mouse.move(from.x + ((to.x - from.x) * step) / 12, from.y);
  }
  await console.mouse.up();
  await expect(layers.getByRole('listitem')).toHaveCount(2);

  const draft = (await reviewOf(property))?.versionId;
  await console.getByRole('button', { name: 'Guardar resultado' }).click();
  // The server renders the edit at full size into a new version: the review's draft moves to it.
  await expect.poll(async () => (await reviewOf(property))?.versionId, { timeout: 60_000 }).not.toBe(draft);

  await console.getByRole('button', { name: 'Aprobar', exact: true }).click();
  const approval = console.getByRole('dialog', { name: '¿Aprobar y entregar?' });
  // The dialog shows the server's full-resolution render of the fix, the version approving delivers.
  await expect(approval.getByText('Resultado final a resolución completa · versión 2')).toBeVisible();
  await expect(
    approval.getByRole('img', { name: 'Resultado final que se entrega, versión 2' }),
  ).toBeVisible();
  await approval.getByRole('button', { name: 'Aprobar y entregar' }).click();
  await staffContext.close();

  // The customer's page shows the delivered result without a reload, with the wall painted blue.
  await expect(delivered).toBeVisible({ timeout: 30_000 });
  const [r, g, b] = await pixelOf(page, delivered, 0.27, 0.2);
  expect(b, `the painted wall is blue: rgb(${r}, ${g}, ${b})`).toBeGreaterThan(r + 25);
  // Where the correction was brushed, the original floor shows again.
  const floor = await pixelOf(page, delivered, 0.8, 0.85);
  rgb(FLOOR).forEach((channel, i) => expect(Math.abs(floor[i] - channel)).toBeLessThan(30));
  await waitForMail(customer.email, (message) => message.template === 'reviewDelivered');
});
