import { describe, expect, it } from 'vitest';
import { FIT_VIEW, MAX_ZOOM, panTo, viewPosition, viewScale, zoomView } from './view';

const box = { width: 800, height: 400 };
const image = { width: 2000, height: 1500 };

describe('the view', () => {
  it('fits and centres the photo at zoom 1', () => {
    expect(viewScale(FIT_VIEW, box, image)).toBeCloseTo(400 / 1500);
    const { x, y } = viewPosition(FIT_VIEW, box, image);
    expect(y).toBeCloseTo(0);
    expect(x).toBeCloseTo((800 - 2000 * (400 / 1500)) / 2);
  });

  it('zooms around the pointer: the photo point under it stays put', () => {
    const anchor = { x: 500, y: 120 };
    const photoPoint = (view: typeof FIT_VIEW) => {
      const p = viewPosition(view, box, image);
      const s = viewScale(view, box, image);
      return { x: (anchor.x - p.x) / s, y: (anchor.y - p.y) / s };
    };
    const zoomed = zoomView(FIT_VIEW, 2, anchor, box, image);
    expect(zoomed.zoom).toBe(2);
    expect(photoPoint(zoomed).x).toBeCloseTo(photoPoint(FIT_VIEW).x);
    expect(photoPoint(zoomed).y).toBeCloseTo(photoPoint(FIT_VIEW).y);
    expect(zoomView({ ...FIT_VIEW, zoom: MAX_ZOOM }, 2, anchor, box, image).zoom).toBe(MAX_ZOOM);
  });

  it('pans to where the stage was dragged', () => {
    const view = panTo(FIT_VIEW, { x: 10, y: -20 }, box, image);
    expect(viewPosition(view, box, image)).toEqual({ x: 10, y: -20 });
  });
});
