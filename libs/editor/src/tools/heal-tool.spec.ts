import { describe, expect, it } from 'vitest';
import { editDocumentSchema } from '@estancia/contracts';
import { toolContext } from '../test/fixtures';
import { createHealTool } from './heal-tool';

const stroke = (
  tool: ReturnType<typeof createHealTool>,
  ctx: ReturnType<typeof toolContext>,
  from: number[],
  to: number[],
) => {
  tool.onPointerDown(ctx, { x: from[0]!, y: from[1]! });
  tool.onPointerMove(ctx, { x: to[0]!, y: to[1]! });
  tool.onPointerUp(ctx, { x: to[0]!, y: to[1]! });
};

describe('the heal brush', () => {
  it('takes its source from an alt-click (or the first tap), then heals strokes from that offset', () => {
    const ctx = toolContext();
    const tool = createHealTool();
    tool.onActivate?.(ctx);
    // The first tap on a touch screen only picks the source.
    tool.onPointerDown(ctx, { x: 0.3, y: 0.5 });
    tool.onPointerUp(ctx, { x: 0.3, y: 0.5 });
    expect(ctx.notices).toEqual(['heal_source_set']);
    // The source is marked with the brush's footprint.
    const marker = ctx.outlines.at(-1)!;
    expect(marker.closed).toBe(true);
    expect(marker.points[0]).toBeCloseTo(0.3 + 0.01, 5);
    expect(ctx.store.getState().document.layers).toHaveLength(0);

    stroke(tool, ctx, [0.5, 0.5], [0.52, 0.5]);
    const [layer] = ctx.store.getState().document.layers;
    expect(layer).toMatchObject({ type: 'heal', source: { dx: -0.2, dy: 0 } });
    expect(layer!.area).toHaveLength(1);
    expect(layer!.area[0]).toMatchObject({ kind: 'stroke', points: [0.5, 0.5, 0.52, 0.5], size: 0.02 });
    // The document the API takes.
    expect(editDocumentSchema.safeParse(ctx.store.getState().document).success).toBe(true);

    // The next stroke keeps the offset and goes on in the selected heal layer.
    stroke(tool, ctx, [0.6, 0.4], [0.61, 0.4]);
    expect(ctx.store.getState().document.layers).toHaveLength(1);
    expect(ctx.store.getState().document.layers[0]!.area).toHaveLength(2);

    // Alt-click picks another source: a new offset, a new layer.
    tool.onPointerDown(ctx, { x: 0.1, y: 0.1 }, { alt: true });
    stroke(tool, ctx, [0.2, 0.3], [0.21, 0.3]);
    const layers = ctx.store.getState().document.layers;
    expect(layers).toHaveLength(2);
    expect(layers[1]).toMatchObject({ type: 'heal', source: { dx: -0.1, dy: -0.2 } });
  });
});
