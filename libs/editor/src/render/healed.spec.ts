import { describe, expect, it } from 'vitest';
import { CORRECTION_MATCH_LIMIT, seamlessFill, type EditLayer, type PixelBuffer } from '@estancia/contracts';
import { healedPixels } from './healed';

/** A plastered wall: soft light from the left and a fine grain (the server spec's wall, at any scale). */
const plaster = (x: number, y: number, scale: number): number[] => {
  const [u, v] = [x / scale, y / scale];
  const grain =
    ((Math.sin(u * 1.7 + v * 0.3) + Math.sin(v * 2.3 - u * 0.9) + Math.sin((u + v) * 0.41)) * 10) / 3;
  const light = 200 - u * 0.08 - v * 0.05 + grain;
  return [light, light * 0.96, light * 0.9];
};

function rgb(width: number, height: number, colour: (x: number, y: number) => number[]): PixelBuffer {
  const data = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(x, y).map(Math.round), (y * width + x) * 3);
  return { width, height, channels: 3, data };
}

/** Box average by an integer factor: the preview's working size of a full-size picture. */
function shrink(image: PixelBuffer, factor: number): PixelBuffer {
  const width = image.width / factor;
  const height = image.height / factor;
  const data = new Uint8ClampedArray(width * height * image.channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < image.channels; c++) {
        let sum = 0;
        for (let j = 0; j < factor; j++)
          for (let i = 0; i < factor; i++)
            sum += image.data[((y * factor + j) * image.width + x * factor + i) * image.channels + c]!;
        data[(y * width + x) * image.channels + c] = Math.round(sum / factor / factor);
      }
  return { width, height, channels: image.channels, data };
}

const coverageOf = (image: PixelBuffer, inside: (x: number, y: number) => boolean): Uint8Array => {
  const mask = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) if (inside(x, y)) mask[y * image.width + x] = 255;
  return mask;
};

/** What the server renders (edit-renderer's restoreInto / healInto): the fill mixed into the picture. */
function serverRender(
  picture: PixelBuffer,
  source: PixelBuffer,
  mask: Uint8Array,
  layer: EditLayer,
): PixelBuffer {
  const data = Uint8ClampedArray.from(picture.data);
  const options =
    layer.type === 'heal'
      ? { dx: layer.source.dx * picture.width, dy: layer.source.dy * picture.height }
      : { matchLimit: CORRECTION_MATCH_LIMIT };
  seamlessFill(picture, source, mask, options, (i, r, g, b, a) => {
    [r, g, b].forEach(
      (v, c) => (data[i * 3 + c] = Math.round(data[i * 3 + c]! + ((v - data[i * 3 + c]!) * a) / 255)),
    );
  });
  return { ...picture, data };
}

/** What the stage shows: the layer's preview (RGBA, alpha = coverage) drawn over the picture under it. */
function previewRender(
  under: PixelBuffer,
  restored: PixelBuffer,
  coverage: Uint8Array,
  layer: EditLayer,
): PixelBuffer {
  if (layer.type !== 'correction' && layer.type !== 'heal') throw new Error('not a correction');
  const rgba = new Uint8ClampedArray(under.width * under.height * 4);
  healedPixels(under, restored, coverage, layer, rgba);
  const data = Uint8ClampedArray.from(under.data);
  for (let i = 0; i < coverage.length; i++) {
    const a = rgba[i * 4 + 3]!;
    for (let c = 0; c < 3; c++)
      data[i * 3 + c] = Math.round(data[i * 3 + c]! + ((rgba[i * 4 + c]! - data[i * 3 + c]!) * a) / 255);
  }
  return { ...under, data };
}

const luma = (image: PixelBuffer, x: number, y: number) => {
  const i = (y * image.width + x) * 3;
  return 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
};

