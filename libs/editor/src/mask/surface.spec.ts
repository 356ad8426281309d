// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PixelGrid } from './flood-fill';
import { DEFAULT_SURFACE_TOLERANCE, refineSurface } from './surface';
import { selectSurface } from './select-surface';

/*
 * Rooms drawn in code: each scene keeps, next to its pixels, which layer every pixel belongs to, so
 * the painted mask can be checked against the true surface and against every object in front of it.
 * The picture gets a camera's softness (a [1 2 1]² blur: outlines are blended over a pixel) and
 * noise; polygons are drawn loosely, with corners a few pixels past the surface, as a decorator would.
 */

type RGB = readonly [number, number, number];

interface Layer {
  name: string;
  /** Position in fractions of width/height, at the pixel centre. */
  at: (x: number, y: number) => boolean;
  colour: (x: number, y: number) => RGB;
  surface?: boolean;
}

interface Scene {
  image: PixelGrid;
  width: number;
  height: number;
  polygon: number[];
  /** 1 where the surface is (inside the polygon or not). */
  truth: Uint8Array;
  /** Pixels of each named layer. */
  parts: Map<string, Uint8Array>;
  /** The lighting factor at each pixel (1 = as painted). */
  light: Float32Array;
}

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

/** Smooth 1-D value noise, for fabric, leaves and wood grain. */
function grain(seed: number) {
  const { next } = random(seed);
  const table = Float32Array.from({ length: 4096 }, () => next() * 2 - 1);
  return (k: number) => {
    const a = Math.floor(k);
    const t = k - a;
    const p = table[a & 4095]!;
    const q = table[(a + 1) & 4095]!;
    return p + (q - p) * t * t * (3 - 2 * t);
  };
}

const rect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;
const solid = (c: RGB) => () => c;
const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];

function render(
  width: number,
  height: number,
  layers: Layer[], // topmost first
  lighting: (x: number, y: number) => number,
  noiseSeed: number,
  polygon: number[],
): Scene {
  const n = width * height;
  const rgb = new Float32Array(3 * n);
  const truth = new Uint8Array(n);
  const light = new Float32Array(n);
  const parts = new Map(layers.map((layer) => [layer.name, new Uint8Array(n)]));
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / width;
      const y = (py + 0.5) / height;
      const i = py * width + px;
      const layer = layers.find((candidate) => candidate.at(x, y))!;
      const c = layer.colour(x, y);
      light[i] = lighting(x, y);
      rgb.set([c[0] * light[i]!, c[1] * light[i]!, c[2] * light[i]!], 3 * i);
      truth[i] = layer.surface ? 1 : 0;
      parts.get(layer.name)![i] = 1;
    }
  const soft = new Float32Array(3 * n);
  const clampX = (x: number) => Math.min(width - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(height - 1, Math.max(0, y));
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++)
      for (let c = 0; c < 3; c++) {
        const at = (x: number) => rgb[3 * (py * width + clampX(x)) + c]!;
        soft[3 * (py * width + px) + c] = (at(px - 1) + 2 * at(px) + at(px + 1)) / 4;
      }
  const { gauss } = random(noiseSeed * 7919 + 13);
  const data = new Uint8ClampedArray(4 * n);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const i = py * width + px;
      for (let c = 0; c < 3; c++) {
        const at = (y: number) => soft[3 * (clampY(y) * width + px) + c]!;
        data[4 * i + c] = Math.round((at(py - 1) + 2 * at(py) + at(py + 1)) / 4 + 4 * gauss());
      }
      data[4 * i + 3] = 255;
    }
  return { image: { width, height, data }, width, height, polygon, truth, parts, light };
}

/**
 * A light greige back wall, lit from the window side, darker in the top-left corner and in the
 * sofa's soft shadow; in front: a sofa with lighter cushions, a plant on a terracotta pot, a
 * window with white frame and bars, a white radiator with dark gaps (close to the wall's colour:
 * the hard case), a floor lamp with a cream shade; ceiling, a side wall in the same paint, a floor.
 */
