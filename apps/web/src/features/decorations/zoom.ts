/**
 * Zoom and pan of a picture fitted in a stage, as numbers: the picture's centre sits at the stage's
 * centre moved by (x, y), scaled by `scale` around its centre. Points are relative to the stage's centre.
 */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 6;
/** One press of a zoom button or key. */
export const ZOOM_STEP = 1.5;
export const FIT: ZoomView = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest box of the picture's proportions that fits in the stage. */
export function fitIn(stage: Size, picture: Size): Size {
  if (!picture.width || !picture.height || !stage.width || !stage.height) return stage;
  const scale = Math.min(stage.width / picture.width, stage.height / picture.height);
  return { width: picture.width * scale, height: picture.height * scale };
}

/** Keeps the scale in range and the picture covering the stage wherever it overflows (no empty edge). */
export function clampView(view: ZoomView, content: Size, stage: Size): ZoomView {
  const scale = clamp(view.scale, MIN_SCALE, MAX_SCALE);
  const maxX = Math.max(0, (content.width * scale - stage.width) / 2);
  const maxY = Math.max(0, (content.height * scale - stage.height) / 2);
  return { scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/** Zooms to `scale` with the picture's point under `anchor` staying under it (a wheel's or a pinch's centre). */
export function zoomAt(view: ZoomView, scale: number, anchor: Point, content: Size, stage: Size): ZoomView {
  const next = clamp(scale, MIN_SCALE, MAX_SCALE);
  const k = next / view.scale;
  return clampView(
    { scale: next, x: anchor.x - (anchor.x - view.x) * k, y: anchor.y - (anchor.y - view.y) * k },
    content,
    stage,
  );
}

export function panBy(view: ZoomView, dx: number, dy: number, content: Size, stage: Size): ZoomView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, content, stage);
}

/** A wheel turn as a zoom factor: a mouse notch (about 100 px) is about ×1.2, trackpads go finer. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-clamp(pixels, -300, 300) * 0.0018);
}
