import type { OpenCv } from './opencv';

/** Canny's hysteresis thresholds on the 8-bit lightness: faint creases under a lamp's glow still count. */
const CANNY_LOW = 10;
const CANNY_HIGH = 30;
/** Votes a Hough line needs (edge pixels on it). */
const HOUGH_VOTES = 40;
/** The shortest line kept, as a share of the picture's longest side: a room's creases, not grain. */
const MIN_LENGTH = 0.08;
/**
 * Collinear pieces this far apart (share of the longest side) are one line: a crease goes on where
 * a lamp's glow blows out both surfaces beside it.
 */
const MAX_GAP = 0.1;
/** Lines go on this far past their ends (share of the longest side), to close a room's corners. */
const EXTEND = 0.03;

/**
 * The long straight edges of a picture (a room's creases, casings, the edges of furniture), drawn two
 * pixels wide: Canny edges, then OpenCV's probabilistic Hough transform. `grey` is 8-bit, w×h.
 */
export function straightEdges(cv: OpenCv, grey: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const image = new cv.Mat(h, w, cv.CV_8UC1);
  const edges = new cv.Mat();
  const lines = new cv.Mat();
  try {
    image.data.set(grey);
    cv.Canny(image, edges, CANNY_LOW, CANNY_HIGH);
    const longest = Math.max(w, h);
    cv.HoughLinesP(edges, lines, 1, Math.PI / 360, HOUGH_VOTES, MIN_LENGTH * longest, MAX_GAP * longest);
    const ends = lines.data32S;
    for (let k = 0; k + 3 < ends.length; k += 4)
      drawLine(out, w, h, ends[k]!, ends[k + 1]!, ends[k + 2]!, ends[k + 3]!, EXTEND * longest);
  } finally {
    image.delete();
    edges.delete();
    lines.delete();
  }
  return out;
}

/** A 2 px wide line from (x0, y0) to (x1, y1), `extend` pixels longer at both ends, clipped. */
function drawLine(
  out: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  extend: number,
): void {
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  const ux = (x1 - x0) / length;
  const uy = (y1 - y0) / length;
  const [ax, ay] = [x0 - ux * extend, y0 - uy * extend];
  const [bx, by] = [x1 + ux * extend, y1 + uy * extend];
  const steps = Math.ceil(length + 2 * extend);
  for (let s = 0; s <= steps; s++) {
    const x = Math.round(ax + ((bx - ax) * s) / steps);
    const y = Math.round(ay + ((by - ay) * s) / steps);
    for (let dy = 0; dy <= 1; dy++)
      for (let dx = 0; dx <= 1; dx++)
        if (x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h) out[(y + dy) * w + x + dx] = 1;
  }
}
