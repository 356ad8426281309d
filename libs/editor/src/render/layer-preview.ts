import {
  floorPlane,
  paintSurface,
  tileRasterWidth,
  type EditLayer,
  type PixelBuffer,
  type Product,
  type SurfaceSource,
} from '@estancia/contracts';
import { drawAiResult, type AiResult } from '../ai/ai-result';
import { areaCoverage } from './area';
import { createCanvas } from './canvas';
import { healedPixels } from './healed';

export interface PreviewSources {
  /** The paint or floor product of a paint layer. */
  readonly product?: Product;
  /** The floor product's loaded texture tile. */
  readonly texture?: HTMLImageElement | null;
  /** The original photo, shown again inside a correction. */
  readonly original?: HTMLImageElement | null;
  /** The image the layers go over (the draft or current result): paint keeps its light. */
  readonly base?: HTMLImageElement | null;
  /** The furniture standing in front of a paint layer (coverage in alpha), which the paint goes under. */
  readonly front?: CanvasImageSource | null;
  /**
   * The picture as edited under this layer (the base and the layers before it): what a correction and a
   * heal are matched to at their edge, and where a heal takes its texture.
   */
  readonly under?: CanvasImageSource | null;
  /** An AI layer's result from the engine, shown inside its area instead of the hatching. */
  readonly aiResult?: AiResult | null;
  /** The photo's size in pixels: where an AI result goes (its box is in the photo's pixels). */
  readonly imageWidth?: number;
  readonly imageHeight?: number;
}

/** AI areas without a result are shown a little see-through over the picture (and so composed under later layers). */
export const AI_PREVIEW_OPACITY = 0.85;

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

/** A layer's preview and how it blends over what is under it. */
export interface LayerPreviewImage {
  canvas: HTMLCanvasElement;
  blend: GlobalCompositeOperation;
  /** How opaque it is composed (1 when absent): the hatching of an AI area lets the picture show through. */
  opacity?: number;
}

/**
 * A layer's look inside its area, at `width`×`height`: paint and floors laid by the same definition the
 * server renders with (@estancia/contracts `paintSurface`: the photo's light kept, floors in perspective,
 * under the furniture in `front`), the original photo for a correction, the engine's result for an AI area
 * (its PNG's alpha is the feathered edge, so it is drawn as returned, opaque), else a hatched tint.
 * Without readable photo pixels, paint is shown multiplied over the photo instead (close, not exact).
 */
export function renderLayerPreview(
  layer: EditLayer,
  width: number,
  height: number,
  sources: PreviewSources = {},
): LayerPreviewImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: layer.type === 'paint' });
  if (!ctx) return { canvas, blend: 'source-over' };
  const { aiResult, imageWidth, imageHeight } = sources;
  if (layer.type === 'ai' && aiResult && aiResult.layerId === layer.id && imageWidth && imageHeight) {
    drawAiResult(canvas, aiResult, imageWidth, imageHeight);
    return { canvas, blend: 'source-over', opacity: 1 };
  }
  ctx.drawImage(areaCoverage(layer.area, canvas.width, canvas.height), 0, 0);
  if (layer.type === 'paint') {
    if (sources.front) {
      ctx.globalCompositeOperation = 'destination-out';
      ctx.drawImage(sources.front, 0, 0, canvas.width, canvas.height);
    }
    if (laySurface(ctx, layer, sources)) return { canvas, blend: 'source-over' };
    const { product, texture } = sources;
    ctx.globalCompositeOperation = 'source-in';
    const pattern =
      texture && product?.tileScale ? texturePattern(ctx, texture, product.tileScale, canvas.width) : null;
    ctx.fillStyle = pattern ?? product?.color ?? '#9e9e9e';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    return { canvas, blend: 'multiply' };
  }
  if ((layer.type === 'correction' || layer.type === 'heal') && layHealed(ctx, layer, sources))
    return { canvas, blend: 'source-over' };
  ctx.globalCompositeOperation = 'source-in';
  if (layer.type === 'heal') {
    // Without the picture's pixels, the heal shows its source offset, unmatched (close, not exact).
    const under = sources.under ?? sources.base;
    if (under)
      ctx.drawImage(
        under,
        -layer.source.dx * canvas.width,
        -layer.source.dy * canvas.height,
        canvas.width,
        canvas.height,
      );
    else ctx.clearRect(0, 0, canvas.width, canvas.height);
  } else if (layer.type === 'correction') {
    const restored = layer.restore === 'draft' ? sources.base : sources.original;
    if (restored) ctx.drawImage(restored, 0, 0, canvas.width, canvas.height);
    else ctx.clearRect(0, 0, canvas.width, canvas.height);
  } else {
    ctx.fillStyle = hatch(ctx, AI_TINTS[layer.mode]);
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    return { canvas, blend: 'source-over', opacity: AI_PREVIEW_OPACITY };
  }
  return { canvas, blend: 'source-over' };
}

