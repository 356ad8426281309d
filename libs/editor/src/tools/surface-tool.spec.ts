import { describe, expect, it, vi } from 'vitest';
import { editDocumentSchema, isExtraLayer, type EditLayer } from '@estancia/contracts';
import { decodeRuns } from '../mask/runs';
import { createTools, refineSelectedSurface } from './index';
import type { SelectedSurface, SurfaceSelectionRequest } from './types';
import { toolContext } from '../test/fixtures';

/** A stand-in for the selection worker: the left `share` of a 40×30 grid, recording each request. */
function fakeSelection() {
  const requests: SurfaceSelectionRequest[] = [];
  const select = vi.fn(async (request: SurfaceSelectionRequest): Promise<SelectedSurface> => {
    requests.push(request);
    const share = 0.3 + request.tolerance * 0.4 + (request.strokes?.length ?? 0) * 0.05;
    const mask = new Uint8Array(40 * 30).map((_, i) => (i % 40 < share * 40 ? 1 : 0));
    return { width: 40, height: 30, mask };
  });
  return { requests, select };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('wall and floor with the surface selection', () => {
  it('one click selects the surface into a new paint layer that keeps its click, tolerance and mask', async () => {
    const { requests, select } = fakeSelection();
    const ctx = {
      ...toolContext({ settings: { wallProductId: 'paint-7', surfaceTolerance: 0.5 } }),
      selectSurface: select,
    };
    const wall = createTools().wall;
    wall.onPointerDown(ctx, { x: 0.2, y: 0.3 });
    wall.onPointerUp(ctx, { x: 0.2, y: 0.3 });
    await flush();
    const [layer] = ctx.store.getState().document.layers as (EditLayer & { type: 'paint' })[];
    // Keyed by the new layer: selecting the floor meanwhile would not cancel it.
    expect(requests).toEqual([{ key: layer!.id, seed: { x: 0.2, y: 0.3 }, tolerance: 0.5 }]);
    expect(layer).toMatchObject({
      type: 'paint',
      surface: 'wall',
      productId: 'paint-7',
      seed: { x: 0.2, y: 0.3 },
      tolerance: 0.5,
    });
    const [shape] = layer!.area;
    expect(shape).toMatchObject({ kind: 'mask', width: 40, height: 30, erase: false });
    const mask = decodeRuns(shape!.kind === 'mask' ? shape!.runs : [], 40, 30);
    expect(mask[5 * 40 + 3]).toBe(1);
    expect(mask[5 * 40 + 39]).toBe(0);
    // A wall for every plan: its mask is not an object selection, and the document is valid.
    expect(isExtraLayer(layer!)).toBe(false);
    expect(editDocumentSchema.safeParse(ctx.store.getState().document).success).toBe(true);
    expect(ctx.store.getState().selection).toBe(layer!.id);
  });

  it('shift+drag adds a brush stroke and alt+drag subtracts, each re-running the selection of that layer', async () => {
    const { requests, select } = fakeSelection();
    let keys = { shift: true, alt: false };
    const base = toolContext({
      settings: { wallProductId: 'paint-7', surfaceTolerance: 0.5, brushSize: 0.05 },
    });
    const ctx = { ...base, selectSurface: select, modifiers: () => keys };
    const wall = createTools().wall;
    keys = { shift: false, alt: false };
    wall.onPointerDown(ctx, { x: 0.2, y: 0.3 });
    await flush();
    keys = { shift: true, alt: false };
    wall.onPointerDown(ctx, { x: 0.5, y: 0.5 });
    wall.onPointerMove(ctx, { x: 0.6, y: 0.5 });
    wall.onPointerUp(ctx, { x: 0.7, y: 0.5 });
    await flush();
    keys = { shift: false, alt: true };
    wall.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    wall.onPointerUp(ctx, { x: 0.15, y: 0.1 });
    await flush();
    expect(ctx.store.getState().document.layers).toHaveLength(1);
    expect(requests.at(-1)!.strokes).toEqual([
      { points: [0.5, 0.5, 0.6, 0.5, 0.7, 0.5], size: 0.05, subtract: false },
      { points: [0.1, 0.1, 0.15, 0.1], size: 0.05, subtract: true },
    ]);
    const layer = ctx.store.getState().document.layers[0]!;
    expect(layer.type === 'paint' && layer.strokes).toHaveLength(2);
  });

  it('the tolerance re-runs the selected surface around its click, as one step of the history', async () => {
    const { requests, select } = fakeSelection();
    const ctx = {
      ...toolContext({ settings: { floorProductId: 'oak', surfaceTolerance: 0.5 } }),
      selectSurface: select,
    };
    const floor = createTools().floor;
    floor.onPointerDown(ctx, { x: 0.4, y: 0.8 });
    await flush();
    expect(refineSelectedSurface(ctx, 0.9)).toBe(true);
    await flush();
    const layer = ctx.store.getState().document.layers[0]!;
    expect(requests.at(-1)).toEqual({ key: layer.id, seed: { x: 0.4, y: 0.8 }, tolerance: 0.9 });
    expect(layer.type === 'paint' && layer.tolerance).toBe(0.9);
    ctx.store.undo();
    const back = ctx.store.getState().document.layers[0]!;
    expect(back.type === 'paint' && back.tolerance).toBe(0.5);
  });

  it('with the Outline option the corners make an outline layer, refined on the picture, not a selection', async () => {
    const { requests, select } = fakeSelection();
    const ctx = {
      ...toolContext({ settings: { wallProductId: 'paint-7', surfaceOutline: true } }),
      selectSurface: select,
    };
    const wall = createTools().wall;
    for (const [x, y] of [
      [0.1, 0.1],
      [0.6, 0.1],
      [0.6, 0.6],
      [0.1, 0.1],
    ] as const) {
      wall.onPointerDown(ctx, { x, y });
      wall.onPointerUp(ctx, { x, y });
    }
    await flush();
    expect(requests).toHaveLength(0);
    const layer = ctx.store.getState().document.layers[0]!;
    expect(layer.area[0]).toEqual({ kind: 'polygon', points: [0.1, 0.1, 0.6, 0.1, 0.6, 0.6], erase: false });
  });
});
