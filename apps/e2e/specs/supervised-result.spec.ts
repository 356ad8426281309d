import sharp from 'sharp';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  signInWithToken,
  staff,
  staffLogIn,
  staffToken,
  test,
} from '../src/fixtures';
import { clickOutline, rgb } from '../src/editor';
import { grantCredits, roomPhoto } from '../src/photos';
import { editSessionOf, reviewOf } from '../src/reviews';

/**
 * The premium product's promise, read off the delivered file: a decorator paints the back wall and lays a
 * floor over a supervised draft whose furniture stands in front of the wall; the wall and the floor change
 * (in the furniture's cast shadows too, which are shading), the furniture, the rug and the window do not, and
 * the file delivered is the one the approval dialog showed.
 */

const WALL = '#d9d2c5';
const FLOOR = '#9c7a55';
const WINDOW = '#eef4f8';
/** The photo's size (photos.ts roomPhoto). */
const [W, H] = [1200, 900];

interface Rgb {
  data: Buffer;
  at(i: number): [number, number, number];
}

async function decode(image: Buffer): Promise<Rgb> {
  const data = await sharp(image)
    .resize(W, H, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return { data, at: (i) => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!] };
}

const distance = (a: number[], b: number[]) => a.reduce((sum, v, c) => sum + Math.abs(v - b[c]!), 0);

/** Pixels with no pixel of `mask` within `radius` (a box): clear of its edges. */
function clearOf(mask: Uint8Array, radius: number): Uint8Array {
  const sum = new Int32Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      sum[(y + 1) * (W + 1) + x + 1] =
        mask[y * W + x]! + sum[y * (W + 1) + x + 1]! + sum[(y + 1) * (W + 1) + x]! - sum[y * (W + 1) + x]!;
  const clear = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [x0, y0] = [Math.max(0, x - radius), Math.max(0, y - radius)];
      const [x1, y1] = [Math.min(W, x + radius + 1), Math.min(H, y + radius + 1)];
      const inside =
        sum[y1 * (W + 1) + x1]! - sum[y0 * (W + 1) + x1]! - sum[y1 * (W + 1) + x0]! + sum[y0 * (W + 1) + x0]!;
      clear[y * W + x] = inside === 0 ? 1 : 0;
    }
  return clear;
}