/** Mean difference between two pictures of the same size inside a box, and the largest. */
function difference(a: PixelBuffer, b: PixelBuffer, box: [number, number, number, number]) {
  let sum = 0;
  let worst = 0;
  let n = 0;
  for (let y = box[1]; y < box[3]; y++)
    for (let x = box[0]; x < box[2]; x++)
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a.data[(y * a.width + x) * 3 + c]! - b.data[(y * b.width + x) * 3 + c]!);
        sum += d;
        worst = Math.max(worst, d);
        n++;
      }
  return { mean: sum / n, worst };
}

describe('the preview of a correction and a heal', () => {
  // The server renders 1200×900; the preview works at a third of that.
  const [W, H, F] = [1200, 900, 3];
  const original = rgb(W, H, (x, y) => plaster(x, y, F));
  // The AI draft: 5 levels brighter on the left, 3 on the right, with a dark armchair in the middle.
  const draft = rgb(W, H, (x, y) =>
    x > 450 && x < 750 && y > 330 && y < 660
      ? [70, 50, 40]
      : plaster(x, y, F).map((v) => v + 5 - (2 * x) / W),
  );
  const inLasso = (x: number, y: number, s: number) =>
    x >= 300 / s && x < 900 / s && y >= 180 / s && y < 720 / s;
  const correction: EditLayer = {
    id: 'c',
    type: 'correction',
    area: [{ kind: 'polygon', points: [0.25, 0.2, 0.75, 0.2, 0.75, 0.8, 0.25, 0.8], erase: false }],
  };

  it('shows the restored photo matched at the lasso’s edge, as the server renders it', () => {
    const server = serverRender(
      draft,
      original,
      coverageOf(draft, (x, y) => inLasso(x, y, 1)),
      correction,
    );
    const under = shrink(draft, F);
    const preview = previewRender(
      under,
      shrink(original, F),
      coverageOf(under, (x, y) => inLasso(x, y, F)),
      correction,
    );
    const serverShown = shrink(server, F);
    const area: [number, number, number, number] = [100, 60, 300, 240];
    const { mean, worst } = difference(preview, serverShown, area);
    expect(mean).toBeLessThan(1);
    expect(worst).toBeLessThanOrEqual(4);
    // No step at the lasso's left and right edges in the preview either (the plain photo steps by 5 and 3).
    for (const [inner, outer] of [
      [101, 98],
      [298, 301],
    ] as const) {
      let step = 0;
      for (let y = 70; y < 230; y++) step += luma(preview, inner, y) - luma(preview, outer, y);
      expect(Math.abs(step / 160)).toBeLessThanOrEqual(2);
    }
    // The armchair is gone.
    expect(luma(preview, 200, 165)).toBeGreaterThan(150);
  });

  it('heals a dark mark in the preview as the server does', () => {
    const mark = (x: number, y: number) => Math.hypot(x - 600, y - 450) < 30;
    const wall = rgb(W, H, (x, y) => plaster(x, y, F).map((v) => (mark(x, y) ? v - 60 : v)));
    const heal: EditLayer = {
      id: 'h',
      type: 'heal',
      area: [{ kind: 'stroke', points: [0.5, 0.5], size: 0.09, hardness: 1, erase: false }],
      source: { dx: -0.2, dy: 0 },
    };
    const inBrush = (x: number, y: number, s: number) => Math.hypot(x - 600 / s, y - 450 / s) < 54 / s;
    const server = serverRender(
      wall,
      wall,
      coverageOf(wall, (x, y) => inBrush(x, y, 1)),
      heal,
    );
    const under = shrink(wall, F);
    const preview = previewRender(
      under,
      under,
      coverageOf(under, (x, y) => inBrush(x, y, F)),
      heal,
    );
    const { mean } = difference(preview, shrink(server, F), [180, 130, 220, 170]);
    expect(mean).toBeLessThan(1.5);
    // The mark is gone: its centre is within a few levels of the plaster around it.
    const around =
      (luma(preview, 200, 120) +
        luma(preview, 200, 180) +
        luma(preview, 170, 150) +
        luma(preview, 230, 150)) /
      4;
    expect(Math.abs(luma(preview, 200, 150) - around)).toBeLessThan(8);
  });
});
