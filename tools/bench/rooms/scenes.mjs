// The rooms of the corpus: geometry (metres, a box room seen from its open end), materials and lights.
// World axes: x to the right, y up from the floor, z away from the camera; the back wall is at z = DEPTH.
import {
  ellipseSdf,
  fbm,
  Frame,
  hash2,
  LABELS,
  makeCamera,
  polygonsSdf,
  project,
  rayPlane,
  roundRectSdf,
  tone,
  vnoise,
} from './render.mjs';

const HALF = 2.1;
const DEPTH = 5.0;
const HEIGHT = 2.6;
const NEAR = 1.2;
const CAMERA = [0.25, 1.25, 0];

const mix = (a, b, t) => a + (b - a) * t;
const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);

// ---- walls ----

/** A wall by name: its plane and how wall-local (a along it, y up, off towards the room) maps to 3D. */
const WALLS = {
  back: {
    label: LABELS.backWall,
    n: [0, 0, -1],
    k: -DEPTH,
    at: (a, y, off = 0) => [a, y, DEPTH - off],
  },
  left: {
    label: LABELS.leftWall,
    n: [1, 0, 0],
    k: -HALF,
    at: (a, y, off = 0) => [-HALF + off, y, a],
  },
  right: {
    label: LABELS.rightWall,
    n: [-1, 0, 0],
    k: -HALF,
    at: (a, y, off = 0) => [HALF - off, y, a],
  },
};

// ---- lights ----

/** A rectangle of light samples on a wall (a window), facing into the room. */
function windowLight(wall, a0, a1, y0, y1, power) {
  const samples = [];
  const w = WALLS[wall];
  const n = w.n.map((c) => -c * (wall === 'back' ? -1 : 1));
  const into = wall === 'back' ? [0, 0, -1] : wall === 'left' ? [1, 0, 0] : [-1, 0, 0];
  void n;
  const area = (a1 - a0) * (y1 - y0);
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 4; j++) {
      const a = mix(a0, a1, (i + 0.5) / 5);
      const y = mix(y0, y1, (j + 0.5) / 4);
      // Brighter from the upper part: the sky.
      const weight = (power * area * (0.7 + 0.6 * ((j + 0.5) / 4))) / 20;
      samples.push({ p: w.at(a, y, 0.02), n: into, w: [weight, weight * 1.0, weight * 1.04], lamp: false });
    }
  return samples;
}

function lampLight(p, power) {
  const samples = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const r = i % 2 ? 0.14 : 0.07;
    samples.push({
      p: [p[0] + r * Math.cos(a), p[1] + (i % 2 ? 0.04 : -0.04), p[2] + r * Math.sin(a)],
      n: null,
      w: [power / 8, (power * 0.74) / 8, (power * 0.46) / 8],
      lamp: true,
    });
  }
  return samples;
}

/** Whether the segment p→q crosses the box (slab test), ignoring its ends. */
function segmentHits(p, q, box) {
  let t0 = 0.002;
  let t1 = 0.998;
  for (let a = 0; a < 3; a++) {
    const d = q[a] - p[a];
    if (Math.abs(d) < 1e-9) {
      if (p[a] < box.min[a] || p[a] > box.max[a]) return false;
      continue;
    }
    let ta = (box.min[a] - p[a]) / d;
    let tb = (box.max[a] - p[a]) / d;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 > t1) return false;
  }
  return true;
}

function boxDistance(p, box) {
  let s = 0;
  for (let a = 0; a < 3; a++) {
    const d = Math.max(box.min[a] - p[a], 0, p[a] - box.max[a]);
    s += d * d;
  }
  return Math.sqrt(s);
}

class Lighting {
  constructor(samples, ambient, casters) {
    this.samples = samples;
    this.ambient = ambient;
    this.casters = casters;
    this.exposure = 1;
  }

  /**
   * Irradiance at p with normal n, RGB into out; shadows and occlusion only when asked (the grids).
   * `ownLamp`: the lamp p belongs to (its stand, its cord): the shade keeps that bulb's light off the
   * side the camera sees (a stand lit as the wall behind it vanished into the wall's glow).
   */
  at(p, n, out, shadows, ownLamp) {
    let ao = 1;
    if (shadows) {
      for (const box of this.casters) ao *= 1 - 0.55 * Math.exp(-boxDistance(p, box) / 0.09);
      // Room corners and the wall-floor edge are a little darker.
      const edge = Math.min(p[1], HEIGHT - p[1], p[0] + HALF, HALF - p[0], DEPTH - p[2]);
      ao *= 1 - 0.18 * Math.exp(-edge / 0.3);
    }
    let r = this.ambient[0] * ao;
    let g = this.ambient[1] * ao;
    let b = this.ambient[2] * ao;
    for (const s of this.samples) {
      if (ownLamp && Math.hypot(s.p[0] - ownLamp[0], s.p[1] - ownLamp[1], s.p[2] - ownLamp[2]) < 0.2)
        continue;
      const lx = s.p[0] - p[0];
      const ly = s.p[1] - p[1];
      const lz = s.p[2] - p[2];
      const d2 = lx * lx + ly * ly + lz * lz;
      const d = Math.sqrt(d2);
      const cr = (n[0] * lx + n[1] * ly + n[2] * lz) / d;
      if (cr <= 0) continue;
      let cs;
      if (s.lamp) cs = 0.25 + 0.75 * Math.abs(ly / d);
      else cs = -(s.n[0] * lx + s.n[1] * ly + s.n[2] * lz) / d;
      if (cs <= 0) continue;
      if (shadows && this.casters.some((box) => segmentHits(p, s.p, box))) continue;
      const k = (cr * cs) / Math.max(d2, s.lamp ? 0.3 : 0.05);
      r += s.w[0] * k;
      g += s.w[1] * k;
      b += s.w[2] * k;
    }
    out[0] = r;
    out[1] = g;
    out[2] = b;
  }
}

