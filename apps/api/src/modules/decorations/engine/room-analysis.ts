import sharp from 'sharp';

/**
 * What the built-in renderer needs to know about an empty room before furnishing it: where the floor
 * starts, and where the windows and doors are so that no piece covers them. Everything here works on a
 * small RGB thumbnail (a few thousand pixels), so it costs next to nothing beside the full-size render.
 */

/** Width of the thumbnail the analysis looks at: a door is still several pixels wide; JPEG shrink-on-load makes it cheap. */
export const ANALYSIS_WIDTH = 160;

/** An axis-aligned rectangle; `right` and `bottom` are exclusive edges. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A small RGB picture of the room, 3 bytes a pixel, rows from the top. */
export interface RoomThumbnail {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The room as the renderer sees it, in the photo's pixels. */
export interface RoomLayout {
  /** Row where the floor meets the back wall. */
  floorLine: number;
  /** Bright glazed areas above the floor line. */
  windows: Rect[];
  /** Door openings standing on the floor line. */
  doors: Rect[];
  /** Mean luminance 0…255. */
  luminance: number;
  /** What stands where, cell by cell: bare plaster, bare floor, furniture, openings, side walls. */
  surfaces: Surfaces;
  /** Furniture already covers a good part of the floor: the room is restyled, not furnished again. */
  furnished: boolean;
}

/** Without a clear change between wall and floor, the floor line of a photo taken at eye height. */
const DEFAULT_FLOOR_SHARE = 0.62;
/** A step in a row's colour is capped so one very bright edge (a window sill) cannot outvote a full-width floor line. */
const ROW_STEP_CAP = 120;
/** How much brighter than the wall glass must be (luminance, 0…255). */
const BRIGHTER = 12;
/** Sum of the three channels' differences: a real edge between two painted surfaces, not JPEG grain. */
const STRONG_EDGE = 60;
/** How much bluer than the wall (blue minus red) glass that shows the sky is. */
const SKY_BLUE = 18;
/** How far a door's colour must be from the wall's (sum of channel differences). */
const DISTINCT_COLOUR = 45;

/** Reads the photo upright at the analysis size, with its upright full size. */
export async function readRoomThumbnail(
  image: Buffer,
): Promise<{ thumbnail: RoomThumbnail; width: number; height: number }> {
  const metadata = await sharp(image).metadata();
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize({ width: ANALYSIS_WIDTH })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    thumbnail: { data, width: info.width, height: info.height },
    width: rotated ? metadata.height! : metadata.width!,
    height: rotated ? metadata.width! : metadata.height!,
  };
}

/** Floor line, windows and doors of the room, scaled from the thumbnail to a photo of `width` × `height`. */
export function analyseRoom(thumbnail: RoomThumbnail, width: number, height: number): RoomLayout {
  const floorRow = findFloorStart(thumbnail) ?? findFloorLine(thumbnail);
  const sx = width / thumbnail.width;
  const sy = height / thumbnail.height;
  const toPhoto = (r: Rect): Rect => ({
    left: Math.round(r.left * sx),
    top: Math.round(r.top * sy),
    right: Math.round(r.right * sx),
    bottom: Math.round(r.bottom * sy),
  });
  const doors = findDoors(thumbnail, floorRow);
  // A white door is as bright as glass: what is mostly a door is not a window as well.
  const windows = findWindows(thumbnail, floorRow).filter(
    (w) => !doors.some((d) => overlapShare(w, d) > 0.5),
  );
  const found = findSurfaces(thumbnail, floorRow, windows, doors);
  return {
    floorLine: Math.round(floorRow * sy),
    windows: windows.map(toPhoto),
    doors: doors.map(toPhoto),
    luminance: meanLuminance(thumbnail),
    surfaces: {
      width: thumbnail.width,
      height: thumbnail.height,
      cellWidth: sx,
      cellHeight: sy,
      kinds: found.kinds,
      floorTop: found.floorTop.map((row) => row * sy),
      backWall: { left: Math.round(found.left * sx), right: Math.round(found.right * sx) },
      furniture: found.furniture,
    },
    furnished: found.furnished,
  };
}

/**
 * The floor line, as a thumbnail row: the strongest change between consecutive rows in the band where the
 * back wall meets the floor (45–85% of the height). Each column's step is capped, so a change across the
 * whole width beats a very bright but narrow one; the row is the centre of the peak, as the downscale
 * spreads an edge over two or three rows.
 */
