import type { EditLayer } from '@estancia/contracts';
import { areaCoverage } from './area';
import { createCanvas } from './canvas';

/**
 * The engine's added-furniture mask (white = furniture) as coverage in alpha, at `width`×`height`; null
 * when its pixels cannot be read (a server that refused CORS): the preview then shows paint over it.
 */
export function addedCoverage(
  mask: CanvasImageSource,
  width: number,
  height: number,
): HTMLCanvasElement | null {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(mask, 0, 0, canvas.width, canvas.height);
  let pixels: ImageData;
  try {
    pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  } catch {
    return null;
  }
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i + 3] = data[i]!;
    data[i] = data[i + 1] = data[i + 2] = 0;
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/** One step of the chain: the furniture still standing after a correction or a heal. */
interface Step {
  correction: EditLayer;
  front: HTMLCanvasElement;
}

/**
 * The furniture standing in front of each paint layer, as the server renders it: the added mask less the
 * corrections before that layer (where the photo shows again, nothing added stands). `previous` is the last
 * call's chain: documents are immutable, so the steps of unchanged corrections are reused, not redrawn.
 */
export function furnitureInFront(
  layers: readonly EditLayer[],
  added: HTMLCanvasElement,
  previous: readonly Step[] = [],
): { fronts: Map<string, HTMLCanvasElement>; chain: Step[] } {
  const fronts = new Map<string, HTMLCanvasElement>();
  const chain: Step[] = [];
  let front = added;
  let reusable = true;
  for (const layer of layers) {
    if (layer.type === 'paint') fronts.set(layer.id, front);
    // Restoring the draft brings back what the engine added too: the furniture stays in front. The photo
    // shown again, or a heal, takes it away.
    const clears = (layer.type === 'correction' && layer.restore !== 'draft') || layer.type === 'heal';
    if (!clears) continue;
    const earlier = previous[chain.length];
    reusable &&= earlier?.correction === layer;
    if (reusable) front = earlier!.front;
    else {
      const next = createCanvas(added.width, added.height);
      const ctx = next.getContext('2d');
      if (ctx) {
        ctx.drawImage(front, 0, 0);
        ctx.globalCompositeOperation = 'destination-out';
        ctx.drawImage(areaCoverage(layer.area, next.width, next.height), 0, 0);
      }
      front = next;
    }
    chain.push({ correction: layer, front });
  }
  return { fronts, chain };
}
