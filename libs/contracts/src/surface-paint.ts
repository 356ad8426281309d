/**
 * How a paint layer of an edit document is laid: the one definition the editor's preview (in the browser,
 * at the preview's size) and the server's render (with sharp's pixels, at full resolution) both run, so
 * what the decorator sees is what the customer gets. Pure arithmetic on pixel buffers, no DOM, no sharp.
 *
 * - Shading: the paint's colour (or the floor's texture) is multiplied by each pixel's luminance, blurred
 *   within the area, over the area's mean luminance: the room's light and shadows stay, the old wall's or
 *   floor's own pattern does not.
 * - Floors lie on the floor's plane: the floor polygon's receding sides meet at a vanishing point on the
 *   horizon, and the texture is laid in perspective from there, its tiles the product's size at the
 *   polygon's near edge and shrinking with depth.
 */

/** Pixels row by row, `channels` bytes each (RGB or RGBA; only RGB is read or written). */
export interface PixelBuffer {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** Shading is read from the luminance blurred by this share of the image's width. */
export const SHADING_BLUR = 0.004;
/** How wide a texture tile is rasterised to lay it at `tileScale` of an image `width` wide: about its size there. */
export const tileRasterWidth = (tileScale: number, width: number): number =>
  Math.min(1024, Math.max(64, Math.round(tileScale * width)));

/** The camera's focal length assumed for floors, as a share of the image's longest side (a phone's wide lens). */
export const FLOOR_FOCAL = 0.8;

/** A floor's plane as the camera sees it: where the horizon lies and where floor lines converge (pixels). */
export interface FloorPlane {
  /** The vanishing point of the floor's receding lines. */
  readonly vanishX: number;
  readonly horizon: number;
  readonly focal: number;
  /** Size of one tile on the plane, in the plane's units (camera height = 1). */
  readonly tile: number;
}

/** What a paint layer lays: a colour, or a texture tile repeated at `tileScale` of the image's width. */
export type SurfaceSource =
  | { readonly kind: 'colour'; readonly rgb: readonly [number, number, number] }
  | {
      readonly kind: 'texture';
      readonly tile: PixelBuffer;
      /** The tile's width as a share of the image's width (at the near edge of a floor in perspective). */
      readonly tileScale: number;
      /** The floor's plane; null lays the texture flat from the top left. */
      readonly plane: FloorPlane | null;
    };

/**
 * The plane of a floor outlined by `points` ([x0, y0, …] as fractions of width and height): the two longest
 * receding sides, one left and one right of the outline's centre, meet at the vanishing point. Without two
 * that meet above the floor, the horizon is taken level with the photo's middle (a camera held level) and
 * the vanishing point on it through the one receding side there is, or straight ahead. Null for fewer
 * than 3 points.
 */
export function floorPlane(
  points: readonly number[],
  width: number,
  height: number,
  tileScale: number,
): FloorPlane | null {
  const n = Math.floor(points.length / 2);
  if (n < 3) return null;
  const xs = Array.from({ length: n }, (_, i) => points[i * 2]! * width);
  const ys = Array.from({ length: n }, (_, i) => points[i * 2 + 1]! * height);
  const centre = xs.reduce((a, b) => a + b, 0) / n;
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  let left: number[] | null = null;
  let right: number[] | null = null;
  let leftLength = 0;
  let rightLength = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [x0, y0, x1, y1] = [xs[i]!, ys[i]!, xs[j]!, ys[j]!];
    const length = Math.hypot(x1 - x0, y1 - y0);
    // Receding: it climbs at least a quarter of its length, and leans (a vertical side recedes nowhere).
    if (length === 0 || Math.abs(y1 - y0) < length * 0.25 || Math.abs(x1 - x0) < length * 0.05) continue;
    if ((x0 + x1) / 2 < centre) {
      if (length > leftLength) [left, leftLength] = [[x0, y0, x1, y1], length];
    } else if (length > rightLength) [right, rightLength] = [[x0, y0, x1, y1], length];
  }
  // A level camera's horizon crosses the middle of the photo: where the floor's sides give no better answer.
  const level = Math.min(height / 2, top - 0.05 * height);
  let vanish: [number, number] | null = left && right ? intersection(left, right) : null;
  // Two sides must meet above the floor, not below it nor nearly parallel.
  if (vanish && (vanish[1] >= top - 1 || vanish[1] < top - 20 * (bottom - top + 1))) vanish = null;
  if (!vanish) {
    const side = left ?? right;
    vanish = [side ? xAt(side, level) : width / 2, level];
  }
  const depth = bottom - vanish[1];
  return {
    vanishX: vanish[0],
    horizon: vanish[1],
    focal: FLOOR_FOCAL * Math.max(width, height),
    tile: (tileScale * width) / depth,
  };
}

