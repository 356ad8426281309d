import type { PixelGrid } from '../mask/flood-fill';

/*
 * A furnished bedroom drawn in code, with the label of every pixel: a greige back wall lit from the
 * window (a lighting gradient and soft cast shadows), a white ceiling and baseboard, a window with a
 * white casing, a blue headboard with a slanted top, a bed, two walnut nightstands with lamps, and a
 * striped rug on an oak plank floor. Drawn at pixel centres, then softened like a camera ([1 2 1]²)
 * with noise, at any size (the same room in fractions of the picture).
 */

export const BEDROOM_LABELS = [
  'wall',
  'ceiling',
  'baseboard',
  'floor',
  'window',
  'casing',
  'headboard',
  'bed',
  'nightstand',
  'lamp',
  'rug',
] as const;
export type BedroomLabel = (typeof BEDROOM_LABELS)[number];

export interface Bedroom {
  readonly image: PixelGrid & { data: Uint8ClampedArray };
  /** Index into BEDROOM_LABELS per pixel. */
  readonly labels: Uint8Array;
  /** Where to click on the wall and the floor, in fractions. */
  readonly clicks: { readonly wall: { x: number; y: number }; readonly floor: { x: number; y: number } };
  /** The headboard's slanted top edge, left part: y (fraction) at x (fraction), for x in `range`. */
  readonly slantedEdge: { readonly at: (x: number) => number; readonly range: readonly [number, number] };
}

type RGB = readonly [number, number, number];

function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
  return { next, gauss };
}

const WALL_BOTTOM = 0.62;
const BASEBOARD_BOTTOM = 0.645;
const CEILING_BOTTOM = 0.08;
/** Headboard: a gable from (0.38, 0.36) up to (0.55, 0.27) and down to (0.72, 0.36). */
const headboardTop = (x: number) =>
  x < 0.55 ? 0.36 - ((x - 0.38) / 0.17) * 0.09 : 0.27 + ((x - 0.55) / 0.17) * 0.09;
const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

const L = (name: BedroomLabel) => BEDROOM_LABELS.indexOf(name);

/** Label and colour (before light) at a point in fractions. */
function surfaceAt(x: number, y: number, plank: (x: number, y: number) => RGB): [number, RGB] {
  // Lamps (shade and pole) on the nightstands.
  for (const cx of [0.29, 0.81]) {
    if (inRect(x, y, cx - 0.035, 0.36, cx + 0.035, 0.44)) return [L('lamp'), [236, 226, 200]];
    if (inRect(x, y, cx - 0.004, 0.44, cx + 0.004, 0.5)) return [L('lamp'), [172, 140, 82]];
  }
  if (inRect(x, y, 0.25, 0.5, 0.33, 0.7) || inRect(x, y, 0.77, 0.5, 0.85, 0.7))
    return [L('nightstand'), [112, 74, 48]];
  if (inRect(x, y, 0.36, 0.52, 0.74, 0.86)) {
    const fold = 0.94 + 0.06 * Math.sin(y * 90);
    return [L('bed'), [200 * fold, 206 * fold, 218 * fold]];
  }
  if (x >= 0.38 && x < 0.72 && y >= headboardTop(x) && y < 0.62) return [L('headboard'), [84, 104, 138]];
  if (inRect(x, y, 0.2, 0.82, 0.9, 0.97)) {
    const stripe = Math.floor((x - 0.2) / 0.035) % 2 === 0;
    return [L('rug'), stripe ? [150, 58, 54] : [206, 184, 150]];
  }
  if (y < CEILING_BOTTOM) return [L('ceiling'), [242, 241, 238]];
  // Window: white casing around the glass (with a bar).
  if (inRect(x, y, 0.05, 0.14, 0.21, 0.5)) {
    if (!inRect(x, y, 0.064, 0.16, 0.196, 0.48) || Math.abs(x - 0.13) < 0.005)
      return [L('casing'), [240, 238, 233]];
    const sky = 1 - 0.25 * ((y - 0.16) / 0.32);
    return [L('window'), [176 * sky + 40, 204 * sky + 30, 236]];
  }
  if (y < WALL_BOTTOM) return [L('wall'), [198, 184, 166]];
  if (y < BASEBOARD_BOTTOM) return [L('baseboard'), [236, 234, 229]];
  return [L('floor'), plank(x, y)];
}