/** Irradiance on a room plane, sampled every STEP metres and read back bilinearly. */
const STEP = 0.025;
class PlaneGrid {
  constructor(lighting, origin, axisA, lenA, axisB, lenB, n) {
    this.origin = origin;
    this.axisA = axisA;
    this.axisB = axisB;
    this.na = Math.ceil(lenA / STEP) + 2;
    this.nb = Math.ceil(lenB / STEP) + 2;
    this.data = new Float32Array(this.na * this.nb * 3);
    const p = [0, 0, 0];
    const out = [0, 0, 0];
    for (let j = 0; j < this.nb; j++)
      for (let i = 0; i < this.na; i++) {
        for (let c = 0; c < 3; c++)
          p[c] = origin[c] + axisA[c] * i * STEP + axisB[c] * j * STEP + n[c] * 0.003;
        lighting.at(p, n, out, true);
        const k = (j * this.na + i) * 3;
        this.data[k] = out[0];
        this.data[k + 1] = out[1];
        this.data[k + 2] = out[2];
      }
  }

  read(p, out) {
    const o = this.origin;
    const da = (p[0] - o[0]) * this.axisA[0] + (p[1] - o[1]) * this.axisA[1] + (p[2] - o[2]) * this.axisA[2];
    const db = (p[0] - o[0]) * this.axisB[0] + (p[1] - o[1]) * this.axisB[1] + (p[2] - o[2]) * this.axisB[2];
    const fa = Math.min(this.na - 1.001, Math.max(0, da / STEP));
    const fb = Math.min(this.nb - 1.001, Math.max(0, db / STEP));
    const i = Math.floor(fa);
    const j = Math.floor(fb);
    const ta = fa - i;
    const tb = fb - j;
    const d = this.data;
    const k00 = (j * this.na + i) * 3;
    const k10 = k00 + 3;
    const k01 = k00 + this.na * 3;
    const k11 = k01 + 3;
    for (let c = 0; c < 3; c++)
      out[c] = mix(mix(d[k00 + c], d[k10 + c], ta), mix(d[k01 + c], d[k11 + c], ta), tb);
  }
}

// ---- materials (albedo 0..1 into `out`, from the world point) ----

function paint(colour, seed) {
  const c = hex(colour);
  return (p, out) => {
    const s = 1 + 0.02 * (fbm(p[0] * 6 + p[2] * 6, p[1] * 6, seed) - 0.5);
    out[0] = c[0] * s;
    out[1] = c[1] * s;
    out[2] = c[2] * s;
  };
}

/** Planks running away from the camera, 0.19 m wide, boards of 1.1–1.6 m with staggered ends. */
function planks(colour, seed) {
  const c = hex(colour);
  const W = 0.19;
  return (p, out, px) => {
    const board = Math.floor((p[0] + 10) / W);
    const across = (p[0] + 10) / W - board;
    const length = 1.1 + 0.5 * hash2(board, 7, seed);
    const shift = hash2(board, 3, seed) * length;
    const along = (p[2] + shift) / length;
    const piece = Math.floor(along);
    const tone = 0.82 + 0.3 * hash2(board, piece, seed);
    const grain =
      0.88 +
      0.06 *
        Math.sin((across * 7 + fbm(across * 3, along * 8, seed + 5) * 4) * 6.283) *
        (0.6 + 0.4 * vnoise(across * 5, along * 40, seed)) +
      0.06 * (fbm(across * 20, along * 3, seed + 9) - 0.5);
    // Seams: dark lines 3 mm wide, anti-aliased over the pixel's footprint (px metres across, along).
    const sx = Math.min(across, 1 - across) * W;
    const sz = Math.min(along - piece, 1 - (along - piece)) * length;
    const seamX = clamp01((0.0015 - sx) / px[0] + 0.5);
    const seamZ = clamp01((0.0015 - sz) / px[1] + 0.5);
    const seam = 1 - 0.55 * Math.max(seamX, seamZ);
    const s = tone * grain * seam;
    out[0] = c[0] * s;
    out[1] = c[1] * s * 0.98;
    out[2] = c[2] * s * 0.95;
  };
}

function tiles(colour, seed, size = 0.33) {
  const c = hex(colour);
  return (p, out, px) => {
    const ix = Math.floor(p[0] / size + 100);
    const iz = Math.floor(p[2] / size);
    const fx = p[0] / size + 100 - ix;
    const fz = p[2] / size - iz;
    const tone = 0.92 + 0.12 * hash2(ix, iz, seed) + 0.05 * (fbm(p[0] * 12, p[2] * 12, seed) - 0.5);
    const gx = Math.min(fx, 1 - fx) * size;
    const gz = Math.min(fz, 1 - fz) * size;
    const grout = Math.max(clamp01((0.003 - gx) / px[0] + 0.5), clamp01((0.003 - gz) / px[1] + 0.5));
    const s = tone * (1 - 0.12 * grout);
    out[0] = mix(c[0] * s, 0.72, grout * 0.6);
    out[1] = mix(c[1] * s, 0.7, grout * 0.6);
    out[2] = mix(c[2] * s, 0.66, grout * 0.6);
  };
}

/** Woven fabric: low-frequency folds and fibre noise. */
function fabric(colour, seed, folds = 4) {
  const c = hex(colour);
  return (p, out) => {
    const s =
      0.9 +
      0.12 * fbm(p[0] * folds + p[2] * 2, p[1] * folds + p[2] * folds, seed) +
      0.12 * (vnoise(p[0] * 700 + p[2] * 400, p[1] * 700, seed + 3) - 0.5) +
      0.05 * (vnoise(p[0] * 90 + p[2] * 60, p[1] * 140, seed + 4) - 0.5);
    out[0] = c[0] * s;
    out[1] = c[1] * s;
    out[2] = c[2] * s;
  };
}

function wood(colour, seed) {
  const c = hex(colour);
  return (p, out) => {
    const u = p[0] + p[2] * 0.7;
    const s =
      0.9 +
      0.05 * Math.sin((p[1] * 180 + fbm(u * 3, p[1] * 40, seed) * 10) * 1.3) +
      0.08 * (fbm(u * 60, p[1] * 6 + p[2] * 6, seed + 1) - 0.5);
    out[0] = c[0] * s;
    out[1] = c[1] * s;
    out[2] = c[2] * s;
  };
}