/** Where the line through a side crosses the height y. */
function xAt([x0, y0, x1, y1]: number[], y: number): number {
  return x0! + ((x1! - x0!) * (y - y0!)) / (y1! - y0!);
}

function intersection(a: number[], b: number[]): [number, number] | null {
  const [x1, y1, x2, y2] = a as [number, number, number, number];
  const [x3, y3, x4, y4] = b as [number, number, number, number];
  const d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
  if (Math.abs(d) < 1e-9) return null;
  const t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d;
  return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)];
}

/**
 * Lays `source` over the pixels `mask` covers (0..255 per pixel of `image`), keeping the shading of
 * `image`, and hands each covered pixel's laid colour to `write` with its coverage: the server mixes it into
 * the image, the preview draws it with the coverage as alpha.
 */
export function paintSurface(
  image: PixelBuffer,
  mask: Uint8Array | Uint8ClampedArray,
  source: SurfaceSource,
  write: (pixel: number, r: number, g: number, b: number, coverage: number) => void,
): void {
  const box = coverageBox(mask, image.width, image.height);
  if (!box) return;
  const light = shading(image, mask, box);
  const { width } = image;
  const colour: number[] = source.kind === 'colour' ? [...source.rgb] : [0, 0, 0];
  const texture = source.kind === 'texture' ? textureSampler(source, width) : null;
  const clamp = (v: number) => (v > 255 ? 255 : v);
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const i = y * width + x;
      const a = mask[i]!;
      if (a === 0) continue;
      if (texture) texture(x, y, colour);
      const l = light[(y - box.top) * box.width + (x - box.left)]!;
      write(i, clamp(colour[0]! * l), clamp(colour[1]! * l), clamp(colour[2]! * l), a);
    }
  }
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

function coverageBox(mask: ArrayLike<number>, width: number, height: number): Box | null {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  return { left, top, right, bottom, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Each covered pixel's light: its luminance blurred within the area (blur of luminance × coverage over blur
 * of coverage, so a bright window or a dark floor beside the wall leaks no halo in) over the area's mean.
 * Indexed over `box`.
 */
function shading(image: PixelBuffer, mask: ArrayLike<number>, box: Box): Float32Array {
  const { data, channels, width } = image;
  const sigma = Math.max(0.3, width * SHADING_BLUR);
  const margin = Math.ceil(sigma * 3);
  const region = {
    left: Math.max(0, box.left - margin),
    top: Math.max(0, box.top - margin),
    right: Math.min(width - 1, box.right + margin),
    bottom: Math.min(image.height - 1, box.bottom + margin),
  };
  const rw = region.right - region.left + 1;
  const rh = region.bottom - region.top + 1;
  const luma = new Float32Array(rw * rh);
  const cover = new Float32Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const i = (y + region.top) * width + x + region.left;
      const a = mask[i]! / 255;
      if (a === 0) continue;
      const o = i * channels;
      luma[y * rw + x] = (0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!) * a;
      cover[y * rw + x] = a;
    }
  }
  gaussianBlur(luma, rw, rh, sigma);
  gaussianBlur(cover, rw, rh, sigma);
  const light = new Float32Array(box.width * box.height);
  let weighted = 0;
  let coverage = 0;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const i = (y + box.top) * width + x + box.left;
      const a = mask[i]!;
      if (a === 0) continue;
      const r = (y + box.top - region.top) * rw + x + box.left - region.left;
      const o = i * channels;
      const own = 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
      const l = cover[r]! > 1e-4 ? luma[r]! / cover[r]! : own;
      light[y * box.width + x] = l;
      weighted += l * a;
      coverage += a;
    }
  }
  const mean = Math.max(1, weighted / coverage);
  for (let k = 0; k < light.length; k++) light[k] = light[k]! / mean;
  return light;
}

/** A Gaussian blur of a plane in place, as three box blurs each way (within a few percent of the true one). */
export function gaussianBlur(plane: Float32Array, width: number, height: number, sigma: number): void {
  // Box widths whose three passes give the Gaussian's variance (W. Jarosz, "Fast image convolutions").
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  const scratch = new Float32Array(plane.length);
  for (let pass = 0; pass < 3; pass++) {
    const radius = ((pass < m ? lower : upper) - 1) / 2;
    if (radius < 1) continue;
    boxBlur(plane, scratch, width, height, radius, 1, width);
    boxBlur(scratch, plane, height, width, radius, width, 1);
  }
}

