import type { EditDocument, EditLayer, EditShape } from '@estancia/contracts';
import { EDIT_MAX_LAYERS, MAX_AREA_SHAPES } from './document';

/**
 * One change to the edit document. `apply` and `revert` return a new document (documents are never
 * mutated); a command whose `apply` returns the same document refused to act (a limit or a missing
 * layer) and is not recorded. A command remembers what it replaced, so `revert` undoes only its own
 * last `apply`. The editor's undo restores the snapshot taken before the step (it survives a reload,
 * where commands would not), so the history never calls `revert`.
 */
export interface Command {
  readonly kind: string;
  apply(document: EditDocument): EditDocument;
  revert(document: EditDocument): EditDocument;
}

const withLayers = (document: EditDocument, layers: EditLayer[]): EditDocument => ({ ...document, layers });

const replaceAt = (layers: readonly EditLayer[], index: number, layer: EditLayer): EditLayer[] =>
  layers.map((current, i) => (i === index ? layer : current));

const indexOf = (document: EditDocument, layerId: string) =>
  document.layers.findIndex((layer) => layer.id === layerId);

/** Adds a layer at `index` (default: on top). Refused past EDIT_MAX_LAYERS or with a taken id. */
export class AddLayerCommand implements Command {
  readonly kind = 'add_layer';
  constructor(
    readonly layer: EditLayer,
    readonly index?: number,
  ) {}

  apply(document: EditDocument): EditDocument {
    if (document.layers.length >= EDIT_MAX_LAYERS || indexOf(document, this.layer.id) !== -1) return document;
    const layers = [...document.layers];
    layers.splice(this.index ?? layers.length, 0, this.layer);
    return withLayers(document, layers);
  }

  revert(document: EditDocument): EditDocument {
    return withLayers(
      document,
      document.layers.filter((layer) => layer.id !== this.layer.id),
    );
  }
}

export class RemoveLayerCommand implements Command {
  readonly kind = 'remove_layer';
  private removed: { layer: EditLayer; index: number } | null = null;
  constructor(readonly layerId: string) {}

  apply(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    this.removed = null;
    if (index === -1) return document;
    this.removed = { layer: document.layers[index]!, index };
    return withLayers(
      document,
      document.layers.filter((_, i) => i !== index),
    );
  }

  revert(document: EditDocument): EditDocument {
    if (!this.removed) return document;
    const layers = [...document.layers];
    layers.splice(this.removed.index, 0, this.removed.layer);
    return withLayers(document, layers);
  }
}

/** Adds a shape to a layer's area (an erasing shape cuts it). Refused past MAX_AREA_SHAPES. */
export class AddShapeToLayerCommand implements Command {
  readonly kind = 'add_shape';
  constructor(
    readonly layerId: string,
    readonly shape: EditShape,
  ) {}

  apply(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    const layer = document.layers[index];
    if (!layer || layer.area.length >= MAX_AREA_SHAPES) return document;
    return withLayers(
      document,
      replaceAt(document.layers, index, { ...layer, area: [...layer.area, this.shape] }),
    );
  }

  revert(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    const layer = document.layers[index];
    const at = layer ? layer.area.lastIndexOf(this.shape) : -1;
    if (!layer || at === -1) return document;
    return withLayers(
      document,
      replaceAt(document.layers, index, { ...layer, area: layer.area.filter((_, i) => i !== at) }),
    );
  }
}

/** Changes the paint or floor product of a paint layer. */
export class SetLayerProductCommand implements Command {
  readonly kind = 'set_layer_product';
  private previous: string | null = null;
  constructor(
    readonly layerId: string,
    readonly productId: string,
  ) {}

  apply(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    const layer = document.layers[index];
    this.previous = null;
    if (layer?.type !== 'paint' || layer.productId === this.productId) return document;
    this.previous = layer.productId;
    return withLayers(document, replaceAt(document.layers, index, { ...layer, productId: this.productId }));
  }

  revert(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    const layer = document.layers[index];
    if (layer?.type !== 'paint' || this.previous === null) return document;
    return withLayers(document, replaceAt(document.layers, index, { ...layer, productId: this.previous }));
  }
}

export class SetWatermarkCommand implements Command {
  readonly kind = 'set_watermark';
  private previous: boolean | null = null;
  constructor(readonly watermark: boolean) {}

  apply(document: EditDocument): EditDocument {
    this.previous = null;
    if (document.watermark === this.watermark) return document;
    this.previous = document.watermark;
    return { ...document, watermark: this.watermark };
  }

  revert(document: EditDocument): EditDocument {
    return this.previous === null ? document : { ...document, watermark: this.previous };
  }
}

/** Moves a layer to `toIndex` in the stack (0 = applied first, at the bottom). */
export class ReorderLayerCommand implements Command {
  readonly kind = 'reorder_layer';
  private from = -1;
  constructor(
    readonly layerId: string,
    readonly toIndex: number,
  ) {}

  apply(document: EditDocument): EditDocument {
    const from = indexOf(document, this.layerId);
    const to = Math.max(0, Math.min(document.layers.length - 1, this.toIndex));
    this.from = -1;
    if (from === -1 || from === to) return document;
    this.from = from;
    return withLayers(document, move(document.layers, from, to));
  }

  revert(document: EditDocument): EditDocument {
    const at = indexOf(document, this.layerId);
    if (at === -1 || this.from === -1) return document;
    return withLayers(document, move(document.layers, at, this.from));
  }
}

function move(layers: readonly EditLayer[], from: number, to: number): EditLayer[] {
  const next = [...layers];
  const [layer] = next.splice(from, 1);
  next.splice(to, 0, layer!);
  return next;
}

/** Puts another layer in a layer's place (e.g. a selection that becomes an AI area). */
export class ReplaceLayerCommand implements Command {
  readonly kind = 'replace_layer';
  private previous: EditLayer | null = null;
  constructor(
    readonly layerId: string,
    readonly layer: EditLayer,
  ) {}

  apply(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layerId);
    const clash = this.layer.id !== this.layerId && indexOf(document, this.layer.id) !== -1;
    this.previous = null;
    if (index === -1 || clash) return document;
    this.previous = document.layers[index]!;
    return withLayers(document, replaceAt(document.layers, index, this.layer));
  }

  revert(document: EditDocument): EditDocument {
    const index = indexOf(document, this.layer.id);
    if (index === -1 || !this.previous) return document;
    return withLayers(document, replaceAt(document.layers, index, this.previous));
  }
}

/** Several commands as one step of the history: applied in order, reverted in reverse order. */
export class CompositeCommand implements Command {
  readonly kind = 'composite';
  constructor(readonly commands: readonly Command[]) {}

  apply(document: EditDocument): EditDocument {
    return this.commands.reduce((current, command) => command.apply(current), document);
  }

  revert(document: EditDocument): EditDocument {
    return this.commands.reduceRight((current, command) => command.revert(current), document);
  }
}
