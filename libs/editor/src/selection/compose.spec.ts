import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditLayer, EditShape } from '@estancia/contracts';
import { createCanvas } from '../render/canvas';
import { editedPixels, freshCoverage, restoredAreas, type CoverageOf } from './compose';
import { TestCanvas, testImage, type TestPixels } from './test-canvas';

vi.mock('../render/canvas', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../render/canvas')>()),
  createCanvas: (width: number, height: number) => new TestCanvas(width, height),
}));

const W = 6;
const H = 4;
const polygon = (x0: number, x1: number): EditShape => ({
  kind: 'polygon',
  points: [x0, 0, x1, 0, x1, 1, x0, 1],
  erase: false,
});
/** Each test area's coverage: opaque between its polygon's x bounds, half covered on its first column. */
const coverage: CoverageOf = (area, width, height) => {
  const points = (area[0] as { points: number[] }).points;
  const [from, to] = [points[0]! * width, points[2]! * width];
  return testImage(width, height, (x) => [0, 0, 0, x === from ? 128 : x > from && x < to ? 255 : 0]) as never;
};
const draft = testImage(W * 2, H * 2, (x, y) => [200, 10 * y, 5 * x, 255]);
const original = testImage(W * 2, H * 2, (x, y) => [10 * x, 100, 10 * y, 255]);
const layers: EditLayer[] = [
  { id: 'fix', type: 'correction', area: [polygon(0, 0.5)] },
  { id: 'paint', type: 'paint', surface: 'wall', productId: 'p', area: [polygon(0, 1)] },
  { id: 'undo-paint', type: 'correction', restore: 'draft', area: [polygon(0, 1)] },
  { id: 'fix-more', type: 'correction', restore: 'original', area: [polygon(2 / 3, 1)] },
];

/** `EditorCanvas`'s editedPixels before the composition moved to the worker, verbatim but for its canvases. */
function editedPixelsBefore(
  base: CanvasImageSource,
  original: CanvasImageSource | null,
  layers: readonly EditLayer[],
  size: { width: number; height: number },
) {
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  try {
    ctx.drawImage(base, 0, 0, size.width, size.height);
    for (const layer of layers) {
      if (layer.type !== 'correction' || layer.restore === 'draft' || !original) continue;
      const restored = createCanvas(size.width, size.height);
      const rctx = restored.getContext('2d');
      if (!rctx) continue;
      rctx.drawImage(coverage(layer.area, size.width, size.height), 0, 0);
      rctx.globalCompositeOperation = 'source-in';
      rctx.drawImage(original, 0, 0, size.width, size.height);
      ctx.drawImage(restored, 0, 0);
    }
    return ctx.getImageData(0, 0, size.width, size.height);
  } catch {
    return null;
  }
}

const pixelAt = (grid: TestPixels, x: number, y: number) =>
  Array.from(grid.data.slice((y * grid.width + x) * 4, (y * grid.width + x) * 4 + 4));
const asSource = (image: TestPixels) => image as unknown as CanvasImageSource;

describe('the picture the surface selection reads', () => {
  it('takes the correction layers restoring the original photo, in order, and no other layer', () => {
    expect(restoredAreas(layers)).toEqual([layers[0]!.area, layers[3]!.area]);
    expect(restoredAreas(layers)[0]).toBe(layers[0]!.area);
  });

  it('gives the same pixels as the main-thread composition did', () => {
    const now = editedPixels(asSource(draft), asSource(original), restoredAreas(layers), W, H, coverage);
    const before = editedPixelsBefore(asSource(draft), asSource(original), layers, { width: W, height: H });
    expect(now).not.toBeNull();
    expect(Array.from(now!.data)).toEqual(Array.from((before as TestPixels).data));
  });

  it('is the draft with the original photo inside the restoring areas, a soft edge blended', () => {
    const grid = editedPixels(asSource(draft), asSource(original), restoredAreas(layers), W, H, coverage)!;
    const sample = (image: TestPixels, x: number, y: number) => pixelAt(image, x * 2 + 1, y * 2 + 1);
    expect(pixelAt(grid as TestPixels, 1, 1)).toEqual(sample(original, 1, 1));
    expect(pixelAt(grid as TestPixels, 3, 2)).toEqual(sample(draft, 3, 2));
    expect(pixelAt(grid as TestPixels, 5, 0)).toEqual(sample(original, 5, 0));
    // Half the first column of an area: half the photo over the draft.
    const [r] = pixelAt(grid as TestPixels, 4, 0);
    expect(r).toBeGreaterThan(sample(original, 4, 0)[0]!);
    expect(r).toBeLessThan(sample(draft, 4, 0)[0]!);
  });

  it('rasterises the areas in the worker as on the main thread (areaCoverage), an erased part included', () => {
    const drawn: EditLayer[] = [
      {
        id: 'fix',
        type: 'correction',
        area: [polygon(0, 0.8), { ...polygon(0.2, 0.5), erase: true }],
      },
    ];
    const areas = restoredAreas(drawn);
    const main = editedPixels(asSource(draft), asSource(original), areas, W, H);
    const worker = editedPixels(asSource(draft), asSource(original), areas, W, H, freshCoverage);
    expect(Array.from(worker!.data)).toEqual(Array.from(main!.data));
    expect(pixelAt(worker as TestPixels, 0, 0)).toEqual(pixelAt(original, 1, 1));
    expect(pixelAt(worker as TestPixels, 2, 1)).toEqual(pixelAt(draft, 5, 3));
    expect(pixelAt(worker as TestPixels, 5, 0)).toEqual(pixelAt(draft, 11, 1));
  });

  it('is the draft alone without the original photo', () => {
    const grid = editedPixels(asSource(draft), null, restoredAreas(layers), W, H, coverage)!;
    const drawn = new TestCanvas(W, H);
    drawn.getContext().drawImage(draft, 0, 0, W, H);
    expect(Array.from(grid.data)).toEqual(Array.from(drawn.data));
  });
});

describe('createCanvas', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is an OffscreenCanvas where there is no document (the selection worker)', async () => {
    const { createCanvas: create } =
      await vi.importActual<typeof import('../render/canvas')>('../render/canvas');
    class FakeOffscreenCanvas {
      constructor(
        public width: number,
        public height: number,
      ) {}
    }
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    expect(create(10, 5)).toBeInstanceOf(HTMLCanvasElement);
    vi.stubGlobal('document', undefined);
    const canvas = create(10.4, 5);
    expect(canvas).toBeInstanceOf(FakeOffscreenCanvas);
    expect([canvas.width, canvas.height]).toEqual([10, 5]);
  });
});
