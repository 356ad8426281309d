import type { PixelGrid } from './flood-fill';

/*
 * Surface refinement: the decorator clicks the corners of a wall or floor, and only the pixels of
 * the surface itself inside that polygon are kept, leaving what stands in front of it untouched.
 *
 * Colours are compared in log-RGB (100·ln(c + 16)). Shading multiplies the three channels by the
 * same factor, which in log space only shifts the lightness `l`, so the chroma `u` = ln r/g and
 * `v` = ln b/g stays put when a lit wall darkens towards a corner; the +16 keeps the noise of dark
 * pixels from blowing up. One unit is about 1 % of brightness.
 *
 * 1. Model the surface colour: the clicked pixel's neighbourhood, or the most common flat colour.
 * 2. Passable pixels: close to the model in chroma, loosely in lightness, and not on an edge (a soft
 *    shading ramp, such as a cast shadow, is not one: chroma flat, as steep a few pixels away).
 * 3. Bridge thin lines between alike sides (plank seams, grout, grain), not steps between unlike ones.
 * 4. Keep the connected piece of the click (or the most typical one), plus pieces cut off by
 *    objects that continue its colour.
 * 5. Give back the band the edge test cost, against the local mean colour of the region.
 * 6. Fill noise holes, keep a margin off objects, drop the islands the margin leaves.
 */

export interface SurfaceOptions {
  /** 0..1: how different from the surface a pixel may be and still count as it (a slider in the editor). */
  tolerance: number;
  /**
   * Where the decorator clicked inside the surface (pixel coordinates of `image`). The clicked
   * colour becomes the surface, so a click on a sofa inside the polygon selects the sofa: the click
   * is how the decorator picks the surface when it is not the larger part of the polygon. A click on
   * something too small to be a surface (a lamp pole, an outline, a speck) is taken for a slip and
   * ignored, as is a click outside the polygon. Without it, the most common flat colour inside the
   * polygon is the surface.
   */
  seed?: { x: number; y: number };
  /**
   * Pixels kept unpainted along whatever stands in front of the surface, on top of the blended
   * pixels of its soft outline (which are always left out), so no halo of paint shows on furniture
   * edges. Default `DEFAULT_SURFACE_MARGIN`; 0 paints up to the outline.
   */
  margin?: number;
}

/** The slider position that works best on the rooms in surface.spec.ts. */
export const DEFAULT_SURFACE_TOLERANCE = 0.5;
/** Pixels kept unpainted along objects by default (see `SurfaceOptions.margin`). */
export const DEFAULT_SURFACE_MARGIN = 1;

/** Log-RGB of each byte value. */
const LOG = Float32Array.from({ length: 256 }, (_, c) => 100 * Math.log(c + 16));

/** A typical surface sample: flat and within this much chroma / lightness of the model. */
const TYPICAL_CHROMA = 6;
const TYPICAL_LIGHTNESS = 15;
/** Runs (pixels) across a line, with its edge bands, that a bridge may span. */
const BRIDGE_LENGTH = 10;
/** Passable pixels in a row that count as solid ground on either side of a bridged line. */
const ANCHOR = 3;
/** The widest line (pixels off the colour of both its sides) that a bridge crosses. */
const LINE_WIDTH = 4;
/**
 * On a shading ramp the lightness gradient measured over RAMP_REACH pixels one way or the other
 * differs from the one measured 1 pixel either side by at most RAMP_SPREAD of it; the middle of an
 * object's edge, however soft, is far less steep at that reach (half the step lies on each side).
 */
const RAMP_SPREAD = 0.4;
const RAMP_REACH = 6;
/** How far (pixels) the region is given back into its edge band. */
const REFINE_STEPS = 4;
/** The local surface colour is the mean of the region over the 3×3 blocks of this size around a pixel. */
const BLOCK = 4;

interface Work {
  /** The polygon's bounding box in image pixels, padded for the filters. */
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
  readonly inside: Uint8Array;
  readonly area: number;
  readonly image: PixelGrid;
  /** Chroma and lightness of the lightly blurred log-RGB. */
  readonly u: Float32Array;
  readonly v: Float32Array;
  readonly l: Float32Array;
  /** Gradient magnitude of the blurred log-RGB, per pixel. */
  readonly gradient: Float32Array;
  /** The part of `gradient` that changes the chroma (what shading alone leaves at 0). */
  readonly chromaGradient: Float32Array;
  /** `gradient` where the pixel lies on a shading ramp (see `gradientOf`), Infinity elsewhere. */
  readonly rampGradient: Float32Array;
  /** Scratch stack for the flood fills. */
  readonly stack: Int32Array;
}

interface Model {
  readonly u: number;
  readonly v: number;
  readonly l: number;
}

interface Thresholds {
  readonly chroma: number;
  readonly darker: number;
  readonly lighter: number;
  /** Gradient above which a pixel is an edge. */
  readonly edge: number;
  /** Gradient a soft shading ramp (a cast shadow, a lamp's glow) may have while its chroma stays flat. */
  readonly shade: number;
  /** Largest colour difference between two sides that are still the same surface. */
  readonly step: number;
  /** How far off both its sides a run must be to count as a line (seam, grout). */
  readonly line: number;
  /** Largest colour difference between the two sides of such a line (planks of different tone). */
  readonly lineStep: number;
  /** Largest distance from the local surface colour when giving back the edge band. */
  readonly local: number;
}

