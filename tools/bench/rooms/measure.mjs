// What a delivered file did to a room, measured against the room's labels: shared by the benchmark
// (tools/bench/decorator-tools.bench.mjs) and the e2e (apps/e2e/specs/decorator-furnished-bedroom.spec.ts).
import { LABEL_NAMES, LABELS } from './render.mjs';

/**
 * A pixel counts as painted / changed when one of its channels moved by more than this many levels
 * between the image the edit went over and the delivered file. Re-encoding alone (the renderer's JPEG at
 * quality 90 over a decoded JPEG) moves untouched pixels by a few levels; the bench renders each room with
 * no layer and prints the 99.9th percentile and the maximum it moved (under this threshold); paint and floors move the surface by tens
 * of levels even in its shadows (Azul mediterráneo over a greige wall: 60+ in blue).
 */
export const CHANGE_THRESHOLD = 12;

/** The figures a delivery must meet (issue 26). */
export const TARGETS = Object.freeze({
  wallPainted: 0.97,
  otherChanged: 0.005,
  bandPainted: 0.95,
  floorLaid: 0.97,
});

/**
 * Other labels are judged from this many pixels away from the repainted surfaces. The delivered JPEG
 * keeps colour in 2×2 blocks (4:2:0) and rings around strong edges: even the exact labels as the
 * selection (the bench's `labels` tool) change up to 5 % of a lamp's or a casing's pixels in the first
 * 2 px next to new paint. Those pixels are the encoder's, not the tool's.
 */
export const EDGE = 2;

/** The band around furniture measured on the wall: this many pixels away from it, inclusive. */
export const BAND = Object.freeze([2, 12]);

/**
 * Distance (pixels, chamfer 1/√2) from each pixel to the nearest pixel where `mask` is set; 0 on it.
 */
export function distanceTo(mask, width, height) {
  const d = new Float32Array(width * height);
  const INF = 1e9;
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? 0 : INF;
  const D = Math.SQRT2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = d[i];
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1] + 1);
      if (y > 0) {
        v = Math.min(v, d[i - width] + 1);
        if (x > 0) v = Math.min(v, d[i - width - 1] + D);
        if (x < width - 1) v = Math.min(v, d[i - width + 1] + D);
      }
      d[i] = v;
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let v = d[i];
      if (v === 0) continue;
      if (x < width - 1) v = Math.min(v, d[i + 1] + 1);
      if (y < height - 1) {
        v = Math.min(v, d[i + width] + 1);
        if (x < width - 1) v = Math.min(v, d[i + width + 1] + D);
        if (x > 0) v = Math.min(v, d[i + width - 1] + D);
      }
      d[i] = v;
    }
  return d;
}

/**
 * Where a decorator clicks a surface: the pixel of `label` farthest from every other label (the middle
 * of its largest free stretch), found on a grid of `step` pixels. Answers image pixels.
 */
export function clickOn(labels, width, height, label, step = 8) {
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const other = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i =
        Math.min(height - 1, y * step + (step >> 1)) * width + Math.min(width - 1, x * step + (step >> 1));
      other[y * w + x] = labels[i] === label ? 0 : 1;
    }
  // The picture's border counts as another surface: nobody clicks at the very edge.
  for (let x = 0; x < w; x++) other[x] = other[(h - 1) * w + x] = 1;
  for (let y = 0; y < h; y++) other[y * w] = other[y * w + w - 1] = 1;
  const d = distanceTo(other, w, h);
  let best = -1;
  let at = 0;
  for (let i = 0; i < d.length; i++)
    if (d[i] > best) {
      best = d[i];
      at = i;
    }
  return { x: (at % w) * step + (step >> 1), y: Math.floor(at / w) * step + (step >> 1) };
}

/**
 * The wall planes next to the chosen wall: the same paint, met at a corner. A wall tool that flows round
 * the corner paints them too; they are reported (issue 26 names furniture, rug, casing and window as the
 * labels that must not change) but not judged, and not corrected.
 */
export const sameSurfaces = (surface) =>
  surface === LABELS.backWall ? [LABELS.leftWall, LABELS.rightWall] : [];

/**
 * Gaps up to twice this many pixels inside what the selection took by mistake are brushed over: a
 * decorator taking away a ceiling strokes across the pendant's cord in it, not round it.
 */
const BRIDGE = 4;

/** `mask` closed by `r` pixels (grown, then shrunk): gaps up to 2r wide filled. */
function bridged(mask, width, height, r) {
  const beyond = distanceTo(mask, width, height).map((d) => (d <= r ? 0 : 1));
  return distanceTo(beyond, width, height).map((d) => (d > r ? 1 : 0));
}

