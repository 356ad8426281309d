import type { PixelGrid } from './flood-fill';
import { straightEdges } from './creases';
import { loadOpenCv, type OpenCv } from './opencv';
import { DEFAULT_SURFACE_TOLERANCE } from './surface';

/*
 * Surface selection: the decorator clicks a wall or a floor and gets that surface, behind and around
 * what stands in front of it.
 *
 * 1. At a working size (≤ WORK_LONGEST px), colours in log-RGB: shading multiplies the channels, so it
 *    moves only the lightness; the chroma of a wall stays put from its lit side to its dark corner.
 * 2. A flood from the click through pixels close to the clicked colour and off edges (measured on a
 *    blurred copy, so plank seams and grain do not stop it, the step to a casing or a headboard does)
 *    gives the probable surface; the click (and add strokes) are sure surface; outside the outline,
 *    subtract strokes and colours far from the click are sure background.
 * 3. OpenCV's GrabCut (colour models + graph cut) decides the rest, edges included.
 * 4. Tolerance only adds or removes pixels around the click: the result is the kept pieces of
 *    (GrabCut ∩ near(t)) ∪ flood(t), both growing with t, so a higher tolerance never loses a pixel.
 * 5. The boundary is decided again at full resolution: the working mask, blurred and upsampled,
 *    is thresholded against each full-resolution pixel's position between the local surface and
 *    background colours, so edges follow the photo's own pixels (no stair steps at 100 %).
 * 6. Shadows: furniture darkens the wall next to it, most right at its outline. The flood also goes
 *    down smooth ramps of the clicked chroma (not up: a ceiling or a door is lighter); GrabCut's band
 *    is taken only up to the crest of the edge the flood stopped at; and at full resolution the
 *    selection grows from the working mask's core over the last few working pixels into darker pixels
 *    of the local surface's chroma, as far as no step stops it.
 * 7. Quick selection, as in Photoshop: an add stroke floods from where it was drawn with the colour it
 *    was drawn on (within a few brush radii); a subtract stroke takes away, as far, what looks more
 *    like what it brushed than like the click.
 */

/** A quick-selection brush stroke, in pixels of the image. */
export interface SurfaceStroke {
  /** [x0, y0, x1, y1, ...] in image pixels; one point is a dab. */
  readonly points: readonly number[];
  /** Brush radius in image pixels. */
  readonly radius: number;
}

export interface SurfaceRequest {
  /** The decorator's click, in image pixels. */
  readonly seed: { readonly x: number; readonly y: number };
  /** Optional polygon [x0, y0, ...] as fractions 0..1 of the image: the selection stays inside it. */
  readonly outline?: readonly number[];
  /** 0..1 (default 0.5): how far from the clicked surface's colour the selection may go. */
  readonly tolerance?: number;
  /**
   * Quick-selection strokes that add to the surface (shift+drag) and that take from it (alt+drag): each
   * also grows, near the brush, over what it was drawn on.
   */
  readonly add?: readonly SurfaceStroke[];
  readonly subtract?: readonly SurfaceStroke[];
}

/** Longest side the segmentation works at (GrabCut takes about 1 s there). */
export const WORK_LONGEST = 1024;
const GC_BGD = 0;
const GC_FGD = 1;
const GC_PR_BGD = 2;
const GC_PR_FGD = 3;
const GRABCUT_ITERATIONS = 3;

/** Log-RGB (100·ln(c + 16)): one unit is about 1 % of brightness. */
const LOG = Float32Array.from({ length: 256 }, (_, c) => 100 * Math.log(c + 16));
/** Lightness difference (log units) shading may cause for free, and the weight of what is past it. */
const LIGHTNESS_SLACK = 30;
const LIGHTNESS_WEIGHT = 0.35;
/** At the default tolerance: colour distance of the flood, of "near", and past which is background. */
const FLOOD_DISTANCE = 14;
const NEAR_DISTANCE = 22;
const FAR_DISTANCE = 34;
/** Blurred-gradient (log units per working pixel) above which the flood sees an edge. */
const EDGE_GRADIENT = 2.2;
/** Chroma changes weigh this much more than lightness changes in the edge test. */
const CHROMA_EDGE_WEIGHT = 3;
/** Pieces away from the click are kept when they hold this share of the working image of core pixels. */
const PIECE_SHARE = 0.002;

/** How much the thresholds are scaled at a tolerance: 0.45 at 0, 1 at the default, 1.8 at 1. */
const toleranceScale = (tolerance: number) =>
  tolerance <= 0.5 ? 0.45 + 1.1 * tolerance : 1 + 1.6 * (tolerance - 0.5);

/** One byte per pixel of `image`, 1 on the clicked surface. Loads OpenCV on first use. */
export async function selectSurface(image: PixelGrid, request: SurfaceRequest): Promise<Uint8Array> {
  const cv = await loadOpenCv();
  // The decorator clicks the same photo again and again (wall, floor, corrections): its working
  // image is kept while the photo's pixel buffer lives (a photo's pixels are not edited in place).
  let cache = workOfPhoto.get(image.data);
  if (!cache || cache.workOf.width !== image.width || cache.workOf.height !== image.height) {
    cache = { workOf: image, work: prepareWork(image, WORK_LONGEST) };
    workOfPhoto.set(image.data, cache);
  }
  return selectSurfaceWith(cv, image, request, { work: cache.work, workOf: image });
}

const workOfPhoto = new WeakMap<object, { workOf: PixelGrid; work: WorkImage }>();

/** What a selection can reuse while only the tolerance changes (the slider). */
export interface SurfaceCut {
  readonly key: string;
  readonly work: WorkImage;
  /** The flood GrabCut was seeded with (at tolerance 1, strokes' floods included). */
  readonly flood: Uint8Array;
  readonly grabCut: Uint8Array;
  readonly core: Uint8Array;
  /** Where GrabCut may add to the flood away from it: the same colour beyond what stands in front. */
  readonly far: Uint8Array;
  /** Reached from the flood through colours within the flood's own spread (planks of other tones). */
  readonly alike: Uint8Array;
}

export interface WorkImage {
  readonly width: number;
  readonly height: number;
  /** RGB bytes at working size. */
  readonly rgb: Uint8Array;
  readonly u: Float32Array;
  readonly v: Float32Array;
  readonly l: Float32Array;
  /** Edge strength of the blurred log-RGB. */
  readonly gradient: Float32Array;
  /** Lightness, thin lines taken out and blurred. */
  readonly smooth: Float32Array;
  /** The same less a coarse blur's: steps (outlines) stay, smooth ramps (a lamp's glow) go. */
  readonly steps: Float32Array;
}

/**
 * `selectSurface` with OpenCV loaded. `cache` keeps the working image and the last GrabCut so that a
 * new tolerance on the same click costs no new cut.
 */