/**
 * 1 inside the refined surface, 0 elsewhere, one byte per pixel of `image`. `polygon` is
 * [x0,y0,x1,y1,...] as fractions 0..1 of the image width/height (the editor's document
 * coordinates), filled even-odd at pixel centres; fewer than 3 points, or a polygon that covers
 * no pixel centre, give an empty mask. Nothing outside the polygon is ever 1.
 */
export function refineSurface(
  image: PixelGrid,
  polygon: readonly number[],
  options: SurfaceOptions,
): Uint8Array {
  const { width, height } = image;
  const result = new Uint8Array(width * height);
  const work = prepare(image, polygon);
  if (!work) return result;

  const tolerance = Number.isFinite(options.tolerance)
    ? Math.min(1, Math.max(0, options.tolerance))
    : DEFAULT_SURFACE_TOLERANCE;
  const margin = Math.max(0, Math.floor(options.margin ?? DEFAULT_SURFACE_MARGIN));
  const flatLimit = percentile(work.gradient, work.inside, 0.5);

  let region: Uint8Array | null = null;
  const seed = options.seed ? toWork(work, options.seed) : null;
  // Full tolerance lets every pixel through: the whole polygon, however many pieces it has.
  if (tolerance >= 1) region = work.inside;
  else if (seed !== null) {
    region = segment(work, seedModel(work, seed), tolerance, margin, flatLimit, seed);
    // A region this small is a slip onto a pole, an outline or a speck, not a surface.
    if (region && count(region) < Math.max(16, work.area * 0.005)) region = null;
  }
  region ??= segment(work, commonModel(work, flatLimit), tolerance, margin, flatLimit, null);
  if (!region) return result;

  const { x0, y0, w, h } = work;
  for (let y = 0; y < h; y++) result.set(region.subarray(y * w, y * w + w), (y0 + y) * width + x0);
  return result;
}

function segment(
  work: Work,
  model: Model,
  tolerance: number,
  margin: number,
  flatLimit: number,
  seed: number | null,
): Uint8Array | null {
  const { inside, gradient, u, v, l, w, h, area } = work;
  const n = w * h;
  const typical = typicalPixels(work, model, flatLimit);
  const t = thresholds(tolerance, Math.max(0.5, percentile(gradient, typical, 0.5)));

  const similar = new Uint8Array(n);
  const passable = new Uint8Array(n);
  const chroma2 = t.chroma * t.chroma;
  const { darker, lighter, edge, shade } = t;
  const { chromaGradient, rampGradient } = work;
  const chromaFlat = edge * 0.5;
  // A soft shading ramp (a cast shadow, a lamp's glow) may be steeper than the texture.
  const ramp = (i: number) => rampGradient[i]! <= shade && chromaGradient[i]! <= chromaFlat;
  const [mu, mv, ml] = [model.u, model.v, model.l];
  for (let i = 0; i < n; i++) {
    if (!inside[i]) continue;
    const du = u[i]! - mu;
    const dv = v[i]! - mv;
    const dl = l[i]! - ml;
    if (du * du + dv * dv > chroma2 || dl < -darker || dl > lighter) continue;
    similar[i] = 1;
    const g = gradient[i]!;
    if (g <= edge || ramp(i)) passable[i] = 1;
  }

  const labels = new Int32Array(n);
  const sizes = [0];
  const votes = [0];
  for (let i = 0; i < n; i++) {
    if (!passable[i] || labels[i]) continue;
    const piece = flood(work, passable, i, labels, sizes.length, typical);
    sizes.push(piece.size);
    votes.push(piece.tallied);
  }
  const bridges = findBridges(work, passable, similar, t);
  const root = joinAcrossBridges(labels, sizes, bridges);
  const chosen =
    seed === null ? mostTypicalComponent(root, sizes, votes) : seedComponent(labels, root, seed, w, h);
  if (!chosen) return null;

  const keep = new Uint8Array(root.length);
  keep[chosen] = 1;
  const region = new Uint8Array(n);
  const paint = () => {
    for (let i = 0; i < n; i++) if (labels[i] && keep[root[labels[i]!]!]) region[i] = 1;
    for (let k = 0; k < bridges.length; k += 4) {
      if (!keep[root[labels[bridges[k]!]!]!] || !keep[root[labels[bridges[k + 2]!]!]!]) continue;
      for (let j = bridges[k + 1]!; j !== bridges[k + 2]!; j += bridges[k + 3]!) region[j] = 1;
    }
  };
  paint();
  if (joinCutOffPieces(work, labels, sizes, root, region, keep, t.step)) paint();

  giveBackEdgeBand(work, region, t.local);
  fillHoles(work, region, similar, labels);
  if (margin > 0) {
    for (let k = 0; k < margin; k++) erode(work, region);
    // Only the margin can cut the region into pieces too small to paint.
    dropIslands(work, region, labels, Math.max(8, area * 0.0005));
  }
  return region;
}