/** Connected pieces of `mask` (4-neighbours): sizes and, per piece, its deepest pixel and depth. */
function pieces(mask, width, height) {
  // Depth inside the piece; the picture's border counts as its edge, so a dab lands inside the picture.
  const outside = mask.map((v) => (v ? 0 : 1));
  for (let x = 0; x < width; x++) outside[x] = outside[(height - 1) * width + x] = 1;
  for (let y = 0; y < height; y++) outside[y * width] = outside[y * width + width - 1] = 1;
  const inside = distanceTo(outside, width, height);
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const found = [];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    let top = 0;
    stack[top++] = s;
    seen[s] = 1;
    let size = 0;
    let deepest = s;
    while (top) {
      const i = stack[--top];
      size++;
      if (inside[i] > inside[deepest]) deepest = i;
      const x = i % width;
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const j of next)
        if (j >= 0 && j < mask.length && mask[j] && !seen[j]) {
          seen[j] = 1;
          stack[top++] = j;
        }
    }
    found.push({ size, x: deepest % width, y: Math.floor(deepest / width), depth: inside[deepest] });
  }
  found.sort((a, b) => b.size - a.size);
  return { found, inside };
}

/**
 * The quick-selection correction a decorator would brush next: over the largest piece of `surface` the
 * selection misses (add) or the largest piece of anything else it took (subtract), whichever is larger.
 * A stroke through that piece's deepest point along its longest stretch, with a brush as wide as fits
 * inside it (radius at most `maxRadius`); `points` are [x0, y0, ...] image pixels. Null when both pieces
 * are under `minPixels`.
 */
export function worstCorrection(
  selected,
  labels,
  width,
  height,
  surface,
  { minPixels = 400, maxRadius = 60, tolerated = sameSurfaces(surface) } = {},
) {
  const missed = new Uint8Array(selected.length);
  const leaked = new Uint8Array(selected.length);
  for (let i = 0; i < selected.length; i++) {
    const on = labels[i] === surface;
    if (on && !selected[i]) missed[i] = 1;
    else if (!on && selected[i] && !tolerated.includes(labels[i])) leaked[i] = 1;
  }
  const misses = pieces(missed, width, height);
  const leaks = pieces(bridged(leaked, width, height, BRIDGE), width, height);
  const [miss] = misses.found;
  const [leak] = leaks.found;
  const add = (miss?.size ?? 0) >= (leak?.size ?? 0);
  const pick = add ? miss : leak;
  if (!pick?.size || pick.size < minPixels) return null;
  const radius = Math.max(2, Math.min(maxRadius, pick.depth - 1));
  // A stroke along the piece's long side through its deepest point, while the brush still fits inside.
  const inside = (add ? misses : leaks).inside;
  const along = (dx, dy) => {
    let [x, y] = [pick.x, pick.y];
    for (;;) {
      const nx = Math.round(x + dx * radius);
      const ny = Math.round(y + dy * radius);
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || inside[ny * width + nx] < radius * 0.8)
        return [x, y];
      [x, y] = [nx, ny];
    }
  };
  const best = [
    [1, 0],
    [0, 1],
    [Math.SQRT1_2, Math.SQRT1_2],
    [Math.SQRT1_2, -Math.SQRT1_2],
  ]
    .map(([dx, dy]) => {
      const a = along(dx, dy);
      const b = along(-dx, -dy);
      return { a, b, length: Math.hypot(a[0] - b[0], a[1] - b[1]) };
    })
    .sort((p, q) => q.length - p.length)[0];
  const points = best.length > 0 ? [...best.b, pick.x, pick.y, ...best.a] : [pick.x, pick.y];
  return { mode: add ? 'add' : 'subtract', x: pick.x, y: pick.y, points, radius, size: pick.size };
}

/** What `misses` marks: a wall or floor pixel left as it was (in the band or not), another label changed. */
export const MISS = { surface: 1, band: 2, changed: 3 };

const changedAt = (a, b, i, threshold) =>
  Math.abs(a[i * 3] - b[i * 3]) > threshold ||
  Math.abs(a[i * 3 + 1] - b[i * 3 + 1]) > threshold ||
  Math.abs(a[i * 3 + 2] - b[i * 3 + 2]) > threshold;