export function findFloorLine(t: RoomThumbnail): number {
  const scores: number[] = new Array<number>(t.height).fill(0);
  const from = Math.max(1, Math.floor(t.height * 0.45));
  const to = Math.min(t.height - 1, Math.ceil(t.height * 0.85));
  let best = from;
  for (let y = from; y <= to; y++) {
    let sum = 0;
    for (let x = 0; x < t.width; x++) sum += Math.min(ROW_STEP_CAP, distance(t, x, y - 1, x, y));
    scores[y] = sum / t.width;
    if (scores[y]! > scores[best]!) best = y;
  }
  if (scores[best]! < 8) return Math.round(t.height * DEFAULT_FLOOR_SHARE);
  let weight = 0;
  let centre = 0;
  for (let y = Math.max(from, best - 3); y <= Math.min(to, best + 3); y++) {
    if (scores[y]! < scores[best]! * 0.5) continue;
    weight += scores[y]!;
    centre += scores[y]! * y;
  }
  return Math.round(centre / weight);
}

/**
 * The floor line of a furnished room, where the strongest row change may be a rug's or a sofa's edge: the
 * lowest row (45–85% of the height) where the back wall's colour (the median of the upper wall) ends across
 * at least 12% of the width. Below the floor line there is no wall, whatever stands on the floor. Undefined
 * when no such row is found (a wall and a floor of one colour).
 */
export function findFloorStart(t: RoomThumbnail): number | undefined {
  const top = Math.floor(t.height * 0.1);
  const wall = medianColour(t, 0, t.width, top, Math.max(top + 1, Math.floor(t.height * 0.45)));
  const isWall = (x: number, y: number) => colourDistance(t, x, y, wall) < SAME_SURFACE;
  for (let y = Math.min(t.height - 3, Math.floor(t.height * 0.85)); y >= Math.max(2, t.height * 0.45); y--) {
    let ends = 0;
    for (let x = 0; x < t.width; x++)
      if (isWall(x, y - 2) && isWall(x, y - 1) && !isWall(x, y + 1) && !isWall(x, y + 2)) ends++;
    if (ends >= t.width * 0.12) return y;
  }
  return undefined;
}

/**
 * Windows: connected regions of pixels clearly brighter than the wall (the glass of a room photo is
 * nearly always the brightest thing in it) above the floor line. Panes split by glazing bars are merged
 * back into one window; what is left must be a sizeable, fairly solid block. A bright band across the
 * top is the ceiling, not a window, and is left out before the panes are joined.
 */
export function findWindows(t: RoomThumbnail, floorRow: number): Rect[] {
  const rows = Math.min(floorRow, t.height);
  if (rows < 2) return [];
  const wall: number[] = [];
  for (let y = 0; y < rows; y++) for (let x = 0; x < t.width; x++) wall.push(luminance(t, x, y));
  // Clearly brighter than the wall's median: more than grain and the light falling off across a wall.
  const threshold = Math.min(250, Math.max(180, median(wall) + BRIGHTER));
  // On a white wall glass is hardly brighter than the plaster, but it shows the sky: bluer than the wall.
  const wallLuminance = median(wall);
  const blueOf = (i: number) => t.data[i * 3 + 2]! - t.data[i * 3]!;
  const wallBlue = median(Array.from({ length: rows * t.width }, (_, i) => blueOf(i)));
  const bright = new Uint8Array(t.width * rows);
  for (let i = 0; i < bright.length; i++)
    bright[i] =
      wall[i]! >= threshold || (wall[i]! >= wallLuminance - 6 && blueOf(i) - wallBlue >= SKY_BLUE) ? 1 : 0;

  const area = t.width * t.height;
  // Eroded first, so thin bright lines (skirting boards, door frames) neither count nor join things up.
  const panes = components(erode(bright, t.width, rows), t.width, rows)
    .map((c) => ({ ...c, left: c.left - 1, top: c.top - 1, right: c.right + 1, bottom: c.bottom + 1 }))
    .filter((c) => c.area >= area * 0.0008 && !(c.top <= 0 && c.right - c.left > t.width * 0.7));
  const gap = Math.max(2, Math.round(t.width * 0.03));
  const windows = mergeNear(panes, gap);
  return windows
    .filter((w) => {
      const boxWidth = w.right - w.left;
      const boxHeight = w.bottom - w.top;
      return (
        w.area >= area * 0.005 &&
        boxWidth >= t.width * 0.03 &&
        boxHeight >= t.height * 0.06 &&
        w.area >= boxWidth * boxHeight * 0.3
      );
    })
    .map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
}

