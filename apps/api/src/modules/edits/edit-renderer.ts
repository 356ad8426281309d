import {
  CORRECTION_MATCH_LIMIT,
  floorPlane,
  seamlessFill,
  paintSurface,
  tileRasterWidth,
  type EditDocument,
  type EditLayer,
  type EditShape,
  type MaskShape,
  type PixelBuffer,
  type Style,
  type SurfaceSource,
} from '@estancia/contracts';
import sharp, { type Sharp } from 'sharp';
import { THUMBNAIL_WIDTH } from '../decorations/decoration-renderer.service';
import { applyWatermark } from '../decorations/watermark';

/**
 * Renders an edit document at full resolution: the only file of edits that touches sharp.
 * Each layer's area becomes a 1-channel mask the size of the image, and the layer's pixels are
 * mixed into the working image through it, in document order.
 */

/** What a paint layer lays: a wall paint's colour or a floor's texture tile (SVG). */
export type PaintSource =
  { kind: 'colour'; color: string } | { kind: 'texture'; svg: string; tileScale: number };

export interface StageRequest {
  /**
   * The picture as edited under the layer (JPEG, the image's size): the engine decorates what the decorator
   * sees, so the paint, floors and corrections laid before the AI area stay in it.
   */
  image: Buffer;
  mode: 'decoration' | 'reform';
  style?: Style;
  seed: number;
  /** PNG the size of the image, white where the engine may change the photo. */
  mask: Buffer;
}

export interface EditRenderInput {
  /** The result image of the document's base version. */
  base: Buffer;
  /** The customer's photo as uploaded. */
  original: Buffer;
  document: EditDocument;
  /** By product id, every product a paint layer names. */
  paints: ReadonlyMap<string, PaintSource>;
  /** Re-renders the whole photo with the staging engine; only what falls inside the mask is kept. */
  stage: (request: StageRequest) => Promise<Buffer>;
  /**
   * Greyscale PNG of the base's size, white where the engine added furniture (when it said so): a layer of
   * its own that paint and floors go under.
   */
  added?: Buffer;
}

export interface EditRenderOutput {
  result: Buffer;
  thumbnail: Buffer;
  /** The base's added-furniture mask less what a correction restored, for the next edit; absent without one. */
  added?: Buffer;
  width: number;
  height: number;
}

const JPEG = { quality: 90 } as const;

interface Size {
  width: number;
  height: number;
}

export async function renderEdit(input: EditRenderInput): Promise<EditRenderOutput> {
  const decoded = await sharp(input.base).autoOrient().removeAlpha().toColourspace('srgb').raw().toBuffer({
    resolveWithObject: true,
  });
  const size = { width: decoded.info.width, height: decoded.info.height };
  const work = decoded.data;
  // The image the layers go over, as it was: what a correction that restores the draft shows again.
  const draft = Buffer.from(work);
  const added = input.added ? await addedMask(input.added, size) : undefined;
  let original: Buffer | undefined;
  for (const layer of input.document.layers) {
    const mask = await rasteriseArea(layer.area, size);
    if (!mask.some((a) => a > 0)) continue;
    if (layer.type === 'paint') {
      const paint = input.paints.get(layer.productId);
      if (!paint) throw new Error(`Unknown product ${layer.productId}`);
      if (added) behind(mask, added);
      await paintInto(work, mask, paint, layer, size);
    } else if (layer.type === 'correction' && layer.restore === 'draft') {
      restoreInto(work, draft, mask, size);
    } else if (layer.type === 'correction') {
      original ??= await rgb(
        sharp(input.original).autoOrient().resize(size.width, size.height, { fit: 'fill' }),
      );
      restoreInto(work, original, mask, size);
      // Where the photo shows again, nothing added stands any more.
      if (added) behind(added, mask);
    } else if (layer.type === 'heal') {
      healInto(work, mask, layer, size);
      // A healed leftover (a stray leg) is gone: paint goes over it.
      if (added) behind(added, mask);
    } else {
      mixInto(work, await staged(input, work, layer, mask, size), mask);
    }
  }
  const encoded = await sharp(work, { raw: { ...size, channels: 3 } })
    .jpeg(JPEG)
    .toBuffer();
  const result = input.document.watermark ? await applyWatermark(encoded) : encoded;
  const thumbnail = await sharp(result)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer();
  return {
    result,
    thumbnail,
    ...size,
    ...(added
      ? {
          added: await sharp(added, { raw: { ...size, channels: 1 } })
            .png()
            .toBuffer(),
        }
      : {}),
  };
}