function livingRoom(seed: number, width = 800, height = 600): Scene {
  const wall: RGB = [212, 205, 192];
  const { next } = random(seed);
  const leaf = grain(seed + 1);
  const floorGrain = grain(seed + 2);
  const aspect = width / height;
  const fabric = (base: RGB, amount: number, scale: number) => (x: number, y: number) =>
    shade(base, 1 + amount * leaf(x * scale + y * scale * 0.14));
  const layers: Layer[] = [
    {
      name: 'lamp pole',
      at: (x, y) => Math.abs(x - 0.885) < 0.0045 && y > 0.31 && y < 0.9,
      colour: solid([45, 43, 40]),
    },
    {
      name: 'lamp shade',
      at: (x, y) => y > 0.2 && y < 0.31 && Math.abs(x - 0.885) < 0.035 + (y - 0.2) * 0.3,
      colour: solid([242, 234, 212]),
    },
    { name: 'cushion', at: rect(0.19, 0.6, 0.3, 0.7), colour: fabric([130, 128, 136], 0.05, 300) },
    { name: 'cushion', at: rect(0.31, 0.6, 0.42, 0.7), colour: fabric([130, 128, 136], 0.05, 300) },
    { name: 'sofa', at: rect(0.15, 0.55, 0.46, 0.88), colour: fabric([62, 64, 74], 0.06, 500) },
    {
      name: 'plant',
      at: (x, y) => {
        const dx = (x - 0.515) * aspect;
        const dy = y - 0.58;
        const r = 0.075 * (1 + 0.18 * Math.sin(Math.atan2(dy, dx) * 7 + seed));
        return dx * dx + dy * dy < r * r;
      },
      colour: (x, y) => shade([62, 118, 52], 1 + 0.25 * leaf(x * 400 + y * 900)),
    },
    {
      name: 'pot',
      at: (x, y) => y > 0.64 && y < 0.86 && Math.abs(x - 0.515) < 0.03 - (y - 0.64) * 0.04,
      colour: solid([178, 96, 62]),
    },
    {
      name: 'window',
      at: (x, y) =>
        rect(0.6, 0.16, 0.8, 0.5)(x, y) && (Math.abs(x - 0.7) < 0.005 || Math.abs(y - 0.33) < 0.006),
      colour: solid([240, 240, 236]),
    },
    {
      name: 'window',
      at: rect(0.613, 0.177, 0.787, 0.483),
      colour: (_x, y) => [175 + 60 * y, 205 + 40 * y, 240],
    },
    { name: 'window', at: rect(0.6, 0.16, 0.8, 0.5), colour: solid([240, 240, 236]) },
    {
      name: 'radiator',
      at: rect(0.62, 0.6, 0.78, 0.76),
      colour: (x) => (((x - 0.62) * width) % 14 < 10 ? [246, 246, 244] : [96, 94, 90]),
    },
    { name: 'ceiling', at: (_x, y) => y < 0.08, colour: solid([242, 242, 238]) },
    { name: 'side wall', at: (x, y) => x < 0.1 - y * 0.04 && y < 0.84, colour: () => shade(wall, 0.74) },
    {
      name: 'floor',
      at: (_x, y) => y >= 0.82,
      colour: (x, y) => shade([150, 104, 70], 1 + 0.08 * floorGrain(y * 700 + Math.sin(x * 9) * 3)),
    },
    { name: 'wall', at: () => true, colour: solid(wall), surface: true },
  ];
  const corner = 0.32 + 0.05 * next();
  const lighting = (x: number, y: number) => {
    let f = 0.78 + 0.32 * x;
    const dx = (x - 0.1) * aspect;
    const dy = y - 0.08;
    f *= 1 - corner * Math.exp(-(dx * dx + dy * dy) / (2 * 0.12 * 0.12));
    if (x > 0.15 && x < 0.46 && y < 0.55) f *= 1 - 0.18 * Math.exp(-((0.55 - y) / 0.03));
    return f;
  };
  const polygon = [0.095, 0.072, 0.996, 0.078, 0.992, 0.828, 0.09, 0.823];
  return render(width, height, layers, lighting, seed, polygon);
}

