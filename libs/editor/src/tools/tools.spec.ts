import { describe, expect, it } from 'vitest';
import { EDIT_TOOLS, editDocumentSchema, type EditLayer } from '@estancia/contracts';
import { AddLayerCommand } from '../model/commands';
import { createEditorStore } from '../model/store';
import { decodeRuns } from '../mask/runs';
import { applyAiToSelection, createTools, refineSelectedSurface, TOOL_SHORTCUTS } from './index';
import { correction, emptyDocument, pixels, toolContext, wallLayer } from '../test/fixtures';

const tools = () => createTools();
const layers = (ctx: ReturnType<typeof toolContext>) => ctx.store.getState().document.layers;
const valid = (ctx: ReturnType<typeof toolContext>) =>
  editDocumentSchema.parse(ctx.store.getState().document);

/** Drags a tool along `points` ([x, y] pairs). */
function drag(
  tool: ReturnType<typeof tools>['brush'],
  ctx: ReturnType<typeof toolContext>,
  points: number[][],
) {
  const [first, ...rest] = points.map(([x, y]) => ({ x: x!, y: y! }));
  tool.onPointerDown(ctx, first!);
  for (const p of rest) tool.onPointerMove(ctx, p);
  tool.onPointerUp(ctx, rest.at(-1) ?? first!);
}

describe('the tool set', () => {
  it('has one tool for every edit tool of the contract, each with its own shortcut', () => {
    const set = tools();
    expect(Object.keys(set).sort()).toEqual([...EDIT_TOOLS].sort());
    for (const id of EDIT_TOOLS) expect(set[id].id).toBe(id);
    expect(new Set(Object.values(TOOL_SHORTCUTS)).size).toBe(EDIT_TOOLS.length);
  });
});

describe('brush and eraser', () => {
  it('a brush stroke without a selected layer starts a correction layer and selects it', () => {
    const ctx = toolContext({ settings: { brushSize: 0.03, hardness: 0.7 } });
    drag(tools().brush, ctx, [
      [0.1, 0.1],
      [0.2, 0.15],
      [0.3, 0.2],
    ]);
    const [layer] = layers(ctx);
    expect(layer).toMatchObject({ type: 'correction' });
    expect(layer!.area).toEqual([
      { kind: 'stroke', points: [0.1, 0.1, 0.2, 0.15, 0.3, 0.2], size: 0.03, hardness: 0.7, erase: false },
    ]);
    expect(ctx.store.getState().selection).toBe(layer!.id);
    expect(ctx.strokes).toHaveLength(3);
    expect(ctx.cleared).toBe(1);
    valid(ctx);
  });

  it('a second stroke goes into the selected layer; undo takes it out again', () => {
    const ctx = toolContext();
    const brush = tools().brush;
    drag(brush, ctx, [[0.1, 0.1]]);
    drag(brush, ctx, [
      [0.5, 0.5],
      [0.6, 0.5],
    ]);
    expect(layers(ctx)).toHaveLength(1);
    expect(layers(ctx)[0]!.area).toHaveLength(2);
    ctx.store.undo();
    expect(layers(ctx)[0]!.area).toHaveLength(1);
    valid(ctx);
  });

  it('skips points closer than a tenth of the brush and keeps coordinates within 0..1', () => {
    const ctx = toolContext({ settings: { brushSize: 0.1 } });
    drag(tools().brush, ctx, [
      [0.5, 0.5],
      [0.501, 0.5],
      [0.502, 0.501],
      [1.4, -0.2],
    ]);
    const stroke = layers(ctx)[0]!.area[0]!;
    expect(stroke.kind === 'stroke' && stroke.points).toEqual([0.5, 0.5, 1, 0]);
  });

  it('the eraser cuts the selected layer, or the top one, and says so when there is none', () => {
    const ctx = toolContext();
    drag(tools().eraser, ctx, [[0.2, 0.2]]);
    expect(ctx.notices).toEqual(['nothing_to_erase']);
    ctx.store.execute(new AddLayerCommand(wallLayer()));
    ctx.store.execute(new AddLayerCommand(correction()));
    drag(tools().eraser, ctx, [
      [0.2, 0.2],
      [0.25, 0.25],
    ]);
    expect(layers(ctx)[1]!.area.at(-1)).toMatchObject({ kind: 'stroke', erase: true });
    ctx.store.select('wall-1');
    drag(tools().eraser, ctx, [[0.3, 0.3]]);
    expect(layers(ctx)[0]!.area.at(-1)).toMatchObject({ kind: 'stroke', erase: true });
    valid(ctx);
  });

  it('restores the photo whatever layer is selected: a stroke over a selected wall starts a correction on top', () => {
    const wall = wallLayer();
    const store = createEditorStore({ ...emptyDocument(), layers: [wall] });
    store.select(wall.id);
    const ctx = toolContext({ store });
    drag(tools().brush, ctx, [
      [0.3, 0.3],
      [0.4, 0.3],
    ]);
    const [painted, restored] = layers(ctx);
    expect(painted).toBe(wall); // the wall's area did not grow
    expect(restored).toMatchObject({ type: 'correction', area: [{ kind: 'stroke', erase: false }] });
    expect(ctx.store.getState().selection).toBe(restored!.id);
    valid(ctx);
  });

  it('restores the AI draft by choice, in a correction of its own', () => {
    const ctx = toolContext();
    const brush = tools().brush;
    drag(brush, ctx, [[0.1, 0.1]]);
    Object.assign(ctx, { settings: { ...ctx.settings, restore: 'draft' } });
    drag(brush, ctx, [[0.5, 0.5]]);
    drag(brush, ctx, [[0.6, 0.5]]);
    const [original, draft] = layers(ctx);
    expect(original).toMatchObject({ type: 'correction', area: [{ kind: 'stroke' }] });
    expect(original).not.toHaveProperty('restore');
    expect(draft).toMatchObject({ type: 'correction', restore: 'draft' });
    expect(draft!.area).toHaveLength(2);
    valid(ctx);
  });

  it('refuses a shape past the 500 of an area', () => {
    const full: EditLayer = { ...correction(), area: Array(500).fill(correction().area[0]) };
    const store = createEditorStore({ ...emptyDocument(), layers: [full] });
    store.select(full.id);
    const ctx = toolContext({ store });
    drag(tools().brush, ctx, [[0.5, 0.5]]);
    expect(ctx.notices).toEqual(['area_full']);
    expect(store.getState().history.past).toHaveLength(0);
  });
});

