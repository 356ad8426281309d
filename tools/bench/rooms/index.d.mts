// Types of the room corpus (index.mjs) for the TypeScript that imports it (apps/e2e).

export declare const LABELS: Readonly<{
  none: 0;
  backWall: 1;
  leftWall: 2;
  rightWall: 3;
  floor: 4;
  ceiling: 5;
  window: 6;
  door: 7;
  casing: 8;
  baseboard: 9;
  radiator: 10;
  rug: 11;
  furniture: 12;
  lamp: 13;
}>;
export declare const LABEL_NAMES: readonly string[];
export declare const ROOM_KINDS: readonly ['bedroom', 'living-room', 'kitchen', 'empty-room'];
export declare const LIGHTINGS: readonly ['daylight', 'lamplight'];
export declare const SIZES: Readonly<Record<'12mp' | '6mp', readonly [number, number]>>;
export declare const CHANGE_THRESHOLD: number;
export declare const BAND: readonly [number, number];
export declare const EDGE: number;
export declare const TARGETS: Readonly<{
  wallPainted: number;
  otherChanged: number;
  bandPainted: number;
  floorLaid: number;
}>;

export type RoomKind = (typeof ROOM_KINDS)[number];
export type Lighting = (typeof LIGHTINGS)[number];

export interface RoomSpec {
  kind: RoomKind;
  lighting: Lighting;
  width: number;
  height: number;
  seed?: number;
}

export interface Room extends RoomSpec {
  /** JPEG, under 2 MB. */
  photo: Buffer;
  /** One LABELS value per pixel. */
  labels: Uint8Array;
  labelPng: Buffer;
}

export declare function corpus(
  sizes?: readonly ('12mp' | '6mp')[],
): (RoomSpec & { size: '12mp' | '6mp'; name: string })[];
export declare function generateRoom(room: RoomSpec): Promise<Room>;
export declare function loadRoom(room: RoomSpec, cacheDir?: string): Promise<Room>;
export declare function labelView(labels: Uint8Array, width: number, height: number): Promise<Buffer>;
export declare function surfaceOutlines(width: number, height: number): { wall: number[]; floor: number[] };

export declare function clickOn(
  labels: Uint8Array,
  width: number,
  height: number,
  label: number,
  step?: number,
): { x: number; y: number };

export interface Correction {
  mode: 'add' | 'subtract';
  /** The stroke, [x0, y0, ...] image pixels. */
  points: number[];
  x: number;
  y: number;
  radius: number;
  size: number;
}
export declare function worstCorrection(
  selected: ArrayLike<number>,
  labels: Uint8Array,
  width: number,
  height: number,
  surface: number,
  options?: { minPixels?: number; maxRadius?: number; tolerated?: number[] },
): Correction | null;
export declare function sameSurfaces(surface: number): number[];
export declare function distanceTo(mask: ArrayLike<number>, width: number, height: number): Float32Array;

export interface Measurement {
  wall: number;
  wallPainted: number;
  floorLaid: number;
  bandPainted: number;
  bandPixels: number;
  others: Record<string, { share: number; pixels: number }>;
  threshold: number;
}
export declare function measureDelivery(input: {
  labels: Uint8Array;
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel: the image the edit went over. */
  before: Uint8Array;
  /** RGB: the delivered file. */
  after: Uint8Array;
  wall?: number;
  ignore?: Uint8Array;
  threshold?: number;
  edge?: number;
}): Measurement;
export declare function verdicts(
  m: Measurement,
): [figure: string, value: string, target: string, verdict: string][];
export declare function failures(m: Measurement): string[];
