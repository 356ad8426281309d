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
}

/** Without a clear change between wall and floor, the floor line of a photo taken at eye height. */
const DEFAULT_FLOOR_SHARE = 0.62;
/** A step in a row's colour is capped so one very bright edge (a window sill) cannot outvote a full-width floor line. */
const ROW_STEP_CAP = 120;
/** How much brighter than the wall glass must be (luminance, 0…255). */
const BRIGHTER = 12;
/** Sum of the three channels' differences: a real edge between two painted surfaces, not JPEG grain. */
const STRONG_EDGE = 60;
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
  const floorRow = findFloorLine(thumbnail);
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
  return {
    floorLine: Math.round(floorRow * sy),
    windows: windows.map(toPhoto),
    doors: doors.map(toPhoto),
    luminance: meanLuminance(thumbnail),
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
  const bright = new Uint8Array(t.width * rows);
  for (let i = 0; i < bright.length; i++) bright[i] = wall[i]! >= threshold ? 1 : 0;

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
