import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiPreview, EditDocument, EditLayer, EditSession } from '@estancia/contracts';
import { emptyDocument } from '../test/fixtures';
import type { EditorCanvasProps } from './EditorCanvas';

/** The canvas is replaced by a probe of what it is given (happy-dom has no 2D canvas to draw on). */
const canvasProps = vi.hoisted(() => [] as EditorCanvasProps[]);
vi.mock('./EditorCanvas', () => ({
  EditorCanvas: (props: EditorCanvasProps) => {
    canvasProps.push(props);
    return null;
  },
}));
vi.mock('../render/canvas', async (actual) => ({
  ...(await actual<typeof import('../render/canvas')>()),
  canvasSupported: () => true,
}));
vi.mock('../hooks/useElementSize', () => ({ useElementSize: () => ({ width: 800, height: 600 }) }));

const { DecorationEditor } = await import('./DecorationEditor');

const aiLayer: EditLayer = {
  id: 'ai-1',
  type: 'ai',
  mode: 'decoration',
  seed: 7,
  area: [{ kind: 'polygon', points: [0.25, 0.25, 0.75, 0.25, 0.75, 0.75, 0.25, 0.75], erase: false }],
};
const documentWithAi = (): EditDocument => ({ ...emptyDocument(), layers: [aiLayer] });
const session = (document: EditDocument): EditSession => ({
  decorationId: 'dec-1',
  document,
  baseImageUrl: '/files/draft.jpg',
  originalImageUrl: '/files/original.jpg',
  addedMaskUrl: null,
  width: 1600,
  height: 1200,
  tools: ['wall', 'floor', 'ai_decoration'],
  lockedTools: [],
  editsLeft: 2,
  updatedAt: null,
});
const preview: AiPreview = {
  layerId: 'ai-1',
  url: '/m/ai-1.png',
  left: 400,
  top: 300,
  width: 800,
  height: 600,
};

/** Images "load" at once, so the result reaches the canvas without a network. */
class LoadedImage {
  crossOrigin: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    queueMicrotask(() => this.onload?.());
  }
}

const lastCanvas = () => canvasProps.at(-1)!;

beforeEach(() => {
  canvasProps.length = 0;
  vi.stubGlobal('Image', LoadedImage);
});

describe('DecorationEditor with AI results', () => {
  it("asks the host for each AI layer's result and hands it to the canvas, saying it is rendering meanwhile", async () => {
    let answer!: (preview: AiPreview) => void;
    const onAiPreview = vi.fn(
      (_document: EditDocument, _layerId: string) => new Promise<AiPreview>((resolve) => (answer = resolve)),
    );
    const document = documentWithAi();
    render(
      <DecorationEditor
        session={session(document)}
        products={[]}
        onSave={() => Promise.resolve({ updatedAt: '2026-12-01T00:00:00.000Z' })}
        onRender={() => Promise.resolve()}
        onAiPreview={onAiPreview}
        locale="en"
      />,
    );
    await waitFor(() => expect(onAiPreview).toHaveBeenCalledTimes(1));
    expect(onAiPreview.mock.calls[0]![0].layers).toEqual(document.layers);
    expect(onAiPreview.mock.calls[0]![1]).toBe('ai-1');
    expect((await screen.findByTestId('editor-ai-rendering')).textContent).toBe('Rendering the AI area…');
    expect(lastCanvas().aiResults?.size ?? 0).toBe(0);

    answer(preview);
    await waitFor(() => expect(lastCanvas().aiResults?.get('ai-1')).toBeDefined());
    const shown = lastCanvas().aiResults!.get('ai-1')!;
    expect(shown).toMatchObject({ layerId: 'ai-1', left: 400, top: 300, width: 800, height: 600 });
    expect(shown.image).toBeInstanceOf(LoadedImage);
    expect(screen.queryByTestId('editor-ai-rendering')).toBeNull();
    // Nothing changed under the area: it is not asked again.
    expect(onAiPreview).toHaveBeenCalledTimes(1);
  });

  it('keeps the outline when the host gives no way to ask', () => {
    render(
      <DecorationEditor
        session={session(documentWithAi())}
        products={[]}
        onSave={() => Promise.resolve({ updatedAt: '2026-12-01T00:00:00.000Z' })}
        onRender={() => Promise.resolve()}
        locale="en"
      />,
    );
    expect(lastCanvas().aiResults?.size ?? 0).toBe(0);
    expect(screen.queryByTestId('editor-ai-rendering')).toBeNull();
  });
});
