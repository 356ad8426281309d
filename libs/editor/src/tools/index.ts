import type { EditTool } from '@estancia/contracts';
import { createAiTool } from './ai-tool';
import { createHealTool } from './heal-tool';
import { createLassoTool, createSelectTool } from './selection-tools';
import { createStrokeTool } from './stroke-tool';
import { createSurfaceTool } from './surface-tool';
import type { EditorTool } from './types';
import { createWatermarkTool } from './watermark-tool';

export * from './types';
export { PointPath, distance, normalPoint, roundFraction } from './geometry';
export { MAX_MASK_RUNS, maskShapeAt, selectedLayer } from './targets';
export { createStrokeTool } from './stroke-tool';
export { createLassoTool, createSelectTool } from './selection-tools';
export { createSurfaceTool, refineSelectedSurface } from './surface-tool';
export { applyAiToSelection, createAiTool, type AiMode } from './ai-tool';
export { createWatermarkTool } from './watermark-tool';
export { createHealTool, healLayer } from './heal-tool';

/** One instance of every tool; each keeps only its gesture in progress. */
export function createTools(): Record<EditTool, EditorTool> {
  return {
    wall: createSurfaceTool('wall'),
    floor: createSurfaceTool('floor'),
    brush: createStrokeTool('brush'),
    eraser: createStrokeTool('eraser'),
    heal: createHealTool(),
    select: createSelectTool(),
    lasso: createLassoTool(),
    ai_decoration: createAiTool('ai_decoration'),
    reform: createAiTool('reform'),
    watermark: createWatermarkTool(),
  };
}

/** Keyboard shortcut of each tool (a plain key, no modifier). */
export const TOOL_SHORTCUTS: Record<EditTool, string> = {
  wall: 'W',
  floor: 'F',
  brush: 'B',
  eraser: 'E',
  heal: 'J',
  select: 'S',
  lasso: 'L',
  ai_decoration: 'A',
  reform: 'R',
  watermark: 'M',
};