export function selectSurfaceWith(
  cv: OpenCv,
  image: PixelGrid,
  request: SurfaceRequest,
  cache?: { work?: WorkImage; workOf?: PixelGrid; cut?: SurfaceCut },
): Uint8Array {
  const { width, height } = image;
  const result = new Uint8Array(width * height);
  if (width === 0 || height === 0) return result;
  const seedX = Math.floor(request.seed.x);
  const seedY = Math.floor(request.seed.y);
  if (!(seedX >= 0 && seedY >= 0 && seedX < width && seedY < height)) return result;
  const tolerance = Number.isFinite(request.tolerance)
    ? Math.min(1, Math.max(0, request.tolerance!))
    : DEFAULT_SURFACE_TOLERANCE;

  const work = cache?.work && cache.workOf === image ? cache.work : prepareWork(image, WORK_LONGEST);
  if (cache) {
    cache.work = work;
    cache.workOf = image;
  }
  const { width: w, height: h } = work;
  const sx = width / w;
  const sy = height / h;
  const seed = Math.min(h - 1, Math.floor(seedY / sy)) * w + Math.min(w - 1, Math.floor(seedX / sx));
  const model = seedModel(work, seed);
  const edge = edgeThreshold(work, seed);
  const distance = colourDistance(work, model);
  const chroma = chromaDistance(work, model);

  const allowed = request.outline ? polygonMask(request.outline, w, h) : new Uint8Array(w * h).fill(1);
  const addWork = strokesMask(request.add ?? [], w, h, 1 / sx);
  const subtractWork = strokesMask(request.subtract ?? [], w, h, 1 / sx);
  for (let i = 0; i < allowed.length; i++) if (subtractWork[i]) allowed[i] = 0;
  if (!allowed[seed]) return result;
  // A subtract stroke also grows over what it was drawn on (the ceiling the wall ran into), where
  // that looks more like what was brushed than like the clicked surface around it (a lamp of nearly
  // the wall's colour takes itself away, not the wall; brushed on the clicked surface itself, it
  // takes only where it went).
  const creases = creasesOf(cv, work);
  const keep = seedDisc(w, h, seed, Math.max(2, Math.round(Math.max(w, h) * 0.004)));
  for (const stroke of request.subtract ?? []) {
    const brushed = strokeSeed(work, stroke, allowed, 1 / sx, edge, false);
    const taken = floodFromStroke(work, brushed, 1, creases);
    const beside = strokesMask([{ ...stroke, radius: 2 * brushed.reach * sx }], w, h, 1 / sx);
    const around = surfaceAround(work, distance, beside, taken) ?? model;
    // Lightness counts here: a ceiling of the wall's paint is lit otherwise.
    const away = (i: number, m: Model) => Math.hypot(work.u[i]! - m.u, work.v[i]! - m.v, work.l[i]! - m.l);
    // A flood that reaches the click brushed the clicked surface itself.
    if (!taken[seed])
      for (let i = 0; i < allowed.length; i++)
        if (
          taken[i] &&
          !keep[i] &&
          (subtractWork[i] || away(i, brushed.model) + SUBTRACT_MARGIN < away(i, around))
        )
          allowed[i] = 0;
  }

  const glow = followsGlow(work, distance, allowed, seed, edge);
  // Quick selection: an add stroke grows over the surface it was drawn on, as the click does.
  const strokes = (request.add ?? []).map((stroke) => strokeSeed(work, stroke, allowed, 1 / sx, edge));
  // Near a stroke, a colour counts as close when it is close to what was clicked or to what was brushed.
  const closeness = Float32Array.from(distance);
  for (const stroke of strokes)
    for (let i = 0; i < closeness.length; i++)
      if (stroke.near[i]) closeness[i] = Math.min(closeness[i]!, stroke.distance[i]!);
  // GrabCut may not take a brushed colour for sure background anywhere: its models would learn it so.
  const cutCloseness = Float32Array.from(closeness);
  for (const stroke of strokes)
    for (let i = 0; i < cutCloseness.length; i++)
      cutCloseness[i] = Math.min(cutCloseness[i]!, stroke.distance[i]!);
  const followsAGlow = glow || strokes.some((stroke) => stroke.glow);
  const key = JSON.stringify([seed, request.outline ?? null, request.add ?? [], request.subtract ?? []]);
  let cut = cache?.cut?.key === key && cache.cut.work === work ? cache.cut : undefined;
  if (!cut) {
    const flood = floodSurface(work, distance, allowed, seed, 1, edge, glow && creases, chroma, model.l);
    for (const stroke of strokes) orInto(flood, floodFromStroke(work, stroke, 1, creases));
    const alike = alikeSurface(work, flood, allowed, edge);
    const far = farPieces(work, distance, allowed, flood, edge, model, Math.max(16, PIECE_SHARE * w * h));
    // GrabCut decides only along the flood's edges, on the far pieces and on the alike planks; the rest
    // is background (so its colours train the background model: a lamp shade of nearly the wall's colour
    // stays out). A narrower band round the alike planks: a rug's brown border beside them is not taken.
    const open = dilate(flood, w, h, OPEN_BAND);
    const alikeBand = dilate(alike, w, h, ALIKE_BAND);
    for (let i = 0; i < open.length; i++)
      open[i] = allowed[i] && (open[i] || far[i] || alikeBand[i] || addWork[i]) ? 1 : 0;
    const probable = flood.map((v, i) => v | alike[i]!);
    const grabCut = runGrabCut(cv, work, cutCloseness, open, probable, addWork, seed);
    const core = new Uint8Array(w * h);
    for (let i = 0; i < core.length; i++) core[i] = grabCut[i] && far[i] ? 1 : 0;
    cut = { key, work, flood, grabCut, core, far, alike };
    if (cache) cache.cut = cut;
  }

  const k = toleranceScale(tolerance);
  const flood = floodSurface(work, distance, allowed, seed, k, edge, glow && creases, chroma, model.l);
  const grown = new Uint8Array(w * h);
  for (const stroke of strokes) orInto(grown, floodFromStroke(work, stroke, k, creases));
  orInto(flood, grown);
  // Round a stroke's flood GrabCut decides as round the click's (its crest rule alone walks over a
  // thin baseboard between two edges).
  const grownBand = strokes.length ? dilate(grown, w, h, OPEN_BAND) : grown;
  const near = NEAR_DISTANCE * k;
  // GrabCut decides the band along the flood's edges and the far pieces, not what lies across an
  // edge right beside the flood (a lamp shade or a casing of nearly the wall's colour).
  const band = dilate(flood, w, h, OPEN_BAND);
  // On a lamp's glow the wall's colour drifts far from the click's: beside the flood, a colour also
  // counts as close when it is close to the flood's own colour there.
  // Both from the flood GrabCut was given, which the tolerance does not move (so it never loses a pixel).
  if (followsAGlow) closeToFlood(work, cut.flood, closeness);
  const outlier = floodOutliers(work, cut.flood, cut.grabCut);
  const chosen = new Uint8Array(w * h);
  const candidate = new Uint8Array(w * h);
  const alike = new Uint8Array(w * h);
  for (let i = 0; i < chosen.length; i++) {
    const decided = allowed[i] && cut.grabCut[i] && closeness[i]! <= near;
    alike[i] = decided && cut.alike[i] ? 1 : 0;
    chosen[i] =
      allowed[i] && ((decided && (cut.far[i] || cut.alike[i])) || (flood[i] && !outlier[i]) || addWork[i])
        ? 1
        : 0;
  }
  const alikeBand = dilate(alike, w, h, ALIKE_BAND);
  for (let i = 0; i < chosen.length; i++)
    candidate[i] =
      allowed[i] && closeness[i]! <= near && cut.grabCut[i] && (band[i] || alikeBand[i] || grownBand[i])
        ? 1
        : 0;
  // In the band GrabCut takes what the flood reaches up to the edge's crest, not past it (a lamp of
  // nearly the wall's colour standing against it).
  const upToEdge = reachUpToEdge(
    work,
    flood.map((v, i) => (v & (1 - outlier[i]!)) | alike[i]!),
    candidate,
  );
  for (let i = 0; i < chosen.length; i++) if (upToEdge[i]) chosen[i] = 1;
  const kept = keepPieces(chosen, w, h, seed, cut.core, addWork, Math.max(16, PIECE_SHARE * w * h));
  fillThinHoles(kept, w, h, allowed, Math.max(16, PIECE_SHARE * w * h));

  refineAtFullResolution(image, work, kept, cut.grabCut, result);
  growIntoShadows(image, work, kept, cut.grabCut, model, k, result);
  if (!grained(work, cut.flood)) dropDarkLines(image, result);
  clipToRequest(result, width, height, request);
  return result;
}