/** Light from the window at the left, dimmer to the right and in the corner; soft cast shadows. */
function lighting(x: number, y: number): number {
  let light = 1.12 - 0.42 * Math.min(1, Math.hypot(x - 0.13, y - 0.3) / 0.95);
  // Shadow of the headboard and the right nightstand on the wall, soft, to their right.
  if (y < WALL_BOTTOM) {
    const right = Math.max(0, Math.min(1, (x - 0.72) / 0.03));
    const fade = Math.max(0, 1 - Math.max(0, x - 0.75) / 0.06);
    const below = Math.max(0, Math.min(1, (y - headboardTop(Math.min(0.719, x)) - 0.01) / 0.04));
    if (x > 0.7) light *= 1 - 0.22 * right * fade * below;
    const lampGlow = Math.exp(-((x - 0.81) ** 2 + (y - 0.33) ** 2) / 0.004);
    light *= 1 + 0.12 * lampGlow;
  } else {
    // Under the bed and the nightstands the floor is darker.
    const under = Math.exp(-(Math.max(0, Math.abs(x - 0.55) - 0.2) ** 2) / 0.002);
    if (y > BASEBOARD_BOTTOM && y < 0.9)
      light *= 1 - 0.25 * under * Math.max(0, 1 - Math.abs(y - 0.87) / 0.05);
  }
  return light;
}

/** The bedroom at `width`×`height` (noise `seed`). */
export function drawBedroom(width: number, height: number, seed = 1): Bedroom {
  const n = width * height;
  const labels = new Uint8Array(n);
  const rgb = new Float32Array(3 * n);
  const tones = Array.from({ length: 64 }, (_, i) => 0.86 + 0.24 * random(seed * 31 + i).next());
  const plankWidth = 0.055;
  const seam = 1.5 / 1000;
  const plank = (x: number, y: number): RGB => {
    // Planks run towards the camera, fanning out a little with perspective.
    const u = 0.5 + (x - 0.5) / (0.7 + (0.3 * (y - BASEBOARD_BOTTOM)) / (1 - BASEBOARD_BOTTOM));
    const k = Math.floor(u / plankWidth);
    const within = u / plankWidth - k;
    const tone = tones[(k + 64) % 64]! * (1 + 0.05 * Math.sin(u * 700 + y * 40));
    const dark = within < seam / plankWidth ? 0.62 : 1;
    return [168 * tone * dark, 118 * tone * dark, 74 * tone * dark];
  };
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / width;
      const y = (py + 0.5) / height;
      const i = py * width + px;
      const [label, colour] = surfaceAt(x, y, plank);
      labels[i] = label;
      const light = lighting(x, y);
      rgb[3 * i] = colour[0] * light;
      rgb[3 * i + 1] = colour[1] * light;
      rgb[3 * i + 2] = colour[2] * light;
    }
  // A camera's softness: [1 2 1] across, then down, with the noise added.
  const soft = new Float32Array(3 * n);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const l = 3 * (py * width + Math.max(0, px - 1));
      const c = 3 * (py * width + px);
      const r = 3 * (py * width + Math.min(width - 1, px + 1));
      for (let k = 0; k < 3; k++) soft[c + k] = (rgb[l + k]! + 2 * rgb[c + k]! + rgb[r + k]!) / 4;
    }
  const { gauss } = random(seed * 7919 + 13);
  const data = new Uint8ClampedArray(4 * n);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const u = 3 * (Math.max(0, py - 1) * width + px);
      const c = 3 * (py * width + px);
      const d = 3 * (Math.min(height - 1, py + 1) * width + px);
      const o = 4 * (py * width + px);
      for (let k = 0; k < 3; k++)
        data[o + k] = (soft[u + k]! + 2 * soft[c + k]! + soft[d + k]!) / 4 + 3 * gauss();
      data[o + 3] = 255;
    }
  return {
    image: { width, height, data },
    labels,
    clicks: { wall: { x: 0.9, y: 0.22 }, floor: { x: 0.1, y: 0.8 } },
    slantedEdge: { at: headboardTop, range: [0.4, 0.53] },
  };
}