/**
 * The delivery's figures. `before` and `after` are RGB (3 bytes a pixel) of the image the edit went
 * over and of the delivered file, at the labels' size. `ignore` (optional, 1 a pixel) leaves out pixels
 * an engine changed in its draft (they no longer show what the labels say). Labels other than the chosen
 * wall and the floor are judged from `edge` pixels away from those two and from the painted pixels of
 * the next walls (see EDGE). `misses`, when given (one byte a pixel), is filled with MISS codes: a picture
 * of where the figures come from.
 */
export function measureDelivery({
  labels,
  width,
  height,
  before,
  after,
  wall = LABELS.backWall,
  ignore,
  threshold = CHANGE_THRESHOLD,
  edge = EDGE,
  misses,
}) {
  const n = width * height;
  const total = new Float64Array(LABEL_NAMES.length);
  const changed = new Float64Array(LABEL_NAMES.length);
  const front = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (labels[i] === LABELS.furniture || labels[i] === LABELS.lamp) front[i] = 1;
  const near = distanceTo(front, width, height);
  const surfaces = new Uint8Array(n);
  // The next walls count where they were painted too (the paint went round the corner): their new
  // paint's JPEG blocks are as near a door's casing as the chosen wall's are to a window's.
  const next = sameSurfaces(wall);
  for (let i = 0; i < n; i++)
    if (
      labels[i] === wall ||
      labels[i] === LABELS.floor ||
      (next.includes(labels[i]) && changedAt(before, after, i, threshold))
    )
      surfaces[i] = 1;
  const fromSurfaces = distanceTo(surfaces, width, height);
  let band = 0;
  let bandPainted = 0;
  for (let i = 0; i < n; i++) {
    if (ignore?.[i]) continue;
    const label = labels[i];
    if (!surfaces[i] && fromSurfaces[i] <= edge) continue;
    const moved = changedAt(before, after, i, threshold);
    total[label]++;
    if (moved) changed[label]++;
    const inBand = label === wall && near[i] >= BAND[0] && near[i] <= BAND[1];
    if (inBand) {
      band++;
      if (moved) bandPainted++;
    }
    if (misses && !next.includes(label) && (label === wall || label === LABELS.floor) !== moved)
      misses[i] = moved ? MISS.changed : inBand ? MISS.band : MISS.surface;
  }
  const share = (label) => (total[label] ? changed[label] / total[label] : NaN);
  const others = {};
  for (let label = 1; label < LABEL_NAMES.length; label++) {
    if (label === wall || label === LABELS.floor || !total[label]) continue;
    others[LABEL_NAMES[label]] = { share: share(label), pixels: total[label] };
  }
  return {
    wall,
    wallPainted: share(wall),
    floorLaid: share(LABELS.floor),
    bandPainted: band ? bandPainted / band : NaN,
    bandPixels: band,
    others,
    threshold,
  };
}

/** The figures that fail their target (names), for assertions. */
export function failures(m) {
  return verdicts(m)
    .filter((row) => row[3] === 'FAIL')
    .map((row) => `${row[0]}: ${row[1]} (target ${row[2]})`);
}

/** PASS/FAIL lines of a measurement against TARGETS, as [figure, value, target, verdict]. */
export function verdicts(m) {
  const pct = (v) => (Number.isFinite(v) ? `${(100 * v).toFixed(2)} %` : '-');
  const rows = [
    [
      'wall painted',
      pct(m.wallPainted),
      `≥ ${100 * TARGETS.wallPainted} %`,
      m.wallPainted >= TARGETS.wallPainted,
    ],
    [
      `wall ${BAND[0]}–${BAND[1]} px around furniture painted`,
      pct(m.bandPainted),
      `≥ ${100 * TARGETS.bandPainted} %`,
      !(m.bandPainted < TARGETS.bandPainted),
    ],
    ['floor laid', pct(m.floorLaid), `≥ ${100 * TARGETS.floorLaid} %`, m.floorLaid >= TARGETS.floorLaid],
  ];
  const info = sameSurfaces(m.wall).map((label) => LABEL_NAMES[label]);
  for (const [name, { share }] of Object.entries(m.others))
    rows.push(
      info.includes(name)
        ? [`${name} changed (next wall, not judged)`, pct(share), '-', null]
        : [`${name} changed`, pct(share), `≤ ${100 * TARGETS.otherChanged} %`, share <= TARGETS.otherChanged],
    );
  return rows.map(([figure, value, target, ok]) => [
    figure,
    value,
    target,
    ok === null ? 'info' : ok ? 'PASS' : 'FAIL',
  ]);
}