/** Slider → thresholds: 0 is strict, 0.5 gives the middle values, towards 1 they grow without bound. */
function thresholds(tolerance: number, texture: number): Thresholds {
  const k = tolerance / (1 - tolerance);
  const at = (strict: number, middle: number) => strict + (middle - strict) * k;
  // `texture` (the surface's median gradient: noise, grain) widens what counts as the same surface.
  return {
    chroma: at(2, 9),
    darker: at(12, 70),
    lighter: at(8, 40),
    edge: texture * at(1.8, 3.5),
    shade: at(4, 8) + texture * 2,
    step: at(2, 4) + texture * 2,
    line: 3 + texture * 2,
    lineStep: at(10, 30) + texture * 2,
    local: at(3, 7) + texture * 1.5,
  };
}

function prepare(image: PixelGrid, polygon: readonly number[]): Work | null {
  const { width, height, data } = image;
  if (polygon.length < 6 || width <= 0 || height <= 0) return null;
  const corners = polygon.length >> 1;
  const xs = new Float64Array(corners);
  const ys = new Float64Array(corners);
  for (let k = 0; k < corners; k++) {
    xs[k] = polygon[2 * k]! * width;
    ys[k] = polygon[2 * k + 1]! * height;
    if (!Number.isFinite(xs[k]!) || !Number.isFinite(ys[k]!)) return null;
  }
  const pad = 3;
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - pad);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - pad);
  const x1 = Math.min(width, Math.ceil(Math.max(...xs)) + pad);
  const y1 = Math.min(height, Math.ceil(Math.max(...ys)) + pad);
  if (x1 <= x0 || y1 <= y0) return null;
  const w = x1 - x0;
  const h = y1 - y0;
  const n = w * h;

  const inside = new Uint8Array(n);
  const area = rasterise(xs, ys, x0, y0, w, h, inside);
  if (area === 0) return null;

  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  // Bytes index the table directly; anything else (floats, out of range) is clamped first.
  const bytes = data instanceof Uint8ClampedArray || data instanceof Uint8Array;
  for (let y = 0, i = 0; y < h; y++) {
    const o = ((y0 + y) * width + x0) * 4;
    if (bytes) readBytes(data, o, r, g, b, i, w);
    else for (let x = 0; x < w; x++) readClamped(data, o + 4 * x, r, g, b, i + x);
    i += w;
  }
  const scratch = new Float32Array(n);
  for (const channel of [r, g, b]) blur(channel, w, h, scratch);
  const [gradient, chromaGradient, rampGradient] = gradientOf(r, g, b, w, h);
  // The blurred channels become chroma and lightness in place.
  for (let i = 0; i < n; i++) {
    const lightness = (r[i]! + g[i]! + b[i]!) / 3;
    r[i] = r[i]! - g[i]!;
    b[i] = b[i]! - g[i]!;
    g[i] = lightness;
  }
  return {
    image,
    x0,
    y0,
    w,
    h,
    inside,
    area,
    u: r,
    v: b,
    l: g,
    gradient,
    chromaGradient,
    rampGradient,
    stack: new Int32Array(2 * n + 2),
  };
}

function readBytes(
  data: Uint8Array | Uint8ClampedArray,
  o: number,
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  i: number,
  count: number,
): void {
  for (let end = i + count; i < end; i++, o += 4) {
    r[i] = LOG[data[o]!]!;
    g[i] = LOG[data[o + 1]!]!;
    b[i] = LOG[data[o + 2]!]!;
  }
}

function readClamped(
  data: ArrayLike<number>,
  o: number,
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  i: number,
): void {
  r[i] = LOG[byte(data[o]!)]!;
  g[i] = LOG[byte(data[o + 1]!)]!;
  b[i] = LOG[byte(data[o + 2]!)]!;
}

const byte = (value: number) => (value >= 255 ? 255 : value > 0 ? value | 0 : 0);

/** Even-odd scanline fill of the polygon at pixel centres, into the work window; returns the pixel count. */
function rasterise(
  xs: Float64Array,
  ys: Float64Array,
  x0: number,
  y0: number,
  w: number,
  h: number,
  inside: Uint8Array,
): number {
  const corners = xs.length;
  const crossings: number[] = [];
  let area = 0;
  for (let y = 0; y < h; y++) {
    const cy = y0 + y + 0.5;
    crossings.length = 0;
    for (let a = 0, b = corners - 1; a < corners; b = a++) {
      const ya = ys[a]!;
      const yb = ys[b]!;
      if (ya <= cy === yb <= cy) continue;
      crossings.push(xs[a]! + ((cy - ya) * (xs[b]! - xs[a]!)) / (yb - ya));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel x is inside when its centre x + 0.5 lies in [left, right).
      const from = Math.max(0, Math.ceil(crossings[k]! - 0.5) - x0);
      const to = Math.min(w, Math.ceil(crossings[k + 1]! - 0.5) - x0);
      inside.fill(1, y * w + from, Math.max(y * w + from, y * w + to));
      area += Math.max(0, to - from);
    }
  }
  return area;
}