const flat = (colour, grain = 0.03, seed = 1) => {
  const c = hex(colour);
  return (p, out) => {
    const s = 1 + grain * (fbm(p[0] * 30 + p[2] * 30, p[1] * 30, seed) - 0.5);
    out[0] = c[0] * s;
    out[1] = c[1] * s;
    out[2] = c[2] * s;
  };
};

// ---- the scene builder ----

class Scene {
  constructor(spec) {
    this.spec = spec;
    this.roomItems = []; // walls, floor, ceiling
    this.wallItems = []; // flat things on the walls
    this.floorItems = []; // the rug
    this.objects = []; // boxes and billboards, drawn far to near
    this.casters = [];
  }

  /** A planar quad (3D corners) with a material; `grid` names the room plane whose light it takes. */
  quad(list, corners, label, material, n, k, grid, key = 0) {
    list.push({ kind: 'quad', corners, label, material, n, k, grid, key });
  }

  wallRect(wall, a0, a1, y0, y1, label, material, off = 0.001) {
    const w = WALLS[wall];
    this.quad(
      this.wallItems,
      [w.at(a0, y0, off), w.at(a1, y0, off), w.at(a1, y1, off), w.at(a0, y1, off)],
      label,
      material,
      w.n,
      w.k,
      wall,
    );
  }

  /** A window: glass in a casing with a mullion; the glass is lit from outside. */
  window(wall, a0, a1, y0, y1, { sash = true } = {}) {
    const cw = 0.07;
    const casing = flat('#f2efe8', 0.02, 3);
    this.wallRect(wall, a0, a1, y0, y1, LABELS.window, { glass: true, a0, a1, y0, y1, wall });
    this.wallRect(wall, a0 - cw, a1 + cw, y0 - cw, y0, LABELS.casing, casing, 0.002);
    this.wallRect(wall, a0 - cw, a1 + cw, y1, y1 + cw, LABELS.casing, casing, 0.002);
    this.wallRect(wall, a0 - cw, a0, y0, y1, LABELS.casing, casing, 0.002);
    this.wallRect(wall, a1, a1 + cw, y0, y1, LABELS.casing, casing, 0.002);
    if (sash) {
      const mid = (a0 + a1) / 2;
      this.wallRect(wall, mid - 0.025, mid + 0.025, y0, y1, LABELS.casing, casing, 0.003);
    }
    this.lightWindows = [...(this.lightWindows ?? []), { wall, a0, a1, y0, y1 }];
  }

  door(wall, a0, a1, height = 2.05) {
    const cw = 0.075;
    const casing = flat('#f4f1ea', 0.02, 4);
    const leafColour = this.spec.door ?? '#ece8df';
    const base = hex(leafColour);
    const leaf = (p, out) => {
      const a = wall === 'back' ? p[0] : p[2];
      const s = (a - a0) / (a1 - a0);
      const t = p[1] / height;
      // Two raised panels: a darker groove around each.
      const inPanel = (lo, hi) => {
        const ds = Math.min(s - 0.15, 0.85 - s);
        const dt = Math.min(t - lo, hi - t);
        return Math.min(ds, dt);
      };
      const d = Math.max(inPanel(0.08, 0.45), inPanel(0.52, 0.92));
      const groove = d > 0 && d < 0.012 ? 0.8 : d >= 0.012 && d < 0.02 ? 1.05 : 1;
      const k = groove * (0.97 + 0.04 * fbm(s * 8, t * 20, 11));
      out[0] = base[0] * k;
      out[1] = base[1] * k;
      out[2] = base[2] * k;
    };
    this.wallRect(wall, a0, a1, 0, height, LABELS.door, leaf, 0.002);
    this.wallRect(wall, a0 - cw, a1 + cw, height, height + cw, LABELS.casing, casing, 0.003);
    this.wallRect(wall, a0 - cw, a0, 0, height, LABELS.casing, casing, 0.003);
    this.wallRect(wall, a1, a1 + cw, 0, height, LABELS.casing, casing, 0.003);
    const handleAt = wall === 'left' ? a1 - 0.08 : a0 + 0.08;
    this.wallRect(
      wall,
      handleAt - 0.015,
      handleAt + 0.015,
      0.98,
      1.08,
      LABELS.door,
      flat('#8a8580', 0.1, 5),
      0.004,
    );
    this.doors = [...(this.doors ?? []), { wall, a0: a0 - cw, a1: a1 + cw }];
  }

  baseboards() {
    const h = 0.09;
    const board = flat('#f3f0ea', 0.02, 6);
    const spans = {
      back: [[-HALF, HALF]],
      left: [[NEAR, DEPTH]],
      right: [[NEAR, DEPTH]],
    };
    for (const d of this.doors ?? []) {
      spans[d.wall] = spans[d.wall].flatMap(([s, e]) =>
        d.a1 <= s || d.a0 >= e
          ? [[s, e]]
          : [
              [s, d.a0],
              [d.a1, e],
            ].filter(([x, y]) => y - x > 0.01),
      );
    }
    for (const [wall, list] of Object.entries(spans))
      for (const [a0, a1] of list) this.wallRect(wall, a0, a1, 0, h, LABELS.baseboard, board, 0.0015);
  }