/** Area-averaged RGB at working size, its log-RGB and the edge strength of a blurred copy. */
export function prepareWork(image: PixelGrid, longest: number): WorkImage {
  const { width: W, height: H, data } = image;
  const scale = Math.min(1, longest / Math.max(W, H));
  const w = Math.max(1, Math.round(W * scale));
  const h = Math.max(1, Math.round(H * scale));
  const rgb = new Uint8Array(w * h * 3);
  const sums = new Float64Array(w * 3);
  const counts = new Uint32Array(w);
  const columnOf = new Uint32Array(W);
  for (let x = 0; x < W; x++) columnOf[x] = Math.min(w - 1, Math.floor((x * w) / W));
  let row = 0;
  for (let Y = 0; Y <= H; Y++) {
    const target = Y < H ? Math.min(h - 1, Math.floor((Y * h) / H)) : -1;
    if (target !== row) {
      for (let x = 0; x < w; x++) {
        const c = Math.max(1, counts[x]!);
        for (let k = 0; k < 3; k++) rgb[(row * w + x) * 3 + k] = Math.round(sums[x * 3 + k]! / c);
      }
      sums.fill(0);
      counts.fill(0);
      row = target;
      if (Y === H) break;
    }
    const offset = Y * W * 4;
    for (let X = 0; X < W; X++) {
      const x = columnOf[X]!;
      const o = offset + X * 4;
      sums[x * 3] += data[o]!;
      sums[x * 3 + 1] += data[o + 1]!;
      sums[x * 3 + 2] += data[o + 2]!;
      counts[x]++;
    }
  }
  const n = w * h;
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const l = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = LOG[rgb[i * 3]!]!;
    const g = LOG[rgb[i * 3 + 1]!]!;
    const b = LOG[rgb[i * 3 + 2]!]!;
    u[i] = r - g;
    v[i] = b - g;
    l[i] = (r + g + b) / 3;
  }
  const radius = Math.max(2, Math.round(w / 512));
  const bu = blur(u, w, h, radius);
  const bv = blur(v, w, h, radius);
  // A grey closing then opening takes thin dark and light lines (plank seams, grout, grain) out of
  // the lightness before the edge test; steps (an object's outline) stay where they are.
  const bl = blur(openLines(closeLines(l, w, h, LINE_RADIUS), w, h, LINE_RADIUS), w, h, radius);
  // Less the gradient of a coarse blur: on a lamp's glow (a smooth ramp) both are the same, at an
  // object's outline (a step) the fine one is much steeper; beside the step the coarse one is larger.
  const coarse = RAMP_SCALE * radius;
  const cu = blur(u, w, h, coarse);
  const cv = blur(v, w, h, coarse);
  const cl = blur(bl, w, h, coarse);
  const gradient = new Float32Array(n);
  const steps = new Float32Array(n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const left = x > 0 ? i - 1 : i;
      const right = x < w - 1 ? i + 1 : i;
      const up = y > 0 ? i - w : i;
      const down = y < h - 1 ? i + w : i;
      const g = (a: Float32Array) => Math.hypot(a[right]! - a[left]!, a[down]! - a[up]!) / 2;
      const step = (f: Float32Array, c: Float32Array) => Math.max(0, g(f) - g(c));
      gradient[i] = g(bl) + CHROMA_EDGE_WEIGHT * (g(bu) + g(bv));
      steps[i] = step(bl, cl) + CHROMA_EDGE_WEIGHT * (step(bu, cu) + step(bv, cv));
    }
  return { width: w, height: h, rgb, u, v, l, smooth: bl, gradient, steps };
}

/** The coarse blur's radius, in fine blur radii: ramps wider than this are shading, not edges. */
const RAMP_SCALE = 4;

/**
 * On a lamp's glow the flood takes colours GLOW_DISTANCE times farther where the step edge is under
 * GLOW_STEP and the plain gradient under GLOW_GRADIENT times the edge threshold; and colours up to
 * GLOW_FAR_DISTANCE times farther (the dim wall past the glow) as long as it crosses no crease.
 */
const GLOW_DISTANCE = 2;
const GLOW_FAR_DISTANCE = 6;
const GLOW_STEP = 0.7;
const GLOW_GRADIENT = 1.6;
/**
 * Into a shadow (the wall behind a headboard, under a cabinet) the flood takes the clicked chroma
 * within SHADOW_CHROMA times its distance, where the step edge is under SHADOW_STEP and the plain
 * gradient under SHADOW_GRADIENT times the edge threshold.
 */
const SHADOW_CHROMA = 0.6;
const SHADOW_STEP = 0.5;
const SHADOW_GRADIENT = 1.6;
/** A shadow is darker: the shadow flood takes only what is this much darker than the click (at t 0.5). */
const SHADOW_DARKER = 10;
/** How much lighter (log units) the blurred lightness may get per working pixel into a shadow. */
const SHADOW_RISE = 0.3;
/** The glow is followed when the plain flood holds less than this share of the picture. */
const GLOW_TRIGGER = 0.05;

/** Lines up to 2·LINE_RADIUS working pixels wide are ignored by the edge test. */
const LINE_RADIUS = 2;

function extremum(a: Float32Array, w: number, h: number, r: number, max: boolean): Float32Array {
  const pick = max ? Math.max : Math.min;
  const rows = new Float32Array(a.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = a[y * w + x]!;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) m = pick(m, a[y * w + k]!);
      rows[y * w + x] = m;
    }
  const out = new Float32Array(a.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = rows[y * w + x]!;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) m = pick(m, rows[k * w + x]!);
      out[y * w + x] = m;
    }
  return out;
}
const closeLines = (a: Float32Array, w: number, h: number, r: number) =>
  extremum(extremum(a, w, h, r, true), w, h, r, false);
const openLines = (a: Float32Array, w: number, h: number, r: number) =>
  extremum(extremum(a, w, h, r, false), w, h, r, true);

/** Two passes of a box blur of `radius` (close to a Gaussian), edges clamped. */
function blur(source: Float32Array, w: number, h: number, radius: number): Float32Array {
  let a = source;
  for (let pass = 0; pass < 2; pass++) {
    const b = new Float32Array(a.length);
    const size = 2 * radius + 1;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += a[row + Math.min(w - 1, Math.max(0, k))]!;
      for (let x = 0; x < w; x++) {
        b[row + x] = sum / size;
        sum += a[row + Math.min(w - 1, x + radius + 1)]! - a[row + Math.max(0, x - radius)]!;
      }
    }
    const c = new Float32Array(a.length);
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += b[Math.min(h - 1, Math.max(0, k)) * w + x]!;
      for (let y = 0; y < h; y++) {
        c[y * w + x] = sum / size;
        sum += b[Math.min(h - 1, y + radius + 1) * w + x]! - b[Math.max(0, y - radius) * w + x]!;
      }
    }
    a = c;
  }
  return a;
}

interface Model {
  readonly u: number;
  readonly v: number;
  readonly l: number;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The clicked colour: the median of a small disc around the click (a slip onto an edge still works). */
function seedModel(work: WorkImage, seed: number): Model {
  const { width: w, height: h } = work;
  const radius = Math.max(2, Math.round(Math.max(w, h) * 0.004));
  const x0 = seed % w;
  const y0 = Math.floor(seed / w);
  const us: number[] = [];
  const vs: number[] = [];
  const ls: number[] = [];
  for (let y = Math.max(0, y0 - radius); y <= Math.min(h - 1, y0 + radius); y++)
    for (let x = Math.max(0, x0 - radius); x <= Math.min(w - 1, x0 + radius); x++) {
      if ((x - x0) ** 2 + (y - y0) ** 2 > radius * radius) continue;
      const i = y * w + x;
      us.push(work.u[i]!);
      vs.push(work.v[i]!);
      ls.push(work.l[i]!);
    }
  return { u: median(us), v: median(vs), l: median(ls) };
}

/** Distance of a working pixel's colour from a model's: chroma, and lightness past shading's slack. */
function distanceFrom(work: WorkImage, i: number, model: Model): number {
  const chroma = Math.hypot(work.u[i]! - model.u, work.v[i]! - model.v);
  return chroma + LIGHTNESS_WEIGHT * Math.max(0, Math.abs(work.l[i]! - model.l) - LIGHTNESS_SLACK);
}

/** Distance of each working pixel's colour from the clicked one. */
function colourDistance(work: WorkImage, model: Model): Float32Array {
  const n = work.width * work.height;
  const distance = new Float32Array(n);
  for (let i = 0; i < n; i++) distance[i] = distanceFrom(work, i, model);
  return distance;
}

/** Chroma distance of each working pixel from the clicked colour (shading moves only the lightness). */
function chromaDistance(work: WorkImage, model: Model): Float32Array {
  const n = work.width * work.height;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.hypot(work.u[i]! - model.u, work.v[i]! - model.v);
  return out;
}

/** How much lighter (log units) than the surface around it a flood pixel GrabCut left out may be. */
const OUTLIER_LIGHTER = 8;

/**
 * Flood pixels GrabCut left out that are lighter than the surface it kept around them: the flood
 * slipped round the end of a crease onto a baseboard or a ceiling (a shadow it went down is darker).
 */
function floodOutliers(work: WorkImage, flood: Uint8Array, grabCut: Uint8Array): Uint8Array {
  const { width: w, height: h } = work;
  const kept = flood.map((v, i) => v & grabCut[i]!);
  const means = localMeans(work.rgb, kept, w, h, OPEN_BAND + 2);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) {
    if (flood[i] && !grabCut[i] && means[i * 4 + 3] && work.l[i]! > meanColour(means, i).l + OUTLIER_LIGHTER)
      out[i] = 1;
  }
  return out;
}