describe('wall and floor', () => {
  it('refines the outline to the wall: a sofa in front stays unpainted, and the tolerance refines it again', () => {
    // A beige wall, lit from the left, with a dark sofa standing in front of it.
    const sofa = (x: number, y: number) => x >= 40 && x < 80 && y >= 40 && y < 60;
    const scene = pixels(120, 80, (x, y) =>
      sofa(x, y) ? [70, 60, 55] : [220 - x / 4, 205 - x / 4, 180 - x / 4],
    );
    const ctx = toolContext({ pixels: scene, settings: { wallProductId: 'paint-7', surfaceTolerance: 0.5 } });
    const wall = tools().wall;
    for (const [x, y] of [
      [0.05, 0.05],
      [0.95, 0.05],
      [0.95, 0.9],
      [0.05, 0.9],
      [0.05, 0.05],
    ]) {
      wall.onPointerDown(ctx, { x: x!, y: y! });
      wall.onPointerUp(ctx, { x: x!, y: y! });
    }
    const [layer] = layers(ctx);
    expect(layer).toMatchObject({
      type: 'paint',
      tolerance: 0.5,
      area: [{ kind: 'polygon' }, { kind: 'mask', erase: true }],
    });
    const cut = layer!.area[1]!;
    if (cut.kind !== 'mask') throw new Error('no mask');
    const inFront = decodeRuns(cut.runs, cut.width, cut.height);
    expect(inFront[50 * 120 + 60]).toBe(1); // the sofa is cut out of the paint
    expect(inFront[20 * 120 + 20]).toBe(0); // the wall is painted
    valid(ctx);

    // Let go of the slider at another tolerance: the same layer, refined again, one step of the history.
    expect(refineSelectedSurface(ctx, 0.3)).toBe(true);
    const [again] = layers(ctx);
    expect(again).toMatchObject({
      id: layer!.id,
      tolerance: 0.3,
      area: [{ kind: 'polygon' }, { kind: 'mask' }],
    });
    ctx.store.undo();
    expect(layers(ctx)[0]).toBe(layer);
  });

  it('click the corners, click the first one again: a wall painted with the chosen paint', () => {
    const ctx = toolContext({ settings: { wallProductId: 'paint-7' } });
    const wall = tools().wall;
    for (const [x, y] of [
      [0.1, 0.1],
      [0.6, 0.1],
      [0.6, 0.7],
    ]) {
      wall.onPointerDown(ctx, { x: x!, y: y! });
      wall.onPointerUp(ctx, { x: x!, y: y! });
    }
    wall.onPointerMove(ctx, { x: 0.2, y: 0.6 });
    expect(ctx.outlines.at(-1)).toEqual({ points: [0.1, 0.1, 0.6, 0.1, 0.6, 0.7, 0.2, 0.6], closed: false });
    expect(layers(ctx)).toHaveLength(0);
    wall.onPointerDown(ctx, { x: 0.102, y: 0.101 });
    expect(layers(ctx)).toEqual([
      {
        id: expect.any(String),
        type: 'paint',
        surface: 'wall',
        productId: 'paint-7',
        area: [{ kind: 'polygon', points: [0.1, 0.1, 0.6, 0.1, 0.6, 0.7], erase: false }],
      },
    ]);
    expect(ctx.store.getState().selection).toBe(layers(ctx)[0]!.id);
    valid(ctx);
  });

  it('a double-click closes a floor outline (its second click adds no corner)', () => {
    const ctx = toolContext();
    const floor = tools().floor;
    for (const [x, y] of [
      [0.0, 0.7],
      [1.0, 0.7],
      [1.0, 1.0],
      [0.0, 1.0],
      [0.0, 1.0],
    ])
      floor.onPointerDown(ctx, { x: x!, y: y! });
    floor.onDoubleClick!(ctx, { x: 0, y: 1 });
    expect(layers(ctx)[0]).toMatchObject({
      surface: 'floor',
      productId: 'floor-1',
      area: [{ kind: 'polygon', points: [0, 0.7, 1, 0.7, 1, 1, 0, 1] }],
    });
    valid(ctx);
  });

  it('two quick clicks on two corners are two corners, not a double-click that closes the outline', () => {
    const ctx = toolContext();
    const floor = tools().floor;
    for (const [x, y] of [
      [0.0, 0.7],
      [1.0, 0.7],
      [1.0, 1.0],
    ])
      floor.onPointerDown(ctx, { x: x!, y: y! });
    // The stage reports the third click, quick after the second, as a double-click too.
    floor.onDoubleClick!(ctx, { x: 1, y: 1 });
    expect(layers(ctx)).toHaveLength(0);
    floor.onPointerDown(ctx, { x: 0.0, y: 1.0 });
    // A double-click's second click a few pixels off the first (within the hit radius) still closes.
    floor.onPointerDown(ctx, { x: 0.005, y: 0.995 });
    floor.onDoubleClick!(ctx, { x: 0.005, y: 0.995 });
    expect(layers(ctx)[0]).toMatchObject({
      area: [{ kind: 'polygon', points: [0, 0.7, 1, 0.7, 1, 1, 0, 1] }],
    });
  });

  it('needs a product, and fewer than three corners or Escape make nothing', () => {
    const ctx = toolContext({ settings: { wallProductId: null } });
    const set = tools();
    set.wall.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    expect(ctx.notices).toEqual(['choose_product']);
    set.floor.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    set.floor.onPointerDown(ctx, { x: 0.3, y: 0.1 });
    set.floor.onCommit!(ctx);
    set.floor.onPointerDown(ctx, { x: 0.3, y: 0.5 });
    set.floor.onCancel!(ctx);
    set.floor.onCommit!(ctx);
    expect(layers(ctx)).toHaveLength(0);
  });
});

