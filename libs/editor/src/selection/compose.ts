import type { EditLayer, EditShape } from '@estancia/contracts';
import type { PixelGrid } from '../mask/flood-fill';
import { areaCoverage, drawArea } from '../render/area';
import { createCanvas } from '../render/canvas';

/** A layer's area as coverage (alpha) at `width`×`height`. */
export type CoverageOf = (area: readonly EditShape[], width: number, height: number) => CanvasImageSource;

/**
 * The areas of the correction layers that bring the original photo back over the draft, in the
 * document's order. Restoring the draft is the base already: those layers change nothing here.
 */
export function restoredAreas(layers: readonly EditLayer[]): (readonly EditShape[])[] {
  return layers.flatMap((layer) =>
    layer.type === 'correction' && layer.restore !== 'draft' ? [layer.area] : [],
  );
}

/**
 * An area's coverage drawn afresh, the same pixels as `areaCoverage`. The worker's areas arrive as
 * copies, so that cache (by identity, 50 MB a coverage at 12 MP) would only hold memory there.
 */
export const freshCoverage: CoverageOf = (area, width, height) => {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (ctx) drawArea(ctx, area, width, height);
  return canvas;
};

/**
 * The picture as the decorator sees it minus paint, at `width`×`height`: the draft with the original
 * photo inside each restoring area (a removed object leaves no ghost for the selection to follow).
 * Runs on the main thread (no worker, or no ImageBitmap/OffscreenCanvas) and in the selection worker.
 * Null when the pixels cannot be read (a photo served without CORS taints the canvas).
 */
export function editedPixels(
  base: CanvasImageSource,
  original: CanvasImageSource | null,
  areas: readonly (readonly EditShape[])[],
  width: number,
  height: number,
  coverage: CoverageOf = areaCoverage,
): PixelGrid | null {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  try {
    ctx.drawImage(base, 0, 0, width, height);
    // One scratch canvas for all the layers: a 12 MP canvas is 50 MB.
    const restored = original && areas.length ? createCanvas(width, height) : null;
    const rctx = restored?.getContext('2d');
    if (original && restored && rctx) {
      for (const area of areas) {
        rctx.globalCompositeOperation = 'source-over';
        rctx.clearRect(0, 0, width, height);
        rctx.drawImage(coverage(area, width, height), 0, 0);
        rctx.globalCompositeOperation = 'source-in';
        rctx.drawImage(original, 0, 0, width, height);
        ctx.drawImage(restored, 0, 0);
      }
    }
    return ctx.getImageData(0, 0, width, height);
  } catch {
    return null;
  }
}
