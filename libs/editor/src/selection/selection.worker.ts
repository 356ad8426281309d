/// <reference lib="webworker" />
import type { PixelGrid } from '../mask/flood-fill';
import { loadOpenCv } from '../mask/opencv';
import { selectSurfaceWith, type SurfaceCut, type WorkImage } from '../mask/select-surface';
import type { SelectionAnswer, SelectionCall } from './protocol';

/*
 * The surface selection off the main thread: it keeps the picture's pixels (sent once) and the last
 * GrabCut, so a click or a tolerance step only sends its request. OpenCV loads here, and only here.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let image: { id: number; grid: PixelGrid } | null = null;
const cache: { work?: WorkImage; workOf?: PixelGrid; cut?: SurfaceCut } = {};
let queue = Promise.resolve();
/** The newest request received: older ones still queued are skipped (their answer would be dropped). */
let newest = 0;

scope.onmessage = (event: MessageEvent<SelectionCall>) => {
  const call = event.data;
  if (call.type === 'image') {
    image = {
      id: call.imageId,
      grid: { width: call.width, height: call.height, data: new Uint8ClampedArray(call.pixels) },
    };
    return;
  }
  newest = Math.max(newest, call.id);
  queue = queue.then(async () => {
    if (call.id < newest) return;
    const answer = (message: SelectionAnswer, transfer: Transferable[] = []) =>
      scope.postMessage(message, transfer);
    try {
      if (!image || image.id !== call.imageId) throw new Error('no_pixels');
      const cv = await loadOpenCv();
      const mask = selectSurfaceWith(cv, image.grid, call.request, cache);
      answer(
        {
          type: 'mask',
          id: call.id,
          width: image.grid.width,
          height: image.grid.height,
          mask: mask.buffer as ArrayBuffer,
        },
        [mask.buffer as ArrayBuffer],
      );
    } catch (error) {
      answer({ type: 'error', id: call.id, message: error instanceof Error ? error.message : String(error) });
    }
  });
};