describe('object selection and lasso', () => {
  // Left half a white wall, right half a brown sofa.
  const photo = pixels(8, 4, (x) => (x < 4 ? [250, 250, 250] : [120, 70, 40]));

  it('a click selects the region of similar colour as a run-length mask in a new correction layer', () => {
    const ctx = toolContext({ pixels: photo });
    tools().select.onPointerDown(ctx, { x: 0.8, y: 0.5 });
    const [layer] = layers(ctx);
    const mask = layer!.area[0]!;
    expect(layer!.type).toBe('correction');
    expect(mask).toEqual({ kind: 'mask', width: 8, height: 4, runs: [4, 4, 4, 4, 4, 4, 4, 4], erase: false });
    expect(mask.kind === 'mask' && Array.from(decodeRuns(mask.runs, 8, 4))).toEqual(
      Array.from({ length: 32 }, (_, i) => (i % 8 >= 4 ? 1 : 0)),
    );
    valid(ctx);
  });

  it('never extends a selected wall, adds to a correction with "add to layer", and says when the photo cannot be read', () => {
    const store = createEditorStore({ ...emptyDocument(), layers: [wallLayer(), correction()] });
    store.select('wall-1');
    const ctx = toolContext({ store, pixels: photo, settings: { addToLayer: true } });
    tools().select.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    expect(layers(ctx)[0]!.area.map((s) => s.kind)).toEqual(['polygon']);
    expect(layers(ctx)).toHaveLength(3);
    store.select('fix-1');
    tools().select.onPointerDown(ctx, { x: 0.1, y: 0.1 });
    expect(layers(ctx)[1]!.area.map((s) => s.kind)).toEqual(['stroke', 'mask']);
    const blind = toolContext();
    tools().select.onPointerDown(blind, { x: 0.1, y: 0.1 });
    expect(blind.notices).toEqual(['no_pixels']);
  });

  it('the lasso closes its path into a polygon; a mere click makes nothing', () => {
    const ctx = toolContext();
    const lasso = tools().lasso;
    drag(lasso, ctx, [
      [0.2, 0.2],
      [0.4, 0.2],
      [0.4, 0.4],
      [0.2, 0.4],
    ]);
    expect(ctx.outlines.at(-1)?.closed).toBe(true);
    expect(layers(ctx)[0]!.area).toEqual([
      { kind: 'polygon', points: [0.2, 0.2, 0.4, 0.2, 0.4, 0.4, 0.2, 0.4], erase: false },
    ]);
    drag(lasso, ctx, [[0.5, 0.5]]);
    expect(layers(ctx)[0]!.area).toHaveLength(1);
    valid(ctx);
  });
});

