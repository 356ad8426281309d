import type { EditLayer } from '@estancia/contracts';
import { createCanvas } from './canvas';
import { renderLayerPreview, type LayerPreviewImage, type PreviewSources } from './layer-preview';

export { AI_PREVIEW_OPACITY } from './layer-preview';

interface Cached {
  readonly deps: readonly unknown[];
  readonly preview: LayerPreviewImage;
}

/**
 * The previews of a document's layers in order, each correction and heal matched to the picture as edited
 * under it (the base and the previews before it, composed as the stage shows them), as the server renders
 * the layers one over the other. Documents are immutable: a layer whose inputs did not change keeps its
 * preview, and the picture under a layer is composed again only when a layer before it changed.
 */
export class LayerPreviewStack {
  private byLayer = new Map<string, Cached>();
  private unders: {
    previews: readonly LayerPreviewImage[];
    base: CanvasImageSource;
    canvas: HTMLCanvasElement;
  }[] = [];

  render(
    layers: readonly EditLayer[],
    width: number,
    height: number,
    sourcesOf: (layer: EditLayer) => PreviewSources,
  ): LayerPreviewImage[] {
    const previews: LayerPreviewImage[] = [];
    const next = new Map<string, Cached>();
    const unders: typeof this.unders = [];
    layers.forEach((layer) => {
      const sources = sourcesOf(layer);
      let under: HTMLCanvasElement | null = null;
      if ((layer.type === 'correction' || layer.type === 'heal') && sources.base) {
        under = this.under(previews, sources.base, width, height);
        unders.push({ previews: [...previews], base: sources.base, canvas: under });
      }
      const deps = [
        layer,
        width,
        height,
        sources.product,
        sources.texture,
        sources.original,
        sources.base,
        sources.front,
        under,
        sources.aiResult,
        sources.imageWidth,
        sources.imageHeight,
      ];
      const cached = this.byLayer.get(layer.id);
      const preview =
        cached && cached.deps.every((dep, i) => dep === deps[i])
          ? cached.preview
          : renderLayerPreview(layer, width, height, { ...sources, under });
      next.set(layer.id, { deps, preview });
      previews.push(preview);
    });
    this.byLayer = next;
    this.unders = unders;
    return previews;
  }

  /** The base with `previews` composed over it, reused while they are the same. */
  private under(
    previews: readonly LayerPreviewImage[],
    base: CanvasImageSource,
    width: number,
    height: number,
  ): HTMLCanvasElement {
    const same = this.unders.find(
      (u) =>
        u.base === base &&
        u.canvas.width === width &&
        u.canvas.height === height &&
        u.previews.length === previews.length &&
        u.previews.every((p, i) => p === previews[i]),
    );
    if (same) return same.canvas;
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return canvas;
    ctx.drawImage(base, 0, 0, width, height);
    previews.forEach((preview) => {
      ctx.globalCompositeOperation = preview.blend;
      ctx.globalAlpha = preview.opacity ?? 1;
      ctx.drawImage(preview.canvas, 0, 0, width, height);
    });
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;
    return canvas;
  }
}
