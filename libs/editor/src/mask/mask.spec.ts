import { describe, expect, it } from 'vitest';
import { maskShapeSchema } from '@estancia/contracts';
import { countInside, floodFillMask } from './flood-fill';
import { decodeRuns, encodeRuns } from './runs';
import { pixels } from '../test/fixtures';

const grid = (rows: string[]) => Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));
const show = (mask: Uint8Array, width: number) =>
  Array.from({ length: mask.length / width }, (_, y) =>
    Array.from(mask.subarray(y * width, (y + 1) * width), (v) => (v ? '#' : '.')).join(''),
  );

describe('encodeRuns / decodeRuns', () => {
  it('writes outside/inside runs starting outside, in row-major order, adding up to width × height', () => {
    const mask = grid(['..##.', '#####', '.....', '#..#.']);
    const runs = encodeRuns(mask, 5, 4);
    expect(runs).toEqual([2, 2, 1, 5, 5, 1, 2, 1, 1]);
    expect(runs.reduce((a, b) => a + b)).toBe(20);
    expect(decodeRuns(runs, 5, 4)).toEqual(mask);
    maskShapeSchema.parse({ kind: 'mask', width: 5, height: 4, runs });
  });

  it('starts with an empty outside run when the first pixel is inside, and covers empty and full masks', () => {
    expect(encodeRuns(grid(['#.', '..']), 2, 2)).toEqual([0, 1, 3]);
    expect(encodeRuns(grid(['..', '..']), 2, 2)).toEqual([4]);
    expect(encodeRuns(grid(['##', '##']), 2, 2)).toEqual([0, 4]);
  });

  it('round-trips random masks', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let n = 0; n < 50; n++) {
      const width = 1 + Math.floor(random() * 40);
      const height = 1 + Math.floor(random() * 30);
      const mask = Uint8Array.from({ length: width * height }, () => (random() < 0.4 ? 1 : 0));
      const runs = encodeRuns(mask, width, height);
      expect(runs.reduce((a, b) => a + b)).toBe(width * height);
      expect(decodeRuns(runs, width, height)).toEqual(mask);
    }
  });

  it('reads runs as one sequence over the grid, ignoring what overflows and leaving the rest outside', () => {
    expect(show(decodeRuns([3, 4], 5, 2), 5)).toEqual(['...##', '##...']);
    expect(show(decodeRuns([0, 100], 3, 2), 3)).toEqual(['###', '###']);
    expect(countInside(decodeRuns([], 4, 4))).toBe(0);
  });
});

describe('floodFillMask', () => {
  // A white wall (with slight noise), a dark sofa on it, and a second white area cut off by a black line.
  const room = pixels(10, 6, (x, y) => {
    if (x === 7) return [0, 0, 0];
    if (x >= 2 && x <= 4 && y >= 3) return [60, 40, 30];
    const noise = (x * 3 + y * 5) % 7;
    return [245 - noise, 245 - noise, 240 - noise];
  });

  it('selects the connected region of similar colour around the click', () => {
    expect(show(floodFillMask(room, 0, 0, 0.1), 10)).toEqual([
      '#######...',
      '#######...',
      '#######...',
      '##...##...',
      '##...##...',
      '##...##...',
    ]);
    expect(show(floodFillMask(room, 3, 4, 0.05), 10)).toEqual([
      '..........',
      '..........',
      '..........',
      '..###.....',
      '..###.....',
      '..###.....',
    ]);
  });

  it('grows with the tolerance and stays at the exact colour with none', () => {
    const tight = countInside(floodFillMask(room, 0, 0, 0));
    const loose = countInside(floodFillMask(room, 0, 0, 1));
    expect(tight).toBeGreaterThan(0);
    expect(tight).toBeLessThan(countInside(floodFillMask(room, 0, 0, 0.1)));
    expect(loose).toBe(60);
  });

  it('selects nothing outside the image', () => {
    expect(countInside(floodFillMask(room, -1, 2, 0.5))).toBe(0);
    expect(countInside(floodFillMask(room, 10, 0, 0.5))).toBe(0);
  });

  it('fills a large image without overflowing the stack', () => {
    const big = pixels(1024, 768, (x, y) => (x % 64 === 0 && y % 50 !== 0 ? [0, 0, 0] : [200, 200, 200]));
    const mask = floodFillMask(big, 5, 5, 0.1);
    const runs = encodeRuns(mask, 1024, 768);
    expect(countInside(mask)).toBeGreaterThan(700_000);
    expect(runs.length).toBeLessThan(30_000);
    expect(runs.reduce((a, b) => a + b)).toBe(1024 * 768);
    const decoded = decodeRuns(runs, 1024, 768);
    expect(decoded.every((value, i) => value === mask[i])).toBe(true);
  });
});
