// A small scene renderer for the room corpus: a pinhole camera in a box-shaped room, planar faces drawn
// back to front with analytic anti-aliasing, and a label per pixel taken from the same geometry (the
// front-most face covering the pixel's centre). Lighting is precomputed per room plane on a world grid
// (soft shadows from an area window or lamps, ambient occlusion) so a room renders the same at any size.

/** Label values of the label map, one per pixel. */
export const LABELS = Object.freeze({
  none: 0,
  backWall: 1,
  leftWall: 2,
  rightWall: 3,
  floor: 4,
  ceiling: 5,
  window: 6,
  door: 7,
  casing: 8,
  baseboard: 9,
  radiator: 10,
  rug: 11,
  furniture: 12,
  lamp: 13,
});
export const LABEL_NAMES = Object.freeze(Object.keys(LABELS));

// ---- noise ----

export function hash2(ix, iy, seed) {
  let h = (Math.imul(ix | 0, 374761393) + Math.imul(iy | 0, 668265263) + Math.imul(seed | 0, 2246822519)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Value noise 0..1, smooth between integer lattice points. */
export function vnoise(x, y, seed) {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(ix, iy, seed);
  const b = hash2(ix + 1, iy, seed);
  const c = hash2(ix, iy + 1, seed);
  const d = hash2(ix + 1, iy + 1, seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

export function fbm(x, y, seed, octaves = 3) {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * vnoise(x, y, seed + o * 17);
    norm += amp;
    amp *= 0.5;
    x *= 2.03;
    y *= 2.03;
  }
  return sum / norm;
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- camera ----

export function makeCamera(width, height, room) {
  const f = 0.62 * width;
  return {
    width,
    height,
    f,
    u0: 0.5 * width - 0.02 * width,
    v0: 0.45 * height,
    c: room.camera,
  };
}

export const project = (cam, x, y, z) => [
  cam.u0 + (cam.f * (x - cam.c[0])) / z,
  cam.v0 - (cam.f * (y - cam.c[1])) / z,
];

// ---- 2D signed distances (pixels, negative inside) ----

/** A convex polygon's edges as a·u + b·v + c = distance outside, whatever the winding. */
function convexEdges(points) {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  const edges = [];
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len < 1e-9) continue;
    // Outward normal for a counter-clockwise polygon in y-down pixel space.
    const a = (sign * (y1 - y0)) / len;
    const b = (sign * -(x1 - x0)) / len;
    edges.push(a, b, -(a * x0 + b * y0));
  }
  return Float64Array.from(edges);
}

function bboxOf(points) {
  let [u0, v0, u1, v1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [u, v] of points) {
    u0 = Math.min(u0, u);
    v0 = Math.min(v0, v);
    u1 = Math.max(u1, u);
    v1 = Math.max(v1, v);
  }
  return [u0, v0, u1, v1];
}

/** Union of convex polygons (pixel coordinates). */
export function polygonsSdf(polygons) {
  const sets = polygons.map(convexEdges);
  const box = bboxOf(polygons.flat());
  const sdf = (u, v) => {
    let best = Infinity;
    for (const e of sets) {
      let d = -Infinity;
      for (let k = 0; k < e.length; k += 3) {
        const s = e[k] * u + e[k + 1] * v + e[k + 2];
        if (s > d) d = s;
      }
      if (d < best) best = d;
    }
    return best;
  };
  return { sdf, box };
}

export function ellipseSdf(cu, cv, ru, rv) {
  const sdf = (u, v) => {
    const px = (u - cu) / ru;
    const py = (v - cv) / rv;
    const k0 = Math.hypot(px, py);
    const k1 = Math.hypot(px / ru, py / rv);
    return k1 === 0 ? -Math.min(ru, rv) : (k0 * (k0 - 1)) / k1;
  };
  return { sdf, box: [cu - ru, cv - rv, cu + ru, cv + rv] };
}

export function roundRectSdf(u0, v0, u1, v1, r) {
  const cu = (u0 + u1) / 2;
  const cv = (v0 + v1) / 2;
  const hu = (u1 - u0) / 2 - r;
  const hv = (v1 - v0) / 2 - r;
  const sdf = (u, v) => {
    const qx = Math.abs(u - cu) - hu;
    const qy = Math.abs(v - cv) - hv;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
  return { sdf, box: [u0, v0, u1, v1] };
}

// ---- the frame ----

export class Frame {
  constructor(cam) {
    this.cam = cam;
    const n = cam.width * cam.height;
    this.rgb = new Float32Array(n * 3);
    this.labels = new Uint8Array(n);
    this.out = new Float64Array(3);
  }

  /**
   * Draws one shape: `sdf` in pixels, `shade(u, v, out)` writes RGB 0..255 at a pixel centre. Coverage is
   * the box filter of the edge (0.5 - distance), so every edge is anti-aliased.
   */
  draw({ sdf, box }, label, shade) {
    const { width, height } = this.cam;
    const u0 = Math.max(0, Math.floor(box[0] - 1));
    const v0 = Math.max(0, Math.floor(box[1] - 1));
    const u1 = Math.min(width - 1, Math.ceil(box[2] + 1));
    const v1 = Math.min(height - 1, Math.ceil(box[3] + 1));
    const { rgb, labels, out } = this;
    for (let v = v0; v <= v1; v++) {
      const pv = v + 0.5;
      for (let u = u0; u <= u1; u++) {
        const pu = u + 0.5;
        const d = sdf(pu, pv);
        if (d >= 0.5) continue;
        const cov = d <= -0.5 ? 1 : 0.5 - d;
        shade(pu, pv, out);
        const i = v * width + u;
        const j = i * 3;
        rgb[j] += (out[0] - rgb[j]) * cov;
        rgb[j + 1] += (out[1] - rgb[j + 1]) * cov;
        rgb[j + 2] += (out[2] - rgb[j + 2]) * cov;
        if (d <= 0) labels[i] = label;
      }
    }
  }
}

/** The world point where the pixel's ray meets the plane n·p = k. */
export function rayPlane(cam, pu, pv, n, k, out) {
  const dx = (pu - cam.u0) / cam.f;
  const dy = -(pv - cam.v0) / cam.f;
  const c = cam.c;
  const denom = n[0] * dx + n[1] * dy + n[2];
  const t = (k - (n[0] * c[0] + n[1] * c[1] + n[2] * c[2])) / (Math.abs(denom) < 1e-9 ? 1e-9 : denom);
  out[0] = c[0] + t * dx;
  out[1] = c[1] + t * dy;
  out[2] = c[2] + t;
  return t;
}

// ---- tone ----

/** Radiance (1 = a white wall well lit) to a display value 0..255 with a soft shoulder. */
export function tone(x) {
  if (x <= 0) return 0;
  const s = x < 0.8 ? x : 0.8 + 0.2 * (1 - Math.exp(-(x - 0.8) / 0.2));
  return 255 * s;
}
