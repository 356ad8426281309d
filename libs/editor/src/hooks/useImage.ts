import { useEffect, useState } from 'react';

/**
 * Loads an image for the canvas. It asks for CORS first so its pixels stay readable (object
 * selection reads them), and falls back to a plain load when the server refuses CORS.
 */
function load(url: string, onLoad: (image: HTMLImageElement) => void): () => void {
  let cancelled = false;
  const attempt = (cors: boolean) => {
    const image = new Image();
    if (cors) image.crossOrigin = 'anonymous';
    image.onload = () => !cancelled && onLoad(image);
    image.onerror = () => !cancelled && cors && attempt(false);
    image.src = url;
  };
  attempt(true);
  return () => {
    cancelled = true;
  };
}

export function useImage(url: string | null | undefined, enabled = true): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url || !enabled) return;
    return load(url, (image) => setLoaded({ url, image }));
  }, [url, enabled]);
  return loaded && loaded.url === url ? loaded.image : null;
}

/** Several images by URL (the floor textures); each appears in the map once loaded. */
export function useImages(urls: readonly string[], enabled = true): ReadonlyMap<string, HTMLImageElement> {
  const [images, setImages] = useState<ReadonlyMap<string, HTMLImageElement>>(new Map());
  const key = [...new Set(urls)].sort().join('\n');
  useEffect(() => {
    if (!enabled || !key) return;
    const stops = key
      .split('\n')
      .map((url) => load(url, (image) => setImages((current) => new Map(current).set(url, image))));
    return () => stops.forEach((stop) => stop());
  }, [key, enabled]);
  return images;
}
