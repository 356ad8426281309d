import { MAX_POINT_VALUES } from '../model/document';
import type { NormalPoint } from './types';

/** Five decimals: a tenth of a pixel on a 10 000 px photo, and half the JSON of full doubles. */
export const roundFraction = (value: number): number =>
  Math.round(Math.min(1, Math.max(0, value)) * 1e5) / 1e5;

export const normalPoint = (x: number, y: number): NormalPoint => ({
  x: roundFraction(x),
  y: roundFraction(y),
});

/** Distance between two points in fractions of the photo's width (y is scaled by the aspect ratio). */
export function distance(a: NormalPoint, b: NormalPoint, image: { width: number; height: number }): number {
  const dx = a.x - b.x;
  const dy = ((a.y - b.y) * image.height) / image.width;
  return Math.hypot(dx, dy);
}

/**
 * A growing point list ([x0, y0, x1, y1, ...]) that skips points closer than `minStep` to the
 * last kept one and stops at the contract's maximum.
 */
export class PointPath {
  readonly values: number[] = [];
  constructor(
    private readonly image: { width: number; height: number },
    private readonly minStep: number,
  ) {}

  get length(): number {
    return this.values.length / 2;
  }

  first(): NormalPoint | null {
    return this.values.length ? { x: this.values[0]!, y: this.values[1]! } : null;
  }

  last(): NormalPoint | null {
    const n = this.values.length;
    return n ? { x: this.values[n - 2]!, y: this.values[n - 1]! } : null;
  }

  /** Adds the point when far enough from the last one; true when it was added. */
  add(p: NormalPoint): boolean {
    const point = normalPoint(p.x, p.y);
    const last = this.last();
    if (this.values.length + 2 > MAX_POINT_VALUES) return false;
    if (last && distance(last, point, this.image) < this.minStep) return false;
    this.values.push(point.x, point.y);
    return true;
  }

  /** Largest side of the path's bounding box, in fractions of the photo's width. */
  extent(): number {
    if (!this.values.length) return 0;
    let [minX, minY, maxX, maxY] = [1, 1, 0, 0];
    for (let i = 0; i < this.values.length; i += 2) {
      minX = Math.min(minX, this.values[i]!);
      maxX = Math.max(maxX, this.values[i]!);
      minY = Math.min(minY, this.values[i + 1]!);
      maxY = Math.max(maxY, this.values[i + 1]!);
    }
    return Math.max(maxX - minX, ((maxY - minY) * this.image.height) / this.image.width);
  }
}
