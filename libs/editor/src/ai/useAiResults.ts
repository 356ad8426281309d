import { useEffect, useRef, useState } from 'react';
import type { EditDocument } from '@estancia/contracts';
import { AiResults, type AiResult, type FetchAiPreview } from './ai-result';

/**
 * Loads a result's PNG for the canvas: with CORS first so the pixels under later layers stay readable,
 * then plainly when the server refuses CORS (as the editor's other images).
 */
export function loadAiImage(url: string): Promise<CanvasImageSource> {
  return new Promise((resolve, reject) => {
    const attempt = (cors: boolean) => {
      const image = new Image();
      if (cors) image.crossOrigin = 'anonymous';
      image.onload = () => resolve(image);
      image.onerror = () => (cors ? attempt(false) : reject(new Error(`AI result not loaded: ${url}`)));
      image.src = url;
    };
    attempt(true);
  });
}

export interface AiResultsState {
  /** The results to draw, by layer id (a new map whenever one arrives or goes). */
  readonly results: ReadonlyMap<string, AiResult>;
  /** Some AI layer's result for the document as it is now is still being made. */
  readonly pending: boolean;
}

const NONE: AiResultsState = { results: new Map(), pending: false };

/**
 * The engine's results for the document's AI layers, asked of the host (`fetchPreview`) once per change of
 * a layer or what lies under it. Without `fetchPreview` nothing is asked and the areas keep their outline.
 */
export function useAiResults(
  document: EditDocument,
  fetchPreview: FetchAiPreview | undefined,
  loadImage: (url: string) => Promise<CanvasImageSource> = loadAiImage,
): AiResultsState {
  const fetchRef = useRef(fetchPreview);
  const loadRef = useRef(loadImage);
  useEffect(() => {
    fetchRef.current = fetchPreview;
    loadRef.current = loadImage;
  });
  const [arrived, setArrived] = useState(0);
  const [results] = useState(
    () =>
      new AiResults(
        (doc, layerId) =>
          fetchRef.current ? fetchRef.current(doc, layerId) : Promise.reject(new Error('no AI preview')),
        (url) => loadRef.current(url),
        () => setArrived((n) => n + 1),
      ),
  );
  const [state, setState] = useState<AiResultsState>(NONE);
  const enabled = fetchPreview !== undefined;
  useEffect(() => {
    if (!enabled) return;
    // Asks only for the results missing or out of date; the others are kept.
    const shown = results.update(document);
    const pending = document.layers.some((layer) => layer.type === 'ai' && results.pending(layer.id));
    // The same results keep the same map, so the canvas does not compose its layers again for nothing.
    setState((current) =>
      current.pending === pending &&
      current.results.size === shown.size &&
      [...shown].every(([id, result]) => current.results.get(id) === result)
        ? current
        : { results: new Map(shown), pending },
    );
  }, [document, enabled, arrived, results]);
  return enabled ? state : NONE;
}
