import type { PixelBuffer } from './surface-paint';

/**
 * How a correction (the original photo or the draft shown again) and a heal stroke (texture copied from
 * a source offset) are laid into the picture without a seam: the one definition the editor's preview (at
 * the preview's size) and the server's render (at full resolution) both run. Pure arithmetic, no DOM.
 *
 * Gradient-domain blending, as Poisson image editing (Pérez et al. 2003) and Photoshop's Healing Brush:
 * inside the area the result is the source plus a smooth offset D with ΔD = 0 (a membrane), D equal to
 * the low-frequency difference picture − source on a band just outside the area. The source's texture
 * is kept, and its exposure and colour meet the picture's at the edge with no step.
 *
 * D is solved on a coarse grid (GRID cells across the image, the same in the preview and at full size;
 * a cascadic multigrid: each level starts from the coarser one and is relaxed by Gauss-Seidel) and read
 * bilinearly per pixel: the offset is low-frequency by definition, so the grid costs no quality and a
 * 12 MP render stays fast.
 */

/** Cells of the offset grid across the image's width (fewer on a narrower image). */
export const SEAMLESS_GRID = 512;
/** Cells of the band outside the area whose difference the offset takes. */
export const SEAMLESS_BAND = 2;
/**
 * A correction matches exposure and colour, not content: band cells differing by more than this (mean of
 * each pixel's largest channel difference) are paint, floors or furniture the decorator meant to take
 * back, and give no offset. A heal matches whatever differs (no limit).
 */
export const CORRECTION_MATCH_LIMIT = 24;
/**
 * With a limit, a band cell also gives no offset when its difference varies inside it (an object's edge
 * crosses it) or strays from the band's median by more than this: a lamp's glow or half a nightstand is
 * content too, and a grade is much the same all round the area.
 */
const MATCH_SPREAD = 8;

const SWEEPS = 12;

export interface SeamlessFillOptions {
  /** Where the source is read for each pixel, in pixels of `picture` (a heal's source offset); default 0. */
  readonly dx?: number;
  readonly dy?: number;
  /** Band differences above this (levels) are content, not exposure; default no limit. */
  readonly matchLimit?: number;
}

/**
 * Lays `source` (the same size as `picture`, or `picture` itself for a heal) into the pixels `mask` covers
 * (0..255 per pixel of `picture`), matched to `picture` across the area's edge, and hands each covered
 * pixel's colour to `write` with its coverage. `picture` and `source` are only read before the first
 * `write`, except the own pixel: the server may write into `picture` as it goes (not into `source`).
 */
