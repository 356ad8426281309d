import type { SurfaceRequest } from '../mask/select-surface';

/** Main thread → selection worker. */
export type SelectionCall =
  /** The picture being edited, full resolution (capped), sent once per picture as a transferable. */
  | { type: 'image'; imageId: number; width: number; height: number; pixels: ArrayBuffer }
  | { type: 'select'; id: number; imageId: number; request: SurfaceRequest };

/** Selection worker → main thread. */
export type SelectionAnswer =
  | { type: 'mask'; id: number; width: number; height: number; mask: ArrayBuffer }
  | { type: 'error'; id: number; message: string };
