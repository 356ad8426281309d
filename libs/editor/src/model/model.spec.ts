import { describe, expect, it } from 'vitest';
import { EDIT_MAX_LAYERS, editDocumentSchema, type EditDocument } from '@estancia/contracts';
import {
  AddLayerCommand,
  AddShapeToLayerCommand,
  CompositeCommand,
  RemoveLayerCommand,
  ReorderLayerCommand,
  ReplaceLayerCommand,
  SetLayerProductCommand,
  SetWatermarkCommand,
  type Command,
} from './commands';
import { MAX_AREA_SHAPES, newLayerId, newSeed } from './document';
import { canRedo, canUndo, createEditorState, execute, redo, select, undo, type EditorState } from './state';
import { createEditorStore } from './store';
import { correction, emptyDocument, wallLayer } from '../test/fixtures';

const valid = (document: EditDocument) => editDocumentSchema.parse(document);

/** A document with a wall and a correction, reached through commands. */
function populated(): EditorState {
  let state = createEditorState(emptyDocument());
  state = execute(state, new AddLayerCommand(wallLayer()));
  state = execute(state, new AddLayerCommand(correction()));
  return state;
}

const everyCommand = (): Command[] => [
  new AddLayerCommand({ ...wallLayer('wall-2', 'paint-2') }, 0),
  new RemoveLayerCommand('fix-1'),
  new AddShapeToLayerCommand('wall-1', {
    kind: 'mask',
    width: 4,
    height: 2,
    runs: [1, 2, 1, 0, 4, 0],
    erase: true,
  }),
  new SetLayerProductCommand('wall-1', 'paint-9'),
  new SetWatermarkCommand(true),
  new ReorderLayerCommand('fix-1', 0),
  new ReplaceLayerCommand('fix-1', { ...correction('fix-1'), type: 'ai', mode: 'reform', seed: 42 }),
  new CompositeCommand([new RemoveLayerCommand('wall-1'), new SetWatermarkCommand(true)]),
];

describe('commands with undo and redo', () => {
  for (const command of everyCommand()) {
    it(`${command.kind}: undo restores the document, redo gives the same result again`, () => {
      const before = populated();
      const done = execute(before, command);
      expect(done.document).not.toEqual(before.document);
      valid(done.document);

      const undone = undo(done);
      expect(undone.document).toEqual(before.document);
      expect(canRedo(undone)).toBe(true);

      const redone = redo(undone);
      expect(redone.document).toEqual(done.document);
      valid(redone.document);
    });
  }

  it('undoes and redoes a whole session step by step', () => {
    let state = createEditorState(emptyDocument());
    const snapshots = [state.document];
    state = execute(state, new AddLayerCommand(wallLayer()));
    snapshots.push(state.document);
    state = execute(state, new AddLayerCommand(correction()));
    snapshots.push(state.document);
    for (const command of everyCommand().slice(2, 6)) {
      state = execute(state, command);
      snapshots.push(state.document);
    }
    for (let i = snapshots.length - 2; i >= 0; i--) {
      state = undo(state);
      expect(state.document).toEqual(snapshots[i]);
    }
    expect(canUndo(state)).toBe(false);
    for (let i = 1; i < snapshots.length; i++) {
      state = redo(state);
      expect(state.document).toEqual(snapshots[i]);
    }
    expect(canRedo(state)).toBe(false);
  });

  it('a new command after undo clears the redo future', () => {
    let state = populated();
    state = undo(state);
    expect(state.history.future).toHaveLength(1);
    state = execute(state, new SetWatermarkCommand(true));
    expect(state.history.future).toHaveLength(0);
    expect(redo(state)).toBe(state);
    expect(state.document.layers.map((l) => l.id)).toEqual(['wall-1']);
  });

  it('undo and redo with an empty history change nothing', () => {
    const state = createEditorState(emptyDocument());
    expect(undo(state)).toBe(state);
    expect(redo(state)).toBe(state);
  });

  it('a command that refuses to act is not recorded', () => {
    const state = populated();
    expect(execute(state, new SetWatermarkCommand(false))).toBe(state);
    expect(execute(state, new AddLayerCommand(wallLayer()))).toBe(state);
    expect(execute(state, new RemoveLayerCommand('missing'))).toBe(state);
    expect(execute(state, new SetLayerProductCommand('fix-1', 'paint-2'))).toBe(state);
    expect(execute(state, new ReorderLayerCommand('wall-1', 0))).toBe(state);
  });

  it('stops at the contract limits: 100 layers, 500 shapes per area', () => {
    let state = createEditorState(emptyDocument());
    for (let i = 0; i < EDIT_MAX_LAYERS; i++)
      state = execute(state, new AddLayerCommand(correction(`c${i}`)));
    expect(execute(state, new AddLayerCommand(correction('one-more')))).toBe(state);
    valid(state.document);

    for (let i = 1; i < MAX_AREA_SHAPES; i++)
      state = execute(
        state,
        new AddShapeToLayerCommand('c0', {
          kind: 'stroke',
          points: [0.5, 0.5],
          size: 0.01,
          hardness: 1,
          erase: false,
        }),
      );
    expect(state.document.layers[0]!.area).toHaveLength(MAX_AREA_SHAPES);
    const full = new AddShapeToLayerCommand('c0', {
      kind: 'polygon',
      points: [0, 0, 1, 0, 1, 1],
      erase: false,
    });
    expect(execute(state, full)).toBe(state);
    valid(state.document);
  });

  it('reorders layers within bounds', () => {
    const state = execute(populated(), new ReorderLayerCommand('fix-1', -5));
    expect(state.document.layers.map((l) => l.id)).toEqual(['fix-1', 'wall-1']);
  });
});

describe('selection', () => {
  it('selects a layer, follows what the document keeps and drops a removed layer', () => {
    let state = select(populated(), 'wall-1');
    expect(state.selection).toBe('wall-1');
    expect(select(state, 'missing').selection).toBeNull();
    state = execute(state, new RemoveLayerCommand('wall-1'));
    expect(state.selection).toBeNull();
    state = execute(state, new AddLayerCommand(wallLayer('wall-3')), { select: 'wall-3' });
    expect(state.selection).toBe('wall-3');
    state = undo(state);
    expect(state.selection).toBeNull();
  });
});

describe('the store', () => {
  it('notifies on change and tells whether a command acted', () => {
    const store = createEditorStore(emptyDocument());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    expect(store.execute(new AddLayerCommand(wallLayer()))).toBe(true);
    expect(store.execute(new AddLayerCommand(wallLayer()))).toBe(false);
    store.undo();
    store.redo();
    expect(calls).toBe(3);
    unsubscribe();
    store.reset(emptyDocument());
    expect(calls).toBe(3);
    expect(store.getState().document.layers).toEqual([]);
    expect(canUndo(store.getState())).toBe(false);
  });
});

describe('ids and seeds', () => {
  it('makes distinct layer ids within the contract length and seeds within its range', () => {
    const ids = new Set(Array.from({ length: 200 }, newLayerId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
    expect(newSeed(() => 0)).toBe(1);
    expect(newSeed(() => 0.999999999999)).toBeLessThanOrEqual(2 ** 31 - 1);
  });
});