/** A running-sum box blur of radius `r` along lines of `length` (step `along`), `count` lines apart by `across`. */
function boxBlur(
  from: Float32Array,
  to: Float32Array,
  count: number,
  length: number,
  r: number,
  across: number,
  along: number,
): void {
  const scale = 1 / (2 * r + 1);
  const end = length - 1;
  // No Math calls in the loops: they dominate under some VM sandboxes (Jest's), plain comparisons do not.
  for (let line = 0; line < count; line++) {
    const start = line * across;
    // Edges repeat the end pixel, as sharp's (libvips') blur extends the image.
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += from[start + (k < 0 ? 0 : k > end ? end : k) * along]!;
    for (let k = 0; k < length; k++) {
      to[start + k * along] = sum * scale;
      const inK = k + r + 1;
      const outK = k - r;
      sum += from[start + (inK > end ? end : inK) * along]! - from[start + (outK < 0 ? 0 : outK) * along]!;
    }
  }
}

/**
 * The texture's colour at a pixel: on the floor's plane when there is one (far tiles fade to the tile's
 * mean colour where a pixel spans more than a couple of texels, instead of shimmering), else tiled flat.
 */
function textureSampler(
  source: Extract<SurfaceSource, { kind: 'texture' }>,
  width: number,
): (x: number, y: number, out: number[]) => void {
  const { tile, plane } = source;
  const mean = meanColour(tile);
  const tilePx = Math.max(1, source.tileScale * width);
  const aspect = tile.height / tile.width;
  if (!plane) {
    return (x, y, out) => sample(tile, x / tilePx, y / (tilePx * aspect), out);
  }
  return (x, y, out) => {
    const above = y + 0.5 - plane.horizon;
    const depth = above > 0.5 ? above : 0.5;
    const u = (x + 0.5 - plane.vanishX) / (depth * plane.tile);
    const v = plane.focal / (depth * plane.tile * aspect);
    sample(tile, u, v, out);
    // Tiles one pixel spans, down or across the image: far tiles fade to their mean instead of shimmering.
    const down = plane.focal / (depth * depth * plane.tile * aspect);
    const across = 1 / (depth * plane.tile);
    const span = down > across ? down : across;
    const fade = span <= 1 / 24 ? 0 : span >= 1 / 6 ? 1 : (span - 1 / 24) / (1 / 6 - 1 / 24);
    if (fade > 0) for (let c = 0; c < 3; c++) out[c] = out[c]! + (mean[c]! - out[c]!) * fade;
  };
}

function meanColour(tile: PixelBuffer): number[] {
  const sum = [0, 0, 0];
  const n = tile.width * tile.height;
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) sum[c]! += tile.data[i * tile.channels + c]!;
  return sum.map((s) => s / n);
}

/** Bilinear sample of a repeating tile at tile coordinates (u, v) (1 = one tile). */
function sample(tile: PixelBuffer, u: number, v: number, out: number[]): void {
  const { data, channels, width, height } = tile;
  const fx = (u - floor(u)) * width - 0.5;
  const fy = (v - floor(v)) * height - 0.5;
  const x0 = floor(fx);
  const y0 = floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  // fx and fy lie in [-0.5, size - 0.5): one step past either end wraps round.
  const xa = x0 < 0 ? width - 1 : x0;
  const xb = x0 + 1 >= width ? 0 : x0 + 1;
  const ya = y0 < 0 ? height - 1 : y0;
  const yb = y0 + 1 >= height ? 0 : y0 + 1;
  const p = (ya * width + xa) * channels;
  const q = (ya * width + xb) * channels;
  const r = (yb * width + xa) * channels;
  const t = (yb * width + xb) * channels;
  for (let c = 0; c < 3; c++) {
    const top = data[p + c]! * (1 - tx) + data[q + c]! * tx;
    const bottom = data[r + c]! * (1 - tx) + data[t + c]! * tx;
    out[c] = top * (1 - ty) + bottom * ty;
  }
}

/** Math.floor without a Math call (see boxBlur); for the small numbers of tile coordinates. */
const floor = (v: number): number => {
  if (v >= 2 ** 31 || v < -(2 ** 31)) return Math.floor(v);
  const t = v | 0;
  return t > v ? t - 1 : t;
};
