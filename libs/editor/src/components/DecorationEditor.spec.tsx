import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { EditDocument, EditSession, Product } from '@estancia/contracts';
import { DecorationEditor, type DecorationEditorProps } from './DecorationEditor';
import { emptyDocument, wallLayer } from '../test/fixtures';

const product = (id: string, type: Product['type'], name: string, color: string): Product => ({
  id,
  type,
  name,
  brand: 'Estancia',
  color,
  textureUrl: type === 'floor' ? `/textures/${id}.svg` : null,
  pattern: type === 'floor' ? 'planks' : null,
  tileScale: type === 'floor' ? 0.1 : null,
  priceCents: 1990,
  unit: type === 'floor' ? 'square_metre' : 'litre',
  purchaseUrl: 'https://example.com',
});

const products = [
  product('paint-1', 'wall_paint', 'Blanco roto', '#f1ede4'),
  product('paint-2', 'wall_paint', 'Verde salvia', '#9caf88'),
  product('floor-1', 'floor', 'Roble natural', '#b08a5a'),
];

const session = (overrides: Partial<EditSession> = {}): EditSession => ({
  decorationId: 'dec-1',
  document: emptyDocument(),
  baseImageUrl: '/files/draft.jpg',
  originalImageUrl: '/files/original.jpg',
  addedMaskUrl: null,
  width: 1600,
  height: 1200,
  tools: ['wall', 'floor', 'brush', 'eraser', 'watermark'],
  lockedTools: ['select', 'lasso', 'ai_decoration', 'reform'],
  editsLeft: 2,
  updatedAt: null,
  ...overrides,
});

function renderEditor(props: Partial<DecorationEditorProps> = {}) {
  const onSave = vi.fn<
    (document: EditDocument, basedOn: string | null) => Promise<{ updatedAt: string | null }>
  >(() => Promise.resolve({ updatedAt: '2026-12-01T00:00:00.000Z' }));
  const onRender = vi.fn(() => Promise.resolve());
  const onLockedTool = vi.fn();
  const view = render(
    <DecorationEditor
      session={session()}
      products={products}
      onSave={onSave}
      onRender={onRender}
      onLockedTool={onLockedTool}
      autosaveMs={20}
      {...props}
    />,
  );
  return { ...view, onSave, onRender, onLockedTool };
}

const toolButton = (name: string) => screen.getByRole('button', { name });

