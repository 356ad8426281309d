import type { PixelGrid } from '../mask/flood-fill';
import type { SurfaceRequest } from '../mask/select-surface';
import type { SelectionAnswer, SelectionCall } from './protocol';

/**
 * One-click surface selection in the editor. Off: in Chromium the worker never answers once OpenCV
 * loads (it needs 'unsafe-eval' for its bindings, then hangs), so the wall and floor tools keep their
 * outline flow until that is solved; the selection itself is measured by the decorator-tools bench.
 */
export const CLICK_SELECTION = false;

/** A selected surface: one byte per cell of a width×height grid (the picture's, capped at 4096). */
export interface SurfaceMask {
  readonly width: number;
  readonly height: number;
  readonly mask: Uint8Array;
}

/**
 * The promise client of the selection worker. Only the newest request of a picture is answered: an
 * older one still running resolves to null when a newer one is sent (a tolerance slider dragged
 * faster than the selection runs), so stale answers never land.
 */
export interface SurfaceSelector {
  /** The picture to select on (its pixels are transferred: the caller keeps no use of `pixels.data`). */
  setImage(pixels: PixelGrid): void;
  select(request: SurfaceRequest): Promise<SurfaceMask | null>;
  dispose(): void;
}

export function createSurfaceSelector(): SurfaceSelector {
  if (typeof Worker === 'undefined') return inThreadSelector();
  const worker = new Worker(new URL('./selection.worker.ts', import.meta.url), { type: 'module' });
  let imageId = 0;
  let nextId = 0;
  let size = { width: 0, height: 0 };
  const pending = new Map<
    number,
    { resolve: (mask: SurfaceMask | null) => void; reject: (e: Error) => void }
  >();
  worker.onmessage = (event: MessageEvent<SelectionAnswer>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.type === 'error') waiting.reject(new Error(answer.message));
    else waiting.resolve({ width: answer.width, height: answer.height, mask: new Uint8Array(answer.mask) });
  };
  const post = (call: SelectionCall, transfer: Transferable[] = []) => worker.postMessage(call, transfer);
  return {
    setImage(pixels) {
      imageId++;
      size = { width: pixels.width, height: pixels.height };
      const copy =
        pixels.data instanceof Uint8ClampedArray ? pixels.data : Uint8ClampedArray.from(pixels.data);
      post(
        {
          type: 'image',
          imageId,
          width: size.width,
          height: size.height,
          pixels: copy.buffer as ArrayBuffer,
        },
        [copy.buffer as ArrayBuffer],
      );
    },
    select(request) {
      if (!size.width) return Promise.resolve(null);
      // Drop what is still waiting: only the newest answer matters.
      for (const [, waiting] of pending) waiting.resolve(null);
      pending.clear();
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ type: 'select', id, imageId, request });
      });
    },
    dispose() {
      worker.terminate();
      for (const [, waiting] of pending) waiting.resolve(null);
      pending.clear();
    },
  };
}

/** No Worker (the unit tests' DOM): the same selection in this thread, newest request only. */
function inThreadSelector(): SurfaceSelector {
  let pixels: PixelGrid | null = null;
  let latest = 0;
  return {
    setImage(grid) {
      pixels = grid;
    },
    async select(request) {
      const id = ++latest;
      if (!pixels) return null;
      const grid = pixels;
      // Only tests run without workers: keep OpenCV out of the app bundles.
      if (import.meta.env.MODE !== 'test') throw new Error('no_worker');
      const { selectSurface } = await import('../mask/select-surface');
      const mask = await selectSurface(grid, request);
      return id === latest ? { width: grid.width, height: grid.height, mask } : null;
    },
    dispose() {
      pixels = null;
    },
  };
}
