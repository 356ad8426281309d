import type { EditLayer } from '@estancia/contracts';
import { newLayerId } from '../model/document';
import { distance, normalPoint, PointPath } from './geometry';
import { addLayer } from './targets';
import type { EditorTool, ToolContext } from './types';

/**
 * Wall and floor: click the corners; a double-click, Enter or a click on the first corner closes
 * the outline into a new paint layer with the chosen paint or floor product.
 */
export function createSurfaceTool(surface: 'wall' | 'floor'): EditorTool {
  let corners: PointPath | null = null;

  const productOf = (ctx: ToolContext) =>
    surface === 'wall' ? ctx.settings.wallProductId : ctx.settings.floorProductId;

  const reset = (ctx: ToolContext) => {
    corners = null;
    ctx.preview.clear();
  };

  const close = (ctx: ToolContext) => {
    if (!corners || corners.length < 3) return;
    const productId = productOf(ctx);
    const points = [...corners.values];
    reset(ctx);
    if (!productId) {
      ctx.notify('choose_product');
      return;
    }
    const layer: EditLayer = {
      id: newLayerId(),
      type: 'paint',
      surface,
      productId,
      area: [{ kind: 'polygon', points, erase: false }],
    };
    addLayer(ctx, layer);
  };

  return {
    id: surface,
    cursor: 'crosshair',
    onPointerDown(ctx, p) {
      if (!corners) {
        if (!productOf(ctx)) {
          ctx.notify('choose_product');
          return;
        }
        corners = new PointPath(ctx.image, 0);
      }
      const first = corners.first();
      if (corners.length >= 3 && first && distance(first, p, ctx.image) <= ctx.hitRadius) {
        close(ctx);
        return;
      }
      // The second click of a double-click lands on the corner the first one made.
      const last = corners.last();
      if (last && distance(last, p, ctx.image) <= ctx.hitRadius / 2) return;
      corners.add(p);
      ctx.preview.outline(corners.values, false);
    },
    onPointerMove(ctx, p) {
      if (!corners) return;
      const hover = normalPoint(p.x, p.y);
      ctx.preview.outline([...corners.values, hover.x, hover.y], false);
    },
    onPointerUp() {},
    onDoubleClick(ctx) {
      close(ctx);
    },
    onCommit(ctx) {
      close(ctx);
    },
    onCancel(ctx) {
      reset(ctx);
    },
  };
}
