import type { EditLayer, Product } from '@estancia/contracts';
import { drawArea } from './area';
import { createCanvas } from './canvas';

export interface PreviewSources {
  /** The paint or floor product of a paint layer. */
  readonly product?: Product;
  /** The floor product's loaded texture tile. */
  readonly texture?: HTMLImageElement | null;
  /** The original photo, shown again inside a correction. */
  readonly original?: HTMLImageElement | null;
  /** The furniture standing in front of a paint layer (coverage in alpha), which the paint goes under. */
  readonly front?: CanvasImageSource | null;
}

const AI_TINTS = { decoration: '124, 77, 255', reform: '255, 145, 0' } as const;

/** Diagonal hatching: the AI areas are only rendered by the server, so the editor marks them. */
function hatch(ctx: CanvasRenderingContext2D, rgb: string): CanvasPattern | string {
  const tile = createCanvas(16, 16);
  const t = tile.getContext('2d');
  if (!t) return `rgba(${rgb}, 0.4)`;
  t.fillStyle = `rgba(${rgb}, 0.3)`;
  t.fillRect(0, 0, 16, 16);
  t.strokeStyle = `rgba(${rgb}, 0.9)`;
  t.lineWidth = 3;
  t.beginPath();
  t.moveTo(-4, 20);
  t.lineTo(20, -4);
  t.moveTo(-4, 4);
  t.lineTo(4, -4);
  t.moveTo(12, 20);
  t.lineTo(20, 12);
  t.stroke();
  return ctx.createPattern(tile, 'repeat') ?? `rgba(${rgb}, 0.4)`;
}

/** The floor texture repeated at the product's tile size (a fraction of the photo's width). */
function texturePattern(
  ctx: CanvasRenderingContext2D,
  texture: HTMLImageElement,
  tileScale: number,
  width: number,
): CanvasPattern | null {
  const pattern = ctx.createPattern(texture, 'repeat');
  const tileWidth = texture.naturalWidth || texture.width || 256;
  if (pattern && typeof DOMMatrix !== 'undefined') {
    const scale = (tileScale * width) / tileWidth;
    pattern.setTransform(new DOMMatrix([scale, 0, 0, scale, 0, 0]));
  }
  return pattern;
}

/**
 * A layer's look inside its area, at `width`×`height`: the paint colour or floor texture (shown
 * with `multiply` so the photo's light and shadow stay, as the server's recolour keeps them), the
 * original photo for a correction, a hatched tint for an AI area. Paint stays behind `front`.
 */
export function renderLayerPreview(
  layer: EditLayer,
  width: number,
  height: number,
  sources: PreviewSources = {},
): HTMLCanvasElement {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  drawArea(ctx, layer.area, canvas.width, canvas.height);
  ctx.globalCompositeOperation = 'source-in';
  if (layer.type === 'paint') {
    const { product, texture } = sources;
    const pattern =
      texture && product?.tileScale ? texturePattern(ctx, texture, product.tileScale, canvas.width) : null;
    ctx.fillStyle = pattern ?? product?.color ?? '#9e9e9e';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (sources.front) {
      ctx.globalCompositeOperation = 'destination-out';
      ctx.drawImage(sources.front, 0, 0, canvas.width, canvas.height);
    }
  } else if (layer.type === 'correction') {
    if (sources.original) ctx.drawImage(sources.original, 0, 0, canvas.width, canvas.height);
    else ctx.clearRect(0, 0, canvas.width, canvas.height);
  } else {
    ctx.fillStyle = hatch(ctx, AI_TINTS[layer.mode]);
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  return canvas;
}

/** How a layer's preview blends over what is under it. */
export const previewBlend = (layer: EditLayer): GlobalCompositeOperation =>
  layer.type === 'paint' ? 'multiply' : 'source-over';