describe('AI decoration and reform', () => {
  it('drawing an area creates an AI layer with a seed; more areas extend it', () => {
    const ctx = toolContext();
    const ai = tools().ai_decoration;
    const square = [
      [0.1, 0.1],
      [0.3, 0.1],
      [0.3, 0.3],
    ];
    drag(ai, ctx, square);
    drag(ai, ctx, square);
    expect(layers(ctx)).toHaveLength(1);
    expect(layers(ctx)[0]).toMatchObject({ type: 'ai', mode: 'decoration', seed: 2 ** 30 });
    expect(layers(ctx)[0]!.area).toHaveLength(2);
    drag(tools().reform, ctx, square);
    expect(layers(ctx).map((l) => l.type === 'ai' && l.mode)).toEqual(['decoration', 'reform']);
    valid(ctx);
  });

  it('a click selects the object under it as the AI area', () => {
    const ctx = toolContext({ pixels: pixels(4, 4, (x) => (x < 2 ? [0, 0, 0] : [255, 255, 255])) });
    drag(tools().reform, ctx, [[0.9, 0.9]]);
    expect(layers(ctx)[0]).toMatchObject({
      type: 'ai',
      mode: 'reform',
      area: [{ kind: 'mask', runs: [2, 2, 2, 2, 2, 2, 2, 2] }],
    });
  });

  it('turns the selected correction into an AI area in its place, or adds one over a paint area', () => {
    const store = createEditorStore({ ...emptyDocument(), layers: [wallLayer(), correction()] });
    const ctx = toolContext({ store });
    expect(applyAiToSelection(ctx, 'decoration')).toBe(false);
    expect(ctx.notices).toEqual(['select_area_first']);

    store.select('fix-1');
    expect(applyAiToSelection(ctx, 'decoration')).toBe(true);
    expect(layers(ctx)[1]).toMatchObject({
      id: 'fix-1',
      type: 'ai',
      mode: 'decoration',
      area: correction().area,
    });
    expect(applyAiToSelection(ctx, 'decoration')).toBe(false);
    expect(applyAiToSelection(ctx, 'reform')).toBe(true);
    expect(layers(ctx)[1]).toMatchObject({ id: 'fix-1', mode: 'reform' });

    store.select('wall-1');
    applyAiToSelection(ctx, 'reform');
    expect(layers(ctx).map((l) => l.type)).toEqual(['paint', 'ai', 'ai']);
    expect(layers(ctx)[1]!.area).toEqual(wallLayer().area);
    valid(ctx);
    store.undo();
    store.undo();
    store.undo();
    expect(layers(ctx)).toEqual([wallLayer(), correction()]);
  });
});

describe('watermark', () => {
  it('toggles the document watermark as one undoable step, without taking the canvas', () => {
    const ctx = toolContext();
    const watermark = tools().watermark;
    expect(watermark.instant).toBe(true);
    watermark.onActivate!(ctx);
    expect(ctx.store.getState().document.watermark).toBe(true);
    watermark.onActivate!(ctx);
    expect(ctx.store.getState().document.watermark).toBe(false);
    ctx.store.undo();
    expect(ctx.store.getState().document.watermark).toBe(true);
  });
});