  /** A box; `front` etc. override the material per face. */
  box(x0, x1, y0, y1, z0, z1, label, material, { cast = true, faces = {} } = {}) {
    const c = CAMERA;
    const corners = (axis, value) => {
      if (axis === 'z')
        return [
          [x0, y0, value],
          [x1, y0, value],
          [x1, y1, value],
          [x0, y1, value],
        ];
      if (axis === 'y')
        return [
          [x0, value, z0],
          [x1, value, z0],
          [x1, value, z1],
          [x0, value, z1],
        ];
      return [
        [value, y0, z0],
        [value, y1, z0],
        [value, y1, z1],
        [value, y0, z1],
      ];
    };
    const list = [];
    list.push({ corners: corners('z', z0), n: [0, 0, -1], k: -z0, face: 'front' });
    if (c[1] > y1) list.push({ corners: corners('y', y1), n: [0, 1, 0], k: y1, face: 'top' });
    if (c[1] < y0) list.push({ corners: corners('y', y0), n: [0, -1, 0], k: -y0, face: 'bottom' });
    if (c[0] < x0) list.push({ corners: corners('x', x0), n: [-1, 0, 0], k: -x0, face: 'left' });
    if (c[0] > x1) list.push({ corners: corners('x', x1), n: [1, 0, 0], k: x1, face: 'right' });
    for (const f of list)
      this.objects.push({
        kind: 'quad',
        ...f,
        label,
        material: faces[f.face] ?? material,
        key: z0,
        y0,
        lit: true,
      });
    if (cast) this.casters.push({ min: [x0, y0, z0], max: [x1, y1, z1] });
  }

  /** A flat shape facing the camera at depth z (pillow, lamp shade, leaf, pot), `shape(cam)` its SDF. */
  billboard(z, label, shape, material, options = {}) {
    this.objects.push({ kind: 'billboard', z, label, shape, material, key: z, ...options });
  }

  rug(x0, x1, z0, z1, colours, seed) {
    const [field, border, motif] = colours.map(hex);
    const material = (p, out) => {
      const s = (p[0] - x0) / (x1 - x0);
      const t = (p[2] - z0) / (z1 - z0);
      const edge = Math.min(s, 1 - s, t, 1 - t) * Math.min(x1 - x0, z1 - z0);
      let c = field;
      if (edge < 0.12 && edge > 0.06) c = border;
      else if (edge <= 0.06 && edge > 0.035) c = motif;
      else if (edge <= 0.035) c = border;
      else {
        // Lozenges in the field.
        const du = Math.abs(((s * 6) % 1) - 0.5) + Math.abs(((t * 5) % 1) - 0.5);
        if (du < 0.22 && du > 0.14) c = motif;
      }
      const k =
        0.9 + 0.14 * vnoise(p[0] * 700, p[2] * 700, seed) + 0.05 * (fbm(p[0] * 8, p[2] * 8, seed + 1) - 0.5);
      out[0] = c[0] * k;
      out[1] = c[1] * k;
      out[2] = c[2] * k;
    };
    this.quad(
      this.floorItems,
      [
        [x0, 0.004, z0],
        [x1, 0.004, z0],
        [x1, 0.004, z1],
        [x0, 0.004, z1],
      ],
      LABELS.rug,
      material,
      [0, 1, 0],
      0.004,
      'floor',
    );
  }
}

// ---- rooms ----

function commonRoom(s, { wall, floor, ceiling = '#f4f2ee' }) {
  const x = HALF + 0.6;
  const zFar = DEPTH + 0.6;
  s.quad(
    s.roomItems,
    [
      [-x, 0, NEAR],
      [x, 0, NEAR],
      [x, 0, zFar],
      [-x, 0, zFar],
    ],
    LABELS.floor,
    floor,
    [0, 1, 0],
    0,
    'floor',
  );
  s.quad(
    s.roomItems,
    [
      [-x, HEIGHT, NEAR],
      [x, HEIGHT, NEAR],
      [x, HEIGHT, zFar],
      [-x, HEIGHT, zFar],
    ],
    LABELS.ceiling,
    flat(ceiling, 0.02, 8),
    [0, -1, 0],
    -HEIGHT,
    'ceiling',
  );
  const wallPaint = paint(wall, 21);
  s.quad(
    s.roomItems,
    [
      [-HALF, 0, NEAR],
      [-HALF, 0, zFar],
      [-HALF, HEIGHT, zFar],
      [-HALF, HEIGHT, NEAR],
    ],
    LABELS.leftWall,
    wallPaint,
    [1, 0, 0],
    -HALF,
    'left',
  );
  s.quad(
    s.roomItems,
    [
      [HALF, 0, NEAR],
      [HALF, 0, zFar],
      [HALF, HEIGHT, zFar],
      [HALF, HEIGHT, NEAR],
    ],
    LABELS.rightWall,
    wallPaint,
    [-1, 0, 0],
    -HALF,
    'right',
  );
  s.quad(
    s.roomItems,
    [
      [-HALF, 0, DEPTH],
      [HALF, 0, DEPTH],
      [HALF, HEIGHT, DEPTH],
      [-HALF, HEIGHT, DEPTH],
    ],
    LABELS.backWall,
    wallPaint,
    [0, 0, -1],
    -DEPTH,
    'back',
  );
}

function tableLamp(s, x, z, yBase, { shade = '#efe6d6', body = '#c9c1b3' } = {}) {
  const fabricShade = fabric(shade, 31, 3);
  const bulb = [x, yBase + 0.4, z - 0.05];
  s.billboard(
    z,
    LABELS.lamp,
    (cam) => {
      const [u, v0] = project(cam, x, yBase + 0.26, z);
      const [, v1] = project(cam, x, yBase, z);
      const r = (cam.f * 0.07) / z;
      return roundRectSdf(u - r, v0, u + r, v1, r * 0.6);
    },
    flat(body, 0.04, 12),
    { round: 0.3, ownLamp: bulb },
  );
  s.billboard(
    z - 0.01,
    LABELS.lamp,
    (cam) => {
      const [ul, vt] = project(cam, x - 0.12, yBase + 0.52, z - 0.01);
      const [ur] = project(cam, x + 0.12, yBase + 0.52, z - 0.01);
      const [bl, vb] = project(cam, x - 0.18, yBase + 0.24, z - 0.01);
      const [br] = project(cam, x + 0.18, yBase + 0.24, z - 0.01);
      return polygonsSdf([
        [
          [ul, vt],
          [ur, vt],
          [br, vb],
          [bl, vb],
        ],
      ]);
    },
    fabricShade,
    { round: 0.15, glow: true },
  );
  return bulb;
}

