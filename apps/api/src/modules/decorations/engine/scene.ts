import type { RoomType, Style } from '@estancia/contracts';
import { hexToRgb, idSource, seededRandom, type Asset, type AssetContext } from './assets/svg';
import { PALETTES, type Palette } from './palettes';
import { SURFACE, type Rect, type Surfaces } from './room-analysis';
import { ROOM_SETS, type Placement } from './room-sets';

export interface SceneInput {
  width: number;
  height: number;
  /** Where the floor meets the wall, in pixels from the top (found by the analysis). */
  floorLine: number;
  /** Windows and doors, in pixels: no piece may cover them. */
  openings: readonly Rect[];
  roomType: RoomType;
  style: Style;
  seed: number;
  /** What the room already has, cell by cell: pieces stand only on bare floor and hang only on bare plaster. */
  surfaces?: Surfaces;
  /**
   * Coverage 0…255 of the area that may change, on the surfaces' grid (an AI area of the editor): a piece is
   * placed only where it fits wholly inside, so the area's edge never cuts one in half.
   */
  area?: Uint8Array;
  /** The room is furnished already: it is restyled (graded), nothing is placed. */
  restyle?: boolean;
}

export type PieceKind = 'rug' | 'floor' | 'carried' | 'wall';

/** One piece as it was placed, for the specs and for reading a render. */
export interface PlacedPiece {
  /** Its position in the room set (ROOM_SETS[roomType]). */
  index: number;
  kind: PieceKind;
  /** What it paints, in photo pixels (its shadow not included). */
  box: Rect;
  /** Row its base stands on (floor and carried pieces) or hangs from (wall pieces). */
  base: number;
}

export interface Scene {
  palette: Palette;
  /** Wall tint as raw RGBA, 1 × height, tiled and composited with soft light; clear over the floor. */
  grade: Buffer;
  /** The furniture with its shadows as SVG of `region`'s size; undefined when nothing fitted. */
  furniture: Buffer | undefined;
  /** The part of the photo the furniture covers, in whole pixels inside the photo. */
  region: Rect;
  pieces: PlacedPiece[];
}

/** Builds the overlays for one render. Pure: the same input always gives the same SVG. */
export function buildScene(input: SceneInput): Scene {
  const palette = PALETTES[input.style];
  const { markup, region, pieces } = input.restyle
    ? { markup: undefined, region: { left: 0, top: 0, right: 0, bottom: 0 }, pieces: [] }
    : furnish(input, palette);
  return { palette, grade: gradeStrip(input, palette), furniture: markup, region, pieces };
}

/**
 * One pixel wide and as tall as the photo, tiled across it: a gentle wall tint that darkens a little towards
 * the top and fades out just above the floor line, so the floor keeps its own colour and texture. A strip
 * instead of a full-size picture keeps the grade nearly free at 12 megapixels.
 */
function gradeStrip({ height, floorLine }: SceneInput, palette: Palette): Buffer {
  const wall = hexToRgb(palette.wall);
  const fade = Math.max(1, height * 0.04);
  const strip = Buffer.alloc(height * 4);
  for (let y = 0; y < height; y++) {
    const strength = Math.min(1, Math.max(0, (floorLine - y) / fade));
    const edge = Math.max(0, 0.15 - y / height) * 1.2;
    for (let c = 0; c < 3; c++) strip[y * 4 + c] = Math.round(wall[c]! * (1 - edge));
    // Soft light is neutral at mid grey, so the strength is the opacity.
    strip[y * 4 + 3] = Math.round(255 * 0.45 * strength);
  }
  return strip;
}

/** Gap kept between any piece and a window or a door, as a share of the photo's width. */
const CLEARANCE = 0.012;
/** How far a piece may move sideways from its place in the set to clear a window, a door or another piece. */
const MAX_SHIFT = 0.3;
const SHIFT_STEP = 0.01;
/** A piece that fits nowhere at full size may shrink this far before it is left out. */
const SHRINK = [1, 0.88, 0.76, 0.64] as const;
/** Wall pieces may also hang higher, in shares of the height. */
const RAISE = [0, 0.03, 0.06, 0.09] as const;
/** Floor pieces this close in depth stand side by side, so they must not overlap. */
const SIDE_BY_SIDE = 0.12;

