import { describe, expect, it } from 'vitest';
import { editDocumentSchema, type EditLayer } from '@estancia/contracts';
import { createEditorStore } from '../model/store';
import { createTools } from './index';
import { correction, emptyDocument, pixels, toolContext } from '../test/fixtures';

/** A floor laid over the lower half, as the floor tool leaves it: selected, on top. */
const floorLayer = (): EditLayer => ({
  id: 'floor-1',
  type: 'paint',
  surface: 'floor',
  productId: 'floor-1',
  area: [{ kind: 'polygon', points: [0, 0.5, 1, 0.5, 1, 1, 0, 1], erase: false }],
});

// A white wall with a dark framed print in the middle.
const photo = pixels(8, 8, (x, y) => (x >= 3 && x < 5 && y >= 2 && y < 4 ? [40, 30, 30] : [245, 245, 240]));
const onPrint = { x: 0.45, y: 0.35 };
const square = [
  [0.2, 0.2],
  [0.4, 0.2],
  [0.4, 0.4],
  [0.2, 0.4],
];

function afterFloor(settings: { addToLayer?: boolean } = {}) {
  const floor = floorLayer();
  const store = createEditorStore({ ...emptyDocument(), layers: [floor] });
  store.select(floor.id);
  return { floor, ctx: toolContext({ store, pixels: photo, settings }) };
}

const layersOf = (ctx: ReturnType<typeof toolContext>) => ctx.store.getState().document.layers;

function lasso(ctx: ReturnType<typeof toolContext>) {
  const tool = createTools().lasso;
  const [first, ...rest] = square.map(([x, y]) => ({ x: x!, y: y! }));
  tool.onPointerDown(ctx, first!);
  for (const p of rest) tool.onPointerMove(ctx, p);
  tool.onPointerUp(ctx, rest.at(-1)!);
}

describe('each tool makes its own layer', () => {
  it('object selection after a floor starts a correction of its own: the print does not become floor', () => {
    const { floor, ctx } = afterFloor();
    createTools().select.onPointerDown(ctx, onPrint);
    const [kept, print] = layersOf(ctx);
    expect(kept).toBe(floor);
    expect(print).toMatchObject({ type: 'correction', area: [{ kind: 'mask', erase: false }] });
    expect(ctx.store.getState().selection).toBe(print!.id);
    editDocumentSchema.parse(ctx.store.getState().document);
  });

  it('the lasso after a floor starts a layer of its own', () => {
    const { floor, ctx } = afterFloor();
    lasso(ctx);
    expect(layersOf(ctx)).toHaveLength(2);
    expect(layersOf(ctx)[0]).toBe(floor);
    expect(layersOf(ctx)[1]).toMatchObject({ type: 'correction', area: [{ kind: 'polygon' }] });
  });

  it('two selections are two layers unless "add to layer" is on', () => {
    const { ctx } = afterFloor();
    const select = createTools().select;
    select.onPointerDown(ctx, onPrint);
    select.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    expect(layersOf(ctx)).toHaveLength(3);

    const adding = toolContext({ store: ctx.store, pixels: photo, settings: { addToLayer: true } });
    lasso(adding);
    expect(layersOf(adding)).toHaveLength(3);
    expect(layersOf(adding)[2]!.area.map((shape) => shape.kind)).toEqual(['mask', 'polygon']);
  });

  it('"add to layer" extends a selected correction, never a selected floor', () => {
    const { floor, ctx } = afterFloor({ addToLayer: true });
    createTools().select.onPointerDown(ctx, onPrint);
    expect(layersOf(ctx)[0]).toBe(floor);
    expect(layersOf(ctx)).toHaveLength(2);

    const store = createEditorStore({ ...emptyDocument(), layers: [correction()] });
    store.select('fix-1');
    const adding = toolContext({ store, pixels: photo, settings: { addToLayer: true } });
    createTools().select.onPointerDown(adding, onPrint);
    expect(layersOf(adding)).toHaveLength(1);
    expect(layersOf(adding)[0]!.area.map((shape) => shape.kind)).toEqual(['stroke', 'mask']);
  });

  it('the eraser still cuts the selected floor; the brush restores in a correction of its own', () => {
    const { ctx } = afterFloor();
    const { eraser, brush } = createTools();
    eraser.onPointerDown(ctx, { x: 0.5, y: 0.8 });
    eraser.onPointerUp(ctx, { x: 0.5, y: 0.8 });
    expect(layersOf(ctx)).toHaveLength(1);
    expect(layersOf(ctx)[0]!.area.at(-1)).toMatchObject({ kind: 'stroke', erase: true });
    brush.onPointerDown(ctx, { x: 0.5, y: 0.8 });
    brush.onPointerUp(ctx, { x: 0.5, y: 0.8 });
    expect(layersOf(ctx)).toHaveLength(2);
    expect(layersOf(ctx)[0]!.area).toHaveLength(2);
  });
});