function bedroom(s, lighting) {
  const floor = planks('#b68a5e', 41);
  commonRoom(s, { wall: '#b9bfae', floor });
  s.window('left', 2.9, 4.2, 0.9, 2.2);
  s.door('right', 3.5, 4.35);
  s.baseboards();
  s.box(-2.1, -2.03, 0.15, 0.7, 3.05, 4.05, LABELS.radiator, radiatorMaterial('left'));
  s.rug(-1.35, 1.35, 2.35, 4.3, ['#d8cdb8', '#7d5a44', '#a9533e'], 51);
  // Bed: headboard against the back wall, frame, mattress under a duvet, a throw, two pillows.
  s.box(-0.9, 0.9, 0, 1.2, 4.88, 5.0, LABELS.furniture, fabric('#9a3b2e', 61, 6));
  s.box(-0.82, 0.82, 0.08, 0.34, 2.95, 4.88, LABELS.furniture, wood('#7a5437', 62));
  s.box(-0.85, 0.85, 0.34, 0.6, 2.9, 4.87, LABELS.furniture, fabric('#e9e6df', 63, 5));
  s.box(-0.87, 0.87, 0.36, 0.63, 2.88, 3.45, LABELS.furniture, fabric('#5d6f7d', 64, 7));
  for (const cx of [-0.42, 0.42])
    s.billboard(
      4.72,
      LABELS.furniture,
      (cam) => {
        const [u0, v0] = project(cam, cx - 0.33, 0.85, 4.72);
        const [u1, v1] = project(cam, cx + 0.33, 0.58, 4.72);
        return roundRectSdf(u0, v0, u1, v1, (cam.f * 0.07) / 4.72);
      },
      fabric('#f1eee8', 65 + cx * 10, 9),
      { round: 0.35 },
    );
  // Nightstands with a drawer and a lamp each.
  for (const [x0, x1] of [
    [-1.42, -0.96],
    [0.96, 1.42],
  ]) {
    s.box(x0, x1, 0, 0.56, 4.55, 5.0, LABELS.furniture, wood('#c8a77e', 71), {
      faces: { front: drawerFront(hex('#c8a77e'), x0, x1, 0.56) },
    });
    const light = tableLamp(s, (x0 + x1) / 2, 4.8, 0.56);
    s.lamps.push(light);
  }
  void lighting;
}

function livingRoom(s) {
  commonRoom(s, { wall: '#d9d0c1', floor: planks('#c9a47a', 42) });
  s.window('back', 0.45, 1.75, 0.85, 2.25);
  s.door('left', 3.0, 3.85);
  s.baseboards();
  s.box(0.55, 1.65, 0.15, 0.65, 4.93, 5.0, LABELS.radiator, radiatorMaterial('back'));
  // A framed print above the sofa, well clear of the window.
  s.wallRect('back', -1.45, -0.45, 1.3, 2.0, LABELS.furniture, flat('#2b2622', 0.05, 81), 0.004);
  s.wallRect('back', -1.4, -0.5, 1.35, 1.95, LABELS.furniture, printMaterial(-1.4, -0.5, 1.35, 1.95), 0.005);
  s.rug(-1.7, 0.7, 2.7, 4.45, ['#c5c0b4', '#3f4a57', '#8c9aa6'], 52);
  const sofa = fabric('#56677a', 91, 6);
  s.box(-1.75, 0.15, 0.1, 0.44, 4.1, 4.98, LABELS.furniture, sofa);
  s.box(-1.75, 0.15, 0.44, 0.88, 4.78, 4.98, LABELS.furniture, sofa);
  s.box(-1.75, -1.55, 0.1, 0.64, 4.08, 4.98, LABELS.furniture, sofa);
  s.box(-0.05, 0.15, 0.1, 0.64, 4.08, 4.98, LABELS.furniture, sofa);
  s.box(-1.55, -0.05, 0.44, 0.54, 4.13, 4.78, LABELS.furniture, fabric('#62748a', 92, 6));
  for (const lx of [-1.7, 0.1]) s.box(lx, lx + 0.04, 0, 0.1, 4.12, 4.16, LABELS.furniture, flat('#3a2a1e'));
  // Armchair on the right, facing the sofa.
  const chair = fabric('#c9a46a', 93, 6);
  s.box(1.2, 1.9, 0.1, 0.45, 3.2, 3.9, LABELS.furniture, chair);
  s.box(1.72, 1.9, 0.45, 0.95, 3.2, 3.9, LABELS.furniture, chair);
  s.box(1.2, 1.9, 0.1, 0.68, 3.08, 3.2, LABELS.furniture, chair);
  s.box(1.2, 1.9, 0.1, 0.68, 3.9, 4.02, LABELS.furniture, chair);
  // Coffee table.
  const oak = wood('#9b6c43', 94);
  s.box(-1.25, -0.2, 0.38, 0.43, 3.3, 3.9, LABELS.furniture, oak);
  for (const [lx, lz] of [
    [-1.2, 3.34],
    [-0.28, 3.34],
    [-1.2, 3.82],
    [-0.28, 3.82],
  ])
    s.box(lx, lx + 0.04, 0, 0.38, lz, lz + 0.04, LABELS.furniture, oak);
  // A plant in the corner and a floor lamp beside the sofa.
  plant(s, -1.9, 4.7);
  s.billboard(
    4.75,
    LABELS.lamp,
    (cam) => {
      const [u0, v0] = project(cam, 0.42, 1.35, 4.75);
      const [u1, v1] = project(cam, 0.445, 0.0, 4.75);
      return polygonsSdf([
        [
          [u0, v0],
          [u1, v0],
          [u1, v1],
          [u0, v1],
        ],
      ]);
    },
    flat('#b08a4a', 0.05, 95),
    { ownLamp: [0.43, 1.45, 4.7] },
  );
  s.billboard(
    4.74,
    LABELS.lamp,
    (cam) => {
      const [ul, vt] = project(cam, 0.3, 1.62, 4.74);
      const [ur] = project(cam, 0.56, 1.62, 4.74);
      const [bl, vb] = project(cam, 0.24, 1.3, 4.74);
      const [br] = project(cam, 0.62, 1.3, 4.74);
      return polygonsSdf([
        [
          [ul, vt],
          [ur, vt],
          [br, vb],
          [bl, vb],
        ],
      ]);
    },
    fabric('#f2ead9', 96, 3),
    { round: 0.15, glow: true },
  );
  s.lamps.push([0.43, 1.45, 4.7]);
}

