/** Zoom (1 = the photo fitted in the stage) and pan (offset from the centred position, in screen px). */
export interface ViewState {
  readonly zoom: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

export const FIT_VIEW: ViewState = { zoom: 1, offsetX: 0, offsetY: 0 };
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;

/** Screen px per photo px at zoom 1: the whole photo fits the stage. */
export const fitScale = (box: Size, image: Size): number =>
  box.width > 0 && box.height > 0 ? Math.min(box.width / image.width, box.height / image.height) : 1;

export const viewScale = (view: ViewState, box: Size, image: Size): number =>
  fitScale(box, image) * view.zoom;

/** Where the photo's top-left corner sits on the stage. */
export function viewPosition(view: ViewState, box: Size, image: Size): { x: number; y: number } {
  const scale = viewScale(view, box, image);
  return {
    x: (box.width - image.width * scale) / 2 + view.offsetX,
    y: (box.height - image.height * scale) / 2 + view.offsetY,
  };
}

/** Zooms by `factor` keeping the photo point under `anchor` (stage px) where it is. */
export function zoomView(
  view: ViewState,
  factor: number,
  anchor: { x: number; y: number },
  box: Size,
  image: Size,
): ViewState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  if (zoom === view.zoom) return view;
  const before = viewScale(view, box, image);
  const position = viewPosition(view, box, image);
  const point = { x: (anchor.x - position.x) / before, y: (anchor.y - position.y) / before };
  const centred = viewPosition({ zoom, offsetX: 0, offsetY: 0 }, box, image);
  const after = viewScale({ ...view, zoom }, box, image);
  return {
    zoom,
    offsetX: anchor.x - point.x * after - centred.x,
    offsetY: anchor.y - point.y * after - centred.y,
  };
}

/** The view after the stage was dragged to `position`. */
export function panTo(
  view: ViewState,
  position: { x: number; y: number },
  box: Size,
  image: Size,
): ViewState {
  const centred = viewPosition({ ...view, offsetX: 0, offsetY: 0 }, box, image);
  return { ...view, offsetX: position.x - centred.x, offsetY: position.y - centred.y };
}