async function download(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

test('a supervised result keeps the furniture, the rug and the window while the wall and the floor change', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const property = `Masía Empordà ${Date.now().toString(36)}`;
  const customer = await createCustomer('supervised-result');
  await grantCredits(customer.email, 10);
  await signInWithToken(page, customer, '/new-project');
  const photo = await roomPhoto(WALL, FLOOR);
  await page.getByLabel('Nombre del inmueble', { exact: true }).fill(property);
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([{ name: 'salon.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await page.getByRole('radio', { name: /^Supervisada/ }).check();
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect.poll(async () => (await reviewOf(property))?.state, { timeout: 60_000 }).toBe('queued');

  const staffContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const desk = await staffContext.newPage();
  await staffLogIn(desk, staff.decorator.email, staff.decorator.password);
  await desk.getByRole('row').filter({ hasText: property }).click();
  await desk.getByRole('button', { name: 'Reclamar', exact: true }).click();
  const tools = desk.getByRole('toolbar', { name: 'Herramientas' });
  await expect(tools).toBeVisible({ timeout: 30_000 });
  const stage = desk.getByTestId('editor-stage');

  // The whole back wall, window and furniture inside the outline: only the wall may take the paint.
  await tools.getByRole('button', { name: 'Pared', exact: true }).click();
  await desk.getByRole('button', { name: 'Azul mediterráneo' }).click();
  await clickOutline(desk, stage, [
    [0.01, 0.01],
    [0.99, 0.01],
    [0.99, 0.61],
    [0.01, 0.61],
  ]);
  // The whole floor, rug and legs inside: only the floor may take the tiles, in perspective.
  await tools.getByRole('button', { name: 'Suelo', exact: true }).click();
  await desk.getByRole('button', { name: 'Baldosas de terracota' }).click();
  await clickOutline(desk, stage, [
    [0.01, 0.99],
    [0.15, 0.63],
    [0.85, 0.63],
    [0.99, 0.99],
  ]);
  // Each outline's surface is selected in the worker (a few seconds on a 2-core machine).
  await expect(desk.getByRole('list', { name: 'Capas' }).getByRole('listitem')).toHaveCount(2, {
    timeout: 60_000,
  });
  const before = await reviewOf(property);
  const session = await editSessionOf(before!.id);
  await desk.getByRole('button', { name: 'Guardar resultado' }).click();
  await expect
    .poll(async () => (await reviewOf(property))?.versionId, { timeout: 60_000 })
    .not.toBe(before?.versionId);

  await desk.getByRole('button', { name: 'Aprobar', exact: true }).click();
  const approval = desk.getByRole('dialog', { name: '¿Aprobar y entregar?' });
  const shown = approval.getByRole('img', { name: /^Resultado final que se entrega/ });
  await expect(shown).toBeVisible();
  // The dialog shows the customer's download, fetched with the staff session (a blob: URL); the same
  // file straight from the API, once the dialog shows it:
  await expect(shown).toHaveAttribute('src', /^blob:/);
  const approved = await reviewOf(property);
  const shownFile = await download(
    `${baseURL}/data/admin/reviews/${approved!.id}/download-preview/image?versionId=${approved!.versionId}`,
    { authorization: `Bearer ${await staffToken('decorator')}` },
  );
  await approval.getByRole('button', { name: 'Aprobar y entregar' }).click();
  await staffContext.close();

  const delivered = page.getByRole('img', { name: 'Foto 1 decorada' });
  await expect(delivered).toBeVisible({ timeout: 30_000 });
  const deliveredFile = await download(
    new URL((await delivered.getAttribute('src'))!, page.url()).toString(),
  );
  // The customer downloads the very file the decorator approved.
  const customerDownload = await download(`${baseURL}/data/decoration/${approved!.decorationId}/download`, {
    authorization: `Bearer ${await customerToken(customer)}`,
  });
  expect(customerDownload.equals(shownFile)).toBe(true);

  const [original, draft, result, engineAdded] = await Promise.all([
    decode(photo),
    decode(await download(new URL(before!.draft!.imageUrl, page.url()).toString())),
    decode(deliveredFile),
    decode(await download(new URL(session.addedMaskUrl!, page.url()).toString())),
  ]);

  // What the engine changed (furniture, rug, shadows, glows) is where the draft differs from the photo, the
  // furniture and the rug alone are its added mask; the window is the photo's; the wall and the floor are the
  // photo's own colours well clear of all of them.
  const furniture = new Uint8Array(W * H);
  const added = new Uint8Array(W * H);
  const touched = new Uint8Array(W * H);
  const windowPane = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    const change = distance(draft.at(i), original.at(i));
    added[i] = change > 45 ? 1 : 0;
    furniture[i] = engineAdded.at(i)[0] > 128 ? 1 : 0;
    // The soft fringes of the shadows and lamp glows the engine drew: neither furniture nor plain surface.
    touched[i] = change > 12 ? 1 : 0;
    windowPane[i] = distance(original.at(i), rgb(WINDOW)) < 20 ? 1 : 0;
  }
  const clear = clearOf(touched, 8);
  const clearOfWindow = clearOf(windowPane, 8);
  // Furniture pixels whose whole neighbourhood is furniture: away from their soft edges.
  const solidFurniture = clearOf(
    furniture.map((v) => 1 - v),
    4,
  );
  // The refinement's ramp test (libs/editor/src/mask/surface.ts) looks 6 px on each side: a shadow strip within
  // ~12 px of a strong edge (the rug's dark border) can still be refused, a known gap (issue 13's note); the
  // hearts of the shadows are measured clear of it.
  const clearOfFurnitureEdges = clearOf(furniture, 14);

  const tally = { wall: [0, 0], furniture: [0, 0], rug: [0, 0], window: [0, 0], shadow: [0, 0] };
  const floorBlocks = new Map<number, number[]>();
  const floorLuma: number[] = [];
  for (let i = 0; i < W * H; i++) {
    const y = Math.floor(i / W);
    const x = i % W;
    const difference = distance(result.at(i), draft.at(i));
    // Tiles in the dark of a shadow differ less from the old floor there: JPEG's noise stays under 16.
    const count = (kind: keyof typeof tally, expectChange: boolean, threshold = 36) => {
      tally[kind][0]!++;
      if (difference > threshold === expectChange) tally[kind][1]!++;
    };
    if (solidFurniture[i]) count(y < 0.62 * H ? 'furniture' : 'rug', false);
    else if (
      added[i] &&
      clearOfFurnitureEdges[i] &&
      y > 0.7 * H &&
      x > 0.2 * W &&
      x < 0.8 * W &&
      distance(original.at(i), rgb(FLOOR)) < 24
    )
      // The heart of a cast shadow on the floor: the floor laid there, its shading kept.
      count('shadow', true, 16);
    else if (windowPane[i] && !added[i] && x > 0.61 * W && x < 0.79 * W && y > 0.15 * H && y < 0.47 * H)
      count('window', false);
    else if (!clear[i] || !clearOfWindow[i]) continue;
    else if (
      y > 0.03 * H &&
      y < 0.58 * H &&
      x > 0.03 * W &&
      x < 0.97 * W &&
      distance(original.at(i), rgb(WALL)) < 24
    )
      count('wall', true);
    else if (
      y > 0.7 * H &&
      y < 0.97 * H &&
      x > 0.2 * W &&
      x < 0.8 * W &&
      distance(original.at(i), rgb(FLOOR)) < 24
    ) {
      // A tile's highlight may happen to match the old floor: the floor is judged by 24-px blocks below.
      const block = Math.floor(y / 24) * 64 + Math.floor(x / 24);
      const seen = floorBlocks.get(block) ?? [0, 0];
      const laid = difference > 16; // JPEG's noise stays under it
      floorBlocks.set(block, [seen[0]! + 1, seen[1]! + (laid ? 1 : 0)]);
      const [r, g, b] = result.at(i);
      floorLuma.push(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  const share = (kind: keyof typeof tally) => tally[kind][1]! / tally[kind][0]!;
  console.log(
    Object.entries(tally)
      .map(([kind, [all, ok]]) => `${kind}: ${ok}/${all} as expected`)
      .join(', '),
    `; ${floorBlocks.size} floor blocks`,
  );
  for (const kind of ['wall', 'furniture', 'rug', 'window'] as const)
    expect(tally[kind][0], kind).toBeGreaterThan(1000);
  expect(tally.shadow[0], 'shadow').toBeGreaterThan(200);
  expect(share('shadow'), 'the floor laid in the shadows').toBeGreaterThan(0.9);
  expect(share('wall'), 'wall pixels changed colour').toBeGreaterThan(0.97);
  // Every block of plain floor took the tiles (most of its pixels changed).
  const blocks = [...floorBlocks.values()].filter(([all]) => all! >= 100);
  expect(blocks.length, 'floor blocks').toBeGreaterThan(50);
  expect(blocks.filter(([all, changed]) => changed! > all! / 2).length / blocks.length, 'floor laid').toBe(1);
  expect(share('furniture'), 'furniture pixels unchanged').toBeGreaterThan(0.97);
  expect(share('rug'), 'rug and legs unchanged').toBeGreaterThan(0.97);
  expect(share('window'), 'window pixels unchanged').toBeGreaterThan(0.99);
  // Textured: tiles and grout, not a flat fill.
  const mean = floorLuma.reduce((a, b) => a + b, 0) / floorLuma.length;
  const spread = Math.sqrt(floorLuma.reduce((a, b) => a + (b - mean) ** 2, 0) / floorLuma.length);
  expect(spread, 'the floor is textured').toBeGreaterThan(8);
});