/** [1 2 1]² blur in place, edges clamped. */
function blur(plane: Float32Array, w: number, h: number, tmp: Float32Array): void {
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const end = row + w - 1;
    if (w === 1) {
      tmp[row] = plane[row]!;
      continue;
    }
    tmp[row] = (3 * plane[row]! + plane[row + 1]!) * 0.25;
    for (let i = row + 1; i < end; i++) tmp[i] = (plane[i - 1]! + 2 * plane[i]! + plane[i + 1]!) * 0.25;
    tmp[end] = (plane[end - 1]! + 3 * plane[end]!) * 0.25;
  }
  for (let y = 0; y < h; y++) {
    const up = y > 0 ? -w : 0;
    const down = y < h - 1 ? w : 0;
    for (let i = y * w, end = i + w; i < end; i++)
      plane[i] = (tmp[i + up]! + 2 * tmp[i]! + tmp[i + down]!) * 0.25;
  }
}

/**
 * Gradient magnitude over the three (already blurred) channels by central differences, as a
 * change per pixel; its chroma part (the change of each channel off the three's mean: a shadow
 * darkens all three alike, so it leaves that part near 0); and the gradient again where the pixel
 * lies on a lightness ramp (see RAMP_SPREAD), Infinity elsewhere. The outer rings copy their neighbours.
 */
function gradientOf(
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
): [Float32Array, Float32Array, Float32Array] {
  const out = new Float32Array(w * h);
  const chroma = new Float32Array(w * h);
  const ramp = new Float32Array(w * h).fill(Infinity);
  if (w < 3 || h < 3) return [out, chroma, ramp];
  const R = RAMP_REACH;
  const sum = (i: number) => r[i]! + g[i]! + b[i]!;
  /** The difference from `near` of whichever of `a` and `b` is closer to it. */
  const closer = (near: number, a: number, b: number) =>
    Math.abs(a - near) < Math.abs(b - near) ? a - near : b - near;
  for (let y = 1; y < h - 1; y++)
    for (let i = y * w + 1, end = y * w + w - 1; i < end; i++) {
      const rx = r[i + 1]! - r[i - 1]!;
      const ry = r[i + w]! - r[i - w]!;
      const gx = g[i + 1]! - g[i - 1]!;
      const gy = g[i + w]! - g[i - w]!;
      const bx = b[i + 1]! - b[i - 1]!;
      const by = b[i + w]! - b[i - w]!;
      const all = rx * rx + ry * ry + gx * gx + gy * gy + bx * bx + by * by;
      const mx = (rx + gx + bx) / 3;
      const my = (ry + gy + by) / 3;
      out[i] = Math.sqrt(all) * 0.5;
      chroma[i] = Math.sqrt(Math.max(0, all - 3 * (mx * mx + my * my))) * 0.5;
      const x = i - y * w;
      if (x < R || x >= w - R || y < R || y >= h - R) continue;
      // The mean channel's change per pixel, near (over 2 pixels) and wide (over 2R).
      const nx = mx / 2;
      const ny = my / 2;
      // Each way along each axis: beside a shadow's darkest line or a glow's brightest, only one agrees.
      const dx = closer(nx, (sum(i + R) - sum(i)) / (3 * R), (sum(i) - sum(i - R)) / (3 * R));
      const dy = closer(ny, (sum(i + R * w) - sum(i)) / (3 * R), (sum(i) - sum(i - R * w)) / (3 * R));
      if (dx * dx + dy * dy <= RAMP_SPREAD * RAMP_SPREAD * (nx * nx + ny * ny)) ramp[i] = out[i]!;
    }
  for (const plane of [out, chroma]) {
    for (let y = 0; y < h; y++) {
      plane[y * w] = plane[y * w + 1]!;
      plane[y * w + w - 1] = plane[y * w + w - 2]!;
    }
    plane.copyWithin(0, w, 2 * w);
    plane.copyWithin((h - 1) * w, (h - 2) * w, (h - 1) * w);
  }
  return [out, chroma, ramp];
}

/** The p-quantile of `values` over the selected pixels, from a 0.05-wide histogram. */
function percentile(values: Float32Array, selected: Uint8Array, p: number): number {
  const bins = 4096;
  const histogram = new Uint32Array(bins);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    if (!selected[i]) continue;
    histogram[Math.min(bins - 1, (values[i]! * 20) | 0)]!++;
    total++;
  }
  for (let b = 0, seen = 0; b < bins; b++) {
    seen += histogram[b]!;
    if (seen >= total * p) return (b + 0.5) / 20;
  }
  return bins / 20;
}

/** The click as an index in the work window, or null when it is not inside the polygon. */
function toWork(work: Work, point: { x: number; y: number }): number | null {
  const x = Math.floor(point.x) - work.x0;
  const y = Math.floor(point.y) - work.y0;
  if (!(x >= 0 && y >= 0 && x < work.w && y < work.h)) return null;
  return work.inside[y * work.w + x] ? y * work.w + x : null;
}

