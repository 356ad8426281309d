import {
  EDIT_HISTORY_MAX_BYTES,
  EDIT_HISTORY_MAX_LAYER_VERSIONS,
  EDIT_HISTORY_MAX_STEPS,
  EDIT_MAX_LAYERS,
  type EditDocument,
  type EditHistory,
  type EditHistoryStep,
  type EditLayer,
} from '@estancia/contracts';

/** What one step of the history restores: the layers and the watermark (documents share unchanged layers). */
export interface Snapshot {
  /** Never mutated (the document's own array, typed as the contract's). */
  readonly layers: EditLayer[];
  readonly watermark: boolean;
}

export interface EditorHistory {
  /** What undo goes back to, the oldest first. */
  readonly past: readonly Snapshot[];
  /** What redo goes forward to, the next first. */
  readonly future: readonly Snapshot[];
}

export const EMPTY_HISTORY: EditorHistory = { past: [], future: [] };

export const snapshotOf = (document: EditDocument): Snapshot => ({
  layers: document.layers,
  watermark: document.watermark,
});

/** Layers are immutable: the size of each version's JSON is measured once. */
const sizes = new WeakMap<EditLayer, number>();
const sizeOf = (layer: EditLayer): number => {
  let size = sizes.get(layer);
  if (size === undefined) sizes.set(layer, (size = JSON.stringify(layer).length + 1));
  return size;
};

/** The JSON of one step's index list, about: digits, commas and the step's own keys. */
const STEP_OVERHEAD = 40;
const REF_SIZE = 4;

/**
 * The history as the saved document holds it: the steps nearest the present (at most
 * EDIT_HISTORY_MAX_STEPS each way), each layer version stored once, and the oldest steps dropped until
 * it weighs at most `maxBytes` (steps that would need more than that alone are dropped too).
 */
export function serializeHistory(
  document: EditDocument,
  history: EditorHistory,
  maxBytes = EDIT_HISTORY_MAX_BYTES,
): EditHistory | undefined {
  const refs = new Map<EditLayer, number>(document.layers.map((layer, i) => [layer, i]));
  const pool: EditLayer[] = [];
  // A margin for the keys and brackets of the whole, and for the estimate.
  let bytes = 64;
  let full = false;

  /** The step's refs, adding its new versions to the pool; null (and nothing added) when it does not fit. */
  const encode = (snapshot: Snapshot): EditHistoryStep | null => {
    if (full) return null;
    const added: EditLayer[] = [];
    let cost = STEP_OVERHEAD + snapshot.layers.length * REF_SIZE;
    for (const layer of snapshot.layers)
      if (!refs.has(layer) && !added.includes(layer)) {
        added.push(layer);
        cost += sizeOf(layer);
      }
    if (bytes + cost > maxBytes || pool.length + added.length > EDIT_HISTORY_MAX_LAYER_VERSIONS) {
      full = true;
      return null;
    }
    bytes += cost;
    for (const layer of added) {
      refs.set(layer, document.layers.length + pool.length);
      pool.push(layer);
    }
    return { layers: snapshot.layers.map((layer) => refs.get(layer)!), watermark: snapshot.watermark };
  };

  // Nearest first, undo and redo in turn, so a tight budget keeps the steps either side of the present.
  const past = history.past.slice(-EDIT_HISTORY_MAX_STEPS).reverse();
  const future = history.future.slice(0, EDIT_HISTORY_MAX_STEPS);
  const savedPast: EditHistoryStep[] = [];
  const savedFuture: EditHistoryStep[] = [];
  for (let i = 0; i < Math.max(past.length, future.length) && !full; i++) {
    const back = past[i] ? encode(past[i]!) : null;
    if (back) savedPast.unshift(back);
    const forward = future[i] && !full ? encode(future[i]!) : null;
    if (forward) savedFuture.push(forward);
  }
  if (!savedPast.length && !savedFuture.length) return undefined;
  return { layers: pool, past: savedPast, future: savedFuture };
}

/**
 * The saved history back in memory, sharing the layer objects of the document: an unchanged layer is the
 * same object in every step (previews are kept by identity). A history that does not fit the document
 * (an unknown index, a layer twice) is dropped rather than trusted.
 */
export function restoreHistory(document: EditDocument, saved: EditHistory | undefined): EditorHistory {
  if (!saved) return EMPTY_HISTORY;
  const versions = [...document.layers, ...saved.layers];
  const decode = (step: EditHistoryStep): Snapshot | null => {
    const layers = step.layers.map((ref) => versions[ref]);
    if (layers.length > EDIT_MAX_LAYERS || layers.some((layer) => !layer)) return null;
    const ids = new Set(layers.map((layer) => layer!.id));
    return ids.size === layers.length ? { layers: layers as EditLayer[], watermark: step.watermark } : null;
  };
  const past = saved.past.map(decode);
  const future = saved.future.map(decode);
  if ([...past, ...future].some((step) => !step)) return EMPTY_HISTORY;
  return { past: past as Snapshot[], future: future as Snapshot[] };
}
