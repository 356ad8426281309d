import type { EditShape, MaskShape } from '@estancia/contracts';
import { decodeRuns } from '../mask/runs';
import { createCanvas } from './canvas';

const maskCanvases = new WeakMap<MaskShape, HTMLCanvasElement>();

/** A mask shape as a canvas of its own grid (opaque inside), decoded once per shape. */
function maskCanvas(shape: MaskShape): HTMLCanvasElement {
  const cached = maskCanvases.get(shape);
  if (cached) return cached;
  const canvas = createCanvas(shape.width, shape.height);
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(shape.width, shape.height);
  decodeRuns(shape.runs, shape.width, shape.height).forEach((inside, i) => {
    if (inside) image.data[i * 4 + 3] = 255;
  });
  ctx.putImageData(image, 0, 0);
  maskCanvases.set(shape, canvas);
  return canvas;
}

/**
 * Draws a brush stroke of `lineWidth` px. A soft brush (hardness below 1) is blurred by up to a
 * quarter of its width, an approximation of the server's feathered edge.
 */
export function drawStroke(
  ctx: CanvasRenderingContext2D,
  points: readonly number[],
  lineWidth: number,
  hardness: number,
  width: number,
  height: number,
): void {
  const feather = ((1 - hardness) * lineWidth) / 4;
  if (feather >= 0.5) ctx.filter = `blur(${feather.toFixed(1)}px)`;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  if (points.length === 2) {
    ctx.arc(points[0]! * width, points[1]! * height, lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.moveTo(points[0]! * width, points[1]! * height);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i]! * width, points[i + 1]! * height);
    ctx.stroke();
  }
  ctx.filter = 'none';
}

/**
 * Draws a layer's area as coverage (alpha) over `width`×`height`: its shapes in order, an erasing
 * shape cutting what came before it, as the server reads the document.
 */
export function drawArea(
  ctx: CanvasRenderingContext2D,
  area: readonly EditShape[],
  width: number,
  height: number,
): void {
  for (const shape of area) {
    ctx.save();
    ctx.globalCompositeOperation = shape.erase ? 'destination-out' : 'source-over';
    ctx.fillStyle = '#000';
    ctx.strokeStyle = '#000';
    if (shape.kind === 'polygon') {
      ctx.beginPath();
      ctx.moveTo(shape.points[0]! * width, shape.points[1]! * height);
      for (let i = 2; i < shape.points.length; i += 2)
        ctx.lineTo(shape.points[i]! * width, shape.points[i + 1]! * height);
      ctx.closePath();
      ctx.fill();
    } else if (shape.kind === 'stroke') {
      drawStroke(ctx, shape.points, shape.size * width, shape.hardness, width, height);
    } else {
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(maskCanvas(shape), 0, 0, width, height);
    }
    ctx.restore();
  }
}

/** A drawn area and the coverage canvas it gave, for `areaCoverage`. */
interface Coverage {
  readonly area: readonly EditShape[];
  readonly canvas: HTMLCanvasElement;
}

/** Recent coverages per size, newest last (a 1600 px preview's is 7.7 MB): enough for the layers in hand and an undo. */
const coverages = new Map<string, Coverage[]>();
const KEPT_COVERAGES = 6;

/**
 * A layer's area as coverage (alpha) at `width`×`height`, the same pixels `drawArea` draws, shared
 * and read-only. Documents are immutable and a gesture appends a shape to a layer's area, so the
 * coverage of the longest cached prefix is copied and only the new shapes are drawn on it: the
 * end of a brush stroke costs that stroke's blur, not the whole layer's again.
 */
export function areaCoverage(area: readonly EditShape[], width: number, height: number): HTMLCanvasElement {
  const key = `${width}x${height}`;
  const recent = coverages.get(key) ?? [];
  coverages.set(key, recent);
  let prefix: Coverage | null = null;
  for (const cached of recent) {
    if (cached.area === area) return cached.canvas;
    if (cached.area.length > area.length || (prefix && cached.area.length <= prefix.area.length)) continue;
    if (cached.area.every((shape, i) => shape === area[i])) prefix = cached;
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    if (prefix) ctx.drawImage(prefix.canvas, 0, 0);
    drawArea(ctx, prefix ? area.slice(prefix.area.length) : area, width, height);
  }
  recent.push({ area, canvas });
  if (recent.length > KEPT_COVERAGES) recent.shift();
  return canvas;
}