/** The median colour of the 5×5 polygon pixels around the click. */
function seedModel(work: Work, seed: number): Model {
  const { w, h, inside } = work;
  const sx = seed % w;
  const sy = (seed - sx) / w;
  const samples: [number[], number[], number[]] = [[], [], []];
  for (let y = Math.max(0, sy - 2); y <= Math.min(h - 1, sy + 2); y++)
    for (let x = Math.max(0, sx - 2); x <= Math.min(w - 1, sx + 2); x++) {
      const i = y * w + x;
      if (!inside[i]) continue;
      samples[0].push(work.u[i]!);
      samples[1].push(work.v[i]!);
      samples[2].push(work.l[i]!);
    }
  const [u, v, l] = samples.map(median) as [number, number, number];
  return { u, v, l };
}

const median = (values: number[]) => values.sort((p, q) => p - q)[values.length >> 1]!;

/** The most common colour among the flat pixels of the polygon: chroma first, then lightness at that chroma. */
function commonModel(work: Work, flatLimit: number): Model {
  const { inside, gradient, u, v, l, w, h } = work;
  const side = 100;
  const bin = 4;
  const offset = 200;
  const cell = (value: number) => Math.min(side - 1, Math.max(0, ((value + offset) / bin) | 0));
  const chroma = new Uint32Array(side * side);
  // Every other pixel of every other row is plenty for a mode.
  const samples: number[] = [];
  for (let y = 0; y < h; y += 2)
    for (let i = y * w, end = i + w; i < end; i += 2)
      if (inside[i] && gradient[i]! <= flatLimit) samples.push(i);
  for (const i of samples) chroma[cell(u[i]!) * side + cell(v[i]!)]!++;
  let best = -1;
  let bestU = 0;
  let bestV = 0;
  for (let a = 1; a < side - 1; a++)
    for (let b = 1; b < side - 1; b++) {
      let sum = 0;
      for (let da = -1; da <= 1; da++)
        for (let db = -1; db <= 1; db++) sum += chroma[(a + da) * side + b + db]!;
      if (sum > best) [best, bestU, bestV] = [sum, a, b];
    }
  const centreU = (bestU + 0.5) * bin - offset;
  const centreV = (bestV + 0.5) * bin - offset;

  // Shading spreads the surface over many lightness bins, so the lightness mode is taken over ±3 bins.
  const lightBin = 5;
  const lightness = new Uint32Array(200);
  let sumU = 0;
  let sumV = 0;
  let near = 0;
  for (const i of samples) {
    if (Math.abs(u[i]! - centreU) > 1.5 * bin || Math.abs(v[i]! - centreV) > 1.5 * bin) continue;
    lightness[Math.min(199, (l[i]! / lightBin) | 0)]!++;
    sumU += u[i]!;
    sumV += v[i]!;
    near++;
  }
  let bestL = 0;
  best = -1;
  for (let b = 0; b < 200; b++) {
    let sum = 0;
    for (let d = Math.max(0, b - 3); d <= Math.min(199, b + 3); d++) sum += lightness[d]!;
    if (sum > best) [best, bestL] = [sum, b];
  }
  return near ? { u: sumU / near, v: sumV / near, l: (bestL + 0.5) * lightBin } : { u: 0, v: 0, l: 0 };
}

/** Flat polygon pixels close to the model: they set the texture level and pick the region. */
function typicalPixels(work: Work, model: Model, flatLimit: number): Uint8Array {
  const { inside, gradient, u, v, l } = work;
  const typical = new Uint8Array(inside.length);
  for (let i = 0; i < inside.length; i++)
    if (
      inside[i] &&
      gradient[i]! <= flatLimit &&
      Math.abs(u[i]! - model.u) <= TYPICAL_CHROMA &&
      Math.abs(v[i]! - model.v) <= TYPICAL_CHROMA &&
      Math.abs(l[i]! - model.l) <= TYPICAL_LIGHTNESS
    )
      typical[i] = 1;
  return typical;
}

/**
 * Short runs (rows and columns) of similar-coloured pixels that an edge split off, which join the
 * passable pixels at both ends into one surface. A thin line darker or lighter than both its sides
 * (a plank seam, grout, a grain line) joins even planks of different tone; a plain step (the
 * outline of a cupboard a shade lighter than the wall, a white radiator on a grey wall) joins only
 * sides that are alike. Returned as [anchor, first, end, stride] quadruples: a bridge joins its two
 * ends only, so the tip of an object it crosses does not open the object to the surface.
 */