/** A wooden floor (planks of varied tone, grain, dark seams), a patterned rug, a bed on dark legs. */
function bedroomFloor(seed: number, width = 800, height = 600): Scene {
  const { next } = random(seed + 100);
  const wood = grain(seed + 3);
  const plankHeight = 0.06;
  const floorTop = 0.38;
  const planks = Array.from({ length: 40 }, () => ({
    tone: 0.88 + 0.24 * next(),
    joint: next(),
    phase: next() * 50,
  }));
  const plankOf = (y: number) => planks[Math.floor((y - floorTop) / plankHeight) % planks.length]!;
  const seam = (x: number, y: number) => {
    const within = (y - floorTop) / plankHeight;
    const along = (x + plankOf(y).joint * 0.3) % 0.3;
    return (within - Math.floor(within)) * plankHeight < 2 / height || along < 2 / width;
  };
  const rug = (x: number, y: number): RGB => {
    const diamond = Math.abs((((x - 0.32) * 40) % 2) - 1) + Math.abs((((y - 0.6) * 30) % 2) - 1);
    if (diamond < 0.5) return [52, 70, 128];
    if (diamond > 1.6) return [150, 42, 44];
    return [226, 212, 182];
  };
  const layers: Layer[] = [
    { name: 'bed leg', at: rect(0.08, 0.47, 0.1, 0.5), colour: solid([42, 32, 28]) },
    { name: 'bed leg', at: rect(0.44, 0.47, 0.46, 0.5), colour: solid([42, 32, 28]) },
    { name: 'bed', at: rect(0.05, 0.2, 0.5, 0.47), colour: solid([198, 198, 206]) },
    { name: 'rug', at: rect(0.34, 0.62, 0.78, 0.88), colour: rug },
    { name: 'rug', at: rect(0.32, 0.6, 0.8, 0.9), colour: solid([138, 38, 40]) },
    {
      name: 'skirting',
      at: (_x, y) => y < floorTop && y >= floorTop - 0.025,
      colour: solid([238, 236, 230]),
    },
    { name: 'wall', at: (_x, y) => y < floorTop, colour: solid([208, 196, 176]) },
    {
      name: 'seams',
      at: seam,
      colour: (_x, y) => shade([150, 104, 70], plankOf(y).tone * 0.62),
      surface: true,
    },
    {
      name: 'planks',
      at: () => true,
      colour: (x, y) => {
        const p = plankOf(y);
        return shade(
          [156, 108, 72],
          p.tone * (1 + 0.1 * wood(y * 900 + Math.sin(x * 13 + p.phase) * 4 + p.phase)),
        );
      },
      surface: true,
    },
  ];
  const lighting = (x: number, y: number) => {
    const f = 0.85 + 0.25 * (1 - x);
    return x > 0.05 && x < 0.5 && y > 0.47 ? f * (1 - 0.35 * Math.exp(-(y - 0.47) / 0.04)) : f;
  };
  const polygon = [0.004, 0.372, 0.996, 0.376, 0.998, 0.997, 0.002, 0.996];
  return render(width, height, layers, lighting, seed, polygon);
}

/** A wall with a built-in cupboard ~12 % lighter and a door ~12 % darker, in the same paint colour. */
function cupboardWall(seed: number, width = 800, height = 600): Scene {
  const layers: Layer[] = [
    { name: 'cupboard', at: rect(0.12, 0.3, 0.4, 0.95), colour: solid([222, 209, 187]) },
    { name: 'door', at: rect(0.58, 0.15, 0.75, 0.95), colour: solid([172, 162, 146]) },
    { name: 'floor', at: (_x, y) => y >= 0.95, colour: solid([120, 90, 66]) },
    { name: 'wall', at: () => true, colour: solid([196, 184, 164]), surface: true },
  ];
  const polygon = [0.01, 0.012, 0.99, 0.005, 0.995, 0.958, 0.005, 0.955];
  return render(width, height, layers, (x, y) => 0.85 + 0.2 * x - 0.1 * y, seed, polygon);
}

/**
 * A plain floor under a coffee table (dark top and legs, close in hue to the floor) and an
 * armchair, each casting the soft elliptic shadow the built-in engine draws (black, 42 % at the
 * centre, 20 % at 0.6 of the radius, 0 at the rim), which is shading of the floor, not an object.
 */