/**
 * Lowers `closeness` within OPEN_BAND of the flood to each pixel's distance from the mean colour of the
 * flood near it.
 */
function closeToFlood(work: WorkImage, flood: Uint8Array, closeness: Float32Array): void {
  const { width: w, height: h } = work;
  const band = dilate(flood, w, h, OPEN_BAND);
  const means = localMeans(work.rgb, flood, w, h, OPEN_BAND + 2);
  for (let i = 0; i < closeness.length; i++)
    if (band[i] && !flood[i] && means[i * 4 + 3])
      closeness[i] = Math.min(closeness[i]!, distanceFrom(work, i, meanColour(means, i)));
}

/**
 * The room's creases (long straight edges) at working size, found once a photo on two images: for a
 * plain surface on the log-lightness itself (the faint crease between two walls of one paint); for a
 * grained one (planks, tiles) on its blurred copy with thin lines taken out, so that seams stop nothing.
 */
interface Creases {
  readonly plain: Uint8Array;
  readonly grained: Uint8Array;
}

function creasesOf(cv: OpenCv, work: WorkImage): Creases {
  let creases = creasesOfWork.get(work);
  if (!creases) {
    // Log-lightness spread over 8 bits (LOG spans 277–558).
    const edgesOf = (lightness: Float32Array) =>
      straightEdges(
        cv,
        Uint8Array.from(lightness, (v) => Math.min(255, Math.max(0, 0.9 * (v - LOG[0]!)))),
        work.width,
        work.height,
      );
    creases = { plain: edgesOf(work.l), grained: edgesOf(work.smooth) };
    creasesOfWork.set(work, creases);
  }
  return creases;
}

const creasesOfWork = new WeakMap<WorkImage, Creases>();

/**
 * The pixels reached from the click through colours near it and no edge, thresholds scaled by `k`.
 * With the room's `creases`, the flood also follows a lamp's glow (see GLOW_DISTANCE).
 */
function floodSurface(
  work: WorkImage,
  distance: Float32Array,
  allowed: Uint8Array,
  seed: number | Uint8Array,
  k: number,
  edgeAtDefault: number,
  creases?: Creases | false,
  chroma?: Float32Array,
  clickedLightness = 0,
): Uint8Array {
  const flood = (glow: number, barrier?: Uint8Array) =>
    floodOnce(work, distance, allowed, seed, k, edgeAtDefault, glow, chroma, clickedLightness, barrier);
  const near = flood(creases ? GLOW_DISTANCE : 0);
  if (creases) orInto(near, flood(GLOW_FAR_DISTANCE, grained(work, near) ? creases.grained : creases.plain));
  return near;
}

/**
 * One flood: through colours near the click and no edge; on a smooth ramp through colours up to
 * `glow` times farther (none when 0), never onto `barrier`; or down into a shadow.
 */
function floodOnce(
  work: WorkImage,
  distance: Float32Array,
  allowed: Uint8Array,
  seed: number | Uint8Array,
  k: number,
  edgeAtDefault: number,
  glow: number,
  chroma?: Float32Array,
  clickedLightness = 0,
  barrier?: Uint8Array,
): Uint8Array {
  const { width: w, height: h, gradient } = work;
  const n = w * h;
  const reached = new Uint8Array(n);
  const limit = FLOOD_DISTANCE * k;
  const edge = edgeAtDefault * k;
  const { steps } = work;
  const chromaLimit = SHADOW_CHROMA * limit;
  const shadowStep = SHADOW_STEP * edge;
  const shadowGradient = SHADOW_GRADIENT * edge;
  const shadowCeiling = clickedLightness - SHADOW_DARKER / k;
  const { smooth } = work;
  // Off an edge as measured, or only on a smooth ramp (a lamp's glow, which also warms the colour).
  const plain = (i: number) => allowed[i] && distance[i]! <= limit && gradient[i]! <= edge;
  const ramp = (i: number) =>
    glow > 0 &&
    allowed[i] &&
    distance[i]! <= glow * limit &&
    steps[i]! <= GLOW_STEP * edge &&
    gradient[i]! <= GLOW_GRADIENT * edge;
  // Or down into a shadow: the clicked chroma, darker than the click, on a ramp with no step, never
  // getting lighter on the way (a door or a ceiling beside the wall is lighter, not a shadow).
  const shadow = (i: number, from: number) =>
    chroma !== undefined &&
    allowed[i] &&
    chroma[i]! <= chromaLimit &&
    work.l[i]! <= shadowCeiling &&
    smooth[i]! <= smooth[from]! + SHADOW_RISE &&
    steps[i]! <= shadowStep &&
    gradient[i]! <= shadowGradient;
  const stack = new Int32Array(n);
  let top = 0;
  if (typeof seed === 'number') {
    reached[seed] = 1;
    stack[top++] = seed;
  } else
    for (let i = 0; i < n; i++)
      if (seed[i]) {
        reached[i] = 1;
        stack[top++] = i;
      }
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % w;
    const y = (i - x) / w;
    const visit = (j: number) => {
      if (reached[j]) return;
      if (plain(j) || shadow(j, i)) {
        reached[j] = 1;
        stack[top++] = j;
      } else if (ramp(j) && !barrier?.[j]) {
        // Along a ramp, not over a crease.
        reached[j] = 1;
        stack[top++] = j;
      }
    };
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
    if (y > 0) visit(i - w);
    if (y < h - 1) visit(i + w);
  }
  return reached;
}

/**
 * A click on a lamp-lit wall: the glow's rings stop the plain flood near the click, so the flood
 * follows smooth ramps too (decided at the default tolerance, so the tolerance stays monotonic).
 */
function followsGlow(
  work: WorkImage,
  distance: Float32Array,
  allowed: Uint8Array,
  seed: number | Uint8Array,
  edge: number,
): boolean {
  let plain = 0;
  for (const v of floodSurface(work, distance, allowed, seed, 1, edge)) plain += v;
  return plain < GLOW_TRIGGER * work.width * work.height;
}

/** How much nearer (colour distance) to what a subtract stroke brushed than to the click a pixel must be. */
const SUBTRACT_MARGIN = 4;
/** How far from a stroke its flood may grow: brush radii, or this share of the picture's longest side. */
const STROKE_REACH = 4;
const STROKE_REACH_SHARE = 0.08;
/** Lightness (log units) off the stroke's median within which its pixels start its flood. */
const STROKE_SEED_LIGHTNESS = 8;

/** A brush stroke as a second click: where it was drawn, the colour it was drawn on, the click's edges. */
interface StrokeSeed {
  readonly at: Uint8Array;
  /** Where its flood may go: within `reach` working pixels of it. */
  readonly near: Uint8Array;
  readonly reach: number;
  readonly model: Model;
  readonly distance: Float32Array;
  readonly chroma: Float32Array;
  readonly edge: number;
  readonly glow: boolean;
}

function strokeSeed(
  work: WorkImage,
  stroke: SurfaceStroke,
  allowed: Uint8Array,
  scale: number,
  edge: number,
  within = true,
): StrokeSeed {
  const { width: w, height: h } = work;
  const at = strokesMask([stroke], w, h, scale);
  // Quick selection grows near the brush, not across the room (a door of the wall's colour).
  const reach = Math.max(stroke.radius * scale * STROKE_REACH, STROKE_REACH_SHARE * Math.max(w, h));
  const near = strokesMask([{ ...stroke, radius: reach / scale }], w, h, scale);
  if (within) for (let i = 0; i < near.length; i++) if (!allowed[i]) near[i] = 0;
  if (within) for (let i = 0; i < at.length; i++) if (!allowed[i]) at[i] = 0;
  const model = medianModel(work, (i) => at[i] === 1) ?? { u: 0, v: 0, l: 0 };
  const distance = colourDistance(work, model);
  if (!at.includes(1)) return { at, near, reach, model, distance, chroma: distance, edge, glow: false };
  const glow = followsGlow(work, distance, near, at, edge);
  return { at, near, reach, model, distance, chroma: chromaDistance(work, model), edge, glow };
}

