import type { EditLayer } from '@estancia/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_PREVIEW_OPACITY, renderLayerPreview } from '../render/layer-preview';
import { LayerPreviewStack } from '../render/layer-stack';
import type { AiResult } from './ai-result';

/**
 * happy-dom has no 2D canvas: each canvas gets a context that records what is drawn on it, so the test
 * reads which picture the preview of an AI area is made of.
 */
type Call = { name: string; args: unknown[] };
const drawn = new Map<HTMLCanvasElement, Call[]>();
const PATTERN = { pattern: true };

function recordingContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const calls: Call[] = [];
  drawn.set(canvas, calls);
  const state: Record<string, unknown> = { canvas };
  return new Proxy(state, {
    get(target, name: string) {
      if (name in target) return target[name];
      return (...args: unknown[]) => {
        calls.push({ name, args });
        if (name === 'createImageData') {
          const [width, height] = args as [number, number];
          return { width, height, data: new Uint8ClampedArray(width * height * 4) };
        }
        if (name === 'createPattern') return PATTERN;
        return undefined;
      };
    },
    set(target, name: string, value) {
      target[name] = value;
      calls.push({ name: `set ${name}`, args: [value] });
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const aiLayer: EditLayer = {
  id: 'ai-1',
  type: 'ai',
  mode: 'decoration',
  seed: 7,
  area: [{ kind: 'polygon', points: [0.25, 0.25, 0.75, 0.25, 0.75, 0.75, 0.25, 0.75], erase: false }],
};
const resultImage = { result: 'engine png' } as unknown as CanvasImageSource;
const result = (image = resultImage): AiResult => ({
  layerId: 'ai-1',
  key: 'k',
  image,
  left: 400,
  top: 300,
  width: 800,
  height: 600,
});
/** The photo is 1600×1200; the preview is drawn at half that size. */
const photo = { imageWidth: 1600, imageHeight: 1200 };

beforeEach(() => {
  drawn.clear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return recordingContext(this);
  } as unknown as HTMLCanvasElement['getContext']);
});
afterEach(() => vi.restoreAllMocks());

describe("an AI area's preview", () => {
  it("draws the engine's result at its box, as returned (feathered alpha, opaque), not the hatching", () => {
    const preview = renderLayerPreview(aiLayer, 800, 600, { aiResult: result(), ...photo });
    const calls = drawn.get(preview.canvas)!;
    const last = calls.findLastIndex((c) => c.name === 'clearRect');
    expect(last).toBeGreaterThanOrEqual(0);
    // After the area's hard coverage is cleared, only the result is drawn: its own alpha is the edge.
    expect(calls.slice(last + 1)).toEqual([{ name: 'drawImage', args: [resultImage, 200, 150, 400, 300] }]);
    expect(calls.some((c) => c.name === 'createPattern' || c.name === 'fillRect')).toBe(false);
    expect(preview.blend).toBe('source-over');
    expect(preview.opacity ?? 1).toBe(1);
  });

  it('keeps the hatched, see-through outline while there is no result (or one of another layer)', () => {
    for (const sources of [{ ...photo }, { aiResult: { ...result(), layerId: 'ai-2' }, ...photo }]) {
      const preview = renderLayerPreview(aiLayer, 800, 600, sources);
      const calls = drawn.get(preview.canvas)!;
      expect(calls.some((c) => c.name === 'set fillStyle' && c.args[0] === PATTERN)).toBe(true);
      expect(calls.some((c) => c.name === 'fillRect')).toBe(true);
      expect(calls.some((c) => c.name === 'drawImage' && c.args[0] === resultImage)).toBe(false);
      expect(preview.opacity).toBe(AI_PREVIEW_OPACITY);
    }
  });

  it('is drawn again when its result arrives or changes, and kept while it is the same', () => {
    const stack = new LayerPreviewStack();
    const sourcesWith = (aiResult: AiResult | null) => () => ({ aiResult, ...photo });
    const hatched = stack.render([aiLayer], 800, 600, sourcesWith(null))[0]!;
    const first = result();
    const shown = stack.render([aiLayer], 800, 600, sourcesWith(first))[0]!;
    expect(shown).not.toBe(hatched);
    expect(drawn.get(shown.canvas)!.some((c) => c.name === 'drawImage' && c.args[0] === resultImage)).toBe(
      true,
    );
    expect(stack.render([aiLayer], 800, 600, sourcesWith(first))[0]).toBe(shown);
    const newer = { newer: true } as unknown as CanvasImageSource;
    const redrawn = stack.render([aiLayer], 800, 600, sourcesWith(result(newer)))[0]!;
    expect(drawn.get(redrawn.canvas)!.some((c) => c.name === 'drawImage' && c.args[0] === newer)).toBe(true);
  });
});
