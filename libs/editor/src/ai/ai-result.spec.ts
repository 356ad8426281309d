import type { AiPreview, EditDocument, EditLayer } from '@estancia/contracts';
import { describe, expect, it, vi } from 'vitest';
import { aiResultKey, aiResultPlacement, AiResults } from './ai-result';

const ai = (id: string, seed = 7, x = 0.2): EditLayer => ({
  id,
  type: 'ai',
  mode: 'decoration',
  seed,
  area: [{ kind: 'polygon', points: [x, 0.5, 0.9, 0.5, 0.9, 0.9, x, 0.9], erase: false }],
});
const paint: EditLayer = {
  id: 'wall',
  type: 'paint',
  surface: 'wall',
  productId: 'paint-blue',
  area: [{ kind: 'polygon', points: [0, 0, 1, 0, 1, 0.5], erase: false }],
};
const doc = (layers: EditLayer[]): EditDocument =>
  ({
    schemaVersion: 1,
    baseVersionId: '00000000-0000-4000-8000-000000000001',
    layers,
    watermark: false,
  }) as EditDocument;
const preview = (layerId: string): AiPreview => ({
  layerId,
  url: `/m/${layerId}.png`,
  left: 10,
  top: 20,
  width: 30,
  height: 40,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AI area results', () => {
  it('depends on the layer and on what lies under it, not on what comes after', () => {
    const a = ai('a');
    const key = aiResultKey(doc([paint, a]), 'a');
    expect(aiResultKey(doc([paint, a, ai('b')]), 'a')).toBe(key);
    expect(aiResultKey(doc([a]), 'a')).not.toBe(key);
    expect(aiResultKey(doc([paint, ai('a', 8)]), 'a')).not.toBe(key);
    expect(aiResultKey(doc([paint, ai('a', 7, 0.3)]), 'a')).not.toBe(key);
    expect(aiResultKey(doc([paint, a]), 'wall')).toBeNull();
  });

  it('places the result at its box, scaled to the canvas', () => {
    expect(
      aiResultPlacement({ left: 400, top: 300, width: 800, height: 600 }, 4000, 3000, 1000, 750),
    ).toEqual({
      x: 100,
      y: 75,
      width: 200,
      height: 150,
    });
  });

  it('fetches each layer once per change, shows it when loaded, and drops it with its layer', async () => {
    const fetchPreview = vi.fn(async (_: EditDocument, layerId: string) => preview(layerId));
    const image = {} as CanvasImageSource;
    const changed = vi.fn();
    const results = new AiResults(fetchPreview, async () => image, changed);
    const first = doc([paint, ai('a')]);
    expect(results.update(first).size).toBe(0);
    expect(results.pending('a')).toBe(true);
    results.update(first);
    await flush();
    expect(fetchPreview).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(results.update(first).get('a')).toMatchObject({ layerId: 'a', left: 10, top: 20, image });
    // A new seed asks again; a layer added after it does not.
    results.update(doc([paint, ai('a'), ai('b')]));
    await flush();
    expect(fetchPreview.mock.calls.map(([, id]) => id)).toEqual(['a', 'b']);
    results.update(doc([paint, ai('a', 9)]));
    await flush();
    expect(fetchPreview).toHaveBeenCalledTimes(3);
    expect(results.update(doc([paint])).size).toBe(0);
  });

  it('goes back to the outline when the engine fails, rather than show an older result', async () => {
    let fail = false;
    const results = new AiResults(
      async (_, layerId) => {
        if (fail) throw new Error('GENERATION_ERROR');
        return preview(layerId);
      },
      async () => ({}) as CanvasImageSource,
      () => undefined,
    );
    results.update(doc([ai('a')]));
    await flush();
    expect(results.update(doc([ai('a')])).has('a')).toBe(true);
    fail = true;
    results.update(doc([ai('a', 8)]));
    await flush();
    expect(results.update(doc([ai('a', 8)])).has('a')).toBe(false);
  });
});
