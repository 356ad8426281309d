import type { EditLayer } from '@estancia/contracts';
import { newLayerId } from '../model/document';
import { PointPath, roundFraction } from './geometry';
import { addShape, selectedLayer } from './targets';
import type { EditorTool, NormalPoint, PointerModifiers, ToolContext } from './types';

/**
 * The heal brush (Photoshop's Healing Brush): alt-click (or, on a touch screen, the first tap) picks
 * the clean texture to copy; strokes then paint over a stray leg or a leftover, filled with that texture
 * from the same offset and matched to the colour and light around the mark (the server renders it,
 * @estancia/contracts `seamlessFill`). The offset is taken at the first stroke after the source was
 * picked and kept for the strokes that follow, which go into the same heal layer while it is selected.
 * Choosing the tool again forgets the source.
 */
export function createHealTool(): EditorTool {
  let source: NormalPoint | null = null;
  let offset: { dx: number; dy: number } | null = null;
  let path: PointPath | null = null;
  let size = 0;
  let hardness = 1;

  return {
    id: 'heal',
    cursor: 'crosshair',
    onActivate() {
      source = null;
      offset = null;
    },
    onPointerDown(ctx, p, modifiers?: PointerModifiers) {
      if (modifiers?.alt || !source) {
        source = p;
        offset = null;
        ctx.notify('heal_source_set');
        showSource(ctx, p);
        return;
      }
      offset ??= { dx: roundOffset(source.x - p.x), dy: roundOffset(source.y - p.y) };
      size = Math.max(0.001, roundFraction(ctx.settings.brushSize));
      hardness = roundFraction(ctx.settings.hardness);
      path = new PointPath(ctx.image, Math.max(size / 10, 0.5 / ctx.image.width));
      path.add(p);
      ctx.preview.stroke(path.values, size, hardness, false);
    },
    onPointerMove(ctx, p) {
      if (path?.add(p)) ctx.preview.stroke(path.values, size, hardness, false);
      // Where the texture comes from follows the brush, as in Photoshop's aligned healing.
      if (offset) showSource(ctx, { x: p.x + offset.dx, y: p.y + offset.dy });
    },
    onPointerUp(ctx, p) {
      if (!path || !offset) return;
      path.add(p);
      const shape = { kind: 'stroke' as const, points: [...path.values], size, hardness, erase: false };
      path = null;
      ctx.preview.clear();
      addShape(ctx, shape, sameHeal(ctx, offset), (area) => healLayer(area, offset!));
      showSource(ctx, { x: p.x + offset.dx, y: p.y + offset.dy });
    },
    onCancel(ctx) {
      path = null;
      ctx.preview.clear();
    },
  };
}

/** The brush's footprint at the source, as a closed outline (fractions of the photo). */
function showSource(ctx: ToolContext, at: NormalPoint): void {
  const radius = Math.max(0.004, ctx.settings.brushSize / 2);
  const aspect = ctx.image.width / ctx.image.height;
  const points: number[] = [];
  for (let k = 0; k < 24; k++) {
    const angle = (k / 24) * 2 * Math.PI;
    points.push(at.x + radius * Math.cos(angle), at.y + radius * aspect * Math.sin(angle));
  }
  ctx.preview.outline(points, true);
}

/** An offset in fractions of the photo, to five decimals like the points (signed: roundFraction clamps at 0). */
const roundOffset = (value: number): number => Math.round(Math.max(-1, Math.min(1, value)) * 1e5) / 1e5;

export const healLayer = (area: EditLayer['area'], source: { dx: number; dy: number }): EditLayer => ({
  id: newLayerId(),
  type: 'heal',
  area,
  source,
});

/** The selected heal layer when it copies from the same offset: the stroke continues it. */
function sameHeal(ctx: ToolContext, offset: { dx: number; dy: number }): EditLayer | undefined {
  const selected = selectedLayer(ctx);
  return selected?.type === 'heal' && selected.source.dx === offset.dx && selected.source.dy === offset.dy
    ? selected
    : undefined;
}
