import { SetWatermarkCommand } from '../model/commands';
import type { EditorTool } from './types';

/** The watermark: choosing it turns the baked-in watermark on or off; it never takes the canvas. */
export function createWatermarkTool(): EditorTool {
  return {
    id: 'watermark',
    cursor: 'default',
    instant: true,
    onActivate(ctx) {
      ctx.store.execute(new SetWatermarkCommand(!ctx.store.getState().document.watermark));
    },
    onPointerDown() {},
    onPointerMove() {},
    onPointerUp() {},
  };
}
