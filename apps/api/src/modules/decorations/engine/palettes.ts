import type { Style } from '@estancia/contracts';

/** The colours and light of one decoration style, used by the built-in renderer and its vector assets. */
export interface Palette {
  wall: string;
  floor: string;
  wood: string;
  fabric: string;
  metal: string;
  accents: readonly [string, string, string];
  /** -1 cool … +1 warm. */
  warmth: number;
  /** 1 keeps the photo's contrast. */
  contrast: number;
  saturation: number;
  /** Added to every channel, -255…255. */
  brightness: number;
}

/** Every style has one, coming-soon ones included, so a new style can never reach the renderer bare. */
export const PALETTES: Record<Style, Palette> = {
  modern: {
    wall: '#e9e6e1',
    floor: '#8a7a6a',
    wood: '#5b4636',
    fabric: '#6f747b',
    metal: '#2b2b2b',
    accents: ['#c8553d', '#2f4858', '#f2c14e'],
    warmth: 0.05,
    contrast: 1.12,
    saturation: 1.05,
    brightness: 4,
  },
  minimalist: {
    wall: '#f4f3f0',
    floor: '#c9b8a3',
    wood: '#c8ab86',
    fabric: '#e4e0d8',
    metal: '#9a9a9a',
    accents: ['#b9b4aa', '#7d8c8a', '#d9cbb7'],
    warmth: 0,
    contrast: 0.94,
    saturation: 0.8,
    brightness: 14,
  },
  classic: {
    wall: '#efe3cf',
    floor: '#6b4a2f',
    wood: '#4a2e1c',
    fabric: '#7c2e2e',
    metal: '#b08d57',
    accents: ['#1f3a5f', '#a67c52', '#5e7d4e'],
    warmth: 0.45,
    contrast: 1.08,
    saturation: 1.05,
    brightness: 0,
  },
  coastal: {
    wall: '#eaf3f6',
    floor: '#d7c6a5',
    wood: '#d6c3a0',
    fabric: '#f6f4ee',
    metal: '#c0c6c9',
    accents: ['#2e6f95', '#7fb7c9', '#e8d3a9'],
    warmth: -0.4,
    contrast: 0.98,
    saturation: 1.08,
    brightness: 12,
  },
  rustic: {
    wall: '#e6d6bd',
    floor: '#7a5536',
    wood: '#6e4526',
    fabric: '#a58461',
    metal: '#3a3330',
    accents: ['#8c3b2a', '#5d6b3a', '#c2863f'],
    warmth: 0.6,
    contrast: 1.05,
    saturation: 0.95,
    brightness: -2,
  },
  industrial: {
    wall: '#b9b6b1',
    floor: '#5f5c58',
    wood: '#6a4a35',
    fabric: '#3f3f41',
    metal: '#1e1e1e',
    accents: ['#a0522d', '#4f5d63', '#c9a227'],
    warmth: -0.15,
    contrast: 1.22,
    saturation: 0.75,
    brightness: -8,
  },
  scandinavian: {
    wall: '#f6f5f1',
    floor: '#dcc7a6',
    wood: '#e0c59c',
    fabric: '#d9d9d6',
    metal: '#343434',
    accents: ['#8fa89b', '#e3b7a0', '#465a6e'],
    warmth: 0.1,
    contrast: 0.96,
    saturation: 0.88,
    brightness: 16,
  },
  mediterranean: {
    wall: '#fbf4e6',
    floor: '#c46e48',
    wood: '#8b5a2b',
    fabric: '#f3ead8',
    metal: '#3d3d3d',
    accents: ['#1b5e8c', '#e1a140', '#6f8f3a'],
    warmth: 0.4,
    contrast: 1.06,
    saturation: 1.18,
    brightness: 8,
  },
  vintage: {
    wall: '#ead9b8',
    floor: '#8b6a47',
    wood: '#7b5234',
    fabric: '#5f7f6f',
    metal: '#b5893b',
    accents: ['#c36f4b', '#d8b45a', '#6b4e71'],
    warmth: 0.55,
    contrast: 0.92,
    saturation: 0.82,
    brightness: 2,
  },
  bohemian: {
    wall: '#f1e2cc',
    floor: '#a5774c',
    wood: '#8a5a3c',
    fabric: '#c06b3e',
    metal: '#b8892f',
    accents: ['#7d2e4f', '#2d7a6e', '#e0a33a'],
    warmth: 0.5,
    contrast: 1.04,
    saturation: 1.3,
    brightness: 2,
  },
  housfy: {
    wall: '#f3f1f7',
    floor: '#b9a58d',
    wood: '#a88663',
    fabric: '#ecebf2',
    metal: '#26233a',
    accents: ['#5b3fd0', '#17c3b2', '#ff8a5b'],
    warmth: -0.1,
    contrast: 1.06,
    saturation: 1.1,
    brightness: 10,
  },
  tropical: {
    wall: '#f4f1e4',
    floor: '#b58d5c',
    wood: '#9c6b3d',
    fabric: '#f2ead6',
    metal: '#3b3b2f',
    accents: ['#2f8f4e', '#f29f05', '#e4572e'],
    warmth: 0.3,
    contrast: 1.05,
    saturation: 1.25,
    brightness: 6,
  },
  tribal: {
    wall: '#eadbc4',
    floor: '#7a4f2d',
    wood: '#5a3820',
    fabric: '#c9a66b',
    metal: '#2a1f17',
    accents: ['#9c3d1e', '#1d1d1d', '#d9a441'],
    warmth: 0.5,
    contrast: 1.1,
    saturation: 1.05,
    brightness: -4,
  },
};
