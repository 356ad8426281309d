import { PointPath } from './geometry';
import { addShape, correctionLayer, layerToExtend, maskShapeAt } from './targets';
import type { EditorTool } from './types';

/**
 * Object selection: a click selects the region of similar colour around it (a mask shape) as a new
 * correction layer, or, with "add to layer", into the selected correction or AI layer (never a wall or floor).
 */
export function createSelectTool(): EditorTool {
  return {
    id: 'select',
    cursor: 'cell',
    onPointerDown(ctx, p) {
      const shape = maskShapeAt(ctx, p);
      if (shape) addShape(ctx, shape, layerToExtend(ctx), correctionLayer);
    },
    onPointerMove() {},
    onPointerUp() {},
  };
}

/** The lasso: a free-hand closed path (a polygon shape), added like an object selection. */
export function createLassoTool(): EditorTool {
  let path: PointPath | null = null;
  return {
    id: 'lasso',
    cursor: 'crosshair',
    onPointerDown(ctx, p) {
      path = new PointPath(ctx.image, 1 / ctx.image.width);
      path.add(p);
      ctx.preview.outline(path.values, true);
    },
    onPointerMove(ctx, p) {
      if (path?.add(p)) ctx.preview.outline(path.values, true);
    },
    onPointerUp(ctx, p) {
      if (!path) return;
      path.add(p);
      const done = path;
      path = null;
      ctx.preview.clear();
      if (done.length < 3 || done.extent() < ctx.hitRadius) return;
      addShape(
        ctx,
        { kind: 'polygon', points: [...done.values], erase: false },
        layerToExtend(ctx),
        correctionLayer,
      );
    },
    onCancel(ctx) {
      path = null;
      ctx.preview.clear();
    },
  };
}
