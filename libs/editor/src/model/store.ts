import type { EditDocument } from '@estancia/contracts';
import type { Command } from './commands';
import {
  chooseProduct,
  createEditorState,
  execute,
  redo,
  select,
  undo,
  type EditorState,
  type ExecuteOptions,
} from './state';

/**
 * The editor state behind a subscribe/getState pair (for `useSyncExternalStore`), so pointer
 * handlers read and change the current state synchronously, outside React's render cycle.
 */
export interface EditorStore {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  /** Runs a command; false when it refused to act (a limit was reached). */
  execute(command: Command, options?: ExecuteOptions): boolean;
  undo(): void;
  redo(): void;
  select(layerId: string | null): void;
  /** The paint or floor the next wall or floor gets (saved with the document, not an undo step). */
  chooseProduct(surface: 'wall' | 'floor', productId: string): void;
  /** Starts over from another saved document (a new session, another tab's save), with its history. */
  reset(document: EditDocument): void;
}

export function createEditorStore(document: EditDocument): EditorStore {
  let state = createEditorState(document);
  const listeners = new Set<() => void>();
  const set = (next: EditorState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    execute(command, options) {
      const before = state;
      set(execute(before, command, options));
      return state !== before;
    },
    undo: () => set(undo(state)),
    redo: () => set(redo(state)),
    select: (layerId) => set(select(state, layerId)),
    chooseProduct: (surface, productId) => set(chooseProduct(state, surface, productId)),
    reset: (next) => set(createEditorState(next)),
  };
}