/**
 * Doors: two strong vertical edges (the jambs) that both run from the floor line up at least 55% of the
 * wall's height, 5–30% of the width apart, with a region between them whose colour differs from the wall
 * from the floor up to that height. Nearby parallel edges just outside (the frame's mouldings) are taken
 * into the door. A room's corner is one such edge too, but the wall between two corners has the wall's own
 * colour, so corners never pair into a door.
 */
export function findDoors(t: RoomThumbnail, floorRow: number): Rect[] {
  const wallHeight = Math.min(floorRow, t.height);
  if (wallHeight < 8) return [];
  const wall = wallColour(t, wallHeight);
  const tolerance = Math.max(2, Math.round(wallHeight * 0.08));
  const minimumReach = wallHeight * 0.55;

  // Per column: how far a run of strong horizontal-gradient pixels climbs from near the floor line.
  const reach: { top: number; strength: number }[] = [];
  for (let x = 0; x < t.width; x++) {
    reach.push({ top: wallHeight, strength: 0 });
    if (x === 0 || x === t.width - 1) continue;
    const strong = (y: number) => distance(t, x - 1, y, x + 1, y) >= STRONG_EDGE;
    let bottom = -1;
    for (let y = wallHeight - 1; y >= wallHeight - tolerance && y >= 0; y--) {
      if (strong(y)) {
        bottom = y;
        break;
      }
    }
    if (bottom < 0) continue;
    let top = bottom;
    let misses = 0;
    let sum = 0;
    for (let y = bottom; y >= 0 && misses <= 2; y--) {
      if (strong(y)) {
        top = y;
        misses = 0;
        sum += distance(t, x - 1, y, x + 1, y);
      } else misses++;
    }
    if (bottom - top + 1 >= minimumReach) reach[x] = { top, strength: sum / (bottom - top + 1) };
  }

  // Neighbouring edge columns are one edge (a downscaled edge is two or three pixels wide).
  const edges: { at: number; top: number }[] = [];
  for (let x = 0; x < t.width; x++) {
    if (reach[x]!.strength === 0) continue;
    let end = x;
    while (end + 1 < t.width && reach[end + 1]!.strength > 0) end++;
    let top = wallHeight;
    for (let c = x; c <= end; c++) top = Math.min(top, reach[c]!.top);
    // The centred difference marks the two columns either side of a boundary: the boundary is half a pixel on.
    edges.push({ at: (x + end) / 2 + 0.5, top });
    x = end;
  }

  const pairs: { left: number; right: number }[] = [];
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++) {
      const width = edges[j]!.at - edges[i]!.at;
      if (width >= t.width * 0.05 && width <= t.width * 0.3) pairs.push({ left: i, right: j });
    }
  pairs.sort((a, b) => edges[a.right]!.at - edges[a.left]!.at - (edges[b.right]!.at - edges[b.left]!.at));

  const doors: Rect[] = [];
  for (const pair of pairs) {
    const left = edges[pair.left]!.at;
    const right = edges[pair.right]!.at;
    if (doors.some((d) => left < d.right && right > d.left)) continue;
    const top = distinctTop(t, Math.ceil(left) + 1, Math.floor(right) - 1, wallHeight, tolerance, wall);
    if (top === undefined || wallHeight - top < minimumReach) continue;
    // Frame mouldings: another full-height edge just outside a jamb belongs to the door.
    const frame = t.width * 0.04;
    const outerLeft = edges.filter((e) => e.at < left && left - e.at <= frame).map((e) => e.at);
    const outerRight = edges.filter((e) => e.at > right && e.at - right <= frame).map((e) => e.at);
    doors.push({
      left: Math.min(left, ...outerLeft),
      top,
      right: Math.max(right, ...outerRight),
      bottom: wallHeight,
    });
  }
  return doors.sort((a, b) => a.left - b.left);
}

/**
 * The highest row of the block between columns `from`…`to` whose pixels, for most of each row, differ from
 * the wall's colour, counting up from the floor line; undefined when the block does not start there.
 */