function findBridges(work: Work, passable: Uint8Array, similar: Uint8Array, t: Thresholds): number[] {
  const { w, h, u, v, l } = work;
  const bridges: number[] = [];
  const scan = (start: number, stride: number, length: number) => {
    let k = 0;
    while (k < length) {
      if (passable[start + k * stride]) {
        k++;
        continue;
      }
      // The run [k, end) of non-passable pixels, taking in passable slivers narrower than an
      // anchor (the flat bottom of a seam between its two edges).
      let end = k;
      for (;;) {
        while (end < length && !passable[start + end * stride]) end++;
        let sliver = 0;
        while (end + sliver < length && sliver < ANCHOR && passable[start + (end + sliver) * stride])
          sliver++;
        if (sliver === ANCHOR || end + sliver >= length || end - k > BRIDGE_LENGTH) break;
        end += sliver;
      }
      if (k > 0 && end < length && end - k <= BRIDGE_LENGTH && alike(start, stride, length, k, end)) {
        bridges.push(start + (k - 1) * stride, start + k * stride, start + end * stride, stride);
      }
      k = end;
    }
  };
  const alike = (start: number, stride: number, length: number, k: number, end: number) => {
    for (let j = k; j < end; j++) if (!similar[start + j * stride]) return false;
    const a = start + Math.max(0, k - 2) * stride;
    const b = start + Math.min(length - 1, end + 1) * stride;
    const low = Math.min(l[a]!, l[b]!) - t.line;
    const high = Math.max(l[a]!, l[b]!) + t.line;
    let off = 0;
    for (let j = k; j < end; j++) {
      const lightness = l[start + j * stride]!;
      if (lightness < low || lightness > high) off++;
    }
    // A line is a few pixels off both sides, not a whole object.
    if (off > LINE_WIDTH) return false;
    const diff = Math.max(Math.abs(l[a]! - l[b]!), Math.abs(u[a]! - u[b]!), Math.abs(v[a]! - v[b]!));
    return diff <= (off > 0 ? t.lineStep : t.step);
  };
  for (let y = 0; y < h; y++) scan(y * w, 1, w);
  for (let x = 0; x < w; x++) scan(x, w, h);
  return bridges;
}

/**
 * Union-find over the component labels: two components become one surface when enough bridges
 * join them (their count grows with the smaller one's side), so a long seam between two planks
 * joins them but a stray bridge or two across the dark gap beside a radiator column does not.
 */