/** Fewest working pixels of the clicked surface beside a subtract stroke's flood to take its colour from. */
const AROUND_PIXELS = 64;

/**
 * The clicked surface's colour beside a subtract stroke's flood, as lit there (the wall around a lamp,
 * not the wall at the click across the room): the median of the pixels `beside` the stroke (twice its
 * reach), outside its flood, of the clicked colour. None when too few.
 */
function surfaceAround(
  work: WorkImage,
  distance: Float32Array,
  beside: Uint8Array,
  taken: Uint8Array,
): Model | undefined {
  return medianModel(
    work,
    (i) => beside[i] === 1 && !taken[i] && distance[i]! <= FLOOD_DISTANCE,
    AROUND_PIXELS,
  );
}

/** The median colour of the working pixels `include` names; none when fewer than `fewest`. */
function medianModel(work: WorkImage, include: (i: number) => boolean, fewest = 1): Model | undefined {
  const us: number[] = [];
  const vs: number[] = [];
  const ls: number[] = [];
  for (let i = 0; i < work.u.length; i++)
    if (include(i)) {
      us.push(work.u[i]!);
      vs.push(work.v[i]!);
      ls.push(work.l[i]!);
    }
  return us.length < fewest ? undefined : { u: median(us), v: median(vs), l: median(ls) };
}

function floodFromStroke(work: WorkImage, stroke: StrokeSeed, k: number, creases: Creases): Uint8Array {
  // Only the stroke's pixels of its own colour, lightness too, start the flood: a brush that brushed
  // the baseboard adds those pixels (they are in the add mask), it does not grow over the baseboard.
  const limit = FLOOD_DISTANCE * k;
  const from = stroke.at.map((v, i) =>
    v && stroke.distance[i]! <= limit && Math.abs(work.l[i]! - stroke.model.l) <= STROKE_SEED_LIGHTNESS
      ? 1
      : 0,
  );
  return floodSurface(
    work,
    stroke.distance,
    stroke.near,
    from,
    k,
    stroke.edge,
    stroke.glow && creases,
    stroke.chroma,
    stroke.model.l,
  );
}

function orInto(target: Uint8Array, source: Uint8Array): void {
  for (let i = 0; i < target.length; i++) if (source[i]) target[i] = 1;
}

/** How much the edge strength may fall (log units per working pixel) on the way up to an edge's crest. */
const CREST_SLACK = 0.05;

/**
 * The `candidate` pixels reached from `from` while the edge strength does not fall: up to the crest of
 * the edge the flood stopped before, not down its far side into what stands there.
 */
function reachUpToEdge(work: WorkImage, from: Uint8Array, candidate: Uint8Array): Uint8Array {
  const { width: w, height: h, gradient } = work;
  const n = w * h;
  const reached = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++)
    if (from[i]) {
      reached[i] = 1;
      stack[top++] = i;
    }
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % w;
    const y = (i - x) / w;
    const rising = !from[i];
    const visit = (j: number) => {
      if (reached[j] || !candidate[j]) return;
      if (rising && gradient[j]! < gradient[i]! - CREST_SLACK) return;
      reached[j] = 1;
      stack[top++] = j;
    };
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
    if (y > 0) visit(i - w);
    if (y < h - 1) visit(i + w);
  }
  return reached;
}

/** Share of the flood's pixels left out at each end of its colour spread (stray pixels at its edges). */
const SPREAD_TAIL = 0.01;
/** Past this many times the edge threshold the alike growth stops: an armchair of the floor's colour. */
const ALIKE_EDGE = 2;
/** Working pixels around the alike planks that GrabCut decides (less than the flood's band: rugs). */
const ALIKE_BAND = 4;
/**
 * Median lightness (log units) of a pixel off its neighbours' mean on a grained surface: wood measures
 * 1.0-1.7 in the room corpus, the kitchen's tiles 0.59-0.81 (less at 12 MP, where the working image
 * averages more of each tile), plain walls (lit or lamp-lit) under 0.4.
 */
const GRAIN_MIN = 0.5;
/** Grain above which a surface is wood (planks and their seams) rather than tiles. */
const WOOD_GRAIN = 0.75;
/** Working pixels of the rims the alike growth leaves out on tiles (see alikeSurface's opening). */
const ALIKE_RIM = 2;
/** Past this many times the edge threshold a pixel the alike growth crossed on tiles is a rim. */
const ALIKE_FLAT = 1.5;
/** Chroma and lightness (log units) past the flood's spread the growth still takes. */
const SPREAD_CHROMA_MARGIN = 1;
const SPREAD_LIGHTNESS_MARGIN = 4;

/** Whether the flooded surface is grained (wood, tiles): see GRAIN_MIN. */
const grained = (work: WorkImage, flood: Uint8Array) => grainOf(work, flood) >= GRAIN_MIN;

/** The flooded surface's median lightness off its neighbours' mean (see GRAIN_MIN). */
function grainOf(work: WorkImage, flood: Uint8Array): number {
  const { width: w, l } = work;
  const grain: number[] = [];
  for (let i = w; i < l.length - w; i += 3)
    if (flood[i]) grain.push(Math.abs(l[i]! - (l[i - 1]! + l[i + 1]! + l[i - w]! + l[i + w]!) / 4));
  grain.sort((a, b) => a - b);
  return grain[grain.length >> 1] ?? 0;
}

/**
 * A textured surface (planks of several tones, their seams) as one: the pixels reached from the flood
 * through colours within the spread of the flood's own colours (averaged over a seam's width), across
 * the seams and tone steps between planks, not across an outline. A rug, a baseboard or a side wall
 * lies outside that spread.
 */
function alikeSurface(work: WorkImage, flood: Uint8Array, allowed: Uint8Array, edge: number): Uint8Array {
  const { width: w, height: h, gradient } = work;
  const strong = ALIKE_EDGE * edge;
  const n = w * h;
  const area = (2 * LINE_RADIUS + 1) ** 2;
  const mu = boxSum(work.u, w, h, LINE_RADIUS);
  const mv = boxSum(work.v, w, h, LINE_RADIUS);
  const ml = boxSum(work.l, w, h, LINE_RADIUS).map((v) => v / area);
  const reached = new Uint8Array(n);
  const us: number[] = [];
  const vs: number[] = [];
  const ls: number[] = [];
  for (let i = 0; i < n; i++) {
    mu[i] = mu[i]! / area;
    mv[i] = mv[i]! / area;
    if (flood[i]) {
      us.push(mu[i]!);
      vs.push(mv[i]!);
      ls.push(ml[i]!);
    }
  }
  if (us.length < 16) return reached;
  // Only on a grained surface (wood, tiles): a plain wall's spread reaches a door's or a ceiling's colour.
  const grain = grainOf(work, flood);
  if (grain < GRAIN_MIN) return reached;
  const range = (values: number[], margin: number) => {
    values.sort((a, b) => a - b);
    const tail = Math.floor(SPREAD_TAIL * (values.length - 1));
    return [values[tail]! - margin, values[values.length - 1 - tail]! + margin] as const;
  };
  const [u0, u1] = range(us, SPREAD_CHROMA_MARGIN);
  const [v0, v1] = range(vs, SPREAD_CHROMA_MARGIN);
  const [l0, l1] = range(ls, SPREAD_LIGHTNESS_MARGIN);
  const fits = (i: number) =>
    allowed[i] === 1 &&
    gradient[i]! <= strong &&
    mu[i]! >= u0 &&
    mu[i]! <= u1 &&
    mv[i]! >= v0 &&
    mv[i]! <= v1 &&
    ml[i]! >= l0 &&
    ml[i]! <= l1;
  const stack = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++)
    if (flood[i]) {
      reached[i] = 1;
      stack[top++] = i;
    }
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % w;
    const visit = (j: number) => {
      if (!reached[j] && fits(j)) {
        reached[j] = 1;
        stack[top++] = j;
      }
    };
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
    if (i >= w) visit(i - w);
    if (i + w < n) visit(i + w);
  }
  for (let i = 0; i < n; i++) if (flood[i]) reached[i] = 0;
  // Whole tiles, not the rims of what stands on them: averaged over a grout line's width, a table leg's
  // outline mixes leg and tile into a tile's colour, and GrabCut would take the leg from it. An opening
  // and the edge test drop the rims. Not on wood: there the seams' slivers the growth takes are floor.
  if (grain < WOOD_GRAIN) {
    const invert = (v: number) => 1 - v;
    const core = dilate(reached.map(invert), w, h, ALIKE_RIM).map(invert);
    const opened = dilate(core, w, h, ALIKE_RIM);
    const flat = ALIKE_FLAT * edge;
    for (let i = 0; i < n; i++) reached[i] = reached[i]! & opened[i]! & (gradient[i]! <= flat ? 1 : 0);
  }
  return reached;
}

