import type { EditLayer } from '@estancia/contracts';
import type { PixelGrid } from '../mask/flood-fill';
import type { SurfaceRequest } from '../mask/select-surface';
import { editedPixels, restoredAreas } from './compose';
import type { SelectionAnswer, SelectionCall } from './protocol';

/**
 * One-click surface selection in the editor (the wall and floor tools). The worker's script is served
 * with its own Content-Security-Policy allowing 'unsafe-eval' (OpenCV's bindings build functions from
 * strings; apps/api security.ts): the pages keep their strict policy.
 */
export const CLICK_SELECTION = true;

/** A selected surface: one byte per cell of a width×height grid (the picture's, capped at 4096). */
export interface SurfaceMask {
  readonly width: number;
  readonly height: number;
  readonly mask: Uint8Array;
}

/** The picture the selection works on: the loaded draft and original photo, and the document's layers. */
export interface EditedPicture {
  readonly base: HTMLImageElement;
  readonly original: HTMLImageElement | null;
  /** The layers over the draft: the correction layers restoring the original photo are applied. */
  readonly layers: readonly EditLayer[];
  /** The size to select at (the picture's, capped at 4096). */
  readonly width: number;
  readonly height: number;
}

/**
 * The promise client of the selection worker. Each request names what it is for (`key`: a layer, a
 * new surface): an older request for the same still running resolves to null when a newer one is
 * sent (a tolerance slider dragged faster than the selection runs), so stale answers never land,
 * while requests for different things (the wall, then the floor at once) are all answered. A picture
 * whose pixels cannot be read, or a worker that failed, rejects its requests (the tool shows its
 * notice).
 */
export interface SurfaceSelector {
  /** The picture to select on (its pixels are transferred: the caller keeps no use of `pixels.data`). */
  setImage(pixels: PixelGrid): void;
  /**
   * The picture to select on, composed off the main thread where the browser can (ImageBitmap and
   * OffscreenCanvas): the main thread only hands over the decoded images.
   */
  setPicture(picture: EditedPicture): void;
  select(request: SurfaceRequest, key: string): Promise<SurfaceMask | null>;
  dispose(): void;
}

/** The worker can compose the picture itself: images go over as bitmaps, drawn on an OffscreenCanvas. */
const composesOffThread = () =>
  typeof createImageBitmap === 'function' && typeof OffscreenCanvas !== 'undefined';

/** The picture composed here, on the main thread. */
const composedHere = (picture: EditedPicture) =>
  editedPixels(
    picture.base,
    picture.original,
    picture.original ? restoredAreas(picture.layers) : [],
    picture.width,
    picture.height,
  );