function distinctTop(
  t: RoomThumbnail,
  from: number,
  to: number,
  floorRow: number,
  tolerance: number,
  wall: readonly [number, number, number],
): number | undefined {
  if (to < from) return undefined;
  const distinct = (y: number) => {
    let count = 0;
    for (let x = from; x <= to; x++) {
      const i = (y * t.width + x) * 3;
      const d =
        Math.abs(t.data[i]! - wall[0]) +
        Math.abs(t.data[i + 1]! - wall[1]) +
        Math.abs(t.data[i + 2]! - wall[2]);
      if (d >= DISTINCT_COLOUR) count++;
    }
    return count >= (to - from + 1) * 0.6;
  };
  let bottom = -1;
  for (let y = floorRow - 1; y >= floorRow - tolerance && y >= 0; y--) {
    if (distinct(y)) {
      bottom = y;
      break;
    }
  }
  if (bottom < 0) return undefined;
  let top = bottom;
  let misses = 0;
  for (let y = bottom; y >= 0 && misses <= 1; y--) {
    if (distinct(y)) {
      top = y;
      misses = 0;
    } else misses++;
  }
  return top;
}

interface Blob extends Rect {
  area: number;
}

/** 4-connected regions of a 0/1 grid, as bounding boxes with their pixel counts. */
function components(grid: Uint8Array, width: number, height: number): Blob[] {
  const seen = new Uint8Array(grid.length);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grid.length; start++) {
    if (!grid[start] || seen[start]) continue;
    const blob: Blob = { left: width, top: height, right: 0, bottom: 0, area: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      blob.area++;
      blob.left = Math.min(blob.left, x);
      blob.top = Math.min(blob.top, y);
      blob.right = Math.max(blob.right, x + 1);
      blob.bottom = Math.max(blob.bottom, y + 1);
      const next = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const n of next) {
        if (n >= 0 && grid[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    blobs.push(blob);
  }
  return blobs;
}

/** Keeps a pixel only when its 3×3 neighbourhood is all set: removes lines one or two pixels thick. */
function erode(grid: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(grid.length);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      let all = 1;
      for (let dy = -1; dy <= 1 && all; dy++)
        for (let dx = -1; dx <= 1 && all; dx++) all = grid[(y + dy) * width + x + dx]!;
      out[y * width + x] = all;
    }
  return out;
}

/** Joins boxes closer than `gap` to each other (the panes of one window) until none are. */
function mergeNear(blobs: Blob[], gap: number): Blob[] {
  const merged = blobs.map((b) => ({ ...b }));
  let joined = true;
  while (joined) {
    joined = false;
    for (let i = 0; i < merged.length && !joined; i++)
      for (let j = i + 1; j < merged.length && !joined; j++) {
        const a = merged[i]!;
        const b = merged[j]!;
        const near =
          a.left - gap < b.right &&
          b.left - gap < a.right &&
          a.top - gap < b.bottom &&
          b.top - gap < a.bottom;
        if (!near) continue;
        merged[i] = {
          left: Math.min(a.left, b.left),
          top: Math.min(a.top, b.top),
          right: Math.max(a.right, b.right),
          bottom: Math.max(a.bottom, b.bottom),
          area: a.area + b.area,
        };
        merged.splice(j, 1);
        joined = true;
      }
  }
  return merged;
}

/** The wall's typical colour: the per-channel median above the floor line. */
function wallColour(t: RoomThumbnail, rows: number): [number, number, number] {
  const channels: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < rows * t.width * 3; i += 3)
    for (let c = 0; c < 3; c++) channels[c]!.push(t.data[i + c]!);
  return [median(channels[0]), median(channels[1]), median(channels[2])];
}

/** How much of `a`'s area lies inside `b`, 0…1. */
function overlapShare(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  return (w * h) / Math.max(1, (a.right - a.left) * (a.bottom - a.top));
}

function meanLuminance(t: RoomThumbnail): number {
  let sum = 0;
  for (let y = 0; y < t.height; y++) for (let x = 0; x < t.width; x++) sum += luminance(t, x, y);
  return sum / (t.width * t.height);
}

function luminance(t: RoomThumbnail, x: number, y: number): number {
  const i = (y * t.width + x) * 3;
  return 0.299 * t.data[i]! + 0.587 * t.data[i + 1]! + 0.114 * t.data[i + 2]!;
}

