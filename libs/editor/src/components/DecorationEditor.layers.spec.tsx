import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  editDocumentSchema,
  type EditDocument,
  type EditLayer,
  type EditSession,
  type Product,
} from '@estancia/contracts';
import { AddLayerCommand } from '../model/commands';
import { createEditorState, execute, savedDocument } from '../model/state';
import { DecorationEditor, type DecorationEditorProps } from './DecorationEditor';
import { correction, emptyDocument, wallLayer } from '../test/fixtures';

const product = (id: string, type: Product['type'], name: string): Product => ({
  id,
  type,
  name,
  brand: 'Estancia',
  color: '#b08a5a',
  textureUrl: null,
  pattern: type === 'floor' ? 'planks' : null,
  tileScale: type === 'floor' ? 0.1 : null,
  priceCents: 1990,
  unit: type === 'floor' ? 'square_metre' : 'litre',
  purchaseUrl: 'https://example.com',
});

const products = [
  product('paint-1', 'wall_paint', 'Blanco roto'),
  product('paint-2', 'wall_paint', 'Verde salvia'),
  product('floor-1', 'floor', 'Roble natural'),
  product('floor-2', 'floor', 'Roble claro'),
];

const floorLayer = (id: string, productId: string): EditLayer => ({
  id,
  type: 'paint',
  surface: 'floor',
  productId,
  area: [{ kind: 'polygon', points: [0, 0.6, 1, 0.6, 1, 1, 0, 1], erase: false }],
});

const session = (document: EditDocument, overrides: Partial<EditSession> = {}): EditSession => ({
  decorationId: 'dec-1',
  // What the server sends: the JSON of a document it validated.
  document: editDocumentSchema.parse(JSON.parse(JSON.stringify(document))),
  baseImageUrl: '/files/draft.jpg',
  originalImageUrl: '/files/original.jpg',
  addedMaskUrl: null,
  width: 1600,
  height: 1200,
  tools: ['wall', 'floor', 'brush', 'eraser', 'select', 'lasso', 'watermark'],
  lockedTools: ['ai_decoration', 'reform'],
  editsLeft: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

function renderEditor(props: Partial<DecorationEditorProps> & { session: EditSession }) {
  const onSave = vi.fn<
    (document: EditDocument, basedOn: string | null) => Promise<{ updatedAt: string | null }>
  >(() => Promise.resolve({ updatedAt: '2026-12-01T00:00:00.000Z' }));
  const view = render(
    <DecorationEditor
      products={products}
      onSave={onSave}
      onRender={async () => {}}
      autosaveMs={20}
      {...props}
    />,
  );
  return { ...view, onSave };
}

const swatch = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name });
const layerButtons = () =>
  within(screen.getByRole('list', { name: 'Capas' }))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-pressed'))
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('the editor after a reload', () => {
  it('the floor swatch shows the product the floor uses, not the first one', () => {
    renderEditor({ session: session({ ...emptyDocument(), layers: [floorLayer('f1', 'floor-2')] }) });
    expect(swatch('Suelos', 'Roble claro').getAttribute('aria-pressed')).toBe('true');
    expect(swatch('Suelos', 'Roble natural').getAttribute('aria-pressed')).toBe('false');
  });

  it('the paint chosen last is saved with the document and chosen again after a reload', async () => {
    const first = renderEditor({ session: session(emptyDocument()) });
    fireEvent.click(swatch('Pinturas', 'Verde salvia'));
    await waitFor(() => expect(first.onSave).toHaveBeenCalled());
    const saved = first.onSave.mock.calls.at(-1)![0];
    expect(saved.chosenProducts).toEqual({ wall: 'paint-2' });
    first.unmount();

    renderEditor({ session: session(saved) });
    expect(swatch('Pinturas', 'Verde salvia').getAttribute('aria-pressed')).toBe('true');
  });

  it('choosing a floor layer shows its product in the swatches', () => {
    const document = {
      ...emptyDocument(),
      layers: [floorLayer('f1', 'floor-2'), floorLayer('f2', 'floor-1')],
    };
    renderEditor({ session: session(document) });
    expect(swatch('Suelos', 'Roble natural').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '1. Suelo · Roble claro' }));
    expect(swatch('Suelos', 'Roble claro').getAttribute('aria-pressed')).toBe('true');
  });

  it('undo reaches past the reload: the saved history comes back with the document', () => {
    let state = createEditorState(emptyDocument());
    state = execute(state, new AddLayerCommand(wallLayer('w1', 'paint-1')));
    state = execute(state, new AddLayerCommand(correction('c1')));
    renderEditor({ session: session(savedDocument(state)) });
    expect(layerButtons()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Deshacer' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(layerButtons()).toEqual(['1. Pared · Blanco roto']);
    fireEvent.click(screen.getByRole('button', { name: 'Rehacer' }));
    expect(layerButtons()).toHaveLength(2);
  });
});

