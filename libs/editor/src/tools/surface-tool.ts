import type { EditLayer, EditShape, MaskShape, PolygonShape, SurfaceBrushStroke } from '@estancia/contracts';
import { encodeRuns, refineSurface } from '../mask';
import { findLayer } from '../model/document';
import { ReplaceLayerCommand } from '../model/commands';
import { newLayerId } from '../model/document';
import { distance, normalPoint, PointPath } from './geometry';
import { addLayer, MAX_MASK_RUNS, selectedLayer } from './targets';
import type { EditorTool, NormalPoint, SelectedSurface, SurfaceSelectionRequest, ToolContext } from './types';

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
  if (layer.seed) {
    reselect(ctx, layer, { tolerance });
    return true;
  }
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

/** The selected surface as the first shape of a paint layer's area, or null (empty, too complex). */
function surfaceShape(ctx: ToolContext, selected: SelectedSurface): MaskShape | null {
  const { width, height, mask } = selected;
  if (!mask.some((inside) => inside === 1)) {
    ctx.notify('empty_selection');
    return null;
  }
  const runs = encodeRuns(mask, width, height);
  if (runs.length > MAX_MASK_RUNS) {
    ctx.notify('selection_too_complex');
    return null;
  }
  return { kind: 'mask', width, height, runs, erase: false };
}

const requestOf = (layer: PaintLayer): SurfaceSelectionRequest => ({
  key: layer.id,
  seed: layer.seed!,
  tolerance: layer.tolerance ?? 0.5,
  ...(layer.outline ? { outline: layer.outline } : {}),
  ...(layer.strokes ? { strokes: layer.strokes } : {}),
});

/**
 * Runs the selected surface's selection again with a change (another tolerance, one more brush
 * stroke) and replaces its mask, keeping what was drawn into it since; an answer overtaken by a newer
 * request, or for a layer since removed, is dropped.
 */
function reselect(
  ctx: ToolContext,
  layer: PaintLayer,
  change: Partial<Pick<PaintLayer, 'tolerance' | 'strokes'>>,
): void {
  if (!ctx.selectSurface) return;
  const wanted: PaintLayer = { ...layer, ...change };
  void ctx
    .selectSurface(requestOf(wanted))
    .then((selected) => {
      const current = findLayer(ctx.store.getState().document, layer.id);
      if (!selected || current?.type !== 'paint') return;
      const shape = surfaceShape(ctx, selected);
      if (!shape) return;
      const [, ...drawn] = current.area;
      ctx.store.execute(
        new ReplaceLayerCommand(layer.id, { ...current, ...change, area: [shape, ...drawn] }),
        {
          select: layer.id,
        },
      );
    })
    .catch(() => ctx.notify('no_pixels'));
}

/** Selects the surface under a click into a new paint layer with the chosen product. */
function selectNewSurface(ctx: ToolContext, surface: 'wall' | 'floor', seed: NormalPoint): void {
  const productId = surface === 'wall' ? ctx.settings.wallProductId : ctx.settings.floorProductId;
  if (!productId) {
    ctx.notify('choose_product');
    return;
  }
  const tolerance = ctx.settings.surfaceTolerance;
  // Its own key: a second surface chosen while this one is selected does not cancel it.
  const id = newLayerId();
  const request: SurfaceSelectionRequest = { key: id, seed, tolerance };
  void ctx.selectSurface!(request)
    .then((selected) => {
      const shape = selected && surfaceShape(ctx, selected);
      if (!shape) return;
      addLayer(ctx, {
        id,
        type: 'paint',
        surface,
        productId,
        area: [shape],
        tolerance,
        seed: { x: seed.x, y: seed.y },
      });
    })
    .catch(() => ctx.notify('no_pixels'));
}

/**
 * Wall and floor: one click on the surface selects it (behind and around what stands in front) into
 * a new paint layer; shift+drag (or the Add button) brushes more of it in, alt+drag (Subtract) takes
 * some out. With the Outline option, or where the selection cannot run: click the corners; a
 * double-click, Enter or a click on the first corner closes the outline into a new paint layer with
 * the chosen paint or floor product, refined to the commonest flat surface inside it (its shadows
 * included) so what stands in front keeps its colours.
 */
export function createSurfaceTool(surface: 'wall' | 'floor'): EditorTool {
  let corners: PointPath | null = null;
  /** A quick-selection brush stroke in progress on the selected surface. */
  let brush: { path: PointPath; subtract: boolean; layer: PaintLayer } | null = null;

  const brushMode = (ctx: ToolContext): 'add' | 'subtract' | null => {
    const keys = ctx.modifiers?.();
    if (keys?.alt) return 'subtract';
    if (keys?.shift) return 'add';
    return ctx.settings.surfaceBrush ?? null;
  };
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
      const selected = selectedLayer(ctx);
      const mode = brushMode(ctx);
      if (!corners && mode && selected?.type === 'paint' && selected.seed && ctx.selectSurface) {
        brush = {
          path: new PointPath(ctx.image, 1 / ctx.image.width),
          subtract: mode === 'subtract',
          layer: selected,
        };
        brush.path.add(p);
        ctx.preview.stroke(brush.path.values, ctx.settings.brushSize, 1, brush.subtract);
        return;
      }
      if (!corners && ctx.selectSurface && !ctx.settings.surfaceOutline) {
        selectNewSurface(ctx, surface, p);
        return;
      }
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
      if (brush) {
        if (brush.path.add(p))
          ctx.preview.stroke(brush.path.values, ctx.settings.brushSize, 1, brush.subtract);
        return;
      }
      if (!corners) return;
      const hover = normalPoint(p.x, p.y);
      ctx.preview.outline([...corners.values, hover.x, hover.y], false);
    },
    onPointerUp(ctx, p) {
      if (!brush) return;
      brush.path.add(p);
      const { path, subtract, layer } = brush;
      brush = null;
      ctx.preview.clear();
      const stroke: SurfaceBrushStroke = { points: [...path.values], size: ctx.settings.brushSize, subtract };
      reselect(ctx, layer, { strokes: [...(layer.strokes ?? []), stroke].slice(-100) });
    },
    onDoubleClick(ctx) {
      // The stage calls any two clicks within 400 ms a double-click: two quick clicks on two corners
      // are two corners; only a second click on the corner just made closes the outline.
      if (onLastCorner) close(ctx);
    },
    onCommit(ctx) {
      close(ctx);
    },
    onCancel(ctx) {
      brush = null;
      reset(ctx);
    },
  };
}