function joinAcrossBridges(labels: Int32Array, sizes: number[], bridges: number[]): Int32Array {
  const components = sizes.length;
  const pairs = new Map<number, number>();
  for (let k = 0; k < bridges.length; k += 4) {
    const a = labels[bridges[k]!]!;
    const b = labels[bridges[k + 2]!]!;
    if (a === b) continue;
    const key = Math.min(a, b) * components + Math.max(a, b);
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const root = Int32Array.from({ length: components }, (_, k) => k);
  const find = (k: number): number => {
    while (root[k] !== k) k = root[k] = root[root[k]!]!;
    return k;
  };
  for (const [key, count] of pairs) {
    const a = Math.floor(key / components);
    const b = key % components;
    if (count < Math.max(3, Math.sqrt(Math.min(sizes[a]!, sizes[b]!)) / 4)) continue;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) root[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  for (let k = 0; k < components; k++) root[k] = find(k);
  return root;
}

/** What a flood fill found: its size, how many of its pixels were `tally`, and whether it is enclosed. */
interface Piece {
  size: number;
  tallied: number;
  /** Off the work window's edge and the polygon's outline. */
  closed: boolean;
}

/**
 * Labels the 4-connected pixels of `open` reachable from `start` (not yet labelled) with `label`,
 * a row span at a time.
 */
function flood(
  work: Work,
  open: Uint8Array,
  start: number,
  labels: Int32Array,
  label: number,
  tally?: Uint8Array,
): Piece {
  const { w, h, inside, stack } = work;
  let size = 0;
  let tallied = 0;
  let closed = true;
  let top = 0;
  stack[top++] = start;
  while (top > 0) {
    const seed = stack[--top]!;
    if (labels[seed] !== 0) continue;
    const row = seed - (seed % w);
    let left = seed;
    let right = seed;
    while (left > row && open[left - 1] === 1 && labels[left - 1] === 0) left--;
    while (right < row + w - 1 && open[right + 1] === 1 && labels[right + 1] === 0) right++;
    labels.fill(label, left, right + 1);
    size += right - left + 1;
    if (tally) for (let i = left; i <= right; i++) tallied += tally[i]!;
    // An outside pixel beside the span, or above or below it, means the piece is not enclosed.
    if (left === row || !inside[left - 1] || right === row + w - 1 || !inside[right + 1]) closed = false;
    for (let side = -1; side <= 1; side += 2) {
      const next = left + side * w;
      if (next < 0 || next >= w * h) {
        closed = false;
        continue;
      }
      let inSpan = false;
      for (let j = next, end = next + (right - left); j <= end; j++) {
        if (!inside[j]) closed = false;
        if (open[j] === 1 && labels[j] === 0) {
          if (!inSpan) stack[top++] = j;
          inSpan = true;
        } else inSpan = false;
      }
    }
  }
  return { size, tallied, closed };
}

/** The joined component holding the most typical surface pixels (the largest, when none does). */
function mostTypicalComponent(root: Int32Array, sizes: number[], votes: number[]): number {
  const typical = new Float64Array(root.length);
  // A typical pixel outweighs any number of others; the others only break the tie of no typical at all.
  for (let label = 1; label < root.length; label++)
    typical[root[label]!] += votes[label]! + sizes[label]! * 1e-7;
  let best = 0;
  for (let k = 1; k < typical.length; k++) if (typical[k]! > typical[best]!) best = k;
  return best;
}

/** The joined component under the click, or the nearest one within a few pixels (a click on an outline). */
function seedComponent(labels: Int32Array, root: Int32Array, seed: number, w: number, h: number): number {
  const sx = seed % w;
  const sy = (seed - sx) / w;
  for (let r = 0; r <= 4; r++)
    for (let y = Math.max(0, sy - r); y <= Math.min(h - 1, sy + r); y++)
      for (let x = Math.max(0, sx - r); x <= Math.min(w - 1, sx + r); x++)
        if (Math.max(Math.abs(x - sx), Math.abs(y - sy)) === r && labels[y * w + x])
          return root[labels[y * w + x]!]!;
  return 0;
}

const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * Pieces of the surface cut off from the region by objects (the strip of wall between a sofa and
 * a plant) join it when they continue its colour: from points along the piece's outline, the
 * nearest region pixel straight left, right, up or down has the same chroma and lightness (the
 * median over the outline, so shading and the odd wrong hit do not matter). A cupboard painted a
 * shade lighter than the wall, or a white radiator on a grey wall, stays out. Returns whether any joined.
 */
function joinCutOffPieces(
  work: Work,
  labels: Int32Array,
  sizes: number[],
  root: Int32Array,
  region: Uint8Array,
  keep: Uint8Array,
  limit: number,
): boolean {
  const { w, h, u, v, l, inside } = work;
  const size = new Float64Array(root.length);
  for (let label = 1; label < root.length; label++) size[root[label]!] += sizes[label]!;
  const minimum = Math.max(32, work.area * 0.0005);
  const candidate = new Uint8Array(root.length);
  let any = false;
  for (let label = 1; label < root.length; label++)
    if (!keep[root[label]!] && size[root[label]!]! >= minimum) {
      candidate[label] = 1;
      any = true;
    }
  if (!any) return false;
  const pieceOf = (i: number) => root[labels[i]!]!;
  const outlines = new Map<number, number[]>();
  for (let i = 0; i < labels.length; i++) {
    if (!candidate[labels[i]!]) continue;
    const r = pieceOf(i);
    const x = i % w;
    const edge = x === 0 || x === w - 1 || i < w || i >= (h - 1) * w;
    if (!edge && pieceOf(i - 1) === r && pieceOf(i + 1) === r && pieceOf(i - w) === r && pieceOf(i + w) === r)
      continue;
    const outline = outlines.get(r);
    if (outline) outline.push(i);
    else outlines.set(r, [i]);
  }

  const longest = Math.max(w, h) >> 2;
  let joined = false;
  for (const [r, outline] of outlines) {
    const step = Math.max(1, Math.floor(outline.length / 300));
    const dl: number[] = [];
    const du: number[] = [];
    const dv: number[] = [];
    for (let k = 0; k < outline.length; k += step) {
      const i = outline[k]!;
      const x = i % w;
      const y = (i - x) / w;
      let hit = -1;
      let reach = longest;
      for (const [sx, sy] of DIRECTIONS)
        for (let d = 1, px = x + sx, py = y + sy; d < reach; d++, px += sx, py += sy) {
          if (px < 0 || py < 0 || px >= w || py >= h || !inside[py * w + px]) break;
          if (region[py * w + px]) {
            hit = py * w + px;
            reach = d;
            break;
          }
        }
      if (hit < 0) continue;
      dl.push(l[i]! - l[hit]!);
      du.push(u[i]! - u[hit]!);
      dv.push(v[i]! - v[hit]!);
    }
    if (dl.length >= 8 && Math.abs(median(dl)) <= limit && Math.hypot(median(du), median(dv)) <= limit) {
      keep[r] = 1;
      joined = true;
    }
  }
  return joined;
}

/**
 * Edges stop the region a few pixels short of objects. Grows it back, step by step, over pixels
 * whose colour is within `limit` of the mean of the region pixels around them: shading-proof (the
 * mean is local) and strict enough to leave out the blended pixels of an object's soft outline.
 */
function giveBackEdgeBand(work: Work, region: Uint8Array, limit: number): void {
  const { w, h, inside, x0, y0 } = work;
  const { width, data } = work.image;
  const raw = (x: number, y: number, channel: number) =>
    LOG[byte(data[((y0 + y) * width + x0 + x) * 4 + channel]!)]!;
  // Region sums per BLOCK×BLOCK block, worked out when first needed (only blocks near the
  // region's outline are); the local mean is taken over the 3×3 blocks around a pixel.
  const core = region.slice();
  const bw = Math.ceil(w / BLOCK);
  const bh = Math.ceil(h / BLOCK);
  const sums = new Float64Array(4 * bw * bh);
  const summed = new Uint8Array(bw * bh);
  const block = (bx: number, by: number) => {
    const k = by * bw + bx;
    if (!summed[k]) {
      summed[k] = 1;
      for (let y = by * BLOCK; y < Math.min(h, by * BLOCK + BLOCK); y++)
        for (let x = bx * BLOCK; x < Math.min(w, bx * BLOCK + BLOCK); x++) {
          if (!core[y * w + x]) continue;
          sums[4 * k]!++;
          sums[4 * k + 1] += raw(x, y, 0);
          sums[4 * k + 2] += raw(x, y, 1);
          sums[4 * k + 3] += raw(x, y, 2);
        }
    }
    return 4 * k;
  };
  const limit2 = limit * limit;
  const matches = (i: number) => {
    const x = i % w;
    const y = (i - x) / w;
    const bx = (x / BLOCK) | 0;
    const by = (y / BLOCK) | 0;
    let n = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let yy = Math.max(0, by - 1); yy <= Math.min(bh - 1, by + 1); yy++)
      for (let xx = Math.max(0, bx - 1); xx <= Math.min(bw - 1, bx + 1); xx++) {
        const k = block(xx, yy);
        n += sums[k]!;
        r += sums[k + 1]!;
        g += sums[k + 2]!;
        b += sums[k + 3]!;
      }
    if (n < 6) return false;
    const dr = raw(x, y, 0) - r / n;
    const dg = raw(x, y, 1) - g / n;
    const db = raw(x, y, 2) - b / n;
    return dr * dr + dg * dg + db * db <= limit2;
  };
  const tested = new Uint8Array(w * h);
  let frontier: number[] = [];
  for (let i = 0; i < region.length; i++) if (region[i] && touchesOutside(region, i, w, h)) frontier.push(i);
  for (let step = 0; step < REFINE_STEPS && frontier.length > 0; step++) {
    const next: number[] = [];
    const visit = (j: number) => {
      if (region[j] || tested[j] || !inside[j]) return;
      tested[j] = 1;
      if (!matches(j)) return;
      region[j] = 1;
      next.push(j);
    };
    for (const i of frontier) {
      const x = i % w;
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (i >= w) visit(i - w);
      if (i < (h - 1) * w) visit(i + w);
    }
    frontier = next;
  }
}

/** Whether a region pixel has a 4-neighbour outside the region (or is on the window's edge). */
function touchesOutside(region: Uint8Array, i: number, w: number, h: number): boolean {
  const x = i % w;
  return (
    x === 0 ||
    x === w - 1 ||
    i < w ||
    i >= (h - 1) * w ||
    !region[i - 1] ||
    !region[i + 1] ||
    !region[i - w] ||
    !region[i + w]
  );
}

/**
 * Fills holes (pockets enclosed by the region inside the polygon) left by noise and texture: tiny
 * ones always, larger ones when most of their pixels have the surface's colour, so a bed leg or a
 * socket stays out.
 */
function fillHoles(work: Work, region: Uint8Array, similar: Uint8Array, labels: Int32Array): void {
  const { inside, area } = work;
  const open = new Uint8Array(region.length);
  for (let i = 0; i < open.length; i++) open[i] = inside[i] && !region[i] ? 1 : 0;
  labels.fill(0);
  const tiny = Math.max(4, area * 0.00002);
  const small = Math.max(tiny, area * 0.0005);
  const fill: boolean[] = [false];
  for (let i = 0; i < open.length; i++) {
    if (!open[i] || labels[i]) continue;
    const { size, tallied, closed } = flood(work, open, i, labels, fill.length, similar);
    fill.push(closed && (size <= tiny || (size <= small && tallied >= 0.6 * size)));
  }
  for (let i = 0; i < open.length; i++) if (labels[i] && fill[labels[i]!]) region[i] = 1;
}

/** Takes one pixel off the region wherever it touches a polygon pixel outside it. */
function erode(work: Work, region: Uint8Array): void {
  const { w, h, inside } = work;
  const before = region.slice();
  const last = (h - 1) * w;
  const open = (j: number) => inside[j] === 1 && before[j] === 0;
  for (let i = 0; i < region.length; i++) {
    if (!before[i]) continue;
    const x = i % w;
    if (
      (x > 0 && open(i - 1)) ||
      (x < w - 1 && open(i + 1)) ||
      (i >= w && open(i - w)) ||
      (i < last && open(i + w))
    )
      region[i] = 0;
  }
}

/** Removes pieces of the region smaller than `minimum` pixels, always keeping the largest. */
function dropIslands(work: Work, region: Uint8Array, labels: Int32Array, minimum: number): void {
  labels.fill(0);
  const sizes: number[] = [0];
  for (let i = 0; i < region.length; i++)
    if (region[i] && !labels[i]) sizes.push(flood(work, region, i, labels, sizes.length).size);
  if (sizes.length <= 2) return;
  const largest = sizes.indexOf(Math.max(...sizes));
  for (let i = 0; i < region.length; i++) {
    const label = labels[i]!;
    if (label && label !== largest && sizes[label]! < minimum) region[i] = 0;
  }
}

function count(mask: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < mask.length; i++) total += mask[i]!;
  return total;
}
