import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { createCustomer, expect, signInWithToken, staff, staffLogIn, test } from '../src/fixtures';
import { grantCredits } from '../src/photos';
import { reviewOf } from '../src/reviews';

/**
 * The decorator's tools on a real-looking furnished bedroom (the corpus of tools/bench/rooms, 6 MP, by
 * daylight: bed with a headboard, nightstands, lamps, a rug on a plank floor), as a decorator works: the
 * wall tool and a paint, ONE click on the back wall; the floor tool and a floor, ONE click on the floor;
 * save, approve. Measured on the file the customer downloads against the room's labels with the
 * benchmark's own code (tools/bench/rooms/measure.mjs): the back wall painted, the wall next to the
 * furniture painted, the floor laid, the furniture, lamps, rug, casings and window untouched, and the
 * file the very one the approval dialog showed.
 */

type Rooms = typeof import('../../../tools/bench/rooms/index.mjs');
/**
 * The corpus is an ES module shared with the benchmark: imported at run time (a static import would be
 * compiled to a `require` of it).
 */
const rooms = (): Promise<Rooms> => import('../../../tools/bench/rooms/index.mjs') as Promise<Rooms>;

const ROOM = { kind: 'bedroom', lighting: 'daylight', width: 3000, height: 2000 } as const;

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** RGB bytes of an image at the room's size. */
async function rgbOf(image: Buffer): Promise<Uint8Array> {
  const data = await sharp(image)
    .autoOrient()
    .resize(ROOM.width, ROOM.height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** A pixel of the photo on the screen, with the photo fitted in the editor's stage. */
async function onStage(stage: Locator, at: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the editor stage is not on screen');
  const scale = Math.min(box.width / ROOM.width, box.height / ROOM.height);
  const left = box.x + (box.width - ROOM.width * scale) / 2;
  const top = box.y + (box.height - ROOM.height * scale) / 2;
  return { x: left + (at.x + 0.5) * scale, y: top + (at.y + 0.5) * scale };
}

/** One click on a pixel of the photo, scrolled into the middle of the window first (clear of the sticky toolbar). */
async function clickPhoto(page: Page, stage: Locator, at: { x: number; y: number }): Promise<void> {
  const height = page.viewportSize()?.height ?? 900;
  let point = await onStage(stage, at);
  if (point.y < height * 0.3 || point.y > height * 0.85) {
    await page.evaluate((dy) => window.scrollBy(0, dy), point.y - height / 2);
    point = await onStage(stage, at);
  }
  await page.mouse.click(point.x, point.y);
}

// Waits for the one-click selection in the browser (CLICK_SELECTION in libs/editor/src/selection/client.ts):
// the OpenCV worker does not answer in Chromium yet.
test.fixme('a decorator paints the back wall and lays the floor of a furnished bedroom with one click each', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const { CHANGE_THRESHOLD, clickOn, failures, LABELS, loadRoom, measureDelivery, verdicts } = await rooms();
  const room = await loadRoom(ROOM);
  const property = `Dormitorio Gràcia ${Date.now().toString(36)}`;
  const customer = await createCustomer('furnished-bedroom');
  await grantCredits(customer.email, 10);
  await signInWithToken(page, customer, '/new-project');
  await page.getByLabel('Nombre del inmueble', { exact: true }).fill(property);
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([{ name: 'dormitorio.jpg', mimeType: 'image/jpeg', buffer: room.photo }]);
  await page.getByRole('radio', { name: /^Supervisada/ }).check();
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect.poll(async () => (await reviewOf(property))?.state, { timeout: 180_000 }).toBe('queued');

  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await staffContext.newPage();
  await staffLogIn(desk, staff.decorator.email, staff.decorator.password);
  await desk.getByRole('row').filter({ hasText: property }).click();
  await desk.getByRole('button', { name: 'Reclamar', exact: true }).click();
  const tools = desk.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible({ timeout: 30_000 });
  const stage = desk.getByTestId('editor-stage');
  const layers = desk.getByRole('list', { name: 'Capas' }).getByRole('listitem');

  // Where a decorator clicks: the middle of the largest free stretch of each surface.
  const wallAt = clickOn(room.labels, ROOM.width, ROOM.height, LABELS.backWall);
  const floorAt = clickOn(room.labels, ROOM.width, ROOM.height, LABELS.floor);

  await tools.getByRole('button', { name: 'Pared', exact: true }).click();
  await desk.getByRole('button', { name: 'Azul mediterráneo' }).click();
  await clickPhoto(desk, stage, wallAt);
  // One click selects the wall and makes its paint layer (the selection may take a few seconds).
  await expect(layers).toHaveCount(1, { timeout: 60_000 });

  await tools.getByRole('button', { name: 'Suelo', exact: true }).click();
  await desk.getByRole('button', { name: 'Porcelánico gris' }).click();
  await clickPhoto(desk, stage, floorAt);
  await expect(layers).toHaveCount(2, { timeout: 60_000 });

  const before = await reviewOf(property);
  await desk.getByRole('button', { name: 'Guardar resultado' }).click();
  await expect
    .poll(async () => (await reviewOf(property))?.versionId, { timeout: 120_000 })
    .not.toBe(before?.versionId);

  await desk.getByRole('button', { name: 'Aprobar', exact: true }).click();
  const approval = desk.getByRole('dialog', { name: '¿Aprobar y entregar?' });
  const shown = approval.getByRole('img', { name: /^Resultado final que se entrega/ });
  await expect(shown).toBeVisible({ timeout: 30_000 });
  const shownFile = await download(new URL((await shown.getAttribute('src'))!, desk.url()).toString());
  await approval.getByRole('button', { name: 'Aprobar y entregar' }).click();
  await staffContext.close();

  const delivered = page.getByRole('img', { name: 'Foto 1 decorada' });
  await expect(delivered).toBeVisible({ timeout: 60_000 });
  const deliveredFile = await download(
    new URL((await delivered.getAttribute('src'))!, page.url()).toString(),
  );
  // The customer has the very file the decorator approved.
  expect(deliveredFile.equals(shownFile), 'delivered file identical to the approval preview').toBe(true);

  const [photo, draft, result] = await Promise.all([
    rgbOf(room.photo),
    rgbOf(await download(new URL(before!.draft!.imageUrl, page.url()).toString())),
    rgbOf(deliveredFile),
  ]);
  // Pixels the engine's draft changed no longer show what the labels say: left out, and counted.
  const ignore = new Uint8Array(ROOM.width * ROOM.height);
  let ignored = 0;
  let wallPixels = 0;
  let wallIgnored = 0;
  for (let i = 0; i < ignore.length; i++) {
    const j = i * 3;
    const moved =
      Math.max(
        Math.abs(photo[j]! - draft[j]!),
        Math.abs(photo[j + 1]! - draft[j + 1]!),
        Math.abs(photo[j + 2]! - draft[j + 2]!),
      ) >
      2 * CHANGE_THRESHOLD;
    if (moved) {
      ignore[i] = 1;
      ignored++;
    }
    if (room.labels[i] === LABELS.backWall) {
      wallPixels++;
      if (moved) wallIgnored++;
    }
  }
  const m = measureDelivery({
    labels: room.labels,
    width: ROOM.width,
    height: ROOM.height,
    before: draft,
    after: result,
    ignore,
  });
  console.log(
    `${(100 * ignored) / ignore.length} % of the picture changed by the engine's draft (left out)\n` +
      verdicts(m)
        .map((row) => row.join('  '))
        .join('\n'),
  );
  // The measure must still see most of the back wall.
  expect(wallIgnored / wallPixels, 'back wall changed by the draft').toBeLessThan(0.5);
  expect(failures(m)).toEqual([]);
});
