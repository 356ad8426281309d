import { roundFraction, PointPath } from './geometry';
import { addShape, correctionLayer, selectedLayer } from './targets';
import type { EditorTool, ToolContext } from './types';

/**
 * The corrector brush and the eraser. A brush stroke always restores: the original photo, or the AI
 * draft by choice (settings.restore). It goes into the selected layer's area when that is a correction
 * restoring the same, or else into a new correction layer on top (over paint and floors too). An eraser stroke cuts the
 * selected layer's area, or the top layer's.
 */
export function createStrokeTool(id: 'brush' | 'eraser'): EditorTool {
  const erase = id === 'eraser';
  let path: PointPath | null = null;
  let size = 0;
  let hardness = 1;

  const eraserTarget = (ctx: ToolContext) =>
    selectedLayer(ctx) ?? ctx.store.getState().document.layers.at(-1);

  return {
    id,
    cursor: 'crosshair',
    onPointerDown(ctx, p) {
      if (erase && !eraserTarget(ctx)) {
        ctx.notify('nothing_to_erase');
        return;
      }
      size = Math.max(0.001, roundFraction(ctx.settings.brushSize));
      hardness = roundFraction(ctx.settings.hardness);
      // A step of a tenth of the brush keeps curves smooth with a fraction of the points.
      path = new PointPath(ctx.image, Math.max(size / 10, 0.5 / ctx.image.width));
      path.add(p);
      ctx.preview.stroke(path.values, size, hardness, erase);
    },
    onPointerMove(ctx, p) {
      if (path?.add(p)) ctx.preview.stroke(path.values, size, hardness, erase);
    },
    onPointerUp(ctx, p) {
      if (!path) return;
      path.add(p);
      const shape = { kind: 'stroke' as const, points: [...path.values], size, hardness, erase };
      path = null;
      ctx.preview.clear();
      if (erase) {
        const target = eraserTarget(ctx);
        if (target) addShape(ctx, shape, target, correctionLayer);
      } else {
        // Into the selected correction that restores the same image, else a new one on top.
        const restore = ctx.settings.restore;
        const selected = selectedLayer(ctx);
        const same = selected?.type === 'correction' && (selected.restore ?? 'original') === restore;
        addShape(ctx, shape, same ? selected : undefined, (area) => correctionLayer(area, restore));
      }
    },
    onCancel(ctx) {
      path = null;
      ctx.preview.clear();
    },
  };
}
