import type { Page } from '@playwright/test';
import { createCustomer, expect, signInWithToken, test } from '../src/fixtures';
import { clickOutline } from '../src/editor';
import { grantCredits } from '../src/photos';
import { projectWithDecoration } from '../src/projects';

/**
 * What the editor shows is what is delivered: the editor's live preview of a painted wall and a floor laid
 * in perspective (under the furniture the engine added) against the server's full-resolution render of
 * the same document, compared on the photo's rectangle of the preview canvas.
 */

/** The preview as the editor draws it: the photo's rectangle of the stage's first canvas (photo and layers). */
async function previewPixels(page: Page): Promise<{ width: number; height: number; data: number[] }> {
  return page.getByTestId('editor-stage').evaluate((stage) => {
    const canvas = stage.querySelector('canvas');
    if (!canvas) throw new Error('no canvas in the editor stage');
    // The photo (1200×900) fitted and centred in the stage, as the editor frames it at first.
    const scale = Math.min(canvas.width / 1200, canvas.height / 900);
    const [width, height] = [Math.floor(1200 * scale), Math.floor(900 * scale)];
    const left = Math.ceil((canvas.width - 1200 * scale) / 2);
    const top = Math.ceil((canvas.height - 900 * scale) / 2);
    const pixels = canvas.getContext('2d')!.getImageData(left, top, width - 1, height - 1);
    return { width: width - 1, height: height - 1, data: Array.from(pixels.data) };
  });
}

/**
 * Mean absolute difference per channel over the whole picture, and the largest difference of the means of
 * 24×18 cells (what the eye sees: a colour, a shade, a tile size), between the preview and the render.
 */
async function compare(
  page: Page,
  preview: { width: number; height: number; data: number[] },
  resultUrl: string,
): Promise<{ mean: number; cell: number }> {
  return page.evaluate(
    async ({ preview, resultUrl }) => {
      const image = new Image();
      // As the editor loads photos: media may redirect to the object store, read only with CORS.
      image.crossOrigin = 'anonymous';
      image.src = resultUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = preview.width;
      canvas.height = preview.height;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, preview.width, preview.height);
      const render = context.getImageData(0, 0, preview.width, preview.height).data;
      let total = 0;
      const [cols, rows] = [24, 18];
      const cells = Array.from({ length: cols * rows }, () => [0, 0, 0, 0, 0, 0, 0]);
      for (let y = 0; y < preview.height; y++)
        for (let x = 0; x < preview.width; x++) {
          const i = (y * preview.width + x) * 4;
          const cell =
            cells[Math.floor((y * rows) / preview.height) * cols + Math.floor((x * cols) / preview.width)]!;
          for (let c = 0; c < 3; c++) {
            total += Math.abs(preview.data[i + c]! - render[i + c]!);
            cell[c]! += preview.data[i + c]!;
            cell[c + 3]! += render[i + c]!;
          }
          cell[6]!++;
        }
      let worst = 0;
      for (const cell of cells)
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(cell[c]! - cell[c + 3]!) / cell[6]!);
      return { mean: total / (preview.width * preview.height * 3), cell: worst };
    },
    { preview, resultUrl },
  );
}

test('the editor’s preview of a painted wall and a floor in perspective matches the delivered render', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const customer = await createCustomer('wysiwyg');
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/new-project');
  await projectWithDecoration(page, 'Casa Cadaqués');
  const decorated = page.getByRole('img', { name: 'Foto 1 decorada' });
  const draftUrl = await decorated.getAttribute('src');
  await page.getByRole('link', { name: 'Editar decoración de la foto 1' }).click();
  const tools = page.getByRole('toolbar', { name: 'Herramientas' });
  const stage = page.getByTestId('editor-stage');

  await tools.getByRole('button', { name: 'Pared', exact: true }).click();
  await page.getByRole('button', { name: 'Azul mediterráneo' }).click();
  await clickOutline(page, stage, [
    [0.01, 0.01],
    [0.99, 0.01],
    [0.99, 0.61],
    [0.01, 0.61],
  ]);
  // A floor whose two sides recede to a vanishing point: the tiles shrink towards the wall.
  await tools.getByRole('button', { name: 'Suelo', exact: true }).click();
  await page.getByRole('button', { name: 'Baldosas de terracota' }).click();
  await clickOutline(page, stage, [
    [0.01, 0.99],
    [0.2, 0.63],
    [0.8, 0.63],
    [0.99, 0.99],
  ]);
  await expect(page.getByRole('list', { name: 'Capas' })).toContainText('Baldosas de terracota');
  await expect(page.getByTestId('editor-save-status')).toHaveAttribute('data-status', 'saved', {
    timeout: 15_000,
  });
  // Nothing selected, no outline drawn over the preview.
  await page.keyboard.press('Escape');
  const preview = await previewPixels(page);

  await page.getByRole('button', { name: 'Guardar resultado' }).click();
  await expect(page.getByText('Tu decoración editada está lista: ya es la versión actual.')).toBeVisible({
    timeout: 60_000,
  });
  // The page shows the new version once its event arrives, which may come after the message.
  await expect(decorated).not.toHaveAttribute('src', draftUrl!, { timeout: 30_000 });
  const resultUrl = await decorated.getAttribute('src');
  const { mean, cell } = await compare(page, preview, resultUrl!);
  console.log(`preview vs render: mean ${mean.toFixed(2)} per channel, worst cell ${cell.toFixed(2)}`);
  expect(mean).toBeLessThan(8);
  expect(cell).toBeLessThan(16);
});