function floorWithShadows(seed: number, width = 800, height = 600): Scene {
  const shadows = [
    { cx: 0.39, cy: 0.8, rx: 0.11, ry: 0.028 },
    { cx: 0.81, cy: 0.805, rx: 0.092, ry: 0.024 },
  ];
  const opacity = (x: number, y: number) => {
    let most = 0;
    for (const e of shadows) {
      const d = Math.hypot((x - e.cx) / e.rx, (y - e.cy) / e.ry);
      const o = d >= 1 ? 0 : d <= 0.6 ? 0.42 - (0.22 * d) / 0.6 : 0.2 * ((1 - d) / 0.4);
      most = Math.max(most, o);
    }
    return most;
  };
  const layers: Layer[] = [
    { name: 'table top', at: rect(0.28, 0.71, 0.5, 0.73), colour: solid([90, 70, 54]) },
    { name: 'table leg', at: rect(0.295, 0.73, 0.305, 0.8), colour: solid([63, 49, 40]) },
    { name: 'table leg', at: rect(0.475, 0.73, 0.485, 0.8), colour: solid([63, 49, 40]) },
    { name: 'armchair', at: rect(0.72, 0.53, 0.9, 0.76), colour: solid([168, 107, 96]) },
    { name: 'chair leg', at: rect(0.725, 0.76, 0.732, 0.81), colour: solid([74, 59, 48]) },
    { name: 'chair leg', at: rect(0.888, 0.76, 0.895, 0.81), colour: solid([74, 59, 48]) },
    { name: 'wall', at: (_x, y) => y < 0.62, colour: solid([217, 210, 197]) },
    { name: 'floor', at: () => true, colour: solid([156, 122, 85]), surface: true },
  ];
  const polygon = [0.01, 0.63, 0.99, 0.63, 0.99, 0.99, 0.01, 0.99];
  return render(width, height, layers, (x, y) => (0.95 + 0.1 * x) * (1 - opacity(x, y)), seed, polygon);
}

const scenes = {
  'living room wall': livingRoom,
  'bedroom floor': bedroomFloor,
  'wall with cupboard': cupboardWall,
  'floor with cast shadows': floorWithShadows,
};
const rendered = new Map<string, Scene>();
/** Scenes are slow to draw, so each is drawn once. */
function scene(name: keyof typeof scenes, seed: number): Scene {
  const key = `${name}/${seed}`;
  if (!rendered.has(key)) rendered.set(key, scenes[name](seed));
  return rendered.get(key)!;
}

/** Even-odd ray casting at pixel centres: an independent check of what the polygon covers. */
function insidePolygon(polygon: readonly number[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const n = polygon.length >> 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const px = (x + 0.5) / width;
      const py = (y + 0.5) / height;
      let inside = false;
      for (let a = 0, b = n - 1; a < n; b = a++) {
        const [xa, ya, xb, yb] = [polygon[2 * a]!, polygon[2 * a + 1]!, polygon[2 * b]!, polygon[2 * b + 1]!];
        if (ya <= py !== yb <= py && px < xa + ((py - ya) * (xb - xa)) / (yb - ya)) inside = !inside;
      }
      mask[y * width + x] = inside ? 1 : 0;
    }
  return mask;
}

const count = (mask: ArrayLike<number>) => {
  let total = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) total++;
  return total;
};
const both = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let total = 0;
  for (let i = 0; i < a.length; i++) if (a[i] && b[i]) total++;
  return total;
};
/** Pixels where two masks differ (a count, where `toEqual` on large arrays is slow to compare and print). */
const differences = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let total = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (Boolean(a[i]) !== Boolean(b[i])) total++;
  return total;
};
/** Intersection over union of two masks. */
function iou(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const common = both(a, b);
  return common / (count(a) + count(b) - common);
}
/** The true surface inside the polygon: what the refinement should find. */
function expected(s: Scene): Uint8Array {
  const inside = insidePolygon(s.polygon, s.width, s.height);
  return s.truth.map((v, i) => v & inside[i]!);
}