/** The added-furniture mask at the base's size, one byte of coverage per pixel. */
const addedMask = (png: Buffer, size: Size): Promise<Buffer> =>
  sharp(png).resize(size.width, size.height, { fit: 'fill' }).greyscale().extractChannel(0).raw().toBuffer();

/** Takes `front`'s coverage out of `mask`: what `front` covers stays in front of the layer. */
function behind(mask: Uint8Array, front: Uint8Array): void {
  for (let i = 0; i < mask.length; i++) if (front[i]) mask[i] = (mask[i]! * (255 - front[i]!)) / 255;
}

/** Raw RGB pixels of a pipeline, whatever channels it ends with. */
async function rgb(pipeline: Sharp): Promise<Buffer> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 3) return data;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/** Moves each pixel of `work` towards `over` by the mask's coverage (0..255). */
function mixInto(work: Buffer, over: Uint8Array, mask: Uint8Array): void {
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i]!;
    if (a === 0) continue;
    for (let c = i * 3; c < i * 3 + 3; c++)
      work[c] = Math.round(work[c]! + ((over[c]! - work[c]!) * a) / 255);
  }
}

// ---- corrections and heal ----

/** Shows `restored` again inside the area, its exposure and colour matched to the picture at the edge. */
function restoreInto(work: Buffer, restored: Uint8Array, mask: Uint8Array, size: Size): void {
  const picture = { ...size, channels: 3, data: work };
  const source = { ...size, channels: 3, data: restored };
  seamlessFill(picture, source, mask, { matchLimit: CORRECTION_MATCH_LIMIT }, mixer(work));
}

/** Fills the area with the picture's own texture from the layer's source offset, healed into its surroundings. */
function healInto(
  work: Buffer,
  mask: Uint8Array,
  layer: Extract<EditLayer, { type: 'heal' }>,
  size: Size,
): void {
  const picture = { ...size, channels: 3, data: work };
  // The source is read from the picture before the heal: the area may overlap its own source.
  const source = { ...size, channels: 3, data: Buffer.from(work) };
  seamlessFill(
    picture,
    source,
    mask,
    { dx: layer.source.dx * size.width, dy: layer.source.dy * size.height },
    mixer(work),
  );
}

/** Mixes a laid colour into `work` by its coverage (0..255). */
const mixer =
  (work: Buffer) =>
  (i: number, r: number, g: number, b: number, a: number): void => {
    const j = i * 3;
    work[j] = Math.round(work[j]! + ((r - work[j]!) * a) / 255);
    work[j + 1] = Math.round(work[j + 1]! + ((g - work[j + 1]!) * a) / 255);
    work[j + 2] = Math.round(work[j + 2]! + ((b - work[j + 2]!) * a) / 255);
  };

// ---- paint ----

/** Lays a wall's paint or a floor's texture the way the editor previews it (@estancia/contracts). */
async function paintInto(
  work: Buffer,
  mask: Uint8Array,
  paint: PaintSource,
  layer: Extract<EditLayer, { type: 'paint' }>,
  size: Size,
): Promise<void> {
  const image = { ...size, channels: 3, data: work };
  let source: SurfaceSource;
  if (paint.kind === 'colour') {
    const [r, g, b] = parseHex(paint.color) as [number, number, number];
    source = { kind: 'colour', rgb: [r, g, b] };
  } else {
    const outline = layer.area.find((shape) => shape.kind === 'polygon' && !shape.erase);
    source = {
      kind: 'texture',
      tile: await textureTile(paint.svg, tileRasterWidth(paint.tileScale, size.width)),
      tileScale: paint.tileScale,
      plane:
        layer.surface === 'floor' && outline?.kind === 'polygon'
          ? floorPlane(outline.points, size.width, size.height, paint.tileScale)
          : null,
    };
  }
  paintSurface(image, mask, source, (i, r, g, b, a) => {
    const j = i * 3;
    work[j] = Math.round(work[j]! + ((r - work[j]!) * a) / 255);
    work[j + 1] = Math.round(work[j + 1]! + ((g - work[j + 1]!) * a) / 255);
    work[j + 2] = Math.round(work[j + 2]! + ((b - work[j + 2]!) * a) / 255);
  });
}

const parseHex = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** The texture's tile as RGB pixels, `width` wide. */
async function textureTile(svg: string, width: number): Promise<PixelBuffer> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize({ width })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

// ---- ai ----

