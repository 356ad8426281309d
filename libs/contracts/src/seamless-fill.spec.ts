import { describe, expect, it } from 'vitest';
import { CORRECTION_MATCH_LIMIT, seamlessFill } from './seamless-fill';
import type { PixelBuffer } from './surface-paint';

const image = (width: number, height: number, colour: (x: number, y: number) => number[]): PixelBuffer => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 3);
  return { width, height, channels: 3, data };
};

/** What seamlessFill lays, as an RGB image (untouched pixels 0). */
function fill(picture: PixelBuffer, source: PixelBuffer, mask: Uint8Array, limit = CORRECTION_MATCH_LIMIT) {
  const out = new Float32Array(picture.width * picture.height * 3);
  seamlessFill(picture, source, mask, { matchLimit: limit }, (i, r, g, b) => out.set([r, g, b], i * 3));
  return out;
}

const square = (width: number, height: number, [x0, y0, x1, y1]: number[]) => {
  const mask = new Uint8Array(width * height);
  for (let y = y0!; y < y1!; y++) for (let x = x0!; x < x1!; x++) mask[y * width + x] = 255;
  return mask;
};

describe('seamlessFill', () => {
  it('carries a grade that differs across the area smoothly into it (a membrane between the edges)', () => {
    const source = image(200, 100, (x, y) => [100 + (x % 7), 120, 140 + (y % 5)]);
    // The picture is the source 6 levels brighter on the left, 2 on the right.
    const picture = image(200, 100, (x, y) => [
      100 + (x % 7) + 6 - (4 * x) / 200,
      120 + 6 - (4 * x) / 200,
      140 + (y % 5),
    ]);
    const out = fill(picture, source, square(200, 100, [50, 20, 150, 80]));
    const at = (x: number, y: number, c: number) => out[(y * 200 + x) * 3 + c]!;
    // At the edges it meets the picture; in the middle it is half-way; the texture is the source's.
    expect(at(51, 50, 1)).toBeCloseTo(120 + 6 - (4 * 51) / 200, 0);
    expect(at(148, 50, 1)).toBeCloseTo(120 + 6 - (4 * 148) / 200, 0);
    expect(Math.abs(at(100, 50, 1) - (120 + 4))).toBeLessThan(0.8);
    expect(at(101, 50, 0) - at(100, 50, 0)).toBeCloseTo(1, 0);
  });

  it('gives no offset for content differences with a limit, nor without any edge to match', () => {
    const source = image(100, 100, () => [90, 90, 90]);
    const painted = image(100, 100, () => [40, 90, 200]);
    expect(fill(painted, source, square(100, 100, [30, 30, 70, 70]))[(50 * 100 + 50) * 3]).toBe(90);
    // Without a limit (a heal) the same difference is matched.
    expect(
      fill(painted, source, square(100, 100, [30, 30, 70, 70]), Infinity)[(50 * 100 + 50) * 3],
    ).toBeCloseTo(40, 0);
    // The area covers the whole picture: the source as it is.
    expect(fill(painted, source, square(100, 100, [0, 0, 100, 100]), Infinity)[(50 * 100 + 50) * 3]).toBe(90);
  });
});
