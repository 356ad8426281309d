import type { PaletteColour } from './result-palette';

type Lab = [number, number, number];

/** sRGB hex to CIE L*a*b* (D65), where straight-line distance follows what the eye sees. */
export function hexToLab(hex: string): Lab {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047;
  const y = r * 0.2126 + g * 0.7152 + b * 0.0722;
  const z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference: about 2 is barely visible, 100 is black against white. */
export function colourDistance(a: string, b: string): number {
  const [l1, a1, b1] = hexToLab(a);
  const [l2, a2, b2] = hexToLab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/**
 * How well a colour fits a palette, 0..1: closeness to its nearest palette colour, nudged up by how
 * much of the image that colour covers. An empty palette (no result yet) matches nothing.
 */
export function colourMatch(colour: string, palette: readonly PaletteColour[]): number {
  let best = 0;
  for (const entry of palette) {
    const closeness = Math.max(0, 1 - colourDistance(colour, entry.hex) / 100);
    best = Math.max(best, closeness * (0.85 + 0.15 * Math.min(1, entry.share * 2)));
  }
  return Math.round(best * 1000) / 1000;
}
