import { describe, expect, it } from 'vitest';
import {
  EDIT_HISTORY_MAX_BYTES,
  EDIT_HISTORY_MAX_STEPS,
  editDocumentSchema,
  type EditDocument,
  type EditLayer,
} from '@estancia/contracts';
import {
  AddLayerCommand,
  AddShapeToLayerCommand,
  ReplaceLayerCommand,
  SetLayerProductCommand,
  SetWatermarkCommand,
} from './commands';
import { serializeHistory } from './history';
import {
  canRedo,
  canUndo,
  chooseProduct,
  createEditorState,
  execute,
  redo,
  savedDocument,
  undo,
} from './state';
import { createEditorStore } from './store';
import { correction, emptyDocument, wallLayer } from '../test/fixtures';

/** What the server stores and sends back: the JSON of a document it validated. */
const throughServer = (document: EditDocument): EditDocument =>
  editDocumentSchema.parse(JSON.parse(JSON.stringify(editDocumentSchema.parse(document))));

const stroke = (x: number) => ({
  kind: 'stroke' as const,
  points: [x, 0.5],
  size: 0.02,
  hardness: 1,
  erase: false,
});

/** A selection mask of `rows` × 1000 runs (every other cell inside): a heavy layer version. */
const heavyLayer = (id: string, rows: number): EditLayer => ({
  id,
  type: 'correction',
  area: [
    {
      kind: 'mask',
      width: 1000,
      height: rows,
      runs: Array.from({ length: rows * 1000 }, () => 1),
      erase: false,
    },
  ],
});

function session() {
  let state = createEditorState(emptyDocument());
  const steps = [state.document];
  state = execute(state, new AddLayerCommand(wallLayer()));
  steps.push(state.document);
  state = execute(state, new AddLayerCommand(correction()));
  steps.push(state.document);
  state = execute(state, new AddShapeToLayerCommand('fix-1', stroke(0.7)));
  steps.push(state.document);
  state = execute(state, new SetLayerProductCommand('wall-1', 'paint-2'));
  steps.push(state.document);
  state = execute(state, new SetWatermarkCommand(true));
  steps.push(state.document);
  return { state, steps };
}

describe('the undo history in the saved document', () => {
  it('survives a save and a reload: undo after the reload restores each earlier state, redo comes back', () => {
    const { state, steps } = session();
    let reloaded = createEditorState(throughServer(savedDocument(undo(state))));
    expect(reloaded.document).toEqual(steps.at(-2));
    expect(canUndo(reloaded) && canRedo(reloaded)).toBe(true);
    reloaded = redo(reloaded);
    expect(reloaded.document).toEqual(steps.at(-1));
    for (let i = steps.length - 2; i >= 0; i--) {
      reloaded = undo(reloaded);
      expect(reloaded.document).toEqual(steps[i]);
    }
    expect(canUndo(reloaded)).toBe(false);
  });

  it('the store starts from a saved document with its history', () => {
    const { state, steps } = session();
    const store = createEditorStore(throughServer(savedDocument(state)));
    store.undo();
    expect(store.getState().document).toEqual(steps.at(-2));
  });

  it('stores a layer version once, however many steps keep it unchanged', () => {
    const big = heavyLayer('big', 2);
    let state = createEditorState(emptyDocument());
    state = execute(state, new AddLayerCommand(big));
    for (let i = 0; i < 20; i++) state = execute(state, new SetWatermarkCommand(i % 2 === 0));
    const saved = savedDocument(state);
    // The big layer is a current layer: the history refers to it and holds no copy.
    expect(saved.history!.layers).toEqual([]);
    expect(JSON.stringify(saved.history).length).toBeLessThan(2_000);
    const reloaded = createEditorState(throughServer(saved));
    // After the reload, every step shares the same layer object (previews are kept by identity).
    let back = reloaded;
    for (let i = 0; i < 20; i++) back = undo(back);
    expect(back.document.layers[0]).toBe(reloaded.document.layers[0]);
    expect(undo(back).document.layers).toEqual([]);
  });

  it(`keeps the last ${EDIT_HISTORY_MAX_STEPS} steps and at most ${EDIT_HISTORY_MAX_BYTES} bytes`, () => {
    let state = createEditorState(emptyDocument());
    for (let i = 0; i < 50; i++) state = execute(state, new SetWatermarkCommand(i % 2 === 0));
    expect(savedDocument(state).history!.past).toHaveLength(EDIT_HISTORY_MAX_STEPS);

    // Heavy steps: each earlier version of the mask weighs 60 kB or more; only the nearest fit.
    let heavy = createEditorState({ ...emptyDocument(), layers: [heavyLayer('m', 30)] });
    for (let i = 1; i <= 25; i++)
      heavy = execute(heavy, new ReplaceLayerCommand('m', heavyLayer('m', 30 + i)));
    const saved = throughServer(savedDocument(heavy));
    expect(JSON.stringify(saved.history).length).toBeLessThanOrEqual(EDIT_HISTORY_MAX_BYTES);
    expect(saved.history!.past.length).toBeGreaterThan(3);
    expect(saved.history!.past.length).toBeLessThan(25);
    // The steps kept are the most recent ones: undo after a reload goes back one version at a time.
    let reloaded = createEditorState(saved);
    for (let i = 24; i > 25 - saved.history!.past.length; i--) {
      reloaded = undo(reloaded);
      const mask = reloaded.document.layers[0]!.area[0]!;
      expect(mask.kind === 'mask' && mask.height).toBe(30 + i);
    }
  });

  it('a step too big for the budget is left out, and the document still saves', () => {
    let state = createEditorState({ ...emptyDocument(), layers: [heavyLayer('a', 10)] });
    state = execute(state, new AddShapeToLayerCommand('a', stroke(0.1)));
    expect(serializeHistory(state.document, state.history, 100)).toBeUndefined();
    expect(savedDocument(state).history?.past).toHaveLength(1);
  });

  it('old documents without a history still parse, and a history that does not fit is dropped', () => {
    const old = editDocumentSchema.parse({ ...emptyDocument(), layers: [wallLayer()] });
    expect(old.history).toBeUndefined();
    expect(canUndo(createEditorState(old))).toBe(false);

    const broken = {
      ...old,
      history: { layers: [], past: [{ layers: [0, 0], watermark: false }], future: [] },
    };
    expect(canUndo(createEditorState(broken))).toBe(false);
    expect(
      editDocumentSchema.safeParse({
        ...old,
        history: { layers: [], past: [{ layers: [3], watermark: false }], future: [] },
      }).success,
    ).toBe(false);
  });

  it('the chosen paint and floor are saved too, outside the undo steps', () => {
    let state = execute(createEditorState(emptyDocument()), new AddLayerCommand(wallLayer()));
    state = chooseProduct(state, 'floor', 'floor-2');
    const reloaded = createEditorState(throughServer(savedDocument(state)));
    expect(reloaded.document.chosenProducts).toEqual({ floor: 'floor-2' });
    expect(undo(reloaded).document.chosenProducts).toEqual({ floor: 'floor-2' });
    expect(undo(reloaded).document.layers).toEqual([]);
  });
});
