import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The size of the photos the e2e tests upload (photos.ts roomPhoto). */
const PHOTO = { width: 1200, height: 900 };

/** A point of the photo (fractions of its size) on the screen, with the photo fitted in the stage. */
export async function photoPoint(stage: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the editor stage is not on screen');
  const scale = Math.min(box.width / PHOTO.width, box.height / PHOTO.height);
  const left = box.x + (box.width - PHOTO.width * scale) / 2;
  const top = box.y + (box.height - PHOTO.height * scale) / 2;
  return { x: left + x * PHOTO.width * scale, y: top + y * PHOTO.height * scale };
}

/** The colour of a point (fractions) of an image on the page, read through a canvas. */
export async function pixelOf(page: Page, image: Locator, x: number, y: number): Promise<number[]> {
  const src = await image.getAttribute('src');
  if (!src) throw new Error('the image has no src');
  return page.evaluate(
    async ({ src, x, y }) => {
      const img = new Image();
      // As the editor loads photos: media may redirect to the object store, read only with CORS.
      img.crossOrigin = 'anonymous';
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(img, 0, 0);
      const px = Math.round(x * img.naturalWidth);
      const py = Math.round(y * img.naturalHeight);
      return Array.from(context.getImageData(px, py, 1, 1).data.slice(0, 3));
    },
    { src, x, y },
  );
}

/** #rrggbb as [r, g, b]. */
export const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * Clicks the corners of an outline with the wall or floor tool (chosen already) on the editor's stage,
 * then the first again to close it. Those tools select the clicked surface; the outline is their
 * Outline mode, switched on first (and checked on, so no corner is taken for a click on the surface).
 */
export async function clickOutline(page: Page, stage: Locator, corners: [number, number][]): Promise<void> {
  const outlineMode = page.getByRole('button', { name: /^(Contorno|Contorn|Outline)$/ });
  await expect(outlineMode).toBeVisible();
  if ((await outlineMode.getAttribute('aria-pressed')) !== 'true') await outlineMode.click();
  await expect(outlineMode).toHaveAttribute('aria-pressed', 'true');
  // The whole photo on screen: the stage's top at the window's top, or just below the editor's
  // toolbar where it sticks to the window's top (the console on a tablet or a short window).
  await stage.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    const toolbar = document.querySelector('[data-testid="editor-tool-strip"]')?.closest('[role="toolbar"]');
    const over = toolbar ? toolbar.getBoundingClientRect().bottom - element.getBoundingClientRect().top : 0;
    if (over > 0) window.scrollBy(0, -(over + 4));
  });
  for (const [x, y] of [...corners, corners[0]]) {
    const point = await photoPoint(stage, x, y);
    await page.mouse.click(point.x, point.y);
  }
  // Enter closes an outline too: on a busy machine the closing click can land a few pixels off the first
  // corner and add one more instead. Away from the Outline button, which Enter would toggle.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Enter');
}
