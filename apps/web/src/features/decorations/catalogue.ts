import {
  ROOM_TYPES,
  ROOM_TYPES_COMING_SOON,
  STYLES,
  STYLES_COMING_SOON,
  type RoomType,
  type Style,
} from '@estancia/contracts';

export const roomTypeOptions = ROOM_TYPES.map((value) => ({
  value,
  comingSoon: ROOM_TYPES_COMING_SOON.includes(value),
}));
export const styleOptions = STYLES.map((value) => ({
  value,
  comingSoon: STYLES_COMING_SOON.includes(value),
}));

export const DEFAULT_ROOM_TYPE: RoomType = 'livingroom';
export const DEFAULT_STYLE: Style = 'modern';

/** Wall, floor, sofa and accent colours of each style: the swatch next to its name. */
export const STYLE_PALETTES: Record<Style, readonly [string, string, string, string]> = {
  modern: ['#eceff1', '#90a4ae', '#37474f', '#ff7043'],
  minimalist: ['#fafafa', '#e0e0e0', '#bdbdbd', '#212121'],
  classic: ['#f3e5d8', '#8d6e63', '#6d4c41', '#c9a227'],
  coastal: ['#e3f2fd', '#e8dcc4', '#4fc3f7', '#0277bd'],
  rustic: ['#efe0c9', '#8b5a2b', '#a1887f', '#556b2f'],
  industrial: ['#9e9e9e', '#5d4037', '#424242', '#bf5b04'],
  scandinavian: ['#f5f5f0', '#d7c4a3', '#cfd8dc', '#7fa37f'],
  mediterranean: ['#fff8e1', '#d2691e', '#1e88e5', '#fbc02d'],
  vintage: ['#f0e4d0', '#a0785a', '#b5651d', '#6b8e23'],
  bohemian: ['#f6e7d7', '#c1440e', '#8e24aa', '#f9a825'],
  housfy: ['#f4f1ff', '#c5b8f0', '#5b3cc4', '#00c2a8'],
  tropical: ['#f1f8e9', '#c8a165', '#2e7d32', '#ff8f00'],
  tribal: ['#f4e1c1', '#7b3f00', '#3e2723', '#d84315'],
};