/** Surface pixels more than `distance` pixels (square) from anything else inside the polygon. */
function awayFromObjects(s: Scene, distance: number): Uint8Array {
  const inside = insidePolygon(s.polygon, s.width, s.height);
  const { width: w, height: h } = s;
  const away = expected(s);
  for (let i = 0; i < away.length; i++) {
    if (!inside[i] || s.truth[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    for (let yy = Math.max(0, y - distance); yy <= Math.min(h - 1, y + distance); yy++)
      away.fill(0, yy * w + Math.max(0, x - distance), yy * w + Math.min(w, x + distance + 1));
  }
  return away;
}

/** Painted pixels with a 4-neighbour (inside the polygon) that is not the surface: paint on an object's outline. */
function touchingObjects(s: Scene, mask: Uint8Array): number {
  const inside = insidePolygon(s.polygon, s.width, s.height);
  const { width: w, height: h } = s;
  let total = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    const neighbours = [
      x > 0 ? i - 1 : -1,
      x < w - 1 ? i + 1 : -1,
      i >= w ? i - w : -1,
      i < (h - 1) * w ? i + w : -1,
    ];
    if (neighbours.some((j) => j >= 0 && inside[j] && !s.truth[j])) total++;
  }
  return total;
}

describe('refineSurface on drawn rooms', () => {
  const cases = (Object.keys(scenes) as (keyof typeof scenes)[]).flatMap((name) =>
    [1, 2, 3].map((seed) => [name, seed] as const),
  );

  it.each(cases)(
    'finds the %s (noise seed %i) with IoU ≥ 0.95, nothing outside the polygon',
    (name, seed) => {
      const s = scene(name, seed);
      const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
      const inside = insidePolygon(s.polygon, s.width, s.height);
      expect(both(mask, inside)).toBe(count(mask));
      expect(iou(mask, expected(s))).toBeGreaterThanOrEqual(0.95);
    },
  );

  it('leaves the furniture in front of the wall unpainted, the white radiator on the light wall included', () => {
    const s = scene('living room wall', 1);
    const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    for (const part of [
      'sofa',
      'cushion',
      'lamp pole',
      'lamp shade',
      'window',
      'plant',
      'pot',
      'radiator',
      'ceiling',
    ])
      expect({ part, painted: both(mask, s.parts.get(part)!) }).toEqual({ part, painted: 0 });
    // The default margin keeps the paint off the objects' outlines too, but for the odd pixel
    // beside the tip of the lamp shade's corners, which a row crosses like a thin line.
    expect(touchingObjects(s, mask)).toBeLessThanOrEqual(12);
  });

  it('does not let the shading cut the wall: the dark corner and the sofa shadow are painted', () => {
    const s = scene('living room wall', 2);
    const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    // Shaded wall away from the objects (next to them, the margin applies).
    const shaded = awayFromObjects(s, 3).map((v, i) => (v && s.light[i]! < 0.78 ? 1 : 0));
    expect(count(shaded)).toBeGreaterThan(5000);
    expect(both(mask, shaded) / count(shaded)).toBeGreaterThan(0.95);
  });

  it("paints the furniture's soft cast shadows on the floor, keeping the legs and tops out", () => {
    const s = scene('floor with cast shadows', 1);
    const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    for (const part of ['table top', 'table leg', 'armchair', 'chair leg'])
      expect({ part, painted: both(mask, s.parts.get(part)!) }).toEqual({ part, painted: 0 });
    const shadow = awayFromObjects(s, 3).map((v, i) => (v && s.light[i]! < 0.93 ? 1 : 0));
    expect(count(shadow)).toBeGreaterThan(2000);
    expect(both(mask, shadow) / count(shadow)).toBeGreaterThan(0.98);
  });

  it('paints the floor across plank seams and keeps the rug and the bed legs out', () => {
    const s = scene('bedroom floor', 1);
    const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    for (const part of ['rug', 'bed leg', 'bed', 'skirting', 'wall'])
      expect({ part, painted: both(mask, s.parts.get(part)!) }).toEqual({ part, painted: 0 });
    const floor = expected(s);
    const seams = s.parts.get('seams')!.map((v, i) => v & floor[i]!);
    expect(both(mask, seams) / count(seams)).toBeGreaterThan(0.8);
    // Away from the rug and the bed, the floor is painted whole: planks, grain and seams.
    const open = awayFromObjects(s, 4);
    expect(both(mask, open) / count(open)).toBeGreaterThan(0.99);
  });

  it('stops at a clear edge between the wall and a cupboard or door of almost the same colour', () => {
    const s = scene('wall with cupboard', 1);
    const mask = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    expect(both(mask, s.parts.get('cupboard')!)).toBe(0);
    expect(both(mask, s.parts.get('door')!)).toBe(0);
  });

  it('grows with the tolerance: 0 is stricter than the default, 1 takes the whole polygon', () => {
    for (const name of Object.keys(scenes) as (keyof typeof scenes)[]) {
      const s = scene(name, 1);
      const inside = count(insidePolygon(s.polygon, s.width, s.height));
      const strict = count(refineSurface(s.image, s.polygon, { tolerance: 0 }));
      const middle = count(refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE }));
      const loose = count(refineSurface(s.image, s.polygon, { tolerance: 1 }));
      expect(strict).toBeLessThan(middle);
      expect(middle).toBeLessThan(loose);
      expect(loose).toBe(inside);
    }
  });

  it('keeps a margin along objects that can be turned off', () => {
    const s = scene('living room wall', 3);
    const withMargin = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE });
    const without = refineSurface(s.image, s.polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE, margin: 0 });
    expect(both(withMargin, without)).toBe(count(withMargin));
    expect(count(without)).toBeGreaterThan(count(withMargin));
    expect(touchingObjects(s, withMargin)).toBeLessThan(touchingObjects(s, without) / 20);
    expect(iou(without, expected(s))).toBeGreaterThan(iou(withMargin, expected(s)));
  });
});

