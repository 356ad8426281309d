/** A 2D canvas is there (browsers; not a DOM emulation without one, nor some locked-down browsers). */
export function canvasSupported(): boolean {
  try {
    return typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A canvas of `width`×`height`. Without a document (the selection worker) it is an OffscreenCanvas:
 * the same 2D drawing the render code uses, so one rasterisation serves both threads.
 */
export function createCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas =
    typeof document === 'undefined' && typeof OffscreenCanvas !== 'undefined'
      ? (new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement)
      : document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return canvas;
}

/** `width`×`height` scaled down (never up) so its longest side is at most `longest`. */
export function fitSize(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
