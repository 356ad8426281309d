import { CORRECTION_MATCH_LIMIT, seamlessFill, type EditLayer, type PixelBuffer } from '@estancia/contracts';

/**
 * A correction's or a heal's pixels over `under` (the picture as edited under the layer) as RGBA into
 * `out`, alpha the area's coverage: the server's definition (@estancia/contracts `seamlessFill`), so what
 * the decorator sees is what is delivered. `restored` is the image shown again (the original photo or the
 * draft), or `under` itself for a heal.
 */
export function healedPixels(
  under: PixelBuffer,
  restored: PixelBuffer,
  coverage: Uint8Array,
  layer: Extract<EditLayer, { type: 'correction' | 'heal' }>,
  out: Uint8ClampedArray | Uint8Array,
): void {
  const options =
    layer.type === 'heal'
      ? { dx: layer.source.dx * under.width, dy: layer.source.dy * under.height }
      : { matchLimit: CORRECTION_MATCH_LIMIT };
  seamlessFill(under, restored, coverage, options, (i, r, g, b, a) => {
    const o = i * 4;
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
    out[o + 3] = a;
  });
}