/**
 * Replaces the area drawn on `ctx` (its coverage in alpha) with the paint laid as the server lays it;
 * false when the photo's or the texture's pixels cannot be read (a server that refused CORS) or the
 * texture is still loading.
 */
function laySurface(
  ctx: CanvasRenderingContext2D,
  layer: Extract<EditLayer, { type: 'paint' }>,
  sources: PreviewSources,
): boolean {
  const { width, height } = ctx.canvas;
  const { product, texture, base } = sources;
  if (!base || !product) return false;
  const photo = pixelsOf(base, width, height);
  if (!photo) return false;
  let source: SurfaceSource;
  if (product.tileScale) {
    if (!texture) return false;
    const tileWidth = tileRasterWidth(product.tileScale, width);
    const natural = texture.naturalWidth || texture.width || tileWidth;
    const tall = texture.naturalHeight || texture.height || natural;
    const tile = pixelsOf(texture, tileWidth, Math.max(1, Math.round((tileWidth * tall) / natural)));
    if (!tile) return false;
    const outline = layer.area.find((shape) => shape.kind === 'polygon' && !shape.erase);
    source = {
      kind: 'texture',
      tile,
      tileScale: product.tileScale,
      plane:
        layer.surface === 'floor' && outline?.kind === 'polygon'
          ? floorPlane(outline.points, width, height, product.tileScale)
          : null,
    };
  } else {
    source = { kind: 'colour', rgb: hexToRgb(product.color) };
  }
  const area = ctx.getImageData(0, 0, width, height).data;
  const coverage = new Uint8Array(width * height);
  for (let i = 0; i < coverage.length; i++) coverage[i] = area[i * 4 + 3]!;
  const out = ctx.createImageData(width, height);
  const data = out.data;
  paintSurface(photo, coverage, source, (i, r, g, b, a) => {
    const o = i * 4;
    data[o] = r;
    data[o + 1] = g;
    data[o + 2] = b;
    data[o + 3] = a;
  });
  ctx.putImageData(out, 0, 0);
  return true;
}

/**
 * Replaces the area drawn on `ctx` with the correction or heal as the server lays it (@estancia/contracts
 * `seamlessFill`, matched to the picture under the layer); false when the pixels cannot be read.
 */
function layHealed(
  ctx: CanvasRenderingContext2D,
  layer: Extract<EditLayer, { type: 'correction' | 'heal' }>,
  sources: PreviewSources,
): boolean {
  const { width, height } = ctx.canvas;
  const underImage = sources.under ?? sources.base;
  if (!underImage) return false;
  const under = pixelsOf(underImage, width, height);
  const restoredImage =
    layer.type === 'heal' ? underImage : layer.restore === 'draft' ? sources.base : sources.original;
  const restored = restoredImage ? pixelsOf(restoredImage, width, height) : null;
  if (!under || !restored) return false;
  const area = ctx.getImageData(0, 0, width, height).data;
  const coverage = new Uint8Array(width * height);
  for (let i = 0; i < coverage.length; i++) coverage[i] = area[i * 4 + 3]!;
  const out = ctx.createImageData(width, height);
  healedPixels(under, restored, coverage, layer, out.data);
  ctx.putImageData(out, 0, 0);
  return true;
}

const hexToRgb = (hex: string): [number, number, number] => {
  const value = /^#[0-9a-f]{6}$/i.test(hex) ? hex : '#9e9e9e';
  return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
};

const pixelCache = new WeakMap<CanvasImageSource, Map<string, PixelBuffer | null>>();

/** An image's RGBA pixels at `width`×`height`, read once per size; null when the image taints the canvas. */
function pixelsOf(image: CanvasImageSource, width: number, height: number): PixelBuffer | null {
  const key = `${width}x${height}`;
  let sizes = pixelCache.get(image);
  if (!sizes) pixelCache.set(image, (sizes = new Map()));
  if (sizes.has(key)) return sizes.get(key)!;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let pixels: PixelBuffer | null = null;
  if (ctx) {
    ctx.drawImage(image, 0, 0, width, height);
    try {
      pixels = { width, height, channels: 4, data: ctx.getImageData(0, 0, width, height).data };
    } catch {
      pixels = null;
    }
  }
  sizes.set(key, pixels);
  return pixels;
}
