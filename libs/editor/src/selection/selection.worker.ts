/// <reference lib="webworker" />
import type { PixelGrid } from '../mask/flood-fill';
import * as openCvModule from '@techstark/opencv-js';
import { openCvFrom } from '../mask/opencv';
import { selectSurfaceWith, type SurfaceCut, type WorkImage } from '../mask/select-surface';
import { editedPixels, freshCoverage } from './compose';
import type { SelectionAnswer, SelectionCall } from './protocol';

/*
 * The surface selection off the main thread: it composes the picture (draft and corrections, on an
 * OffscreenCanvas) and keeps its pixels (sent once) and the last GrabCut, so a click or a tolerance
 * step only sends its request. OpenCV loads here, and only here, by a static import: a bundled
 * dynamic import of it never settles (see `openCvFrom`). It compiles when the editor opens, before
 * the first click.
 */
const openCv = openCvFrom(openCvModule);
const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The picture's pixels; null when they cannot be read (a photo served without CORS). */
let image: { id: number; grid: PixelGrid | null } | null = null;
const cache: { work?: WorkImage; workOf?: PixelGrid; cut?: SurfaceCut } = {};
let queue = Promise.resolve();
/** The newest request received for each key: older ones still queued are skipped (their answer would be dropped). */
const newest = new Map<string, number>();

scope.onmessage = (event: MessageEvent<SelectionCall>) => {
  const call = event.data;
  if (call.type === 'image') {
    image = {
      id: call.imageId,
      grid: { width: call.width, height: call.height, data: new Uint8ClampedArray(call.pixels) },
    };
    return;
  }
  if (call.type === 'picture') {
    const grid = editedPixels(call.base, call.original, call.areas, call.width, call.height, freshCoverage);
    call.base.close();
    call.original?.close();
    image = { id: call.imageId, grid };
    return;
  }
  newest.set(call.key, Math.max(newest.get(call.key) ?? 0, call.id));
  queue = queue.then(async () => {
    if (call.id < newest.get(call.key)!) return;
    const answer = (message: SelectionAnswer, transfer: Transferable[] = []) =>
      scope.postMessage(message, transfer);
    try {
      const grid = image?.id === call.imageId ? image.grid : null;
      if (!grid) throw new Error('no_pixels');
      const cv = await openCv;
      const mask = selectSurfaceWith(cv, grid, call.request, cache);
      answer(
        {
          type: 'mask',
          id: call.id,
          width: grid.width,
          height: grid.height,
          mask: mask.buffer as ArrayBuffer,
        },
        [mask.buffer as ArrayBuffer],
      );
    } catch (error) {
      answer({ type: 'error', id: call.id, message: error instanceof Error ? error.message : String(error) });
    }
  });
};