describe('a second tab', () => {
  it('when this page comes back into view, a document saved elsewhere since replaces the one shown', async () => {
    const mine = { ...emptyDocument(), layers: [wallLayer('w1', 'paint-1')] };
    const elsewhere = execute(createEditorState(mine), new AddLayerCommand(floorLayer('f1', 'floor-2')));
    const newer = session(savedDocument(elsewhere), { updatedAt: '2026-12-01T10:05:00.000Z' });
    const loadSession = vi.fn(() => Promise.resolve(newer));
    const { onSave } = renderEditor({ session: session(mine), loadSession });

    await act(async () => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(layerButtons()).toHaveLength(2));
    expect(screen.getByText(/se guardó en otra pestaña/)).toBeTruthy();
    expect(swatch('Suelos', 'Roble claro').getAttribute('aria-pressed')).toBe('true');
    // Taken as saved, not saved back over the other tab's.
    expect(screen.getByTestId('editor-save-status').getAttribute('data-status')).toBe('saved');
    expect(onSave).not.toHaveBeenCalled();

    // The same document again (e.g. this tab's own save read back): nothing changes.
    loadSession.mockResolvedValue({ ...newer, updatedAt: '2026-12-01T10:06:00.000Z' });
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(loadSession).toHaveBeenCalledTimes(2);
    expect(layerButtons()).toHaveLength(2);

    // Its undo history came along.
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(layerButtons()).toEqual(['1. Pared · Blanco roto']);
  });
});

describe('two tabs saving at once', () => {
  it('a save the server refuses as saved elsewhere shows that save, and the next one is based on it', async () => {
    const mine = { ...emptyDocument(), layers: [wallLayer('w1', 'paint-1')] };
    const elsewhere = { ...mine, layers: [...mine.layers, floorLayer('f1', 'floor-2')] };
    const newer = session(elsewhere, { updatedAt: '2026-12-01T10:05:00.000Z' });
    const loadSession = vi.fn(() => Promise.resolve(newer));
    const { onSave } = renderEditor({ session: session(mine), loadSession });
    onSave.mockResolvedValueOnce('saved_elsewhere' as never);

    fireEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // Based on the session this editor opened.
    expect(onSave.mock.calls[0]![1]).toBe('2026-12-01T10:00:00.000Z');
    await waitFor(() => expect(layerButtons()).toHaveLength(2));
    expect(screen.getByText(/se guardó en otra pestaña/)).toBeTruthy();
    expect(screen.getByTestId('editor-save-status').getAttribute('data-status')).toBe('saved');

    // The next change saves over the other tab's save, then over its own.
    fireEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![1]).toBe('2026-12-01T10:05:00.000Z');
    expect(onSave.mock.calls[1]![0].layers).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(3));
    expect(onSave.mock.calls[2]![1]).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('leaving for another tab', () => {
  it('saves at once, so the other tab reads the latest', async () => {
    const { onSave } = renderEditor({ session: session(emptyDocument()), autosaveMs: 60_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => void window.dispatchEvent(new Event('blur')));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      watermark: true,
      history: { past: [{ watermark: false }] },
    });
  });
});

describe('"add to layer"', () => {
  it('is offered with object selection and the lasso, off by default', () => {
    renderEditor({ session: session(emptyDocument()) });
    expect(screen.queryByTestId('editor-add-to-layer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Selección de objetos' }));
    const toggle = screen.getByRole('switch', { name: 'Añadir a la capa elegida' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