describe('refineSurface with a click', () => {
  const s = () => scene('living room wall', 1);
  const at = (x: number, y: number) => ({ x: x * s().width, y: y * s().height });
  const refine = (seed?: { x: number; y: number }) =>
    refineSurface(s().image, s().polygon, { tolerance: DEFAULT_SURFACE_TOLERANCE, seed });

  it('on the wall gives the same surface as no click', () => {
    expect(iou(refine(at(0.3, 0.3)), refine())).toBeGreaterThan(0.99);
  });

  it('on an object inside the polygon takes that object for the surface (the click wins)', () => {
    const mask = refine(at(0.2, 0.8));
    const sofa = s().parts.get('sofa')!;
    expect(count(mask)).toBeGreaterThan(0.5 * both(sofa, insidePolygon(s().polygon, s().width, s().height)));
    expect(both(mask, sofa)).toBe(count(mask));
  });

  it('on something too thin to be a surface (the lamp pole) is taken for a slip and ignored', () => {
    const pole = at(0.885, 0.6);
    expect(s().parts.get('lamp pole')![Math.floor(pole.y) * s().width + Math.floor(pole.x)]).toBe(1);
    expect(differences(refine(pole), refine())).toBe(0);
  });

  it('outside the polygon is ignored', () => {
    const unclicked = refine();
    expect(differences(refine({ x: 2, y: 2 }), unclicked)).toBe(0);
    expect(differences(refine({ x: Number.NaN, y: 10 }), unclicked)).toBe(0);
  });
});

