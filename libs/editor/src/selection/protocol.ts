import type { EditShape } from '@estancia/contracts';
import type { SurfaceRequest } from '../mask/select-surface';

/** Main thread → selection worker. */
export type SelectionCall =
  /** The picture's pixels, composed on the main thread (no ImageBitmap or OffscreenCanvas there). */
  | { type: 'image'; imageId: number; width: number; height: number; pixels: ArrayBuffer }
  /**
   * The picture to compose in the worker at `width`×`height`: the draft, then the original photo
   * inside each restoring area in order (`editedPixels`). The bitmaps are transferred.
   */
  | {
      type: 'picture';
      imageId: number;
      width: number;
      height: number;
      base: ImageBitmap;
      original: ImageBitmap | null;
      areas: (readonly EditShape[])[];
    }
  /** `key`: what the answer is for; a newer request with the same key supersedes this one. */
  | { type: 'select'; id: number; imageId: number; key: string; request: SurfaceRequest };

/** Selection worker → main thread. */
export type SelectionAnswer =
  | { type: 'mask'; id: number; width: number; height: number; mask: ArrayBuffer }
  | { type: 'error'; id: number; message: string };