interface Drawn {
  placement: Placement;
  asset: Asset;
  /** The smaller piece tried when this one fits nowhere. */
  instead?: Asset;
  /** Preferred centre, in pixels, before any move. */
  x: number;
  depth: number;
  flip: 1 | -1;
}

interface Fitted {
  kind: PieceKind;
  asset: Asset;
  x: number;
  y: number;
  scale: number;
  depth: number;
  flip: 1 | -1;
  body: Rect;
  /** Body and shadow together. */
  footprint: Rect;
  shadow: boolean;
  drawn: Drawn;
}

/**
 * Places the room set on the floor in the photo's perspective. Each piece keeps its place in the set when it
 * can, else moves sideways, then shrinks a little, and is left out rather than cover a window or a door.
 * A piece that `follows` another moves with it, so a coffee table stays in front of its sofa.
 */
function furnish(
  { width, height, floorLine, openings, roomType, seed, surfaces, area }: SceneInput,
  palette: Palette,
): { markup: Buffer | undefined; region: Rect; pieces: PlacedPiece[] } {
  const random = seededRandom(seed);
  const context: AssetContext = { palette, accent: random.pick(palette.accents), random, uid: idSource() };
  const mirrored = random.chance(0.5);
  const bottom = height * 0.97;
  const floorDepth = Math.max(1, bottom - floorLine);
  // The camera stands at about half the wall's height, so the horizon is halfway down to the floor line;
  // a piece's size in the photo is proportional to how far below the horizon its base stands.
  const horizon = floorLine / 2;
  const middle = floorLine + floorDepth / 2;
  const perspective = (base: number) => (base - horizon) / (middle - horizon);
  const baseAt = (depth: number) => floorLine + depth * floorDepth;
  const clearance = CLEARANCE * width;
  const blocked = openings.map((o) => grow(o, clearance));
  const room = surfaces ? roomChecks(surfaces, area) : undefined;

  const set = ROOM_SETS[roomType];
  // Everything random is drawn first, in the set's order, so a seed always gives the same room.
  const drawn: Drawn[] = set.map((placement) => {
    const asset = placement.draw(context);
    const instead = placement.instead?.draw(context);
    const share = mirrored ? 1 - placement.x : placement.x;
    const x = (share + random.between(-0.025, 0.025)) * width;
    const depth = Math.min(1, Math.max(0.02, (placement.depth ?? 0.3) + random.between(-0.04, 0.04)));
    return { placement, asset, instead, x, depth, flip: mirrored && placement.lift === undefined ? -1 : 1 };
  });

  const fitted: (Fitted | undefined)[] = new Array(set.length);
  const shiftOf = (index: number | undefined) => {
    const leader = index === undefined ? undefined : fitted[index];
    return leader ? leader.x - leader.drawn.x : 0;
  };
  const kindOf = (p: Placement): PieceKind =>
    p.sitsOn !== undefined ? 'carried' : p.lift !== undefined ? 'wall' : p.under ? 'rug' : 'floor';

  const place = (index: number) => {
    const piece = drawn[index]!;
    const { placement } = piece;
    const kind = kindOf(placement);
    if (placement.withLeader && !fitted[placement.follows!]) return;
    fitted[index] = bestFit(kind, piece, piece.asset, placement.size);
    if (!fitted[index] && piece.instead && placement.instead)
      fitted[index] = bestFit(kind, piece, piece.instead, placement.instead.size);
  };

  /** The cheapest position and size for a piece: the least sideways move, shrinking and raising. */
  const bestFit = (kind: PieceKind, piece: Drawn, asset: Asset, size: number): Fitted | undefined => {
    const { placement } = piece;
    let best: { cost: number; fit: Fitted } | undefined;
    const consider = (x: number, y: number, factor: number, base: number, depth: number, cost: number) => {
      if (best && best.cost <= cost) return;
      const scale = (factor * size * width * perspective(base)) / asset.width;
      const fit = fitPiece(kind, piece, asset, x, y, scale, depth);
      if (fits(fit)) best = { cost, fit };
    };

    if (kind === 'carried') {
      const parent = fitted[placement.sitsOn!];
      if (!parent) return undefined;
      const y = parent.y - (parent.asset.top ?? 0) * parent.scale;
      for (const factor of SHRINK) consider(parent.x, y, factor, parent.y, parent.depth, 1 - factor);
      return best?.fit;
    }
    const start = piece.x + shiftOf(placement.follows);
    const raises = kind === 'wall' ? RAISE : [0];
    for (const factor of SHRINK)
      for (const raise of raises)
        for (let step = 0; step <= MAX_SHIFT / SHIFT_STEP; step++)
          for (const sign of step === 0 ? [1] : [1, -1]) {
            const shift = sign * step * SHIFT_STEP;
            const cost = Math.abs(shift) + 0.6 * (1 - factor) + raise;
            const x = start + shift * width;
            if (kind === 'wall') {
              // Wall pieces hang on the back wall: the size they would have standing at the floor line.
              consider(x, floorLine - (placement.lift! + raise) * height, factor, floorLine, -1, cost);
            } else {
              const y = baseAt(piece.depth);
              consider(x, y, factor, y, piece.depth, cost);
            }
          }
    return best?.fit;
  };

  const fitPiece = (
    kind: PieceKind,
    piece: Drawn,
    asset: Asset,
    x: number,
    y: number,
    scale: number,
    depth: number,
  ): Fitted => {
    const { bounds } = asset;
    const flip = piece.flip;
    const left = flip === 1 ? bounds.left : -bounds.right;
    const right = flip === 1 ? bounds.right : -bounds.left;
    const body = {
      left: x + left * scale,
      right: x + right * scale,
      top: y + bounds.top * scale,
      bottom: y + bounds.bottom * scale,
    };
    const shadow = kind === 'floor';
    const rx = asset.width * scale * 0.58;
    const ry = asset.width * scale * 0.1;
    const footprint = shadow
      ? union(body, { left: x - rx, right: x + rx, top: y - 2 * scale - ry, bottom: y - 2 * scale + ry })
      : body;
    return { kind, asset, x, y, scale, depth, flip, body, footprint, shadow, drawn: piece };
  };

  const fits = (fit: Fitted): boolean => {
    const { body, footprint, kind } = fit;
    if (body.left < 0 || body.right > width || body.bottom > height) return false;
    // Pendant lamps hang from above the picture; everything else is whole in it.
    if (body.top < 0 && !fit.drawn.placement.hangs) return false;
    if (blocked.some((o) => overlaps(footprint, o))) return false;
    if (room && !room.allows(fit)) return false;
    if (kind === 'rug') return footprint.top >= floorLine + 0.01 * height;
    for (const other of fitted) {
      if (!other || other.kind === 'rug') continue;
      if (kind === 'wall') {
        if ((other.kind === 'wall' || !fit.drawn.placement.hangs) && overlaps(body, other.body)) return false;
      } else if (
        kind === 'floor' &&
        other.kind === 'floor' &&
        Math.abs(other.depth - fit.depth) < SIDE_BY_SIDE
      ) {
        if (overlaps(body, other.body)) return false;
      }
    }
    return true;
  };

  const order = set.map((_, i) => i);
  const pass = (kind: PieceKind) => order.filter((i) => kindOf(set[i]!) === kind).forEach(place);
  // Furniture first (its leaders before their followers, as listed), then what sits on it, then the walls.
  order.filter((i) => ['floor', 'rug'].includes(kindOf(set[i]!))).forEach(place);
  pass('carried');
  pass('wall');

  const layers = fitted
    .map((fit, index) => ({ fit, index }))
    .filter((l): l is { fit: Fitted; index: number } => l.fit !== undefined)
    .map(({ fit, index }) => {
      // Rugs first, then wall pieces, then floor pieces from the back to the front; carried pieces right after their support.
      const orderKey =
        fit.kind === 'rug'
          ? -3
          : fit.kind === 'wall'
            ? -1
            : fit.kind === 'carried'
              ? fit.depth + 0.0001
              : fit.depth;
      return { fit, index, orderKey: orderKey + index * 1e-7 };
    })
    .sort((a, b) => a.orderKey - b.orderKey);

  const pieces = layers.map(({ fit, index }) => ({ index, kind: fit.kind, box: fit.body, base: fit.y }));
  if (layers.length === 0)
    return { markup: undefined, region: { left: 0, top: 0, right: 0, bottom: 0 }, pieces };
  const covered = layers.map((l) => l.fit.footprint).reduce(union);
  const region = {
    left: Math.max(0, Math.floor(covered.left)),
    top: Math.max(0, Math.floor(covered.top)),
    right: Math.min(width, Math.ceil(covered.right)),
    bottom: Math.min(height, Math.ceil(covered.bottom)),
  };
  const regionWidth = region.right - region.left;
  const regionHeight = region.bottom - region.top;
  const markup = layers.map(({ fit }) => pieceSvg(fit)).join('\n');
  return {
    markup: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${regionWidth}" height="${regionHeight}" viewBox="${region.left} ${region.top} ${regionWidth} ${regionHeight}">
<defs><radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.6" stop-color="#000" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
${markup}
</svg>`,
    ),
    region,
    pieces,
  };
}

/** Shares of a piece's cells that may be covered by what the room has, and must be the right surface. */
const MAY_TOUCH = 0.02;
const MUST_BE_PLASTER = 0.97;
/** A piece wholly inside an AI area: all but a sliver of its cells fully inside. */
const INSIDE_AREA = 0.98;

/**
 * The room's own checks for a fitted piece, in O(1) per piece through summed-area tables of the grid: floor
 * pieces and rugs on bare floor (below the floor's edge, so nothing floats on a side wall), prints and mirrors
 * on the back wall's bare plaster (never on glass, a side wall or a headboard), and all of it inside the area.
 */
function roomChecks(surfaces: Surfaces, area: Uint8Array | undefined) {
  const { width, height, cellWidth, cellHeight, kinds, floorTop } = surfaces;
  const table = (test: (i: number) => boolean) => {
    const sums = new Float64Array((width + 1) * (height + 1));
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        sums[(y + 1) * (width + 1) + x + 1] =
          (test(y * width + x) ? 1 : 0) +
          sums[y * (width + 1) + x + 1]! +
          sums[(y + 1) * (width + 1) + x]! -
          sums[y * (width + 1) + x]!;
    return sums;
  };
  const taken = table((i) => kinds[i] === SURFACE.occupied || kinds[i] === SURFACE.opening);
  const plaster = table((i) => kinds[i] === SURFACE.plaster);
  const inside = area ? table((i) => area[i]! >= 250) : undefined;
  /** Share of the cells a photo rectangle touches that pass a table's test. */
  const share = (sums: Float64Array, r: Rect) => {
    const x0 = Math.max(0, Math.floor(r.left / cellWidth));
    const y0 = Math.max(0, Math.floor(r.top / cellHeight));
    const x1 = Math.min(width, Math.ceil(r.right / cellWidth));
    const y1 = Math.min(height, Math.ceil(r.bottom / cellHeight));
    if (x1 <= x0 || y1 <= y0) return 0;
    const w = width + 1;
    const count = sums[y1 * w + x1]! - sums[y0 * w + x1]! - sums[y1 * w + x0]! + sums[y0 * w + x0]!;
    return count / ((x1 - x0) * (y1 - y0));
  };
  const standsOnFloor = (body: Rect, base: number) => {
    const x0 = Math.max(0, Math.floor(body.left / cellWidth));
    const x1 = Math.min(width, Math.ceil(body.right / cellWidth));
    for (let x = x0; x < x1; x++) if (base < floorTop[x]!) return false;
    return true;
  };
  return {
    allows(fit: Fitted): boolean {
      if (inside && share(inside, fit.footprint) < INSIDE_AREA) return false;
      if (fit.kind === 'carried') return true;
      if (fit.kind === 'wall') {
        // A pendant hangs from the ceiling in front of the room; it only keeps off the openings.
        if (fit.drawn.placement.hangs) return true;
        return share(plaster, fit.body) >= MUST_BE_PLASTER;
      }
      if (share(taken, fit.footprint) > MAY_TOUCH) return false;
      if (fit.kind === 'rug') return standsOnFloor(fit.body, fit.body.top);
      return standsOnFloor(fit.body, fit.y);
    },
  };
}

function pieceSvg({ asset, x, y, scale, flip, shadow }: Fitted): string {
  const w = asset.width;
  const ellipse = shadow
    ? `<ellipse cx="${x.toFixed(1)}" cy="${(y - scale * 2).toFixed(1)}" rx="${(w * scale * 0.58).toFixed(1)}" ry="${(w * scale * 0.1).toFixed(1)}" fill="url(#shadow)"/>`
    : '';
  return `${ellipse}<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(scale * flip).toFixed(4)} ${scale.toFixed(4)})">${asset.svg}</g>`;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function union(a: Rect, b: Rect): Rect {
  return {
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  };
}

function grow(r: Rect, by: number): Rect {
  return { left: r.left - by, top: r.top - by, right: r.right + by, bottom: r.bottom + by };
}