export function seamlessFill(
  picture: PixelBuffer,
  source: PixelBuffer,
  mask: Uint8Array | Uint8ClampedArray,
  options: SeamlessFillOptions,
  write: (pixel: number, r: number, g: number, b: number, coverage: number) => void,
): void {
  const { width, height } = picture;
  const dx = Math.round(options.dx ?? 0);
  const dy = Math.round(options.dy ?? 0);
  const limit = options.matchLimit ?? Infinity;
  const box = coverageBox(mask, width, height);
  if (!box) return;
  const grid = Math.min(SEAMLESS_GRID, width);
  const cell = width / grid;
  const gw = grid;
  const gh = Math.max(1, Math.ceil(height / cell));
  const cellX = (x: number) => Math.min(gw - 1, Math.floor((x + 0.5) / cell));
  const cellY = (y: number) => Math.min(gh - 1, Math.floor((y + 0.5) / cell));
  // The grid region: the area's cells and the band around them.
  const left = Math.max(0, cellX(box.left) - SEAMLESS_BAND);
  const top = Math.max(0, cellY(box.top) - SEAMLESS_BAND);
  const right = Math.min(gw - 1, cellX(box.right) + SEAMLESS_BAND);
  const bottom = Math.min(gh - 1, cellY(box.bottom) + SEAMLESS_BAND);
  const rw = right - left + 1;
  const rh = bottom - top + 1;
  const n = rw * rh;
  const covered = new Uint8Array(n);
  const sums = new Float64Array(n * 3);
  const spread = new Float64Array(n);
  const lumaSquares = new Float64Array(n);
  const counts = new Uint32Array(n);
  const px0 = Math.max(0, Math.ceil(left * cell - 0.5));
  const px1 = Math.min(width - 1, Math.ceil((right + 1) * cell - 0.5) - 1);
  const py0 = Math.max(0, Math.ceil(top * cell - 0.5));
  const py1 = Math.min(height - 1, Math.ceil((bottom + 1) * cell - 0.5) - 1);
  const pc = picture.channels;
  const sc = source.channels;
  const sw = source.width;
  const sh = source.height;
  for (let y = py0; y <= py1; y++) {
    const row = (cellY(y) - top) * rw - left;
    const sy = clampInt(y + dy, 0, sh - 1);
    for (let x = px0; x <= px1; x++) {
      const c = row + cellX(x);
      const i = y * width + x;
      if (mask[i]! > 0) {
        covered[c] = 1;
        continue;
      }
      const p = i * pc;
      const s = (sy * sw + clampInt(x + dx, 0, sw - 1)) * sc;
      const d0 = picture.data[p]! - source.data[s]!;
      const d1 = picture.data[p + 1]! - source.data[s + 1]!;
      const d2 = picture.data[p + 2]! - source.data[s + 2]!;
      sums[c * 3] += d0;
      sums[c * 3 + 1] += d1;
      sums[c * 3 + 2] += d2;
      spread[c] += Math.max(Math.abs(d0), Math.abs(d1), Math.abs(d2));
      const l = 0.299 * d0 + 0.587 * d1 + 0.114 * d2;
      lumaSquares[c] += l * l;
      counts[c]++;
    }
  }
  // Known: wholly outside, within the band, and (for a correction) an exposure difference, not content.
  const near = dilate(covered, rw, rh, SEAMLESS_BAND);
  const state = new Uint8Array(n);
  const offset = new Float32Array(n * 3);
  for (let c = 0; c < n; c++) {
    if (covered[c]) state[c] = UNKNOWN;
    else if (near[c] && counts[c]) {
      if (spread[c]! / counts[c]! > limit) state[c] = UNKNOWN;
      else {
        state[c] = KNOWN;
        for (let k = 0; k < 3; k++) offset[c * 3 + k] = sums[c * 3 + k]! / counts[c]!;
      }
    }
  }
  if (Number.isFinite(limit)) rejectContent(state, offset, sums, lumaSquares, counts);
  solveMembrane(rw, rh, state, offset);

  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  const out = [0, 0, 0];
  for (let y = box.top; y <= box.bottom; y++) {
    const sy = clampInt(y + dy, 0, sh - 1);
    const gy = (y + 0.5) / cell - 0.5 - top;
    for (let x = box.left; x <= box.right; x++) {
      const i = y * width + x;
      const a = mask[i]!;
      if (a === 0) continue;
      sampleOffset(offset, state, rw, rh, (x + 0.5) / cell - 0.5 - left, gy, out);
      const s = (sy * sw + clampInt(x + dx, 0, sw - 1)) * sc;
      write(
        i,
        clamp(source.data[s]! + out[0]!),
        clamp(source.data[s + 1]! + out[1]!),
        clamp(source.data[s + 2]! + out[2]!),
        a,
      );
    }
  }
}

/** Turns known cells whose difference varies inside them or strays from the band's median into unknown ones. */
function rejectContent(
  state: Uint8Array,
  offset: Float32Array,
  sums: Float64Array,
  lumaSquares: Float64Array,
  counts: Uint32Array,
): void {
  const known: number[] = [];
  for (let c = 0; c < state.length; c++) {
    if (state[c] !== KNOWN) continue;
    const n = counts[c]!;
    const mean = (0.299 * sums[c * 3]! + 0.587 * sums[c * 3 + 1]! + 0.114 * sums[c * 3 + 2]!) / n;
    if (lumaSquares[c]! / n - mean * mean > MATCH_SPREAD * MATCH_SPREAD) state[c] = UNKNOWN;
    else known.push(c);
  }
  if (!known.length) return;
  const median = [0, 1, 2].map((k) => {
    const values = known.map((c) => offset[c * 3 + k]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  for (const c of known)
    for (let k = 0; k < 3; k++)
      if (Math.abs(offset[c * 3 + k]! - median[k]!) > MATCH_SPREAD) {
        state[c] = UNKNOWN;
        break;
      }
}

const NONE = 0;
const KNOWN = 1;
const UNKNOWN = 2;

const clampInt = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function coverageBox(mask: ArrayLike<number>, width: number, height: number): Box | null {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

/** Cells within `r` cells (a square) of a set cell. */
function dilate(set: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const across = new Uint8Array(set.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!set[y * w + x]) continue;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) across[y * w + k] = 1;
    }
  const out = new Uint8Array(set.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!across[y * w + x]) continue;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) out[k * w + x] = 1;
    }
  return out;
}

