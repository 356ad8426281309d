import type { Palette } from '../palettes';

/** Small helpers shared by the furniture assets: colour arithmetic and a deterministic random source. */

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${((1 << 24) | (clamp(r) << 16) | (clamp(g) << 8) | clamp(b)).toString(16).slice(1)}`;
}

/** Mixes `a` towards `b` by `t` (0…1). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const shade = (colour: string, t: number): string => mix(colour, '#000000', t);
export const tint = (colour: string, t: number): string => mix(colour, '#ffffff', t);

/** mulberry32: tiny, fast and the same on every machine, so a seed always gives the same picture. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

export interface Random {
  next(): number;
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** What every asset builder gets: the style's colours plus the accent and random source picked for this render. */
export interface AssetContext {
  palette: Palette;
  accent: string;
  random: Random;
  /** A gradient id unique in this scene's SVG. */
  uid: (name: string) => string;
}

/** A box in an asset's own units: y grows downwards, so `top` is negative for anything above the base. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A drawn piece: SVG markup in its own units with the base centred at (0, 0) and y going up as negative,
 * plus its natural width in those units (the scene scales it to the photo).
 */
export interface Asset {
  svg: string;
  width: number;
  /** Everything the markup paints, glows included: the scene keeps this box off windows and doors. */
  bounds: Bounds;
  /** Height of the top surface, for pieces that carry another one (a nightstand under a lamp). */
  top?: number;
}

/** Vertical linear gradient fill, for the soft light on fabric and wood. */
export function vertical(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** Gradient ids unique inside one SVG document and the same for the same scene: one counter per scene. */
export function idSource(): (name: string) => string {
  let counter = 0;
  return (name) => `${name}${++counter}`;
}
