/** The pixels of an image, as in `ImageData` (RGBA, row by row). */
export interface PixelGrid {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** The largest RGB distance there is (black to white), the 100 % of a tolerance. */
const MAX_DISTANCE = Math.sqrt(3) * 255;

/**
 * Object selection by colour similarity: the 4-connected region around (x, y) whose pixels are
 * within `tolerance` (0..1 of the largest RGB distance) of the clicked pixel's colour. Comparing
 * with the clicked colour, not the neighbour's, keeps a soft gradient from leaking across a room.
 * Returns one byte per pixel, 1 inside; a point outside the image selects nothing.
 */
export function floodFillMask(image: PixelGrid, x: number, y: number, tolerance: number): Uint8Array {
  const { width, height, data } = image;
  const mask = new Uint8Array(width * height);
  const startX = Math.floor(x);
  const startY = Math.floor(y);
  if (startX < 0 || startY < 0 || startX >= width || startY >= height) return mask;

  const seed = (startY * width + startX) * 4;
  const [r0, g0, b0] = [data[seed]!, data[seed + 1]!, data[seed + 2]!];
  const limit = (Math.min(1, Math.max(0, tolerance)) * MAX_DISTANCE) ** 2;
  const fillable = (index: number) => {
    if (mask[index]) return false;
    const o = index * 4;
    const dr = data[o]! - r0;
    const dg = data[o + 1]! - g0;
    const db = data[o + 2]! - b0;
    return dr * dr + dg * dg + db * db <= limit;
  };

  // Scanline fill: each popped seed fills its whole horizontal span, then seeds the spans above and below.
  const stack = [startX, startY];
  while (stack.length > 0) {
    const sy = stack.pop()!;
    const sx = stack.pop()!;
    const row = sy * width;
    if (!fillable(row + sx)) continue;
    let left = sx;
    while (left > 0 && fillable(row + left - 1)) left--;
    let right = sx;
    while (right < width - 1 && fillable(row + right + 1)) right++;
    mask.fill(1, row + left, row + right + 1);
    for (const ny of [sy - 1, sy + 1]) {
      if (ny < 0 || ny >= height) continue;
      const neighbour = ny * width;
      let inSpan = false;
      for (let i = left; i <= right; i++) {
        if (fillable(neighbour + i)) {
          if (!inSpan) stack.push(i, ny);
          inSpan = true;
        } else inSpan = false;
      }
    }
  }
  return mask;
}

/** How many pixels a mask selects. */
export function countInside(mask: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) count++;
  return count;
}