/** Lightness (log units) a far piece may differ from the click by. */
const FAR_LIGHTNESS = 20;

/**
 * The edge test's threshold: EDGE_GRADIENT, or more on a textured surface (wood grain, fabric):
 * three times the median edge strength around the click.
 */
function edgeThreshold(work: WorkImage, seed: number): number {
  const { width: w, height: h, gradient } = work;
  const r = Math.max(4, Math.round(Math.max(w, h) * 0.03));
  const x0 = seed % w;
  const y0 = Math.floor(seed / w);
  const values: number[] = [];
  for (let y = Math.max(0, y0 - r); y <= Math.min(h - 1, y0 + r); y += 2)
    for (let x = Math.max(0, x0 - r); x <= Math.min(w - 1, x0 + r); x += 2) values.push(gradient[y * w + x]!);
  values.sort((a, b) => a - b);
  return Math.max(EDGE_GRADIENT, 3 * (values[values.length >> 1] ?? 0));
}

/** Working pixels along the flood's edges that GrabCut decides (the flood stops short of edges). */
const OPEN_BAND = 6;
/** How far a far piece is grown for GrabCut, and how near the flood a piece counts as beside it. */
const BAND = 3;

/** 1 within `r` working pixels (a square) of a pixel of `mask`. */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const sums = boxSum(Float32Array.from(mask), w, h, r);
  return Uint8Array.from(sums, (v) => (v > 0.5 ? 1 : 0));
}

/**
 * Pieces of the clicked colour (flat, like the flood) that do not touch the flood across a mere edge:
 * the same wall seen past a bed or between two nightstands. A piece right beside the flood, only an
 * edge between them, is something else of a close colour. Grown by the band, where GrabCut decides.
 * Each pixel must be of the click's lightness, or else the whole piece on the whole: far floor tiles
 * in a patch of sun are lighter here and there, not a darker object of the same hue.
 */
function farPieces(
  work: WorkImage,
  distance: Float32Array,
  allowed: Uint8Array,
  flood: Uint8Array,
  edge: number,
  model: Model,
  minSize: number,
): Uint8Array {
  const { width: w, height: h, gradient, l } = work;
  const n = w * h;
  const beside = dilate(flood, w, h, OPEN_BAND + 2);
  const flat = (i: number) =>
    allowed[i] === 1 && !flood[i] && distance[i]! <= FLOOD_DISTANCE && gradient[i]! <= edge;
  const lit = (lightness: number) => Math.abs(lightness - model.l) <= FAR_LIGHTNESS;
  const pieces = new Uint8Array(n);
  // Stricter on lightness than the flood: a darker object of the same hue is not the wall in shade.
  for (const piece of components(w, h, (i) => flat(i) && lit(l[i]!)))
    if (piece.every((i) => !beside[i]) && piece.length >= minSize) for (const i of piece) pieces[i] = 1;
  for (const piece of components(w, h, flat))
    if (piece.every((i) => !beside[i]) && piece.length >= minSize && lit(median(piece.map((i) => l[i]!))))
      for (const i of piece) pieces[i] = 1;
  return dilate(pieces, w, h, BAND);
}

/** Working pixels from the selection within which every pixel of a hole lies for it to count as thin. */
const THIN_HOLE = 2;

/**
 * Fills the thin gaps the selection leaves inside itself: a grout line of another colour between tiles
 * (old grout showing through the new floor). A gap wider than twice THIN_HOLE somewhere, larger than a
 * far piece, or brushed away (not allowed) stays: a box on the floor, a lamp's pole joined to its lamp.
 */
function fillThinHoles(mask: Uint8Array, w: number, h: number, allowed: Uint8Array, maxSize: number): void {
  const near = dilate(mask, w, h, THIN_HOLE);
  for (const hole of components(w, h, (i) => !mask[i]))
    if (hole.length <= maxSize && hole.every((i) => near[i] && allowed[i])) for (const i of hole) mask[i] = 1;
}

/** The 4-connected pieces of the pixels that `member` takes, each as its pixel indices. */
function components(w: number, h: number, member: (i: number) => boolean): number[][] {
  const n = w * h;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const found: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !member(start)) continue;
    const piece: number[] = [];
    let top = 0;
    seen[start] = 1;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      piece.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (const j of [
        x > 0 ? i - 1 : -1,
        x < w - 1 ? i + 1 : -1,
        y > 0 ? i - w : -1,
        y < h - 1 ? i + w : -1,
      ])
        if (j >= 0 && !seen[j] && member(j)) {
          seen[j] = 1;
          stack[top++] = j;
        }
    }
    found.push(piece);
  }
  return found;
}

/** OpenCV's GrabCut from a mask: sure/probable surface and background as the flood and the click say. */
function runGrabCut(
  cv: OpenCv,
  work: WorkImage,
  distance: Float32Array,
  allowed: Uint8Array,
  flood: Uint8Array,
  add: Uint8Array,
  seed: number,
): Uint8Array {
  const { width: w, height: h } = work;
  const n = w * h;
  const labels = new Uint8Array(n);
  const sure = seedDisc(w, h, seed, Math.max(2, Math.round(Math.max(w, h) * 0.004)));
  for (let i = 0; i < n; i++) {
    if (!allowed[i]) labels[i] = GC_BGD;
    else if (sure[i] || add[i]) labels[i] = GC_FGD;
    else if (flood[i]) labels[i] = GC_PR_FGD;
    else if (distance[i]! > FAR_DISTANCE) labels[i] = GC_BGD;
    else labels[i] = GC_PR_BGD;
  }
  // GrabCut needs some background to model; an all-surface picture is the surface.
  if (!labels.includes(GC_BGD) && !labels.includes(GC_PR_BGD)) return labels.map((l) => (l ? 1 : 0));
  const image = new cv.Mat(h, w, cv.CV_8UC3);
  const mask = new cv.Mat(h, w, cv.CV_8UC1);
  const background = new cv.Mat();
  const foreground = new cv.Mat();
  try {
    image.data.set(work.rgb);
    mask.data.set(labels);
    // GrabCut's colour models start from k-means++ on OpenCV's shared random generator: without a fixed
    // seed a click's selection would depend on how many cuts ran before it.
    cv.setRNGSeed(0);
    cv.grabCut(
      image,
      mask,
      new cv.Rect(0, 0, w, h),
      background,
      foreground,
      GRABCUT_ITERATIONS,
      cv.GC_INIT_WITH_MASK,
    );
    const out = mask.data;
    const result = new Uint8Array(n);
    for (let i = 0; i < n; i++) result[i] = out[i] === GC_FGD || out[i] === GC_PR_FGD ? 1 : 0;
    return result;
  } finally {
    image.delete();
    mask.delete();
    background.delete();
    foreground.delete();
  }
}

function seedDisc(w: number, h: number, seed: number, radius: number): Uint8Array {
  const disc = new Uint8Array(w * h);
  const x0 = seed % w;
  const y0 = Math.floor(seed / w);
  for (let y = Math.max(0, y0 - radius); y <= Math.min(h - 1, y0 + radius); y++)
    for (let x = Math.max(0, x0 - radius); x <= Math.min(w - 1, x0 + radius); x++)
      if ((x - x0) ** 2 + (y - y0) ** 2 <= radius * radius) disc[y * w + x] = 1;
  return disc;
}

/**
 * The 4-connected pieces of `mask` that hold the click, an add stroke, or at least `minCore` pixels
 * of `core` (the same surface cut off by what stands in front: the wall between two nightstands).
 * `core` does not depend on the tolerance, so a larger mask never keeps fewer pixels.
 */
