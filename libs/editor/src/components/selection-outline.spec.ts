import { describe, expect, it } from 'vitest';
import { areaOutline, drawOutline, type CoverageGrid, type OutlineContext } from './selection-outline';

/** A coverage grid: `inside(x, y)` cells fully covered, the rest empty. */
function grid(width: number, height: number, inside: (x: number, y: number) => boolean): CoverageGrid {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (inside(x, y)) data[(y * width + x) * 4 + 3] = 255;
  return { width, height, data };
}

const cellInside = (g: CoverageGrid, x: number, y: number) =>
  x >= 0 && y >= 0 && x < g.width && y < g.height && g.data[(y * g.width + x) * 4 + 3]! >= 128;

/** The polylines' steps as [x0, y0, x1, y1] each. */
function* steps(lines: readonly Float32Array[]) {
  for (const line of lines)
    for (let i = 2; i < line.length; i += 2)
      yield [line[i - 2]!, line[i - 1]!, line[i]!, line[i + 1]!] as const;
}

/** Every step runs along a row or a column and every unit of it separates a cell inside from one outside. */
function everyStepOnTheBorder(g: CoverageGrid, lines: readonly Float32Array[]): boolean {
  for (const [ax, ay, bx, by] of steps(lines)) {
    if (ax !== bx && ay !== by) return false;
    const [x0, x1, y0, y1] = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)];
    if (y0 === y1) {
      for (let x = x0; x < x1; x++) if (cellInside(g, x, y0 - 1) === cellInside(g, x, y0)) return false;
    } else {
      for (let y = y0; y < y1; y++) if (cellInside(g, x0 - 1, y) === cellInside(g, x0, y)) return false;
    }
  }
  return true;
}

const totalLength = (lines: readonly Float32Array[]) => {
  let length = 0;
  for (const [ax, ay, bx, by] of steps(lines)) length += Math.abs(bx - ax) + Math.abs(by - ay);
  return length;
};

/** A closed line comes back to its first point. */
const closed = (line: Float32Array) => line[0] === line.at(-2) && line[1] === line.at(-1);

/** A 2D context that records what is done with it, and paints nothing. */
function recordingContext() {
  const calls: string[] = [];
  const set: Record<string, unknown> = {};
  const target = {} as Record<string, unknown>;
  const ctx = new Proxy(target, {
    get: (_t, key: string) =>
      key in set ? set[key] : (...args: unknown[]) => void calls.push(`${key}(${args.length})`),
    set: (_t, key: string, value) => {
      set[key] = value;
      calls.push(`${key}=`);
      return true;
    },
  });
  return { ctx: ctx as unknown as OutlineContext, calls, set };
}

describe('the selection outline (marching ants)', () => {
  it('outlines a rectangle by its four sides, one closed line of four steps', () => {
    const g = grid(10, 8, (x, y) => x >= 2 && x < 7 && y >= 1 && y < 5);
    const lines = areaOutline(g);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length / 2).toBe(5);
    expect(closed(lines[0]!)).toBe(true);
    expect(totalLength(lines)).toBe(2 * (5 + 4));
    expect(everyStepOnTheBorder(g, lines)).toBe(true);
  });

  it('a diagonal edge is one line, so the dash runs along it', () => {
    const g = grid(8, 8, (x, y) => x <= y);
    const lines = areaOutline(g);
    expect(lines).toHaveLength(1);
    expect(closed(lines[0]!)).toBe(true);
    expect(everyStepOnTheBorder(g, lines)).toBe(true);
  });

  it('outlines a wall with a sofa cut out: the outer edge, the grid end and the hole, nothing inside', () => {
    // The wall fills the grid but for a sofa (a hole) in the middle.
    const g = grid(12, 9, (x, y) => !(x >= 4 && x < 8 && y >= 5 && y < 8));
    const lines = areaOutline(g);
    expect(lines).toHaveLength(2);
    expect(lines.every(closed)).toBe(true);
    expect(totalLength(lines)).toBe(2 * (12 + 9) + 2 * (4 + 3));
    expect(everyStepOnTheBorder(g, lines)).toBe(true);
  });

  it('a soft edge counts as inside from half coverage on', () => {
    const g = grid(4, 1, () => false);
    (g.data as Uint8ClampedArray)[3] = 127;
    (g.data as Uint8ClampedArray)[7] = 128;
    const lines = areaOutline(g);
    expect(lines).toHaveLength(1);
    expect(totalLength(lines)).toBe(4);
    expect(everyStepOnTheBorder(g, lines)).toBe(true);
  });

  it('only strokes the border: no fill, no image, no blending that would change the colours inside', () => {
    const g = grid(6, 6, (x, y) => x >= 1 && x < 5 && y >= 1 && y < 5);
    const { ctx, calls, set } = recordingContext();
    drawOutline(ctx, areaOutline(g), { scaleX: 2, scaleY: 2, pixel: 0.5, phase: 3 });
    const methods = calls.filter((call) => call.includes('(')).map((call) => call.split('(')[0]);
    expect(new Set(methods)).toEqual(new Set(['beginPath', 'moveTo', 'lineTo', 'stroke', 'setLineDash']));
    expect(methods.filter((method) => method === 'stroke')).toHaveLength(2);
    expect(Object.keys(set).sort()).toEqual(['lineDashOffset', 'lineWidth', 'strokeStyle']);
    // White under black: the edge stands out on any colour; one screen pixel and a half wide.
    expect(set['strokeStyle']).toBe('#000000');
    expect(set['lineWidth']).toBe(0.75);
  });

  it('draws nothing for an empty area', () => {
    const { ctx, calls } = recordingContext();
    drawOutline(ctx, areaOutline(grid(3, 3, () => false)), { scaleX: 1, scaleY: 1, pixel: 1, phase: 0 });
    expect(calls).toEqual([]);
  });
});