async function staged(
  input: EditRenderInput,
  work: Buffer,
  layer: EditLayer,
  mask: Uint8Array,
  size: Size,
): Promise<Buffer> {
  if (layer.type !== 'ai') throw new Error('not an ai layer');
  const png = await sharp(mask, { raw: { ...size, channels: 1 } })
    .png()
    .toBuffer();
  const picture = await sharp(work, { raw: { ...size, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const image = await input.stage({
    image: picture,
    mode: layer.mode,
    style: layer.style,
    seed: layer.seed,
    mask: png,
  });
  return rgb(sharp(image).autoOrient().resize(size.width, size.height, { fit: 'fill' }));
}

// ---- areas ----

type VectorShape = Exclude<EditShape, MaskShape>;

/**
 * The layer's area as coverage 0..255 per pixel: shapes in order, an erasing one cutting what came
 * before. Consecutive vector shapes with the same edge are drawn in one SVG pass.
 */
export async function rasteriseArea(area: readonly EditShape[], size: Size): Promise<Uint8Array> {
  const mask = new Uint8Array(size.width * size.height);
  let i = 0;
  while (i < area.length) {
    const shape = area[i]!;
    let coverage: Uint8Array;
    if (shape.kind === 'mask') {
      coverage = await rasteriseRuns(shape, size);
      i += 1;
    } else {
      const group: VectorShape[] = [shape];
      const sigma = featherOf(shape, size);
      while (i + group.length < area.length) {
        const next = area[i + group.length]!;
        if (next.kind === 'mask' || next.erase !== shape.erase || featherOf(next, size) !== sigma) break;
        group.push(next);
      }
      coverage = await rasteriseVectors(group, sigma, size);
      i += group.length;
    }
    if (shape.erase) for (let p = 0; p < mask.length; p++) mask[p] = (mask[p]! * (255 - coverage[p]!)) / 255;
    else for (let p = 0; p < mask.length; p++) if (coverage[p]! > mask[p]!) mask[p] = coverage[p]!;
  }
  return mask;
}

/** Blur of a soft brush: (1 - hardness) of its radius fades out on each side of the edge. */
function featherOf(shape: VectorShape, size: Size): number {
  if (shape.kind !== 'stroke') return 0;
  const sigma = ((1 - shape.hardness) * shape.size * size.width) / 4;
  return sigma < 0.3 ? 0 : Math.round(sigma * 100) / 100;
}

const pointList = (points: readonly number[], size: Size): string => {
  const out: string[] = [];
  for (let p = 0; p + 1 < points.length; p += 2)
    out.push(`${(points[p]! * size.width).toFixed(2)},${(points[p + 1]! * size.height).toFixed(2)}`);
  return out.join(' ');
};

function vectorSvg(shapes: readonly VectorShape[], size: Size): string {
  const body = shapes
    .map((shape) => {
      if (shape.kind === 'polygon') return `<polygon points="${pointList(shape.points, size)}" fill="#fff"/>`;
      const width = (shape.size * size.width).toFixed(2);
      // A click without a drag is one point: a polyline of one point draws nothing, a dot does.
      if (shape.points.length === 2)
        return `<circle cx="${(shape.points[0]! * size.width).toFixed(2)}" cy="${(shape.points[1]! * size.height).toFixed(2)}" r="${(shape.size * size.width) / 2}" fill="#fff"/>`;
      return `<polyline points="${pointList(shape.points, size)}" fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">${body}</svg>`;
}

async function rasteriseVectors(
  shapes: readonly VectorShape[],
  sigma: number,
  size: Size,
): Promise<Uint8Array> {
  // Drawn white on transparent: the alpha channel is the coverage.
  const alpha = await sharp(Buffer.from(vectorSvg(shapes, size)))
    .resize(size.width, size.height, { fit: 'fill' })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  if (!sigma) return alpha;
  return sharp(alpha, { raw: { ...size, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Decodes a selection mask: runs over its grid in row-major order, alternately outside and inside,
 * starting outside; then scaled to the image.
 */
export function decodeRuns(shape: Pick<MaskShape, 'width' | 'height' | 'runs'>): Uint8Array {
  const grid = new Uint8Array(shape.width * shape.height);
  let position = 0;
  let inside = false;
  for (const run of shape.runs) {
    const end = Math.min(grid.length, position + run);
    if (inside) grid.fill(255, position, end);
    position = end;
    inside = !inside;
  }
  return grid;
}

async function rasteriseRuns(shape: MaskShape, size: Size): Promise<Uint8Array> {
  return (
    sharp(decodeRuns(shape), { raw: { width: shape.width, height: shape.height, channels: 1 } })
      // Nearest: each cell of the selection covers exactly its rectangle of the image.
      .resize(size.width, size.height, { fit: 'fill', kernel: 'nearest' })
      .extractChannel(0)
      .raw()
      .toBuffer()
  );
}