function keepPieces(
  mask: Uint8Array,
  w: number,
  h: number,
  seed: number,
  core: Uint8Array,
  add: Uint8Array,
  minCore: number,
): Uint8Array {
  const kept = new Uint8Array(w * h);
  for (const piece of components(w, h, (i) => mask[i] === 1)) {
    let cores = 0;
    for (const i of piece) cores += core[i]!;
    if (cores >= minCore || piece.some((i) => i === seed || add[i])) for (const i of piece) kept[i] = 1;
  }
  return kept;
}

/**
 * The working mask at the image's resolution with its boundary decided on the image's own pixels:
 * the mask, blurred (a tent over ±2 working pixels) and upsampled bilinearly, is compared with a
 * threshold that each full-resolution pixel's colour moves: near 0 where it has the local surface
 * colour, near 1 where it has the local background colour (those means taken from the GrabCut
 * result away from its own boundary). Blur and upsampling only add up non-negative weights, so a
 * larger working mask gives a larger result.
 */
function refineAtFullResolution(
  image: PixelGrid,
  work: WorkImage,
  mask: Uint8Array,
  grabCut: Uint8Array,
  result: Uint8Array,
): void {
  const { width: W, height: H, data } = image;
  const { width: w, height: h, rgb } = work;
  const soft = blur(Float32Array.from(mask), w, h, 1);
  const surfaceMean = localMeans(rgb, erode(grabCut, w, h), w, h);
  const backgroundMean = localMeans(
    rgb,
    erode(
      grabCut.map((v) => 1 - v),
      w,
      h,
    ),
    w,
    h,
  );
  const fx = w / W;
  const fy = h / H;
  for (let Y = 0; Y < H; Y++) {
    const wy = Math.min(h - 1, Math.max(0, (Y + 0.5) * fy - 0.5));
    const y0 = Math.floor(wy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = wy - y0;
    for (let X = 0; X < W; X++) {
      const wx = Math.min(w - 1, Math.max(0, (X + 0.5) * fx - 0.5));
      const x0 = Math.floor(wx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = wx - x0;
      const top = soft[y0 * w + x0]! * (1 - tx) + soft[y0 * w + x1]! * tx;
      const bottom = soft[y1 * w + x0]! * (1 - tx) + soft[y1 * w + x1]! * tx;
      const value = top * (1 - ty) + bottom * ty;
      const I = Y * W + X;
      if (value >= 0.97) result[I] = 1;
      else if (value > 0.03) {
        const nearest = Math.round(wy) * w + Math.round(wx);
        const s = surfaceLikeness(data, I * 4, surfaceMean, backgroundMean, nearest);
        result[I] = value > 0.5 + 0.95 * (0.5 - s) ? 1 : 0;
      }
    }
  }
}

/** Working pixels beyond the working mask the full-resolution growth may reach. */
const GROW_BAND = 10;
/** Chroma distance (log units) from the local surface's chroma the growth takes, at the default tolerance. */
const GROW_CHROMA = 9;
/** Lightness change (log units) from one image pixel to the next the growth takes: up, and down. */
const GROW_RISE = 2;
const GROW_DROP = 9;
/** How much lighter (log units) than the darkest pixel on its way the growth still takes (noise). */
const GROW_REBOUND = 8;
/** Lightness drop over two image pixels the growth takes. */
const GROW_DROP_2 = 6;
/**
 * The growth takes only what is this much darker than the local surface (at the default tolerance): a
 * shadow is darker, a ceiling or a casing past a crease is about as light.
 */
const GROW_BELOW = 10;

/**
 * The selection grown at full resolution over the last working pixels to the furniture's outline, where
 * the contact shadow is darkest: from the working mask's core into pixels of the local surface's chroma,
 * darker than it, changing from one pixel to the next no more than a shadow's ramp does (an outline is a
 * step). Only within GROW_BAND working pixels of the working mask, whose growth with the tolerance it
 * follows; the colours it compares with come from the GrabCut result, which the tolerance does not move.
 */
function growIntoShadows(
  image: PixelGrid,
  work: WorkImage,
  mask: Uint8Array,
  grabCut: Uint8Array,
  model: Model,
  k: number,
  result: Uint8Array,
): void {
  const { width: W, height: H, data } = image;
  const { width: w, height: h, rgb } = work;
  const near = dilate(mask, w, h, GROW_BAND);
  // The local surface's colour where it is lit (not in a shadow): the shadow is measured from it.
  const lit = erode(grabCut, w, h);
  const around = localMeans(rgb, lit, w, h, 24);
  for (let i = 0; i < lit.length; i++) {
    const wide = around[i * 4 + 3] ? meanColour(around, i).l : model.l;
    if (work.l[i]! < wide - GROW_BELOW) lit[i] = 0;
  }
  const means = localMeans(rgb, lit, w, h, 8);
  const chromaU = new Float32Array(w * h).fill(model.u);
  const chromaV = new Float32Array(w * h).fill(model.v);
  const above = -GROW_BELOW / k;
  const ceiling = new Float32Array(w * h).fill(model.l + above);
  for (let i = 0; i < w * h; i++)
    if (means[i * 4 + 3]) {
      const local = meanColour(means, i);
      chromaU[i] = local.u;
      chromaV[i] = local.v;
      ceiling[i] = local.l + above;
    }
  const limit = GROW_CHROMA * k;
  const columnOf = new Int32Array(W);
  for (let X = 0; X < W; X++) columnOf[X] = Math.min(w - 1, Math.floor((X * w) / W));
  const rowOf = new Int32Array(H);
  for (let Y = 0; Y < H; Y++) rowOf[Y] = Math.min(h - 1, Math.floor((Y * h) / H));
  const lightness = (I: number) => (LOG[data[I * 4]!]! + LOG[data[I * 4 + 1]!]! + LOG[data[I * 4 + 2]!]!) / 3;
  const fits = (I: number) => {
    const X = I % W;
    const cell = rowOf[(I - X) / W]! * w + columnOf[X]!;
    if (!near[cell] || lightness(I) > ceiling[cell]!) return false;
    // The chroma of the 3×3 mean: a dark pixel's own chroma is mostly noise.
    let r = 0;
    let g = 0;
    let b = 0;
    const Y = (I - X) / W;
    for (let y = Math.max(0, Y - 1); y <= Math.min(H - 1, Y + 1); y++)
      for (let x = Math.max(0, X - 1); x <= Math.min(W - 1, X + 1); x++) {
        const o = (y * W + x) * 4;
        r += data[o]!;
        g += data[o + 1]!;
        b += data[o + 2]!;
      }
    const count =
      (Math.min(H - 1, Y + 1) - Math.max(0, Y - 1) + 1) * (Math.min(W - 1, X + 1) - Math.max(0, X - 1) + 1);
    const lg = LOG[Math.round(g / count)]!;
    const du = LOG[Math.round(r / count)]! - lg - chromaU[cell]!;
    const dv = LOG[Math.round(b / count)]! - lg - chromaV[cell]!;
    return du * du + dv * dv <= limit * limit;
  };
  const stack: number[] = [];
  // Seeds: pixels of the working mask's core (a working pixel inside it) beside one out of the core, so
  // that the growth starts on the surface, not on an outline pixel the upsampling let in.
  const core = erode(mask, w, h);
  const coreAt = (X: number, Y: number) => core[rowOf[Y]! * w + columnOf[X]!] === 1;
  const grown = new Uint8Array(W * H);
  // The darkest lightness on the way to each grown pixel (tenths of a log unit).
  const darkest = new Uint16Array(W * H);
  for (let Y = 0; Y < H; Y++)
    for (let X = 0; X < W; X++) {
      if (!coreAt(X, Y) || !result[Y * W + X]) continue;
      if (
        (X > 0 && !coreAt(X - 1, Y)) ||
        (X < W - 1 && !coreAt(X + 1, Y)) ||
        (Y > 0 && !coreAt(X, Y - 1)) ||
        (Y < H - 1 && !coreAt(X, Y + 1))
      ) {
        grown[Y * W + X] = 1;
        darkest[Y * W + X] = Math.round(lightness(Y * W + X) * 10);
        stack.push(Y * W + X);
      }
    }
  while (stack.length > 0) {
    const I = stack.pop()!;
    const from = lightness(I);
    const X = I % W;
    const visit = (J: number) => {
      if (grown[J] || !fits(J)) return;
      const JX = J % W;
      if (coreAt(JX, (J - JX) / W)) return;
      const to = lightness(J);
      const step = to - from;
      if (step > GROW_RISE || step < -GROW_DROP) return;
      // A shadow only darkens on the way in: lighter again past its darkest is another surface in it
      // (a baseboard below the wall, in the same shadow), reached over a soft crease.
      if (to * 10 > darkest[I]! + GROW_REBOUND * 10) return;
      // Over two pixels too: an anti-aliased crease (wall to ceiling) drops in two small steps.
      const back = 2 * I - J;
      if (back >= 0 && back < W * H && Math.abs((back % W) - X) <= 1 && to - lightness(back) < -GROW_DROP_2)
        return;
      darkest[J] = Math.min(darkest[I]!, Math.round(to * 10));
      grown[J] = 1;
      stack.push(J);
    };
    if (X > 0) visit(I - 1);
    if (X < W - 1) visit(I + 1);
    if (I >= W) visit(I - W);
    if (I + W < W * H) visit(I + W);
  }
  for (let I = 0; I < W * H; I++) if (grown[I]) result[I] = 1;
}

/** 0..1: where the pixel's colour lies between the local background (0) and surface (1) colours. */
function surfaceLikeness(
  data: ArrayLike<number>,
  o: number,
  surface: Float32Array,
  background: Float32Array,
  at: number,
): number {
  const s = at * 4;
  if (surface[s + 3]! === 0 || background[s + 3]! === 0) return 0.5;
  let dot = 0;
  let span = 0;
  for (let c = 0; c < 3; c++) {
    const axis = surface[s + c]! - background[s + c]!;
    dot += (data[o + c]! - background[s + c]!) * axis;
    span += axis * axis;
  }
  if (span < 64) return 0.5;
  return Math.min(1, Math.max(0, (dot / span - 0.5) * 3 + 0.5));
}

function erode(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      out[i] =
        mask[i] &&
        (x === 0 || mask[i - 1]) &&
        (x === w - 1 || mask[i + 1]) &&
        (y === 0 || mask[i - w]) &&
        (y === h - 1 || mask[i + w])
          ? 1
          : 0;
    }
  return out;
}

/** Mean RGB of the `mask` pixels within ±radius working pixels, and (4th value) whether there are any. */
function localMeans(rgb: Uint8Array, mask: Uint8Array, w: number, h: number, radius = 3): Float32Array {
  const n = w * h;
  const channels = [0, 1, 2].map((c) => {
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = mask[i] ? rgb[i * 3 + c]! : 0;
    return boxSum(a, w, h, radius);
  });
  const counts = boxSum(Float32Array.from(mask), w, h, radius);
  const out = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const c = counts[i]!;
    if (c < 0.5) continue;
    out[i * 4] = channels[0]![i]! / c;
    out[i * 4 + 1] = channels[1]![i]! / c;
    out[i * 4 + 2] = channels[2]![i]! / c;
    out[i * 4 + 3] = 1;
  }
  return out;
}

