import type { EditDocument } from '@estancia/contracts';
import type { Command } from './commands';
import { findLayer } from './document';

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 200;

export interface EditorHistory {
  readonly past: readonly Command[];
  readonly future: readonly Command[];
}

/** Everything the editor changes: the document, its undo/redo history and the selected layer. */
export interface EditorState {
  readonly document: EditDocument;
  readonly history: EditorHistory;
  /** The selected layer's id: brush, eraser, selection and lasso strokes go into its area. */
  readonly selection: string | null;
}

export function createEditorState(document: EditDocument): EditorState {
  return { document, history: { past: [], future: [] }, selection: null };
}

/** A selection that points at a layer the document no longer has is dropped. */
const keptSelection = (document: EditDocument, selection: string | null) =>
  findLayer(document, selection) ? selection : null;

export interface ExecuteOptions {
  /** Select this layer afterwards (e.g. the layer the command added). */
  select?: string | null;
}

/**
 * Applies a command and records it; a new command clears the redo future. A command that refuses
 * to act (returns the same document) leaves the state untouched, so callers can tell by identity.
 */
export function execute(state: EditorState, command: Command, options: ExecuteOptions = {}): EditorState {
  const document = command.apply(state.document);
  if (document === state.document) return state;
  const selection = options.select === undefined ? state.selection : options.select;
  return {
    ...state,
    document,
    history: { past: [...state.history.past, command].slice(-HISTORY_LIMIT), future: [] },
    selection: keptSelection(document, selection),
  };
}

export function undo(state: EditorState): EditorState {
  const command = state.history.past.at(-1);
  if (!command) return state;
  const document = command.revert(state.document);
  return {
    ...state,
    document,
    history: { past: state.history.past.slice(0, -1), future: [command, ...state.history.future] },
    selection: keptSelection(document, state.selection),
  };
}

export function redo(state: EditorState): EditorState {
  const [command, ...future] = state.history.future;
  if (!command) return state;
  const document = command.apply(state.document);
  return {
    ...state,
    document,
    history: { past: [...state.history.past, command], future },
    selection: keptSelection(document, state.selection),
  };
}

export function select(state: EditorState, layerId: string | null): EditorState {
  const selection = keptSelection(state.document, layerId);
  return selection === state.selection ? state : { ...state, selection };
}

export const canUndo = (state: EditorState): boolean => state.history.past.length > 0;
export const canRedo = (state: EditorState): boolean => state.history.future.length > 0;
