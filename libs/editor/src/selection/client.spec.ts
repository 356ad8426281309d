import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditLayer, EditShape } from '@estancia/contracts';
import { createSurfaceSelector, type EditedPicture } from './client';
import type { SelectionCall } from './protocol';
import { TestCanvas, testImage } from './test-canvas';

vi.mock('../render/canvas', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../render/canvas')>()),
  createCanvas: (width: number, height: number) => new TestCanvas(width, height),
}));

/** The selection worker as the client sees it: what it was sent, and its events to fire. */
class FakeWorker {
  static last: FakeWorker;
  readonly posted: { call: SelectionCall; transfer: Transferable[] }[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(call: SelectionCall, transfer: Transferable[] = []) {
    this.posted.push({ call, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  fail(message: string) {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
  types() {
    return this.posted.map((p) => p.call.type);
  }
}

const grid = () => ({ width: 4, height: 3, data: new Uint8ClampedArray(4 * 3 * 4) });
const request = { seed: { x: 1, y: 1 } };
/** Lets the client's queued posts run (the bitmaps are made a task apart). */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const area = (x: number): EditShape[] => [{ kind: 'polygon', points: [x, 0, 1, 0, 1, 1], erase: false }];
const layers: EditLayer[] = [
  { id: 'a', type: 'correction', area: area(0.1) },
  { id: 'b', type: 'correction', restore: 'draft', area: area(0.2) },
  { id: 'c', type: 'correction', restore: 'original', area: area(0.3) },
];
const picture = (): EditedPicture => ({
  base: testImage(8, 6, () => [200, 0, 0, 255]) as unknown as HTMLImageElement,
  original: testImage(8, 6, () => [0, 0, 200, 255]) as unknown as HTMLImageElement,
  layers,
  width: 4,
  height: 3,
});

beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('the surface selection client', () => {
  it('answers a request with the worker’s mask, and rejects with the worker’s error', async () => {
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    selector.setImage(grid());
    const first = selector.select(request, 'wall');
    await settle();
    expect(worker.types()).toEqual(['image', 'select']);
    worker.answer({ type: 'mask', id: 1, width: 4, height: 3, mask: new Uint8Array(12).fill(1).buffer });
    await expect(first).resolves.toMatchObject({ width: 4, height: 3 });
    const second = selector.select(request, 'wall');
    await settle();
    worker.answer({ type: 'error', id: 2, message: 'no_pixels' });
    await expect(second).rejects.toThrow('no_pixels');
  });

  it('answers requests for different things; a newer one for the same supersedes the older', async () => {
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    selector.setImage(grid());
    const wall = selector.select(request, 'wall');
    const floor = selector.select(request, 'floor');
    const floorAgain = selector.select({ ...request, tolerance: 0.8 }, 'floor');
    await settle();
    // The older floor request is answered null at once; the wall one still waits for its answer.
    await expect(floor).resolves.toBeNull();
    const mask = () => new Uint8Array(12).fill(1).buffer;
    worker.answer({ type: 'mask', id: 1, width: 4, height: 3, mask: mask() });
    worker.answer({ type: 'mask', id: 3, width: 4, height: 3, mask: mask() });
    await expect(wall).resolves.toMatchObject({ width: 4, height: 3 });
    await expect(floorAgain).resolves.toMatchObject({ width: 4, height: 3 });
  });

  it('rejects the waiting request when the worker fails, and every later one at once', async () => {
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    selector.setImage(grid());
    const waiting = selector.select(request, 'wall');
    await settle();
    worker.fail('Failed to fetch a worker script');
    await expect(waiting).rejects.toThrow(/selection_worker_failed/);
    await expect(selector.select(request, 'wall')).rejects.toThrow(/selection_worker_failed/);
    expect(worker.types()).toEqual(['image', 'select']);
  });

  it('rejects the waiting request when a message cannot be read', async () => {
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    selector.setImage(grid());
    const waiting = selector.select(request, 'wall');
    worker.onmessageerror?.({} as MessageEvent);
    await expect(waiting).rejects.toThrow(/selection_worker_failed/);
    await expect(selector.select(request, 'wall')).rejects.toThrow(/selection_worker_failed/);
  });

  it('rejects a request whose picture could not be sent, instead of waiting', async () => {
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    worker.postMessage = () => {
      throw new Error('DataCloneError');
    };
    selector.setImage(grid());
    await expect(selector.select(request, 'wall')).rejects.toThrow('no_pixels');
  });

  it('sends the images as bitmaps and the restoring areas, the worker composing them', async () => {
    const bitmaps: { close: () => void; source: unknown }[] = [];
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('createImageBitmap', async (source: unknown) => {
      const bitmap = { source, close: vi.fn() };
      bitmaps.push(bitmap);
      return bitmap;
    });
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    const edited = picture();
    selector.setPicture(edited);
    const waiting = selector.select(request, 'wall');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // One image a task: the original's bitmap waits for the next one.
    expect(bitmaps).toHaveLength(1);
    await settle();
    expect(worker.types()).toEqual(['picture', 'select']);
    const [sent, select] = worker.posted;
    expect(sent!.call).toMatchObject({ type: 'picture', imageId: 1, width: 4, height: 3 });
    const call = sent!.call as Extract<SelectionCall, { type: 'picture' }>;
    expect(call.areas).toEqual([layers[0]!.area, layers[2]!.area]);
    expect(bitmaps.map((b) => b.source)).toEqual([edited.base, edited.original]);
    expect([call.base, call.original]).toEqual(bitmaps);
    expect(sent!.transfer).toEqual(bitmaps);
    expect(select!.call).toMatchObject({ type: 'select', id: 1, imageId: 1 });
    worker.answer({ type: 'error', id: 1, message: 'no_pixels' });
    await expect(waiting).rejects.toThrow('no_pixels');
  });

  it('rejects a request whose images could not become bitmaps', async () => {
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('InvalidStateError')));
    const selector = createSurfaceSelector();
    selector.setPicture(picture());
    await expect(selector.select(request, 'wall')).rejects.toThrow('no_pixels');
    expect(FakeWorker.last.types()).toEqual([]);
  });

  it('composes the picture here and sends its pixels where there is no OffscreenCanvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    const selector = createSurfaceSelector();
    const worker = FakeWorker.last;
    selector.setPicture(picture());
    void selector.select(request, 'wall');
    await settle();
    expect(worker.types()).toEqual(['image', 'select']);
    const call = worker.posted[0]!.call as Extract<SelectionCall, { type: 'image' }>;
    const pixels = new Uint8ClampedArray(call.pixels);
    // Column 0 is the draft (red), the restoring areas show the original photo (blue).
    expect(Array.from(pixels.slice(0, 4))).toEqual([200, 0, 0, 255]);
    expect(Array.from(pixels.slice(12, 16))).toEqual([0, 0, 200, 255]);
  });

  it('answers nothing once disposed', async () => {
    const selector = createSurfaceSelector();
    selector.setImage(grid());
    const waiting = selector.select(request, 'wall');
    selector.dispose();
    await expect(waiting).resolves.toBeNull();
    await expect(selector.select(request, 'wall')).resolves.toBeNull();
    expect(FakeWorker.last.terminated).toBe(true);
  });
});