function kitchen(s) {
  commonRoom(s, { wall: '#e4ded2', floor: tiles('#a86a4a', 43) });
  s.window('back', 0.0, 0.95, 1.12, 2.1);
  s.door('right', 3.0, 3.85);
  s.baseboards();
  const front = hex('#5f7a6e');
  s.box(-2.1, 1.05, 0.1, 0.86, 4.4, 5.0, LABELS.furniture, flat('#5f7a6e', 0.03, 101), {
    faces: { front: cabinetFront(front, -2.1, 1.05, 0.1, 0.86) },
  });
  s.box(-2.1, 1.05, 0, 0.1, 4.45, 5.0, LABELS.furniture, flat('#3c3c3a', 0.03, 102));
  s.box(-2.1, 1.08, 0.86, 0.9, 4.37, 5.0, LABELS.furniture, flat('#ecebe7', 0.08, 103));
  s.box(-2.1, -0.3, 1.45, 2.2, 4.65, 5.0, LABELS.furniture, flat('#5f7a6e', 0.03, 104), {
    faces: { front: cabinetFront(front, -2.1, -0.3, 1.45, 2.2) },
  });
  s.box(1.3, 2.05, 0, 1.95, 4.35, 5.0, LABELS.furniture, flat('#c9ccce', 0.04, 105));
  const oak = wood('#b98a5c', 106);
  s.box(-0.65, 0.65, 0.72, 0.76, 2.9, 3.7, LABELS.furniture, oak);
  for (const [lx, lz] of [
    [-0.6, 2.95],
    [0.57, 2.95],
    [-0.6, 3.62],
    [0.57, 3.62],
  ])
    s.box(lx, lx + 0.04, 0, 0.72, lz, lz + 0.04, LABELS.furniture, oak);
  // Two chairs behind the table.
  for (const cx of [-0.35, 0.35]) {
    s.box(cx - 0.2, cx + 0.2, 0.44, 0.47, 3.75, 4.15, LABELS.furniture, oak);
    s.box(cx - 0.2, cx + 0.2, 0.47, 0.9, 4.12, 4.15, LABELS.furniture, oak);
  }
  // A pendant over the table.
  s.billboard(
    3.3,
    LABELS.lamp,
    (cam) => {
      const [u0, v0] = project(cam, -0.006, HEIGHT, 3.3);
      const [u1, v1] = project(cam, 0.006, 1.85, 3.3);
      return polygonsSdf([
        [
          [u0, v0],
          [u1, v0],
          [u1, v1],
          [u0, v1],
        ],
      ]);
    },
    flat('#222222', 0.02, 107),
    { ownLamp: [0, 1.6, 3.3] },
  );
  s.billboard(
    3.29,
    LABELS.lamp,
    (cam) => {
      const [c, v] = project(cam, 0, 1.72, 3.29);
      const r = (cam.f * 0.2) / 3.29;
      return ellipseSdf(c, v, r, r * 0.62);
    },
    flat('#f4efe4', 0.04, 108),
    { round: 0.3, glow: true },
  );
  s.lamps.push([0, 1.6, 3.3]);
}

function emptyRoom(s) {
  commonRoom(s, { wall: '#dcd6cc', floor: planks('#a57b52', 44) });
  s.window('back', -0.65, 0.65, 0.85, 2.25);
  s.door('right', 3.3, 4.15);
  s.baseboards();
  s.box(-0.55, 0.55, 0.15, 0.65, 4.93, 5.0, LABELS.radiator, radiatorMaterial('back'));
  // A flush ceiling light.
  s.objects.push({
    kind: 'disc',
    label: LABELS.lamp,
    center: [0.2, HEIGHT - 0.002, 3.6],
    r: 0.18,
    material: flat('#f7f4ee', 0.02, 111),
    key: 3.4,
    glow: true,
  });
  s.lamps.push([0.2, HEIGHT - 0.15, 3.6]);
}

function plant(s, x, z) {
  s.billboard(
    z,
    LABELS.furniture,
    (cam) => {
      const [ul, vt] = project(cam, x - 0.17, 0.42, z);
      const [ur] = project(cam, x + 0.17, 0.42, z);
      const [bl, vb] = project(cam, x - 0.13, 0.0, z);
      const [br] = project(cam, x + 0.13, 0.0, z);
      return polygonsSdf([
        [
          [ul, vt],
          [ur, vt],
          [br, vb],
          [bl, vb],
        ],
      ]);
    },
    flat('#b0623f', 0.08, 121),
    { round: 0.35 },
  );
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const h = 0.55 + 0.75 * hash2(i, 1, 5);
    const lx = x + Math.cos(a) * 0.25 * hash2(i, 2, 5);
    const lz = z - 0.02 - 0.01 * i;
    const green = `#${[40 + 30 * hash2(i, 3, 5), 90 + 40 * hash2(i, 4, 5), 45 + 20 * hash2(i, 6, 5)]
      .map((c) => Math.round(c).toString(16).padStart(2, '0'))
      .join('')}`;
    s.billboard(
      lz,
      LABELS.furniture,
      (cam) => {
        const [cu, cv] = project(cam, lx, h, lz);
        const ru = (cam.f * (0.07 + 0.05 * hash2(i, 7, 5))) / lz;
        return ellipseSdf(cu, cv, ru, ru * 2.1);
      },
      fabric(green, 130 + i, 14),
      { round: 0.4 },
    );
  }
}

function radiatorMaterial(wall) {
  const c = hex('#f1efea');
  return (p, out) => {
    const a = wall === 'back' ? p[0] : p[2];
    const k = 0.86 + 0.14 * Math.abs(Math.cos((a / 0.06) * Math.PI));
    out[0] = c[0] * k;
    out[1] = c[1] * k;
    out[2] = c[2] * k;
  };
}