/** Sum of the channels' absolute differences between two pixels, 0…765. */
function distance(t: RoomThumbnail, x1: number, y1: number, x2: number, y2: number): number {
  const i = (y1 * t.width + x1) * 3;
  const j = (y2 * t.width + x2) * 3;
  return (
    Math.abs(t.data[i]! - t.data[j]!) +
    Math.abs(t.data[i + 1]! - t.data[j + 1]!) +
    Math.abs(t.data[i + 2]! - t.data[j + 2]!)
  );
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}

// ---- what stands in the room ----

/** What each cell of the analysis grid shows. */
export const SURFACE = {
  /** The back wall's bare plaster: where a print or a mirror may hang. */
  plaster: 0,
  /** Bare floor: where a piece may stand. */
  floor: 1,
  /** Furniture, a rug, a headboard, a print: something the room already has. */
  occupied: 2,
  /** A window or a door, with its frame. */
  opening: 3,
  /** A side wall, running towards the camera. */
  sideWall: 4,
  /** The ceiling. */
  ceiling: 5,
} as const;
export type SurfaceKind = (typeof SURFACE)[keyof typeof SURFACE];

/** The room cell by cell, on the analysis thumbnail's grid, with the photo pixels each cell covers. */
export interface Surfaces {
  width: number;
  height: number;
  cellWidth: number;
  cellHeight: number;
  /** One SURFACE kind per cell, rows from the top. */
  kinds: Uint8Array;
  /** Per grid column, the photo row where the floor starts: the floor line, lower on a side wall. */
  floorTop: Float64Array;
  /** Photo columns of the back wall: between the side walls' corners. */
  backWall: { left: number; right: number };
  /** 1 for cells well inside what stands in the room (no margin): where a restyle looks for furniture. */
  furniture: Uint8Array;
}

/** Sum of channel differences under which a pixel is the surface's own colour (grain and light included). */
const SAME_SURFACE = 48;
/** A side wall's colour is at least this far from the back wall's (it takes the light at another angle). */
const SIDE_WALL_DISTINCT = 28;
/** The least colour step across a corner, from two columns inside the back wall to three inside the side wall. */
const CORNER_STEP = 24;
/** How deep into the room what stands against the back wall reaches, as a share of its height above the floor line. */
const STANDS_OUT = 0.8;
/** Furniture covering this share of the floor makes a furnished room: it is restyled, not furnished again. */
const FURNISHED_SHARE = 0.1;

interface FoundSurfaces {
  kinds: Uint8Array;
  /** In thumbnail rows. */
  floorTop: Float64Array;
  /** Back wall columns, thumbnail pixels, `right` exclusive. */
  left: number;
  right: number;
  furnished: boolean;
  furniture: Uint8Array;
}

/**
 * Finds the side walls (a band of columns at either edge whose upper wall is not the back wall's colour),
 * their floor edges, and what already stands in the room: every cell of the back wall or the floor whose
 * colour is neither the wall's nor the floor's, cleaned of grain. Windows and doors were found before.
 */
