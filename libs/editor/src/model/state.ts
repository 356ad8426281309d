import type { EditDocument } from '@estancia/contracts';
import type { Command } from './commands';
import { findLayer } from './document';
import { restoreHistory, serializeHistory, snapshotOf, type EditorHistory, type Snapshot } from './history';

/** How many steps back undo reaches while the editor is open (a saved document keeps fewer). */
export const HISTORY_LIMIT = 200;

/** Everything the editor changes: the document, its undo/redo history and the selected layer. */
export interface EditorState {
  /** The document without its saved history (the history is `history`, saved by `savedDocument`). */
  readonly document: EditDocument;
  readonly history: EditorHistory;
  /** The selected layer's id: the eraser cuts it; "add to layer" extends it. */
  readonly selection: string | null;
}

/** The editor state of a saved document: its history comes back too, so undo reaches past a reload. */
export function createEditorState(saved: EditDocument): EditorState {
  const { history, ...document } = saved;
  return { document, history: restoreHistory(document, history), selection: null };
}

/** The document to save: the state's document with its history (bounded in steps and in bytes). */
export function savedDocument(state: Pick<EditorState, 'document' | 'history'>): EditDocument {
  const history = serializeHistory(state.document, state.history);
  return history ? { ...state.document, history } : state.document;
}

/** A selection that points at a layer the document no longer has is dropped. */
const keptSelection = (document: EditDocument, selection: string | null) =>
  findLayer(document, selection) ? selection : null;

const restored = (document: EditDocument, snapshot: Snapshot): EditDocument => ({
  ...document,
  layers: snapshot.layers,
  watermark: snapshot.watermark,
});

export interface ExecuteOptions {
  /** Select this layer afterwards (e.g. the layer the command added). */
  select?: string | null;
}

/**
 * Applies a command and records the document before it; a new command clears the redo future. A
 * command that refuses to act (returns the same document) leaves the state untouched, so callers can
 * tell by identity.
 */
export function execute(state: EditorState, command: Command, options: ExecuteOptions = {}): EditorState {
  const document = command.apply(state.document);
  if (document === state.document) return state;
  const selection = options.select === undefined ? state.selection : options.select;
  return {
    ...state,
    document,
    history: { past: [...state.history.past, snapshotOf(state.document)].slice(-HISTORY_LIMIT), future: [] },
    selection: keptSelection(document, selection),
  };
}

export function undo(state: EditorState): EditorState {
  const snapshot = state.history.past.at(-1);
  if (!snapshot) return state;
  const document = restored(state.document, snapshot);
  return {
    ...state,
    document,
    history: {
      past: state.history.past.slice(0, -1),
      future: [snapshotOf(state.document), ...state.history.future],
    },
    selection: keptSelection(document, state.selection),
  };
}

export function redo(state: EditorState): EditorState {
  const [snapshot, ...future] = state.history.future;
  if (!snapshot) return state;
  const document = restored(state.document, snapshot);
  return {
    ...state,
    document,
    history: { past: [...state.history.past, snapshotOf(state.document)], future },
    selection: keptSelection(document, state.selection),
  };
}

export function select(state: EditorState, layerId: string | null): EditorState {
  const selection = keptSelection(state.document, layerId);
  return selection === state.selection ? state : { ...state, selection };
}

/** The paint or floor the next wall or floor gets: kept in the document, outside the undo history. */
export function chooseProduct(state: EditorState, surface: 'wall' | 'floor', productId: string): EditorState {
  if (state.document.chosenProducts?.[surface] === productId) return state;
  const chosenProducts = { ...state.document.chosenProducts, [surface]: productId };
  return { ...state, document: { ...state.document, chosenProducts } };
}

export const canUndo = (state: EditorState): boolean => state.history.past.length > 0;
export const canRedo = (state: EditorState): boolean => state.history.future.length > 0;
