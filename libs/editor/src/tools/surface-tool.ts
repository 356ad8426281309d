import type { EditLayer, EditShape, PolygonShape } from '@estancia/contracts';
import { encodeRuns, refineSurface } from '../mask';
import { ReplaceLayerCommand } from '../model/commands';
import { newLayerId } from '../model/document';
import { distance, normalPoint, PointPath } from './geometry';
import { addLayer, MAX_MASK_RUNS, selectedLayer } from './targets';
import type { EditorTool, ToolContext } from './types';

type PaintLayer = Extract<EditLayer, { type: 'paint' }>;

/**
 * The outline refined to the surface's own pixels on the photo shown: the polygon, then an erasing mask
 * of what stands in front of the surface (furniture, windows, radiators, plants), so paint goes only on
 * the wall or floor. Null when the pixels cannot be read or nothing of the surface is found: the whole
 * outline is painted then.
 */
function refinedArea(ctx: ToolContext, outline: PolygonShape, tolerance: number): EditShape[] | null {
  const pixels = ctx.readPixels();
  if (!pixels) return null;
  const surface = refineSurface(pixels, outline.points, { tolerance });
  if (!surface.some((inside) => inside)) return null;
  const inFront = surface.map((inside) => (inside ? 0 : 1));
  const runs = encodeRuns(inFront, pixels.width, pixels.height);
  if (runs.length > MAX_MASK_RUNS) return null;
  return [outline, { kind: 'mask', width: pixels.width, height: pixels.height, runs, erase: true }];
}

/**
 * Refines the selected wall or floor again at another tolerance (the slider), as one step of the
 * history; shapes drawn into its area since (brush, eraser) stay.
 */
export function refineSelectedSurface(ctx: ToolContext, tolerance: number): boolean {
  const layer = selectedLayer(ctx);
  if (layer?.type !== 'paint') return false;
  const [outline, ...rest] = layer.area;
  if (outline?.kind !== 'polygon' || outline.erase) return false;
  const drawn = layer.tolerance === undefined ? rest : rest.slice(1);
  const area = refinedArea(ctx, outline, tolerance);
  const next: PaintLayer = area
    ? { ...layer, tolerance, area: [...area, ...drawn] }
    : { ...layer, area: [outline, ...drawn] };
  if (!area) delete next.tolerance;
  return ctx.store.execute(new ReplaceLayerCommand(layer.id, next), { select: layer.id });
}

/**
 * Wall and floor: click the corners; a double-click, Enter or a click on the first corner closes
 * the outline into a new paint layer with the chosen paint or floor product, refined to the surface's
 * own pixels so what stands in front of it keeps its colours.
 */
export function createSurfaceTool(surface: 'wall' | 'floor'): EditorTool {
  let corners: PointPath | null = null;
  /** The last click landed on the corner before it: the second click of a real double-click. */
  let onLastCorner = false;

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
    const outline: PolygonShape = { kind: 'polygon', points, erase: false };
    const tolerance = ctx.settings.surfaceTolerance;
    const area = refinedArea(ctx, outline, tolerance);
    const layer: PaintLayer = {
      id: newLayerId(),
      type: 'paint',
      surface,
      productId,
      area: area ?? [outline],
      ...(area ? { tolerance } : {}),
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
      onLastCorner = Boolean(last && distance(last, p, ctx.image) <= ctx.hitRadius);
      if (onLastCorner) return;
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
      // The stage calls any two clicks within 400 ms a double-click: two quick clicks on two corners
      // are two corners; only a second click on the corner just made closes the outline.
      if (onLastCorner) close(ctx);
    },
    onCommit(ctx) {
      close(ctx);
    },
    onCancel(ctx) {
      reset(ctx);
    },
  };
}
