import { describe, expect, it } from 'vitest';
import {
  floorPlane,
  gaussianBlur,
  paintSurface,
  type PixelBuffer,
  type SurfaceSource,
} from './surface-paint';

const [W, H] = [400, 300];
const grey = (value: number): PixelBuffer => ({
  width: W,
  height: H,
  channels: 3,
  data: new Uint8Array(W * H * 3).fill(value),
});
const everywhere = () => new Uint8Array(W * H).fill(255);

/** What paintSurface lays, as an RGB image (untouched pixels black). */
function laid(image: PixelBuffer, mask: Uint8Array, source: SurfaceSource): Uint8Array {
  const out = new Uint8Array(W * H * 3);
  paintSurface(image, mask, source, (i, r, g, b) => out.set([r, g, b], i * 3));
  return out;
}

/** A tile of two vertical stripes, black then white. */
const stripes: PixelBuffer = (() => {
  const data = new Uint8Array(16 * 16 * 3);
  for (let y = 0; y < 16; y++)
    for (let x = 8; x < 16; x++) data.fill(255, (y * 16 + x) * 3, (y * 16 + x) * 3 + 3);
  return { width: 16, height: 16, channels: 3, data };
})();

/** Black-to-white or white-to-black changes along row y of an RGB image, between x0 and x1. */
function changes(rgb: Uint8Array, y: number, x0: number, x1: number): number {
  let count = 0;
  let last = rgb[(y * W + x0) * 3]! > 127;
  for (let x = x0 + 1; x < x1; x++) {
    const now = rgb[(y * W + x) * 3]! > 127;
    if (now !== last) count++;
    last = now;
  }
  return count;
}

describe('floorPlane', () => {
  it('finds the vanishing point where the floor’s two receding sides meet', () => {
    // Sides from (0, 300)→(100, 200) and (400, 300)→(300, 200) meet at (200, 100).
    const plane = floorPlane([0, 1, 0.25, 2 / 3, 0.75, 2 / 3, 1, 1], W, H, 0.1)!;
    expect(plane.vanishX).toBeCloseTo(200, 5);
    expect(plane.horizon).toBeCloseTo(100, 5);
    // A tile is the product's size (0.1 of the width, 40 px) at the near edge: 40 px = tile × depth.
    expect(plane.tile * (300 - 100)).toBeCloseTo(40, 5);
  });

  it('takes a level horizon through the one receding side, or straight ahead, and needs three points', () => {
    const one = floorPlane([0, 1, 0.25, 2 / 3, 1, 2 / 3, 1, 1], W, H, 0.1)!;
    expect(one.horizon).toBe(H / 2);
    expect(one.vanishX).toBeCloseTo(150, 5); // the side (0, 300)→(100, 200) crosses y = 150 at x = 150
    const none = floorPlane([0, 0.7, 1, 0.7, 1, 1, 0, 1], W, H, 0.1)!;
    expect(none).toMatchObject({ vanishX: W / 2, horizon: H / 2 });
    expect(floorPlane([0, 1, 1, 1], W, H, 0.1)).toBeNull();
  });
});

describe('paintSurface', () => {
  it('keeps the light: a shaded half stays darker by the same ratio, the mean takes the paint’s colour', () => {
    const image = grey(200);
    for (let i = 0; i < W * H; i++) if (i % W >= W / 2) image.data.fill(100, i * 3, i * 3 + 3);
    const out = laid(image, everywhere(), { kind: 'colour', rgb: [60, 120, 180] });
    const at = (x: number, y: number) => Array.from(out.subarray((y * W + x) * 3, (y * W + x) * 3 + 3));
    const lit = at(50, 150);
    const shaded = at(350, 150);
    expect(lit[2]! / shaded[2]!).toBeCloseTo(2, 1);
    expect((lit[1]! + shaded[1]!) / 2).toBeCloseTo(120, -1);
    // Nothing outside the mask is handed over.
    const mask = new Uint8Array(W * H);
    mask.fill(255, 0, W * 10);
    let written = 0;
    paintSurface(grey(150), mask, { kind: 'colour', rgb: [1, 2, 3] }, () => written++);
    expect(written).toBe(W * 10);
  });

  it('lays a floor in perspective: tiles shrink with depth, and the far ones fade to the tile’s mean', () => {
    // Sides (0, 300)→(150, 100) and (400, 300)→(250, 100) meet at (200, 33.3).
    const points = [0, 1, 0.375, 1 / 3, 0.625, 1 / 3, 1, 1];
    const plane = floorPlane(points, W, H, 0.1);
    const out = laid(grey(180), everywhere(), { kind: 'texture', tile: stripes, tileScale: 0.1, plane });
    const near = changes(out, H - 2, 100, 300);
    const middle = changes(out, Math.round(H * 0.6), 100, 300);
    // 200 px of 40 px tiles at the near edge: 5 tiles, two changes each.
    expect(near).toBeGreaterThanOrEqual(9);
    expect(near).toBeLessThanOrEqual(11);
    expect(middle).toBeGreaterThan(near * 1.5);
    // At the back of the floor a pixel spans many tiles: grey, not stripes.
    const back = (102 * W + 200) * 3;
    const far = Array.from(out.subarray(back, back + 3));
    for (const c of far) expect(Math.abs(c - 127.5)).toBeLessThan(20);

    // Flat: the same tiles across the whole height.
    const flat = laid(grey(180), everywhere(), {
      kind: 'texture',
      tile: stripes,
      tileScale: 0.1,
      plane: null,
    });
    expect(changes(flat, H - 2, 100, 300)).toBe(changes(flat, 20, 100, 300));
  });
});

describe('gaussianBlur', () => {
  it('spreads an impulse with the Gaussian’s spread and keeps its sum', () => {
    const [w, h, sigma] = [101, 101, 6];
    const plane = new Float32Array(w * h);
    plane[50 * w + 50] = 1;
    gaussianBlur(plane, w, h, sigma);
    let sum = 0;
    let variance = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        sum += plane[y * w + x]!;
        variance += plane[y * w + x]! * (x - 50) ** 2;
      }
    expect(sum).toBeCloseTo(1, 4);
    expect(Math.sqrt(variance / sum) / sigma).toBeGreaterThan(0.9);
    expect(Math.sqrt(variance / sum) / sigma).toBeLessThan(1.1);
  });
});