export function createSurfaceSelector(): SurfaceSelector {
  if (typeof Worker === 'undefined') return inThreadSelector();
  let worker: Worker;
  /** Set once the worker failed (it did not start, or threw): every request rejects with it. */
  let failed: Error | null = null;
  try {
    worker = new Worker(new URL('./selection.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return failedSelector(error instanceof Error ? error : new Error(String(error)));
  }
  let imageId = 0;
  /** The picture whose pixels could not be read, or be sent. */
  let unreadable = 0;
  let nextId = 0;
  let disposed = false;
  let size = { width: 0, height: 0 };
  /** Resolves once the newest picture is posted: a request goes after its picture. */
  let sending: Promise<void> = Promise.resolve();
  const pending = new Map<
    number,
    { key: string; resolve: (mask: SurfaceMask | null) => void; reject: (e: Error) => void }
  >();
  const fail = (error: Error) => {
    failed ??= error;
    for (const [, waiting] of pending) waiting.reject(failed);
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<SelectionAnswer>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.type === 'error') waiting.reject(new Error(answer.message));
    else waiting.resolve({ width: answer.width, height: answer.height, mask: new Uint8Array(answer.mask) });
  };
  // A script that does not load (a CSP, a 404) or throws outside a request: nothing will answer.
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    fail(new Error(`selection_worker_failed${event.message ? `: ${event.message}` : ''}`));
  };
  worker.onmessageerror = () => fail(new Error('selection_worker_failed: message'));
  const post = (call: SelectionCall, transfer: Transferable[] = []) => worker.postMessage(call, transfer);
  /** Posts a picture after the ones before it; one that cannot be sent rejects its requests. */
  const send = (id: number, posting: () => void | Promise<void>) => {
    sending = sending.then(posting).catch(() => {
      unreadable = id;
    });
  };
  const sendImage = (id: number, pixels: PixelGrid) => {
    const copy = pixels.data instanceof Uint8ClampedArray ? pixels.data : Uint8ClampedArray.from(pixels.data);
    const buffer = copy.buffer as ArrayBuffer;
    post({ type: 'image', imageId: id, width: pixels.width, height: pixels.height, pixels: buffer }, [
      buffer,
    ]);
  };
  return {
    setImage(pixels) {
      const id = ++imageId;
      size = { width: pixels.width, height: pixels.height };
      send(id, () => sendImage(id, pixels));
    },
    setPicture(picture) {
      const id = ++imageId;
      const { width, height } = picture;
      size = { width, height };
      if (!composesOffThread()) {
        const grid = composedHere(picture);
        if (grid) send(id, () => sendImage(id, grid));
        else unreadable = id;
        return;
      }
      const areas = picture.original ? restoredAreas(picture.layers) : [];
      // Chromium copies an <img> into its bitmap in the calling task (about 45 ms at 12 MP in
      // headless Chromium): one image per task, so input is handled in between.
      const restoring = areas.length ? picture.original : null;
      const bitmaps = createImageBitmap(picture.base).then(async (base) => {
        try {
          if (!restoring) return [base, null] as const;
          await new Promise((resolve) => setTimeout(resolve, 0));
          return [base, await createImageBitmap(restoring)] as const;
        } catch (error) {
          base.close();
          throw error;
        }
      });
      // Failing before its turn is no unhandled rejection: `send` reads it.
      bitmaps.catch(() => undefined);
      send(id, async () => {
        const [base, original] = await bitmaps;
        if (id !== imageId) {
          // A newer picture came meanwhile: this one is never selected on.
          base.close();
          original?.close();
          return;
        }
        const transfer: Transferable[] = original ? [base, original] : [base];
        post({ type: 'picture', imageId: id, width, height, base, original, areas }, transfer);
      });
    },
    select(request, key) {
      if (failed) return Promise.reject(failed);
      if (disposed || !size.width) return Promise.resolve(null);
      // Drop what still waits for the same thing: only its newest answer matters.
      for (const [waitingId, waiting] of pending)
        if (waiting.key === key) {
          pending.delete(waitingId);
          waiting.resolve(null);
        }
      const id = ++nextId;
      const forImage = imageId;
      return new Promise((resolve, reject) => {
        pending.set(id, { key, resolve, reject });
        void sending.then(() => {
          const waiting = pending.get(id);
          if (!waiting) return;
          if (forImage !== imageId) {
            // Its picture was replaced before it was sent: the answer would be for another one.
            pending.delete(id);
            waiting.resolve(null);
            return;
          }
          try {
            if (unreadable === forImage) throw new Error('no_pixels');
            post({ type: 'select', id, imageId: forImage, key, request });
          } catch (error) {
            pending.delete(id);
            waiting.reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
    },
    dispose() {
      disposed = true;
      worker.terminate();
      for (const [, waiting] of pending) waiting.resolve(null);
      pending.clear();
    },
  };
}

/** A worker that could not even be created: every request fails at once. */
function failedSelector(error: Error): SurfaceSelector {
  return {
    setImage() {},
    setPicture() {},
    select: () => Promise.reject(error),
    dispose() {},
  };
}

/** No Worker (the unit tests' DOM): the same selection in this thread, newest request only. */
function inThreadSelector(): SurfaceSelector {
  let pixels: PixelGrid | null = null;
  let unreadable = false;
  const latest = new Map<string, number>();
  let nextId = 0;
  return {
    setImage(grid) {
      pixels = grid;
      unreadable = false;
    },
    setPicture(picture) {
      pixels = composedHere(picture);
      unreadable = pixels === null;
    },
    async select(request, key) {
      const id = ++nextId;
      latest.set(key, id);
      if (unreadable) throw new Error('no_pixels');
      if (!pixels) return null;
      const grid = pixels;
      // Only tests run without workers: keep OpenCV out of the app bundles.
      if (import.meta.env.MODE !== 'test') throw new Error('no_worker');
      const { selectSurface } = await import('../mask/select-surface');
      const mask = await selectSurface(grid, request);
      return latest.get(key) === id ? { width: grid.width, height: grid.height, mask } : null;
    },
    dispose() {
      pixels = null;
    },
  };
}