function drawerFront(c, x0, x1, top) {
  return (p, out) => {
    const gap = Math.abs(p[1] - top * 0.62) < 0.006 || Math.abs(p[1] - top * 0.97) < 0.004;
    const knob = Math.abs(p[0] - (x0 + x1) / 2) < 0.02 && Math.abs(p[1] - top * 0.8) < 0.012;
    const k = gap ? 0.55 : knob ? 0.7 : 0.92 + 0.08 * fbm(p[0] * 30, p[1] * 8, 3);
    out[0] = c[0] * k;
    out[1] = c[1] * k;
    out[2] = c[2] * k;
  };
}

function cabinetFront(c, x0, x1, y0, y1) {
  return (p, out) => {
    const door = 0.6;
    const fx = (p[0] - x0) / door;
    const cell = fx - Math.floor(fx);
    const gapX = Math.min(cell, 1 - cell) * door < 0.004;
    const gapY = p[1] - y0 < 0.004 || y1 - p[1] < 0.004;
    const handle = Math.abs(cell * door - 0.05) < 0.008 && Math.abs(p[1] - (y0 + y1) / 2) < 0.08;
    const k = gapX || gapY ? 0.45 : handle ? 1.35 : 0.95 + 0.05 * fbm(p[0] * 20, p[1] * 20, 7);
    out[0] = c[0] * k;
    out[1] = c[1] * k;
    out[2] = c[2] * k;
  };
}

function printMaterial(a0, a1, y0, y1) {
  const colours = ['#d6a04a', '#c2553a', '#2f5d73', '#e8e0cf', '#8fa38a'].map(hex);
  return (p, out) => {
    const s = (p[0] - a0) / (a1 - a0);
    const t = (p[1] - y0) / (y1 - y0);
    const c =
      (s - 0.35) ** 2 + (t - 0.55) ** 2 < 0.05
        ? colours[0]
        : s > 0.55 && t < 0.45
          ? colours[1]
          : t < 0.2
            ? colours[2]
            : s + t > 1.3
              ? colours[4]
              : colours[3];
    const k = 0.95 + 0.05 * vnoise(s * 200, t * 200, 9);
    out[0] = c[0] * k;
    out[1] = c[1] * k;
    out[2] = c[2] * k;
  };
}

// ---- drawing ----

export const ROOM_KINDS = ['bedroom', 'living-room', 'kitchen', 'empty-room'];
export const LIGHTINGS = ['daylight', 'lamplight'];
const BUILDERS = { bedroom, 'living-room': livingRoom, kitchen, 'empty-room': emptyRoom };

/** The scene of a room: geometry and precomputed light, independent of the picture's size. */
export function buildScene(kind, lighting) {
  const s = new Scene({});
  s.lamps = [];
  BUILDERS[kind](s, lighting);
  let samples;
  let ambient;
  if (lighting === 'daylight') {
    samples = (s.lightWindows ?? []).flatMap((w) => windowLight(w.wall, w.a0, w.a1, w.y0, w.y1, 1.7));
    ambient = [0.34, 0.35, 0.37];
  } else {
    samples = s.lamps.flatMap((p) => lampLight(p, 0.55));
    ambient = [0.09, 0.075, 0.06];
  }
  const light = new Lighting(samples, ambient, s.casters);
  s.light = light;
  s.lighting = lighting;
  const zFar = DEPTH + 0.6;
  s.grids = {
    floor: new PlaneGrid(
      light,
      [-HALF - 0.6, 0, NEAR],
      [1, 0, 0],
      2 * HALF + 1.2,
      [0, 0, 1],
      zFar - NEAR,
      [0, 1, 0],
    ),
    ceiling: new PlaneGrid(
      light,
      [-HALF - 0.6, HEIGHT, NEAR],
      [1, 0, 0],
      2 * HALF + 1.2,
      [0, 0, 1],
      zFar - NEAR,
      [0, -1, 0],
    ),
    back: new PlaneGrid(light, [-HALF, 0, DEPTH], [1, 0, 0], 2 * HALF, [0, 1, 0], HEIGHT, [0, 0, -1]),
    left: new PlaneGrid(light, [-HALF, 0, NEAR], [0, 0, 1], zFar - NEAR, [0, 1, 0], HEIGHT, [1, 0, 0]),
    right: new PlaneGrid(light, [HALF, 0, NEAR], [0, 0, 1], zFar - NEAR, [0, 1, 0], HEIGHT, [-1, 0, 0]),
  };
  // Exposure: the median light on the walls and the floor gives a well-exposed room.
  const lum = [];
  for (const name of ['back', 'left', 'right', 'floor']) {
    const g = s.grids[name].data;
    for (let i = 0; i < g.length; i += 9) lum.push(0.3 * g[i] + 0.55 * g[i + 1] + 0.15 * g[i + 2]);
  }
  lum.sort((a, b) => a - b);
  light.exposure = (lighting === 'daylight' ? 0.62 : 0.72) / lum[Math.floor(lum.length / 2)];
  return s;
}