/** The log-RGB colour (chroma u, v and lightness l) of the mean `localMeans` gave at pixel i. */
function meanColour(means: Float32Array, i: number): Model {
  const r = LOG[Math.round(means[i * 4]!)]!;
  const g = LOG[Math.round(means[i * 4 + 1]!)]!;
  const b = LOG[Math.round(means[i * 4 + 2]!)]!;
  return { u: r - g, v: b - g, l: (r + g + b) / 3 };
}

/** Sum over the (2r+1)² box around each pixel, cut at the edges. */
function boxSum(a: Float32Array, w: number, h: number, r: number): Float32Array {
  const rows = new Float32Array(a.length);
  for (let y = 0; y < h; y++) {
    let sum = 0;
    for (let x = 0; x <= Math.min(w - 1, r); x++) sum += a[y * w + x]!;
    for (let x = 0; x < w; x++) {
      rows[y * w + x] = sum;
      if (x + r + 1 < w) sum += a[y * w + x + r + 1]!;
      if (x - r >= 0) sum -= a[y * w + x - r]!;
    }
  }
  const out = new Float32Array(a.length);
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(h - 1, r); y++) sum += rows[y * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum;
      if (y + r + 1 < h) sum += rows[(y + r + 1) * w + x]!;
      if (y - r >= 0) sum -= rows[(y - r) * w + x]!;
    }
  }
  return out;
}

/** How much darker (log units) than the selection around it a pixel of a plain surface is a thing on it. */
const DARK_LINE = 60;

/**
 * On a plain surface, the thin dark things the line-tolerant flood and the hole filling stepped over (a
 * pendant's cord, a floor lamp's pole, a picture's wire) are left out: selected pixels far darker than
 * the selection's mean around them. A shadow darkens by less over so short a stretch; a floor's seams
 * and grout are kept (grained surfaces are not passed here).
 */
function dropDarkLines(image: PixelGrid, result: Uint8Array): void {
  const { width: W, height: H, data } = image;
  const radius = Math.max(4, Math.round(Math.max(W, H) / 250));
  const lightness = new Float32Array(W * H);
  const on = new Float32Array(W * H);
  for (let i = 0; i < lightness.length; i++)
    if (result[i]) {
      lightness[i] = (LOG[data[i * 4]!]! + LOG[data[i * 4 + 1]!]! + LOG[data[i * 4 + 2]!]!) / 3;
      on[i] = 1;
    }
  const sums = boxSum(lightness, W, H, radius);
  const counts = boxSum(on, W, H, radius);
  for (let i = 0; i < result.length; i++)
    if (result[i] && lightness[i]! < sums[i]! / counts[i]! - DARK_LINE) result[i] = 0;
}

/** Even-odd fill of a polygon (fractions of the grid) at pixel centres. */
export function polygonMask(points: readonly number[], w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  if (points.length < 6 || points.some((p) => !Number.isFinite(p))) return mask;
  const xs: number[] = [];
  for (let y = 0; y < h; y++) {
    const cy = (y + 0.5) / h;
    xs.length = 0;
    for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
      const yi = points[i + 1]!;
      const yj = points[j + 1]!;
      if (yi > cy !== yj > cy) xs.push(points[i]! + ((cy - yi) / (yj - yi)) * (points[j]! - points[i]!));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! * w - 0.5));
      const to = Math.min(w - 1, Math.floor(xs[k + 1]! * w - 0.5));
      if (to >= from) mask.fill(1, y * w + from, y * w + to + 1);
    }
  }
  return mask;
}

/** The strokes (image pixels) painted as round-capped lines on a grid `scale` times the image. */
export function strokesMask(
  strokes: readonly SurfaceStroke[],
  w: number,
  h: number,
  scale: number,
): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (const stroke of strokes) {
    const r = Math.max(0.5, stroke.radius * scale);
    const p = stroke.points.map((v) => v * scale);
    if (p.length < 2) continue;
    for (let i = 0; i < p.length; i += 2) {
      const ax = p[i]!;
      const ay = p[i + 1]!;
      const bx = i + 2 < p.length ? p[i + 2]! : ax;
      const by = i + 2 < p.length ? p[i + 3]! : ay;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
      const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx) + r));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
      const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by) + r));
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5 - ax;
          const py = y + 0.5 - ay;
          const t = length2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / length2)) : 0;
          if ((px - t * dx) ** 2 + (py - t * dy) ** 2 <= r * r) mask[y * w + x] = 1;
        }
    }
  }
  return mask;
}

/** Nothing outside the outline or under a subtract stroke; everything under an add stroke (inside it). */
function clipToRequest(result: Uint8Array, W: number, H: number, request: SurfaceRequest): void {
  const outline = request.outline ? polygonMask(request.outline, W, H) : null;
  const add = request.add?.length ? strokesMask(request.add, W, H, 1) : null;
  const subtract = request.subtract?.length ? strokesMask(request.subtract, W, H, 1) : null;
  if (!outline && !add && !subtract) return;
  for (let i = 0; i < result.length; i++) {
    let inside = result[i] === 1 || (add !== null && add[i] === 1);
    if (subtract?.[i]) inside = false;
    if (outline && !outline[i]) inside = false;
    result[i] = inside ? 1 : 0;
  }
}
