/**
 * The selected layer's edge as "marching ants": lines along the border between the cells
 * inside its area and those outside, drawn as a white line under a moving black dash. Nothing is
 * filled and nothing is blended, so every pixel of the picture, inside the area too, keeps its colour;
 * only the one-line border is drawn over.
 */

/** A coverage grid: RGBA (as ImageData) whose alpha says how much of each cell is in the area. */
export interface CoverageGrid {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** A cell at least half covered is inside. */
const INSIDE_ALPHA = 128;

/**
 * The border of the area as polylines [x0, y0, x1, y1, ...] in grid units (cell corners): every edge
 * between an inside and an outside cell (or the grid's end), straight runs merged and runs that meet
 * chained, so the dash runs on along the border instead of starting again at every step of a diagonal.
 */
export function areaOutline(grid: CoverageGrid): Float32Array[] {
  return chainSegments(borderSegments(grid), grid.width + 1);
}

/** The border's straight runs along rows and columns, as [x0, y0, x1, y1] each. */
function borderSegments(grid: CoverageGrid): number[] {
  const { width, height, data } = grid;
  // One byte per cell, with a border of outside cells around: no bounds checks in the loops below.
  const stride = width + 2;
  const inside = new Uint8Array(stride * (height + 2));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 4 + 3]! >= INSIDE_ALPHA) inside[(y + 1) * stride + x + 1] = 1;
  const segments: number[] = [];
  // Horizontal edges: above row y (y = height is below the last row).
  for (let y = 0; y <= height; y++) {
    const above = y * stride + 1;
    const below = above + stride;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const edge = x < width && inside[above + x] !== inside[below + x];
      if (edge && start < 0) start = x;
      else if (!edge && start >= 0) {
        segments.push(start, y, x, y);
        start = -1;
      }
    }
  }
  // Vertical edges: left of column x.
  for (let x = 0; x <= width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const row = (y + 1) * stride;
      const edge = y < height && inside[row + x] !== inside[row + x + 1];
      if (edge && start < 0) start = y;
      else if (!edge && start >= 0) {
        segments.push(x, start, x, y);
        start = -1;
      }
    }
  }
  return segments;
}

/**
 * The segments meeting at each corner point: an open-addressing table (a corner has at most four),
 * a plain Map of arrays took ten times longer on a speckled mask.
 */
class CornerTable {
  private readonly keys: Int32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(corners: number) {
    let size = 1;
    while (size < corners * 2) size <<= 1;
    this.mask = size - 1;
    this.keys = new Int32Array(size).fill(-1);
    this.slots = new Int32Array(size * 4).fill(-1);
  }

  private find(key: number): number {
    let h = Math.imul(key, 0x9e3779b1) & this.mask;
    while (this.keys[h] !== -1 && this.keys[h] !== key) h = (h + 1) & this.mask;
    return h;
  }

  add(key: number, segment: number): void {
    const h = this.find(key);
    this.keys[h] = key;
    for (let i = h * 4; i < h * 4 + 4; i++)
      if (this.slots[i] === -1) {
        this.slots[i] = segment;
        return;
      }
  }

  /** A segment at `key` that `used` does not mark, or -1. */
  unused(key: number, used: Uint8Array): number {
    const h = this.find(key);
    if (this.keys[h] === -1) return -1;
    for (let i = h * 4; i < h * 4 + 4; i++) {
      const segment = this.slots[i]!;
      if (segment !== -1 && !used[segment]) return segment;
    }
    return -1;
  }
}

/** Joins segments that share an end into polylines (a closed border comes back to its first point). */
function chainSegments(segments: number[], columns: number): Float32Array[] {
  const count = segments.length / 4;
  const key = (x: number, y: number) => y * columns + x;
  const corners = new CornerTable(count * 2);
  for (let s = 0; s < count; s++) {
    corners.add(key(segments[s * 4]!, segments[s * 4 + 1]!), s);
    corners.add(key(segments[s * 4 + 2]!, segments[s * 4 + 3]!), s);
  }
  const used = new Uint8Array(count);
  /** Walks on from (x, y) through unused segments, pushing each point reached onto `points`. */
  const walk = (x: number, y: number, points: number[]) => {
    for (;;) {
      const next = corners.unused(key(x, y), used);
      if (next === -1) return;
      used[next] = 1;
      const i = next * 4;
      const forward = segments[i] === x && segments[i + 1] === y;
      x = forward ? segments[i + 2]! : segments[i]!;
      y = forward ? segments[i + 3]! : segments[i + 1]!;
      points.push(x, y);
    }
  };
  const lines: Float32Array[] = [];
  for (let s = 0; s < count; s++) {
    if (used[s]) continue;
    used[s] = 1;
    const i = s * 4;
    const tail: number[] = [segments[i]!, segments[i + 1]!, segments[i + 2]!, segments[i + 3]!];
    walk(tail[2]!, tail[3]!, tail);
    // Back from the first point too, when the line did not close: the segment may sit mid-line.
    const head: number[] = [];
    if (tail[0] !== tail.at(-2) || tail[1] !== tail.at(-1)) walk(tail[0]!, tail[1]!, head);
    const line = new Float32Array(head.length + tail.length);
    for (let j = 0; j < head.length; j += 2) {
      line[head.length - 2 - j] = head[j]!;
      line[head.length - 1 - j] = head[j + 1]!;
    }
    line.set(tail, head.length);
    lines.push(line);
  }
  return lines;
}

/** The part of a 2D context the outline draws with (a canvas's, or Konva's native one). */
export type OutlineContext = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'setLineDash'
  | 'lineWidth'
  | 'strokeStyle'
  | 'lineDashOffset'
>;

export interface OutlineStyle {
  /** Grid units to the context's units (the photo's pixels on the stage), across and down. */
  readonly scaleX: number;
  readonly scaleY: number;
  /** One screen pixel in the context's units, so the line keeps its width at any zoom. */
  readonly pixel: number;
  /** How far the dash has marched, in screen pixels. */
  readonly phase: number;
}

/** Length of a dash and of the gap after it, in screen pixels. */
export const ANT_DASH = 5;

/** Draws the border: a white line, then black dashes over it shifted by the phase (the ants march). */
export function drawOutline(ctx: OutlineContext, lines: readonly Float32Array[], style: OutlineStyle): void {
  if (lines.length === 0) return;
  const { scaleX, scaleY, pixel } = style;
  ctx.beginPath();
  for (const line of lines) {
    ctx.moveTo(line[0]! * scaleX, line[1]! * scaleY);
    for (let i = 2; i < line.length; i += 2) ctx.lineTo(line[i]! * scaleX, line[i + 1]! * scaleY);
  }
  ctx.lineWidth = 1.5 * pixel;
  ctx.setLineDash([]);
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.setLineDash([ANT_DASH * pixel, ANT_DASH * pixel]);
  ctx.lineDashOffset = -style.phase * pixel;
  ctx.strokeStyle = '#000000';
  ctx.stroke();
  ctx.setLineDash([]);
}

/** How many points the outline has: past a budget, it is drawn still rather than marching. */
export const outlinePoints = (lines: readonly Float32Array[]): number =>
  lines.reduce((sum, line) => sum + line.length / 2, 0);
