import type { EditLayer, EditShape } from '@estancia/contracts';
import { ReplaceLayerCommand } from '../model/commands';
import { newLayerId, newSeed } from '../model/document';
import { PointPath } from './geometry';
import { addLayer, addShape, maskShapeAt, selectedLayer } from './targets';
import type { EditorTool, ToolContext } from './types';

export type AiMode = 'decoration' | 'reform';

const aiLayer = (ctx: ToolContext, mode: AiMode, area: EditShape[]): EditLayer => ({
  id: newLayerId(),
  type: 'ai',
  mode,
  seed: newSeed(() => ctx.random()),
  area,
});

/**
 * AI decoration and reform: a drag draws the area (a lasso), a click selects the object under it
 * (by colour, like object selection). The shape extends the selected AI layer of the same mode,
 * or starts a new AI layer with a random seed; the staging engine renders it on the server.
 */
export function createAiTool(id: 'ai_decoration' | 'reform'): EditorTool {
  const mode: AiMode = id === 'reform' ? 'reform' : 'decoration';
  let path: PointPath | null = null;
  return {
    id,
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
      const shape: EditShape | null =
        done.length >= 3 && done.extent() >= ctx.hitRadius
          ? { kind: 'polygon', points: [...done.values], erase: false }
          : maskShapeAt(ctx, p);
      if (!shape) return;
      const selected = selectedLayer(ctx);
      const into = selected?.type === 'ai' && selected.mode === mode ? selected : undefined;
      addShape(ctx, shape, into, (area) => aiLayer(ctx, mode, area));
    },
    onCancel(ctx) {
      path = null;
      ctx.preview.clear();
    },
  };
}

/**
 * "AI decoration/reform of the selected area": a correction layer (an object selection or lasso
 * made to mark the area) becomes an AI layer in its place; a paint layer keeps its paint and gets
 * an AI layer over the same area; an AI layer switches mode.
 */
export function applyAiToSelection(ctx: ToolContext, mode: AiMode): boolean {
  const selected = selectedLayer(ctx);
  if (!selected) {
    ctx.notify('select_area_first');
    return false;
  }
  if (selected.type === 'ai')
    return (
      selected.mode !== mode && ctx.store.execute(new ReplaceLayerCommand(selected.id, { ...selected, mode }))
    );
  if (selected.type === 'correction')
    return ctx.store.execute(
      new ReplaceLayerCommand(selected.id, { ...aiLayer(ctx, mode, [...selected.area]), id: selected.id }),
    );
  const index = ctx.store.getState().document.layers.indexOf(selected) + 1;
  return addLayer(ctx, aiLayer(ctx, mode, [...selected.area]), index);
}
