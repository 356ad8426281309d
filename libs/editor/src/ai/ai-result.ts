import type { AiPreview, EditDocument, EditLayer } from '@estancia/contracts';

/**
 * The staging engine's actual result for each AI area, shown by the editor in place of a hatched outline:
 * the API renders the layer over the layers before it (POST .../edit/ai-preview) and the delivered render
 * reuses the same engine result, so what the decorator sees inside the area is what is delivered. The
 * result's PNG carries the area's feathered edge in its alpha, so it blends into the picture without a seam.
 */

/** One AI layer's result, loaded, with its place in the image (image pixels). */
export interface AiResult {
  readonly layerId: string;
  readonly key: string;
  readonly image: CanvasImageSource;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Asks the API for a layer's result; the host adds the auth and the route (owner or review). */
export type FetchAiPreview = (document: EditDocument, layerId: string) => Promise<AiPreview>;
/** Loads a result's PNG (the host may load it through its own image cache). */
export type LoadAiImage = (url: string) => Promise<CanvasImageSource>;

/**
 * What a layer's result depends on: the base, every layer up to it (what lies under the area changes the
 * engine's picture) and the layer itself. Another key means the result must be fetched again.
 */
export function aiResultKey(document: EditDocument, layerId: string): string | null {
  const index = document.layers.findIndex((l) => l.id === layerId);
  if (index < 0 || document.layers[index]!.type !== 'ai') return null;
  return JSON.stringify([document.baseVersionId, document.layers.slice(0, index + 1)]);
}

/** Where a result goes on a canvas of `width`×`height` showing an image of `imageWidth`×`imageHeight`. */
export function aiResultPlacement(
  result: Pick<AiResult, 'left' | 'top' | 'width' | 'height'>,
  imageWidth: number,
  imageHeight: number,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const sx = width / imageWidth;
  const sy = height / imageHeight;
  return { x: result.left * sx, y: result.top * sy, width: result.width * sx, height: result.height * sy };
}

/**
 * The result drawn on a transparent canvas the size of the editor's picture, ready to be composed like any
 * layer preview ('source-over', fully opaque: it is the delivered picture, not a hint).
 */
export function drawAiResult(
  canvas: HTMLCanvasElement,
  result: AiResult,
  imageWidth: number,
  imageHeight: number,
): HTMLCanvasElement {
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const at = aiResultPlacement(result, imageWidth, imageHeight, canvas.width, canvas.height);
  ctx.drawImage(result.image, at.x, at.y, at.width, at.height);
  return canvas;
}

type Entry =
  | { state: 'loading'; key: string }
  | { state: 'ready'; key: string; result: AiResult }
  | { state: 'failed'; key: string };

/**
 * The results of a document's AI layers: fetched once per key, the latest kept while a new one loads (so
 * the area does not blink back to an outline), dropped with their layer. `changed` is called when a result
 * arrives, for the host to draw again.
 */
export class AiResults {
  private entries = new Map<string, Entry>();
  private shown = new Map<string, AiResult>();

  constructor(
    private readonly fetchPreview: FetchAiPreview,
    private readonly loadImage: LoadAiImage,
    private readonly changed: () => void,
  ) {}

  /** The results to show for `document` now; requests those missing or out of date. */
  update(document: EditDocument): ReadonlyMap<string, AiResult> {
    const layers = document.layers.filter((l): l is Extract<EditLayer, { type: 'ai' }> => l.type === 'ai');
    const ids = new Set(layers.map((l) => l.id));
    for (const id of [...this.entries.keys()]) if (!ids.has(id)) this.entries.delete(id);
    for (const id of [...this.shown.keys()]) if (!ids.has(id)) this.shown.delete(id);
    for (const layer of layers) {
      const key = aiResultKey(document, layer.id)!;
      const entry = this.entries.get(layer.id);
      if (entry?.key === key) continue;
      this.entries.set(layer.id, { state: 'loading', key });
      void this.load(document, layer.id, key);
    }
    return this.shown;
  }

  /** Whether a layer's result for the document as it is now is still being made (the host may show progress). */
  pending(layerId: string): boolean {
    return this.entries.get(layerId)?.state === 'loading';
  }

  private async load(document: EditDocument, layerId: string, key: string): Promise<void> {
    try {
      const preview = await this.fetchPreview(document, layerId);
      const image = await this.loadImage(preview.url);
      if (this.entries.get(layerId)?.key !== key) return;
      const result: AiResult = { ...preview, layerId, key, image };
      this.entries.set(layerId, { state: 'ready', key, result });
      this.shown.set(layerId, result);
    } catch {
      if (this.entries.get(layerId)?.key !== key) return;
      // Back to the outline: an older result would no longer be what is delivered. The next change asks again.
      this.entries.set(layerId, { state: 'failed', key });
      this.shown.delete(layerId);
    }
    this.changed();
  }
}
