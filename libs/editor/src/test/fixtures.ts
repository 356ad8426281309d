import type { EditDocument, EditLayer } from '@estancia/contracts';
import { createEditDocument } from '../model/document';
import { createEditorStore, type EditorStore } from '../model/store';
import type { PixelGrid } from '../mask/flood-fill';
import type { ToolContext, ToolNotice, ToolSettings } from '../tools/types';

export const BASE_VERSION_ID = '3f1c6a52-9a43-4c1e-8d2b-6b0e9f2a7c10';

export const emptyDocument = (): EditDocument => createEditDocument(BASE_VERSION_ID);

export const wallLayer = (id = 'wall-1', productId = 'paint-1'): EditLayer => ({
  id,
  type: 'paint',
  surface: 'wall',
  productId,
  area: [{ kind: 'polygon', points: [0.1, 0.1, 0.5, 0.1, 0.5, 0.6], erase: false }],
});

export const correction = (id = 'fix-1'): EditLayer => ({
  id,
  type: 'correction',
  area: [{ kind: 'stroke', points: [0.2, 0.2, 0.3, 0.3], size: 0.02, hardness: 0.5, erase: false }],
});

/** An image of `width`×`height` filled by `colour(x, y)` → [r, g, b]. */
export function pixels(width: number, height: number, colour: (x: number, y: number) => number[]): PixelGrid {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      data.set([r!, g!, b!, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

export interface TestContext extends ToolContext {
  readonly notices: ToolNotice[];
  readonly outlines: { points: number[]; closed: boolean }[];
  readonly strokes: number[][];
  cleared: number;
}

/** A real store and settings, with the preview and notices recorded instead of drawn. */
export function toolContext(
  options: {
    store?: EditorStore;
    settings?: Partial<ToolSettings>;
    image?: { width: number; height: number };
    pixels?: PixelGrid | null;
  } = {},
): TestContext {
  const notices: ToolNotice[] = [];
  const outlines: { points: number[]; closed: boolean }[] = [];
  const strokes: number[][] = [];
  const ctx: TestContext = {
    store: options.store ?? createEditorStore(emptyDocument()),
    settings: {
      brushSize: 0.02,
      hardness: 0.8,
      tolerance: 0.1,
      restore: 'original',
      surfaceTolerance: 0.5,
      wallProductId: 'paint-1',
      floorProductId: 'floor-1',
      ...options.settings,
    },
    image: options.image ?? { width: 1000, height: 750 },
    hitRadius: 0.01,
    readPixels: () => options.pixels ?? null,
    preview: {
      stroke: (points) => strokes.push([...points]),
      outline: (points, closed) => outlines.push({ points: [...points], closed }),
      clear: () => {
        ctx.cleared++;
      },
    },
    notify: (notice) => notices.push(notice),
    random: () => 0.5,
    notices,
    outlines,
    strokes,
    cleared: 0,
  };
  return ctx;
}