describe('DecorationEditor', () => {
  it('shows every tool by its name, the locked ones calling for the upgrade instead of activating', () => {
    const { onLockedTool } = renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Herramientas' });
    for (const name of ['Pared', 'Suelo', 'Pincel corrector', 'Borrador', 'Selección de objetos', 'Lazo'])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    expect(toolButton('Pared').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toolButton('Decoración IA'));
    expect(onLockedTool).toHaveBeenCalledWith('ai_decoration');
    expect(toolButton('Decoración IA').getAttribute('aria-pressed')).toBe('false');
    expect(toolButton('Decoración IA').getAttribute('data-locked')).toBe('true');
    expect(toolButton('Pared').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toolButton('Pincel corrector'));
    expect(toolButton('Pincel corrector').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('slider', { name: 'Tamaño del pincel' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Dureza del borde' })).toBeTruthy();
  });

  it('has a labelled stage, the original photo beside it and the paint and floor swatches by name', () => {
    renderEditor();
    const stage = screen.getByTestId('editor-stage');
    expect(stage.getAttribute('aria-label')).toBe('Lienzo de edición: la decoración con tus cambios');
    // This DOM has no 2D canvas: the editor says so instead of failing.
    expect(within(stage).getByText('Este navegador no puede mostrar el lienzo de edición.')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'La foto original, antes de decorarla' }).getAttribute('src'),
    ).toBe('/files/original.jpg');
    const paints = screen.getByRole('group', { name: 'Pinturas' });
    expect(within(paints).getByRole('button', { name: 'Blanco roto' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(paints).getByRole('button', { name: 'Verde salvia' }));
    expect(within(paints).getByRole('button', { name: 'Verde salvia' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      within(screen.getByRole('group', { name: 'Suelos' })).getByRole('button', { name: 'Roble natural' }),
    ).toBeTruthy();
  });

  it('toggles the watermark as an undoable step, autosaves it and says so', async () => {
    const { onSave } = renderEditor();
    const status = screen.getByTestId('editor-save-status');
    expect(status.textContent).toBe('Guardado');
    expect(toolButton('Deshacer')).toHaveProperty('disabled', true);

    fireEvent.click(toolButton('Marca de agua'));
    expect(toolButton('Marca de agua').getAttribute('aria-pressed')).toBe('true');
    expect(status.textContent).toBe('Sin guardar');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].watermark).toBe(true);
    await waitFor(() => expect(status.textContent).toBe('Guardado'));

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(toolButton('Marca de agua').getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(toolButton('Marca de agua').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toolButton('Deshacer'));
    expect(toolButton('Marca de agua').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![0].watermark).toBe(false);
  });

  it('chooses tools with their keys', () => {
    renderEditor();
    fireEvent.keyDown(window, { key: 'e' });
    expect(toolButton('Borrador').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(window, { key: 'f' });
    expect(toolButton('Suelo').getAttribute('aria-pressed')).toBe('true');
  });

  it('lists the layers; a chosen wall takes the swatch clicked, and can be removed', async () => {
    const document = { ...emptyDocument(), layers: [wallLayer('w1', 'paint-1')] };
    const { onSave } = renderEditor({ session: session({ document }) });
    const layers = screen.getByRole('list', { name: 'Capas' });
    fireEvent.click(within(layers).getByRole('button', { name: '1. Pared · Blanco roto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verde salvia' }));
    expect(within(layers).getByRole('button', { name: '1. Pared · Verde salvia' })).toBeTruthy();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls.at(-1)![0].layers[0]).toMatchObject({ productId: 'paint-2' });

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar 1. Pared · Verde salvia' }));
    expect(
      screen.getByText('Aún no hay cambios. Elige una herramienta y marca una zona de la foto.'),
    ).toBeTruthy();
    fireEvent.click(toolButton('Deshacer'));
    expect(
      within(screen.getByRole('list', { name: 'Capas' })).getByRole('button', {
        name: '1. Pared · Verde salvia',
      }),
    ).toBeTruthy();
  });

  it('"Save result" saves the latest document first, then asks the host to render', async () => {
    const order: string[] = [];
    renderEditor({
      autosaveMs: 60_000,
      onSave: vi.fn(async () => {
        order.push('save');
        return { updatedAt: '2026-12-01T00:00:00.000Z' };
      }),
      onRender: vi.fn(async () => void order.push('render')),
    });
    fireEvent.click(toolButton('Marca de agua'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar resultado' })));
    await waitFor(() => expect(order).toEqual(['save', 'render']));
  });

  it('shows the edits left, and no save result without any', () => {
    renderEditor({ session: session({ editsLeft: 0 }) });
    expect(screen.getByText('No te quedan ediciones')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar resultado' })).toHaveProperty('disabled', true);
  });

  it('read-only: no tools, no saving, layers only listed', () => {
    const document = { ...emptyDocument(), layers: [wallLayer('w1', 'paint-1')] };
    const { onSave } = renderEditor({ session: session({ document }), readOnly: true });
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByText('Solo lectura')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('speaks the locale it is given when the host has no i18next (react-admin)', () => {
    renderEditor({ locale: 'en' });
    expect(toolButton('Wall')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save result' })).toBeTruthy();
    expect(screen.getByText('2 edits left')).toBeTruthy();
  });

  it("uses the host's i18next instance and language, adding the editor's catalogue", () => {
    const host = i18next.createInstance();
    void host.use(initReactI18next).init({
      resources: { ca: { web: { hello: 'Hola' } } },
      lng: 'ca',
      fallbackLng: 'en',
      initAsync: false,
    });
    render(
      <I18nextProvider i18n={host}>
        <DecorationEditor
          session={session()}
          products={products}
          onSave={async () => ({ updatedAt: '2026-12-01T00:00:00.000Z' })}
          onRender={async () => {}}
        />
      </I18nextProvider>,
    );
    expect(toolButton('Paret')).toBeTruthy();
    expect(host.hasResourceBundle('es', 'editor')).toBe(true);
  });
});