/**
 * Solves ΔD = 0 on the UNKNOWN cells with D fixed on the KNOWN ones (NONE cells are outside the domain:
 * no flux through them), in place. Without any known cell D stays 0.
 */
function solveMembrane(w: number, h: number, state: Uint8Array, value: Float32Array): void {
  let known = 0;
  for (let c = 0; c < state.length; c++) if (state[c] === KNOWN) known++;
  if (known === 0) {
    value.fill(0);
    return;
  }
  if (w > 2 || h > 2) {
    const cw = Math.ceil(w / 2);
    const ch = Math.ceil(h / 2);
    const coarseState = new Uint8Array(cw * ch);
    const coarse = new Float32Array(cw * ch * 3);
    const knownCount = new Uint8Array(cw * ch);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const c = y * w + x;
        const p = (y >> 1) * cw + (x >> 1);
        if (state[c] === KNOWN) {
          knownCount[p]!++;
          for (let k = 0; k < 3; k++) coarse[p * 3 + k] += value[c * 3 + k]!;
        } else if (state[c] === UNKNOWN && coarseState[p] === NONE) coarseState[p] = UNKNOWN;
      }
    for (let p = 0; p < cw * ch; p++)
      if (knownCount[p]) {
        coarseState[p] = KNOWN;
        for (let k = 0; k < 3; k++) coarse[p * 3 + k] /= knownCount[p]!;
      }
    solveMembrane(cw, ch, coarseState, coarse);
    // Unknown cells start from the coarse solution, read bilinearly.
    const out = [0, 0, 0];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const c = y * w + x;
        if (state[c] !== UNKNOWN) continue;
        sampleOffset(coarse, coarseState, cw, ch, (x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5, out);
        for (let k = 0; k < 3; k++) value[c * 3 + k] = out[k]!;
      }
  } else {
    const mean = [0, 0, 0];
    for (let c = 0; c < state.length; c++)
      if (state[c] === KNOWN) for (let k = 0; k < 3; k++) mean[k]! += value[c * 3 + k]! / known;
    for (let c = 0; c < state.length; c++)
      if (state[c] === UNKNOWN) for (let k = 0; k < 3; k++) value[c * 3 + k] = mean[k]!;
  }
  // Gauss-Seidel, alternating the sweep's direction.
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const forward = sweep % 2 === 0;
    for (let j = 0; j < state.length; j++) {
      const c = forward ? j : state.length - 1 - j;
      if (state[c] !== UNKNOWN) continue;
      const x = c % w;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let m = 0;
      const add = (q: number) => {
        if (state[q] === NONE) return;
        s0 += value[q * 3]!;
        s1 += value[q * 3 + 1]!;
        s2 += value[q * 3 + 2]!;
        m++;
      };
      if (x > 0) add(c - 1);
      if (x < w - 1) add(c + 1);
      if (c >= w) add(c - w);
      if (c + w < state.length) add(c + w);
      if (m === 0) continue;
      value[c * 3] = s0 / m;
      value[c * 3 + 1] = s1 / m;
      value[c * 3 + 2] = s2 / m;
    }
  }
}

/** The offset at grid coordinates (gx, gy) (cell centres at integers), bilinear over the cells in the domain. */
function sampleOffset(
  value: Float32Array,
  state: Uint8Array,
  w: number,
  h: number,
  gx: number,
  gy: number,
  out: number[],
): void {
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const tx = gx - x0;
  const ty = gy - y0;
  let weight = 0;
  out[0] = out[1] = out[2] = 0;
  for (let k = 0; k < 4; k++) {
    const x = x0 + (k & 1);
    const y = y0 + (k >> 1);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    const c = y * w + x;
    if (state[c] === NONE) continue;
    const f = (k & 1 ? tx : 1 - tx) * (k >> 1 ? ty : 1 - ty);
    if (f <= 0) continue;
    out[0] += value[c * 3]! * f;
    out[1] += value[c * 3 + 1]! * f;
    out[2] += value[c * 3 + 2]! * f;
    weight += f;
  }
  if (weight > 0) {
    out[0] /= weight;
    out[1] /= weight;
    out[2] /= weight;
    return;
  }
  // Between cells outside the domain only: the nearest cell's own value.
  const c = clampInt(Math.round(gy), 0, h - 1) * w + clampInt(Math.round(gx), 0, w - 1);
  if (state[c] === NONE) return;
  out[0] = value[c * 3]!;
  out[1] = value[c * 3 + 1]!;
  out[2] = value[c * 3 + 2]!;
}
