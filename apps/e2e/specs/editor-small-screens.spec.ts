import type { Locator, Page } from '@playwright/test';
import { createCustomer, expect, signInWithToken, staff, staffLogIn, test } from '../src/fixtures';
import { photoPoint } from '../src/editor';
import { grantCredits, roomPhoto } from '../src/photos';
import { projectWithDecoration } from '../src/projects';
import { reviewOf } from '../src/reviews';

/** Every tool a customer without a plan sees, in the toolbar's order (the AI ones locked). */
const TOOLS = [
  'Pared',
  'Suelo',
  'Pincel corrector',
  'Borrador',
  'Pincel corrector de manchas',
  'Selección de objetos',
  'Lazo',
  'Decoración IA',
  'Reforma',
  'Marca de agua',
];

/** The smallest side of a control a fingertip hits reliably. */
const TOUCH = 40;

/** The page itself never scrolls sideways (a strip inside it may). */
async function expectNoSidewaysPageScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** Brought into view (scrolling its own strip if need be), wholly on screen and finger-sized. */
async function expectReachable(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = await target.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(TOUCH);
  expect(box?.height).toBeGreaterThanOrEqual(TOUCH);
}

test('on a phone the customer reaches every tool, the layers and "Save result" without the page scrolling sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('small-editor');
  await grantCredits(customer.email, 5);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, customer, '/new-project');
  await projectWithDecoration(page, 'Piso Poblenou');
  await page.getByRole('link', { name: 'Editar decoración de la foto 1' }).click();
  const tools = page.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible();
  await expectNoSidewaysPageScroll(page);

  // The tools do not all fit in 390 px: each is brought into view within the toolbar, then used.
  const buttons = tools.getByTestId('editor-tool-strip').getByRole('button');
  await expect(buttons).toHaveCount(TOOLS.length);
  for (const [index, name] of TOOLS.entries()) {
    const tool = buttons.nth(index);
    await expect(tool).toHaveAccessibleName(name);
    await expectReachable(tool);
    // Read first: the upgrade dialog hides the rest of the page from role queries.
    const locked = (await tool.getAttribute('data-locked')) === 'true';
    await tool.click();
    if (locked) {
      // A locked tool offers the upgrade instead.
      const upgrade = page.getByRole('dialog', { name: 'Mejora tu plan' });
      await upgrade.getByRole('button', { name: 'Ahora no' }).click();
      await expect(upgrade).toBeHidden();
    } else {
      await expect(tool).toHaveAttribute('aria-pressed', 'true');
    }
    await expectNoSidewaysPageScroll(page);
  }
  await expectReachable(tools.getByRole('button', { name: 'Deshacer' }));

  // The canvas takes the width (less the page's 16 px margins); a wall outlined on it lands in the layers.
  const stage = page.getByTestId('editor-stage');
  expect((await stage.boundingBox())?.width).toBeGreaterThanOrEqual(390 - 2 * 16 - 1);
  await expectReachable(tools.getByRole('button', { name: 'Pared', exact: true }));
  await tools.getByRole('button', { name: 'Pared', exact: true }).click();
  // Centred, so the app bar does not cover the photo's top corners.
  await stage.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  for (const [x, y] of [
    [0.05, 0.05],
    [0.5, 0.05],
    [0.5, 0.5],
    [0.05, 0.5],
    [0.05, 0.05],
  ]) {
    const point = await photoPoint(stage, x, y);
    await page.mouse.click(point.x, point.y);
  }
  const layers = page.getByRole('list', { name: 'Capas' });
  const wall = layers.getByRole('button', { name: /^1\. Pared · / });
  await expectReachable(wall);
  await expectReachable(layers.getByRole('button', { name: /^Eliminar 1\. Pared · / }));
  await expectNoSidewaysPageScroll(page);

  await expectReachable(page.getByRole('button', { name: 'Guardar resultado' }));
  await expectReachable(page.getByRole('link', { name: 'Volver al proyecto' }));

  // A smaller phone, and a phone on its side.
  for (const size of [
    { width: 360, height: 740 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(size);
    await expectNoSidewaysPageScroll(page);
    await expectReachable(tools.getByRole('button', { name: 'Marca de agua', exact: true }));
    await expectReachable(page.getByRole('button', { name: 'Guardar resultado' }));
  }
});

test('on a tablet the review page of a supervised decoration keeps the editor, the facts and "Approve" within the width', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const property = `Dúplex Sants ${Date.now().toString(36)}`;
  const customer = await createCustomer('small-review');
  await grantCredits(customer.email, 10);
  await signInWithToken(page, customer, '/new-project');
  await page.getByLabel('Nombre del inmueble', { exact: true }).fill(property);
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([
      { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    ]);
  await page.getByRole('radio', { name: /^Supervisada/ }).check();
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect.poll(async () => (await reviewOf(property))?.state, { timeout: 60_000 }).toBe('queued');

  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const console = await staffContext.newPage();
  await staffLogIn(console, staff.decorator.email, staff.decorator.password);
  await expect(console).toHaveURL(/\/backoffice\/reviews/);
  await console.getByRole('row').filter({ hasText: property }).click();
  await console.getByRole('button', { name: 'Reclamar', exact: true }).click();
  const approve = console.getByRole('button', { name: 'Aprobar', exact: true });
  await expect(approve).toBeVisible();
  const tools = console.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible({ timeout: 30_000 });

  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await console.setViewportSize(size);
    await console.evaluate(() => window.scrollTo(0, 0));
    await expectNoSidewaysPageScroll(console);
    await expect(approve).toBeInViewport({ ratio: 1 });
    await expect(console.getByRole('heading', { name: 'Datos del trabajo' })).toBeVisible();
    await expect(console.getByRole('button', { name: 'Devolver', exact: true })).toBeInViewport({ ratio: 1 });
    // The editor fits: its tools reachable in their strip, the canvas and "Save result" on the page.
    await expectReachable(tools.getByRole('button', { name: 'Marca de agua', exact: true }));
    await expect(console.getByTestId('editor-stage')).toBeVisible();
    await console.getByRole('button', { name: 'Guardar resultado' }).scrollIntoViewIfNeeded();
    await expect(console.getByRole('button', { name: 'Guardar resultado' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysPageScroll(console);
  }
  await staffContext.close();
});