/** Renders the scene at width×height: RGB floats 0..255 and the label of every pixel. */
export function renderScene(scene, width, height) {
  const cam = makeCamera(width, height, { camera: CAMERA });
  const frame = new Frame(cam);
  const p = [0, 0, 0];
  const albedo = [0, 0, 0];
  const light = [0, 0, 0];
  const px = [0, 0];
  const ex = scene.light.exposure;
  const lamp = scene.lighting === 'lamplight';

  const shadePlanar = (item, planeN, planeK, cam) => (pu, pv, out) => {
    const t = rayPlane(cam, pu, pv, planeN, planeK, p);
    // The pixel's footprint on the plane: across (x) and along the view (z) for the floor.
    const depth = Math.max(0.05, p[2]);
    px[0] = depth / cam.f;
    px[1] =
      Math.abs(planeN[1]) > 0.5
        ? (depth * depth) / (cam.f * Math.max(0.05, Math.abs(CAMERA[1] - p[1])))
        : depth / cam.f;
    void t;
    if (item.material.glass) return glass(item.material, p, out);
    item.material(p, albedo, px);
    if (item.grid) scene.grids[item.grid].read(p, light);
    else {
      scene.light.at(p, planeN, light, false);
      // Contact shade near the floor.
      const k = 1 - 0.35 * Math.exp(-Math.max(0, p[1]) / 0.06);
      light[0] *= k;
      light[1] *= k;
      light[2] *= k;
    }
    out[0] = tone(albedo[0] * light[0] * ex);
    out[1] = tone(albedo[1] * light[1] * ex);
    out[2] = tone(albedo[2] * light[2] * ex);
  };

  const glass = (m, q, out) => {
    const a = m.wall === 'back' ? q[0] : q[2];
    const s = (a - m.a0) / (m.a1 - m.a0);
    const t = (q[1] - m.y0) / (m.y1 - m.y0);
    if (!lamp) {
      // Overexposed sky over a soft line of trees.
      const trees = t < 0.28 + 0.06 * fbm(s * 6, 0.5, 77) ? 1 : 0;
      out[0] = trees ? 170 + 30 * t : 232 + 10 * t;
      out[1] = trees ? 188 + 30 * t : 240 + 8 * t;
      out[2] = trees ? 170 + 20 * t : 250;
      if (!trees) {
        out[0] = Math.min(255, out[0] + 8 * s);
        out[1] = Math.min(255, out[1] + 6 * s);
      }
    } else {
      const k = 0.7 + 0.3 * fbm(s * 3, t * 3, 78);
      out[0] = 22 * k;
      out[1] = 28 * k;
      out[2] = 44 * k;
    }
  };

  const items = [
    ...scene.roomItems,
    ...scene.wallItems,
    ...scene.floorItems,
    ...[...scene.objects].sort((a, b) => b.key - a.key),
  ];
  for (const item of items) {
    if (item.kind === 'quad') {
      const pts = item.corners.map(([x, y, z]) => project(cam, x, y, z));
      frame.draw(polygonsSdf([pts]), item.label, shadePlanar(item, item.n, item.k, cam));
    } else if (item.kind === 'disc') {
      const [cx, cy, cz] = item.center;
      const pts = [];
      for (let i = 0; i < 32; i++) {
        const a = (i / 32) * Math.PI * 2;
        pts.push(project(cam, cx + item.r * Math.cos(a), cy, cz + item.r * Math.sin(a)));
      }
      frame.draw(polygonsSdf([pts]), item.label, (pu, pv, out) => {
        if (lamp) {
          out[0] = 255;
          out[1] = 246;
          out[2] = 225;
          return;
        }
        rayPlane(cam, pu, pv, [0, -1, 0], -cy, p);
        item.material(p, albedo);
        scene.grids.ceiling.read(p, light);
        for (let c = 0; c < 3; c++) out[c] = tone(albedo[c] * light[c] * ex * 1.1);
      });
    } else {
      const shape = item.shape(cam);
      const z = item.z;
      const [cu, cv] = [(shape.box[0] + shape.box[2]) / 2, (shape.box[1] + shape.box[3]) / 2];
      const [hu, hv] = [(shape.box[2] - shape.box[0]) / 2, (shape.box[3] - shape.box[1]) / 2];
      frame.draw(shape, item.label, (pu, pv, out) => {
        rayPlane(cam, pu, pv, [0, 0, -1], -z, p);
        item.material(p, albedo);
        // Rounded things: lighter in the middle, darker towards their outline.
        const du = (pu - cu) / Math.max(1, hu);
        const dv = (pv - cv) / Math.max(1, hv);
        const round = 1 - (item.round ?? 0) * Math.min(1, 0.6 * du * du + 0.6 * dv * dv);
        if (lamp && item.glow) {
          const k = 1.15 - 0.25 * Math.abs(dv);
          out[0] = Math.min(255, 255 * k);
          out[1] = Math.min(255, 232 * k);
          out[2] = Math.min(255, 180 * k);
          return;
        }
        scene.light.at(p, [0, 0.35, -0.94], light, false, item.ownLamp);
        for (let c = 0; c < 3; c++) out[c] = tone(albedo[c] * light[c] * ex * round);
      });
    }
  }
  return { rgb: frame.rgb, labels: frame.labels, cam };
}

/** Clips a polygon (pixels) to the picture, Sutherland–Hodgman. */
function clipToFrame(points, width, height) {
  const edges = [(p) => p[0] >= 0, (p) => p[0] <= width, (p) => p[1] >= 0, (p) => p[1] <= height];
  const cut = [
    (a, b) => (0 - a[0]) / (b[0] - a[0]),
    (a, b) => (width - a[0]) / (b[0] - a[0]),
    (a, b) => (0 - a[1]) / (b[1] - a[1]),
    (a, b) => (height - a[1]) / (b[1] - a[1]),
  ];
  let out = points;
  for (let e = 0; e < 4; e++) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i];
      const b = input[(i + 1) % input.length];
      const ina = edges[e](a);
      const inb = edges[e](b);
      if (ina) out.push(a);
      if (ina !== inb) {
        const t = cut[e](a, b);
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      }
    }
  }
  return out;
}

/**
 * The outlines a decorator would click around the back wall and the floor (their corners where the
 * room's planes meet, clipped to the picture), as [x0, y0, ...] fractions of the picture.
 */
export function surfaceOutlines(width, height) {
  const cam = makeCamera(width, height, { camera: CAMERA });
  const frac = (pts) =>
    clipToFrame(pts, width, height).flatMap(([u, v]) => [
      Math.min(1, Math.max(0, u / width)),
      Math.min(1, Math.max(0, v / height)),
    ]);
  const z = 0.3;
  return {
    wall: frac([
      project(cam, -HALF, 0, DEPTH),
      project(cam, HALF, 0, DEPTH),
      project(cam, HALF, HEIGHT, DEPTH),
      project(cam, -HALF, HEIGHT, DEPTH),
    ]),
    floor: frac([
      project(cam, -HALF, 0, z),
      project(cam, -HALF, 0, DEPTH),
      project(cam, HALF, 0, DEPTH),
      project(cam, HALF, 0, z),
    ]),
  };
}
