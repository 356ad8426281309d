import type { EditLayer, EditShape, MaskShape } from '@estancia/contracts';
import { AddLayerCommand, AddShapeToLayerCommand } from '../model/commands';
import { EDIT_MAX_LAYERS, findLayer, MAX_AREA_SHAPES, newLayerId } from '../model/document';
import { countInside, floodFillMask } from '../mask/flood-fill';
import { encodeRuns } from '../mask/runs';
import type { NormalPoint, ToolContext } from './types';

/** The contract's limit on a mask's runs. */
export const MAX_MASK_RUNS = 200_000;

export const selectedLayer = (ctx: ToolContext): EditLayer | undefined => {
  const { document, selection } = ctx.store.getState();
  return findLayer(document, selection);
};

/**
 * The layer an object selection or a lasso goes into: the selected one only when the decorator chose
 * "add to layer" and it is a correction or an AI area; a wall or a floor is never extended by them
 * (a click on a print must not become floor). Otherwise undefined: the shape starts its own layer.
 */
export const layerToExtend = (ctx: ToolContext): EditLayer | undefined => {
  if (!ctx.settings.addToLayer) return undefined;
  const selected = selectedLayer(ctx);
  return selected && selected.type !== 'paint' ? selected : undefined;
};

export const correctionLayer = (
  area: EditShape[],
  restore: 'original' | 'draft' = 'original',
): EditLayer => ({
  id: newLayerId(),
  type: 'correction',
  area,
  ...(restore === 'draft' ? { restore } : {}),
});

/** Adds a shape to `into`'s area, or, without one, starts a new layer with it and selects that layer. */
export function addShape(
  ctx: ToolContext,
  shape: EditShape,
  into: EditLayer | undefined,
  newLayer: (area: EditShape[]) => EditLayer,
): boolean {
  if (into) {
    if (into.area.length >= MAX_AREA_SHAPES) {
      ctx.notify('area_full');
      return false;
    }
    return ctx.store.execute(new AddShapeToLayerCommand(into.id, shape), { select: into.id });
  }
  return addLayer(ctx, newLayer([shape]));
}

/** Adds a layer on top and selects it. */
export function addLayer(ctx: ToolContext, layer: EditLayer, index?: number): boolean {
  if (ctx.store.getState().document.layers.length >= EDIT_MAX_LAYERS) {
    ctx.notify('too_many_layers');
    return false;
  }
  return ctx.store.execute(new AddLayerCommand(layer, index), { select: layer.id });
}

/** The object under `p`, by colour similarity on the displayed photo, as a mask shape. */
export function maskShapeAt(ctx: ToolContext, p: NormalPoint): MaskShape | null {
  const pixels = ctx.readPixels();
  if (!pixels) {
    ctx.notify('no_pixels');
    return null;
  }
  const { width, height } = pixels;
  const x = Math.min(width - 1, Math.floor(p.x * width));
  const y = Math.min(height - 1, Math.floor(p.y * height));
  const mask = floodFillMask(pixels, x, y, ctx.settings.tolerance);
  if (countInside(mask) === 0) {
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