export function findSurfaces(
  t: RoomThumbnail,
  floorRow: number,
  windows: readonly Rect[],
  doors: readonly Rect[],
): FoundSurfaces {
  const { width, height } = t;
  const openings = [...windows, ...doors].map((o) => ({
    left: Math.floor(o.left),
    top: Math.floor(o.top),
    right: Math.ceil(o.right),
    bottom: Math.ceil(o.bottom),
  }));
  const inOpening = (x: number, y: number) =>
    openings.some((o) => x >= o.left && x < o.right && y >= o.top && y < o.bottom);
  const wall = wallColour(t, Math.max(1, floorRow));
  const near = (x: number, y: number, c: readonly number[], limit = SAME_SURFACE) =>
    colourDistance(t, x, y, c) < limit;

  // Side walls: from each edge inwards, columns whose upper wall is mostly not the back wall's colour.
  const bandTop = Math.floor(floorRow * 0.3);
  const bandBottom = Math.max(bandTop + 1, Math.floor(floorRow * 0.6));
  const columnIsWall = (x: number): boolean | undefined => {
    let same = 0;
    let seen = 0;
    for (let y = bandTop; y < bandBottom; y++) {
      if (inOpening(x, y)) continue;
      seen++;
      if (near(x, y, wall, SIDE_WALL_DISTINCT)) same++;
    }
    return seen < (bandBottom - bandTop) * 0.5 ? undefined : same >= seen * 0.5;
  };
  const sideWidth = (from: number, step: 1 | -1): number => {
    // The side wall ends where the back wall's colour holds for a few columns (a striped paper has
    // single columns of either colour).
    const hold = Math.max(2, Math.round(width * 0.02));
    let last = -1;
    for (let n = 0, x = from; n < width * 0.4; n++, x += step) {
      const isWall = columnIsWall(x);
      if (isWall === undefined) break;
      if (!isWall) last = n;
      else if (n - last > hold) break;
    }
    const n = last + 1;
    // A run narrower than 3% of the width is a frame or a shadow, not a wall; and a corner is a sharp step
    // in colour, where light falling off across the back wall is a gentle one.
    if (n < width * 0.03) return 0;
    const inside = from + step * Math.min(width - 1, n + 1);
    const outside = from + step * Math.max(0, n - 3);
    const a = medianColour(
      t,
      Math.min(inside, inside + 1),
      Math.max(inside, inside + 1),
      bandTop,
      bandBottom,
    );
    const b = medianColour(
      t,
      Math.min(outside, outside + 1),
      Math.max(outside, outside + 1),
      bandTop,
      bandBottom,
    );
    const stepSize = Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);
    return stepSize >= CORNER_STEP ? n : 0;
  };
  const left = sideWidth(0, 1);
  const right = width - sideWidth(width - 1, -1);

  // A side wall's floor edge: a line down from the corner, as low as the side wall's own colour reaches.
  const floorTop = new Float64Array(width).fill(floorRow);
  const sideFloor = (from: number, to: number, corner: number) => {
    if (to <= from) return;
    const side = medianColour(t, from, to, bandTop, bandBottom);
    const slopes: number[] = [];
    for (let x = from; x < to; x++) {
      let y = Math.floor(floorRow);
      while (y < height && near(x, y, side)) y++;
      slopes.push((y - floorRow) / (Math.abs(corner - x) + 0.5));
    }
    // The steepest of the typical columns: a piece may stand lower than it must, never higher.
    const sorted = slopes.sort((a, b) => a - b);
    const slope = Math.max(0, sorted[Math.floor(sorted.length * 0.75)]!);
    for (let x = from; x < to; x++)
      floorTop[x] = Math.min(height, floorRow + slope * (Math.abs(corner - x) + 0.5));
  };
  sideFloor(0, left, left);
  sideFloor(right, width, right - 1);

  // The floor's own colours (planks, tiles): common colours seen all over the floor, not in one place as a rug.
  const floorCells: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (y >= floorTop[x]! + 1) floorCells.push(y * width + x);
  const floors = floorColours(t, floorCells, floorRow);
  const onFloor = (x: number, y: number) => floors.some((c) => near(x, y, c, SAME_SURFACE * 1.25));

  // Each cell's surface, and whether something stands on (or hangs in front of) it.
  const kinds = new Uint8Array(width * height);
  const occupied = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (inOpening(x, y)) kinds[i] = SURFACE.opening;
      else if (y >= floorTop[x]!) {
        kinds[i] = SURFACE.floor;
        occupied[i] = onFloor(x, y) ? 0 : 1;
      } else if (x < left || x >= right) kinds[i] = SURFACE.sideWall;
      else {
        kinds[i] = SURFACE.plaster;
        occupied[i] = near(x, y, wall) ? 0 : 1;
      }
    }
  // The ceiling: rows at the top where the back wall's colour is mostly missing.
  for (let y = 0; y < floorRow * 0.4; y++) {
    let bare = 0;
    for (let x = left; x < right; x++) if (!occupied[y * width + x]) bare++;
    if (bare >= (right - left) * 0.5) break;
    for (let x = left; x < right; x++) {
      const i = y * width + x;
      if (kinds[i] === SURFACE.plaster) {
        kinds[i] = SURFACE.ceiling;
        occupied[i] = 0;
      }
    }
  }
  // Grain and thin lines out (an opening), then a one-cell margin so that nothing is drawn touching what stands there.
  const cleaned = dilate(erode(occupied, width, height), width, height);
  const furniture = erode(cleaned, width, height);
  const standing = dilate(cleaned, width, height);
  // What stands against the back wall stands out into the room too, about as deep as it rises above the floor
  // line (a sofa, a bed): its front may be the floor's own colour, so the colour alone would miss it.
  const line = Math.floor(floorRow);
  for (let x = left; x < right; x++) {
    let rise = 0;
    for (let y = line - 1; y >= 0 && standing[y * width + x]; y--) rise++;
    if (rise < 2) continue;
    for (let y = line; y < Math.min(height, line + Math.ceil(rise * STANDS_OUT)); y++)
      standing[y * width + x] = 1;
  }
  let bare = 0;
  let taken = 0;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    if (standing[i] && (k === SURFACE.plaster || k === SURFACE.floor)) kinds[i] = SURFACE.occupied;
    if (k === SURFACE.floor) {
      if (kinds[i] === SURFACE.occupied) taken++;
      else bare++;
    }
  }
  return {
    kinds,
    floorTop,
    left,
    right,
    furnished: taken / Math.max(1, bare + taken) >= FURNISHED_SHARE,
    furniture,
  };
}

