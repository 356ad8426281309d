import {
  EDIT_DOCUMENT_SCHEMA_VERSION,
  EDIT_MAX_LAYERS,
  type EditDocument,
  type EditLayer,
} from '@estancia/contracts';

/** The most shapes one layer's area may hold (the contract's `area` maximum). */
export const MAX_AREA_SHAPES = 500;
/** The most numbers one point list may hold (the contract's `points` maximum): 10 000 points. */
export const MAX_POINT_VALUES = 20_000;
export { EDIT_MAX_LAYERS };

/** A fresh, empty edit document over a decoration version. */
export function createEditDocument(baseVersionId: string): EditDocument {
  return { schemaVersion: EDIT_DOCUMENT_SCHEMA_VERSION, baseVersionId, layers: [], watermark: false };
}

/** A short random layer id; getRandomValues works on plain-http pages too, where randomUUID does not. */
export function newLayerId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return `layer-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A seed for the staging engine, in the contract's range 1..2^31-1. */
export function newSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * (2 ** 31 - 2));
}

export function findLayer(document: EditDocument, layerId: string | null): EditLayer | undefined {
  return layerId === null ? undefined : document.layers.find((layer) => layer.id === layerId);
}