describe('refineSurface on degenerate input', () => {
  const plain = (width: number, height: number): PixelGrid => ({
    width,
    height,
    data: new Uint8ClampedArray(width * height * 4).fill(200),
  });

  it('gives an empty mask for fewer than 3 points, a polygon outside the image or with no area', () => {
    const image = plain(40, 30);
    for (const polygon of [
      [],
      [0.1, 0.1, 0.9, 0.9],
      [1.2, 0.1, 1.5, 0.1, 1.4, 0.9],
      [0.1, 0.1, 0.5, 0.5, 0.9, 0.9],
    ]) {
      const mask = refineSurface(image, polygon, { tolerance: 0.5 });
      expect(mask).toHaveLength(40 * 30);
      expect(count(mask)).toBe(0);
    }
    expect(count(refineSurface(image, [0.1, 0.1, Number.NaN, 0.2, 0.5, 0.9], { tolerance: 0.5 }))).toBe(0);
    expect(refineSurface(plain(0, 0), [0, 0, 1, 0, 1, 1], { tolerance: 0.5 })).toHaveLength(0);
  });

  it('fills a plain surface to the polygon, clipping a polygon that runs off the image', () => {
    const image = plain(40, 30);
    const polygon = [-0.2, -0.1, 0.6, 0.2, 0.5, 1.3];
    const mask = refineSurface(image, polygon, { tolerance: 0.5 });
    expect(mask).toEqual(insidePolygon(polygon, 40, 30));
  });

  it('never marks a pixel outside the polygon, even on noise at full tolerance', () => {
    const { next } = random(5);
    const width = 120;
    const height = 90;
    const data = Uint8ClampedArray.from({ length: width * height * 4 }, () => next() * 256);
    // A concave, self-crossing outline: filled even-odd, like the editor's canvas.
    const polygon = [0.1, 0.1, 0.9, 0.15, 0.2, 0.5, 0.85, 0.9, 0.05, 0.85, 0.6, 0.45];
    const inside = insidePolygon(polygon, width, height);
    for (const tolerance of [0, 0.5, 1]) {
      const mask = refineSurface({ width, height, data }, polygon, { tolerance });
      expect(both(mask, inside)).toBe(count(mask));
    }
    expect(refineSurface({ width, height, data }, polygon, { tolerance: 1 })).toEqual(inside);
  });
});

describe('selectSurface (a click, the outline drawn) on the same rooms', () => {
  const clicks: Record<keyof typeof scenes, { x: number; y: number }> = {
    'living room wall': { x: 0.3, y: 0.3 },
    'bedroom floor': { x: 0.15, y: 0.8 },
    'wall with cupboard': { x: 0.5, y: 0.5 },
    'floor with cast shadows': { x: 0.15, y: 0.9 },
  };
  const select = (s: Scene, name: keyof typeof scenes) =>
    selectSurface(s.image, {
      seed: { x: clicks[name].x * s.width, y: clicks[name].y * s.height },
      outline: s.polygon,
      tolerance: DEFAULT_SURFACE_TOLERANCE,
    });

  // Not yet: the wall beside a cupboard and a door of nearly its colour (a 12 % lightness step).
  it.each(['living room wall', 'bedroom floor', 'floor with cast shadows'] as const)(
    'finds the %s with IoU ≥ 0.95, nothing outside the outline',
    async (name) => {
      const s = scene(name, 1);
      const mask = await select(s, name);
      const inside = insidePolygon(s.polygon, s.width, s.height);
      expect(both(mask, inside)).toBe(count(mask));
      expect(iou(mask, expected(s))).toBeGreaterThanOrEqual(0.95);
    },
    30_000,
  );

  it('keeps shadows on the wall and plank seams on the floor, the sofa, plant and rug out', async () => {
    const wall = scene('living room wall', 2);
    const wallMask = await select(wall, 'living room wall');
    const shaded = awayFromObjects(wall, 3).map((v, i) => (v && wall.light[i]! < 0.78 ? 1 : 0));
    expect(both(wallMask, shaded) / count(shaded)).toBeGreaterThan(0.95);
    for (const part of ['sofa', 'window', 'plant', 'pot'])
      expect({ part, share: both(wallMask, wall.parts.get(part)!) / count(wall.parts.get(part)!) }).toEqual({
        part,
        share: expect.closeTo(0, 2),
      });
    const floor = scene('bedroom floor', 1);
    const floorMask = await select(floor, 'bedroom floor');
    const truth = expected(floor);
    const seams = floor.parts.get('seams')!.map((v, i) => v & truth[i]!);
    expect(both(floorMask, seams) / count(seams)).toBeGreaterThan(0.8);
    expect(both(floorMask, floor.parts.get('rug')!) / count(floor.parts.get('rug')!)).toBeLessThan(0.001);
  }, 30_000);
});