/** Sets a pixel when any of its 3×3 neighbourhood is set. */
function dilate(grid: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(grid.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let any = 0;
      for (let dy = -1; dy <= 1 && !any; dy++)
        for (let dx = -1; dx <= 1 && !any; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width) any = grid[yy * width + xx]!;
        }
      out[y * width + x] = any;
    }
  return out;
}

/** Per-channel median of a block of the thumbnail. */
function medianColour(t: RoomThumbnail, left: number, right: number, top: number, bottom: number): number[] {
  const channels: [number[], number[], number[]] = [[], [], []];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++)
      for (let c = 0; c < 3; c++) channels[c]!.push(t.data[(y * t.width + x) * 3 + c]!);
  return channels.map(median);
}

/**
 * The floor's colours: among the commonest colours of the floor's pixels (bins of 24 levels, each refined to
 * the mean of the pixels near it), those seen in most parts of the floor (5 strips across, 3 bands deep). A
 * rug or a bed covers one part, planks and tiles run everywhere.
 */
function floorColours(t: RoomThumbnail, cells: readonly number[], floorRow: number): number[][] {
  if (cells.length === 0) return [];
  const bins = new Map<number, number>();
  for (const i of cells) {
    const key = [0, 1, 2].reduce((k, c) => k * 16 + Math.floor(t.data[i * 3 + c]! / 24), 0);
    bins.set(key, (bins.get(key) ?? 0) + 1);
  }
  const depth = Math.max(1, t.height - floorRow);
  const zoneOf = (i: number) => {
    const x = i % t.width;
    const y = (i - x) / t.width;
    return (
      Math.min(4, Math.floor((x / t.width) * 5)) * 3 + Math.min(2, Math.floor(((y - floorRow) / depth) * 3))
    );
  };
  const zoneSizes = new Array<number>(15).fill(0);
  for (const i of cells) zoneSizes[zoneOf(i)]!++;
  const zones = zoneSizes.filter((n) => n > 0).length;
  const colours: number[][] = [];
  const candidates = [...bins.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  for (const [key] of candidates) {
    const centre = [Math.floor(key / 256), Math.floor(key / 16) % 16, key % 16].map((b) => b * 24 + 12);
    const sum = [0, 0, 0];
    const seen = new Array<number>(15).fill(0);
    let n = 0;
    for (const i of cells) {
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs(t.data[i * 3 + c]! - centre[c]!), 0);
      if (d >= SAME_SURFACE) continue;
      for (let c = 0; c < 3; c++) sum[c]! += t.data[i * 3 + c]!;
      seen[zoneOf(i)]!++;
      n++;
    }
    const spread = seen.filter((count, zone) => count >= zoneSizes[zone]! * 0.05 && count > 0).length;
    if (n && spread >= zones * 0.6) colours.push(sum.map((v) => v / n));
  }
  return colours;
}

function colourDistance(t: RoomThumbnail, x: number, y: number, c: readonly number[]): number {
  const i = (y * t.width + x) * 3;
  return Math.abs(t.data[i]! - c[0]!) + Math.abs(t.data[i + 1]! - c[1]!) + Math.abs(t.data[i + 2]! - c[2]!);
}
