import sharp from 'sharp';
import { findFloorLine, readRoomThumbnail } from './room-analysis';

/**
 * The structure guard: after a render, tells whether the staged picture moved the room's walls, windows or
 * doors (listing rules forbid misrepresenting the property). Colour grades, light, re-encoding and furniture
 * are the engine's job and pass; a shift, a warp, a window moved, resized or painted over, a door removed or a
 * wall edge moved are caught.
 *
 * Method: both pictures are decoded small and grey (JPEG shrink-on-load keeps a 12 MP photo cheap), their
 * Sobel gradients compared cell by cell outside the area the engine may change. A cell keeps its structure
 * when its gradients still line up with the original's in place (cosine of the gradient vectors, blind to
 * brightness and contrast). Otherwise a small shift search tells a moved structure (the edges line up again a
 * few pixels away) from a removed one (the cell went flat) and from an occluded one (new edges that match
 * nothing: furniture in front of it, which is allowed). Moved and removed cells count only in pairs or more.
 *
 * The guard needs to know what the engine may change: the request's mask and the engine's `added` map. With
 * neither, furniture standing in front of the skirting reads as moved structure and false alarms are frequent
 * (see the README's figures): engines that can report what they added should.
 */

/** Below this score the structure moved. Chosen on the measured set (structure-guard.fixtures.ts). */
export const STRUCTURE_THRESHOLD = 0.97;

export interface StructureCheckOptions {
  /** PNG (or any image sharp reads), white where the engine was allowed to paint: not compared. */
  mayChange?: Buffer;
  /** The engine's own map of what it added (white = furniture): not compared either. */
  added?: Buffer;
  /** The photo's size after orientation, when the caller knows it (saves reading the header). */
  width?: number;
  height?: number;
}

export interface StructureCheck {
  /** 0…1: share of the photo's structure outside the changeable area that the result kept in place. */
  score: number;
  /** True when the score is under the threshold: walls, windows or doors moved. */
  changed: boolean;
  threshold: number;
}

/** Width of the compared grid: enough for a 2% shift to be 5 px, small enough to stay a few milliseconds. */
const GRID_WIDTH = 256;
/** Side of a compared cell, in grid pixels. */
const CELL = 16;
/** How far the shift search looks, as a share of the grid's longer side (a 4% shift is caught). */
const SEARCH = 0.045;
/** The mask's edge is soft and the furniture casts shadows: the excluded area grows by this much. */
const EXCLUSION_MARGIN = 3;
/** A cell takes part when this share of its pixels is outside the excluded area. */
const MIN_COMPARED_SHARE = 0.5;
/** Sobel magnitude (0…255 grey, after a light blur) taken off every pixel: grain, wallpaper and floor joints live under it. */
const TEXTURE_GRADIENT = 20;
/**
 * Edge strength (90th percentile of what is left of the magnitude) from which a cell holds structure: the edges
 * of walls, windows, doors, skirting and ceiling reach 20 to 110, texture stays under 10.
 */
const STRUCTURE_EDGE = 20;
/** Cosine of the gradients at zero shift above which a cell is kept in place. */
const KEPT_ALIGNMENT = 0.55;
/** A cell moved when some shift lines its edges up this well, clearly better than in place. */
const MOVED_ALIGNMENT = 0.85;
const MOVED_GAIN = 0.3;
/** A moved structure keeps about its edge strength (against the photo's usual ratio); furniture over an edge adds a lot. */
const MOVED_STRENGTH = 1.6;
/** Other suspect cells needed within two cells for a suspect cell to count: a moved or removed edge spans cells. */
const MIN_COMPANY = 1;
/** A cell was removed (painted over) when its edge strength fell under this share of the photo's usual ratio. */
const REMOVED_STRENGTH = 0.3;

/** Grey levels beyond which the result is clipped. */
const CLIPPED_HIGH = 250;
const CLIPPED_LOW = 5;

type CellState = 'kept' | 'moved' | 'removed' | 'occluded';

interface Grey {
  data: Uint8Array | Float32Array;
  width: number;
  height: number;
}

/** How far above the floor line furniture may rise, as a share of the photo's height (a wardrobe, a bed's headboard). */
const FURNITURE_RISE = 0.3;

/**
 * For an engine that does not say what it added: the zone furniture may stand in, from the floor line up by
 * FURNITURE_RISE, white in a small PNG. The walls, windows and doors above it and the photo's geometry stay guarded.
 */
export async function furnitureZone(photo: Buffer): Promise<Buffer> {
  const { thumbnail } = await readRoomThumbnail(photo);
  const { width, height } = thumbnail;
  const top = Math.max(0, Math.round(findFloorLine(thumbnail) - FURNITURE_RISE * height));
  const zone = Buffer.alloc(width * height);
  zone.fill(255, top * width);
  return sharp(zone, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** The photo's side of a check, worked out while the engine renders: its grid and its furniture zone. */
export interface StructureReference {
  size: { width: number; height: number };
  before: Grey;
  zone: Uint8Array;
}

export async function structureReference(
  original: Buffer,
  size: { width: number; height: number },
): Promise<StructureReference> {
  const grid = await gridSize(original, size);
  const [before, zone] = await Promise.all([
    greyGrid(original, grid),
    furnitureZone(original).then((png) => maskGrid(png, grid)),
  ]);
  return { size: grid, before, zone };
}

/**
 * Checks a result against a prepared photo outside what the engine added or, for an engine that does not
 * say what it added, outside the furniture zone.
 */
export async function checkAgainst(
  reference: StructureReference,
  result: Buffer,
  added?: Buffer,
): Promise<StructureCheck> {
  const [after, addedGrid] = await Promise.all([
    greyGrid(result, reference.size),
    added ? maskGrid(added, reference.size) : undefined,
  ]);
  const score = compareStructure(
    reference.before,
    after,
    exclusion(reference.size, [addedGrid ?? reference.zone]),
  );
  return { score, changed: score < STRUCTURE_THRESHOLD, threshold: STRUCTURE_THRESHOLD };
}

/** Compares the result's structure with the photo's outside the changeable area; sharp's errors pass through. */
export async function checkStructure(
  original: Buffer,
  result: Buffer,
  options: StructureCheckOptions = {},
): Promise<StructureCheck> {
  const size = await gridSize(original, options);
  const [before, after, mayChange, added] = await Promise.all([
    greyGrid(original, size),
    greyGrid(result, size),
    options.mayChange ? maskGrid(options.mayChange, size) : undefined,
    options.added ? maskGrid(options.added, size) : undefined,
  ]);
  const score = compareStructure(before, after, exclusion(size, [mayChange, added]));
  return { score, changed: score < STRUCTURE_THRESHOLD, threshold: STRUCTURE_THRESHOLD };
}

async function gridSize(
  original: Buffer,
  options: StructureCheckOptions,
): Promise<{ width: number; height: number }> {
  let { width, height } = options;
  if (!width || !height) {
    const metadata = await sharp(original).metadata();
    const rotated = (metadata.orientation ?? 1) >= 5;
    width = rotated ? metadata.height : metadata.width;
    height = rotated ? metadata.width : metadata.height;
  }
  const gridWidth = Math.min(GRID_WIDTH, width);
  return { width: gridWidth, height: Math.max(1, Math.round((height * gridWidth) / width)) };
}

async function greyGrid(image: Buffer, size: { width: number; height: number }): Promise<Grey> {
  const { data } = await sharp(image)
    .autoOrient()
    .resize(size.width, size.height, { fit: 'fill' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, ...size };
}

async function maskGrid(mask: Buffer, size: { width: number; height: number }): Promise<Uint8Array> {
  return sharp(mask)
    .resize(size.width, size.height, { fit: 'fill' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** 1 where the pictures are not compared: the masks' white areas, grown by the margin. */
function exclusion(size: { width: number; height: number }, masks: (Uint8Array | undefined)[]): Uint8Array {
  const { width, height } = size;
  const marked = new Uint8Array(width * height);
  for (const mask of masks) {
    if (!mask) continue;
    for (let i = 0; i < marked.length; i++) if (mask[i]! > 127) marked[i] = 1;
  }
  // A square dilation, as two separable passes of a running maximum.
  const rows = new Uint8Array(marked.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = 0;
      for (
        let k = Math.max(0, x - EXCLUSION_MARGIN);
        k <= Math.min(width - 1, x + EXCLUSION_MARGIN) && !hit;
        k++
      )
        hit = marked[y * width + k]!;
      rows[y * width + x] = hit;
    }
  }
  const grown = new Uint8Array(marked.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = 0;
      for (
        let k = Math.max(0, y - EXCLUSION_MARGIN);
        k <= Math.min(height - 1, y + EXCLUSION_MARGIN) && !hit;
        k++
      )
        hit = rows[k * width + x]!;
      grown[y * width + x] = hit;
    }
  }
  return grown;
}

/** A 3×3 binomial blur, twice: the photo's grain and fine wall texture are not structure. */
function smooth(image: Grey): Grey {
  const { width, height } = image;
  let data = Float32Array.from(image.data);
  for (let pass = 0; pass < 2; pass++) {
    const rows = new Float32Array(data.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        rows[i] = (data[x > 0 ? i - 1 : i]! + 2 * data[i]! + data[x < width - 1 ? i + 1 : i]!) / 4;
      }
    const out = new Float32Array(data.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        out[i] = (rows[y > 0 ? i - width : i]! + 2 * rows[i]! + rows[y < height - 1 ? i + width : i]!) / 4;
      }
    data = out;
  }
  return { data, width, height };
}

/** Sobel gradients; the one-pixel border stays 0. */
function gradients({ data, width, height }: Grey): Gradients {
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = data[i - width - 1]!;
      const b = data[i - width]!;
      const c = data[i - width + 1]!;
      const d = data[i - 1]!;
      const f = data[i + 1]!;
      const g = data[i + width - 1]!;
      const h = data[i + width]!;
      const k = data[i + width + 1]!;
      const sx = c + 2 * f + k - a - 2 * d - g;
      const sy = g + 2 * h + k - a - 2 * b - c;
      // Soft threshold: wallpaper, floor joints and grain fade out, edges of walls, windows and doors stay.
      const magnitude = Math.hypot(sx, sy);
      const kept = magnitude > TEXTURE_GRADIENT ? 1 - TEXTURE_GRADIENT / magnitude : 0;
      gx[i] = sx * kept;
      gy[i] = sy * kept;
    }
  }
  return { gx, gy };
}

/** One compared cell of the grid: its bounds and its edge strength before and after. */
interface Cell {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  strength: number;
  resultStrength: number;
  /** Cosine of the gradients in place. */
  inPlace: number;
  state: CellState;
}

interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
}

/** Share of the guarded cells whose structure stayed in place, 1 when nothing is guarded. */
function compareStructure(before: Grey, after: Grey, excludedArea: Uint8Array): number {
  const { width, height } = before;
  const o = gradients(smooth(before));
  const r = gradients(smooth(after));
  // Where the result is blown out or crushed its edges cannot show; a strong grade is not a removal.
  const excluded = Uint8Array.from(excludedArea);
  for (let i = 0; i < excluded.length; i++) {
    const value = after.data[i]!;
    const was = before.data[i]!;
    if ((value >= CLIPPED_HIGH && was < CLIPPED_HIGH) || (value <= CLIPPED_LOW && was > CLIPPED_LOW))
      excluded[i] = 1;
  }
  const cells = guardedCells(o, r, excluded, width, height);
  if (cells.length === 0) return 1;
  // The photo's usual strength ratio: a darker or flatter grade lowers every cell alike.
  const ratios = cells.map((c) => c.resultStrength / c.strength).sort((a, b) => a - b);
  const usualRatio = ratios[ratios.length >> 1]!;
  const search = Math.ceil(SEARCH * Math.max(width, height));
  for (const cell of cells) {
    if (cell.inPlace >= KEPT_ALIGNMENT) continue;
    const best = bestShiftedAlignment(o, r, excluded, width, height, cell, search);
    const ratio = cell.resultStrength / cell.strength / usualRatio;
    // Furniture over an edge adds edges of its own: a moved structure keeps about the strength it had.
    if (best >= MOVED_ALIGNMENT && best - cell.inPlace >= MOVED_GAIN && ratio <= MOVED_STRENGTH)
      cell.state = 'moved';
    else if (ratio < REMOVED_STRENGTH) cell.state = 'removed';
    else cell.state = 'occluded';
  }
  // One odd cell is a piece of furniture lining up with an edge by chance; moved or removed structure spans several.
  const suspects = cells.filter((c) => c.state === 'moved' || c.state === 'removed');
  const lone = suspects.filter(
    (cell) =>
      suspects.filter(
        (other) =>
          other !== cell &&
          Math.abs(other.x0 - cell.x0) <= 2 * CELL &&
          Math.abs(other.y0 - cell.y0) <= 2 * CELL,
      ).length < MIN_COMPANY,
  );
  for (const cell of lone) cell.state = 'occluded';
  const kept = cells.filter((c) => c.state === 'kept').length;
  const lost = suspects.length - lone.length;
  return kept + lost === 0 ? 1 : kept / (kept + lost);
}

/** The cells with structure worth guarding, mostly outside the excluded area, each with its in-place alignment. */
function guardedCells(
  o: Gradients,
  r: Gradients,
  excluded: Uint8Array,
  width: number,
  height: number,
): Cell[] {
  const cells: Cell[] = [];
  for (let y0 = 1; y0 + CELL / 2 < height - 1; y0 += CELL) {
    for (let x0 = 1; x0 + CELL / 2 < width - 1; x0 += CELL) {
      const x1 = Math.min(width - 1, x0 + CELL);
      const y1 = Math.min(height - 1, y0 + CELL);
      const strengths: number[] = [];
      const resultStrengths: number[] = [];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * width + x;
          if (excluded[i]) continue;
          strengths.push(Math.hypot(o.gx[i]!, o.gy[i]!));
          resultStrengths.push(Math.hypot(r.gx[i]!, r.gy[i]!));
        }
      }
      if (strengths.length < MIN_COMPARED_SHARE * (x1 - x0) * (y1 - y0)) continue;
      const strength = edgeStrength(strengths);
      if (strength < STRUCTURE_EDGE) continue;
      const bounds = { x0, y0, x1, y1 };
      cells.push({
        ...bounds,
        strength,
        resultStrength: edgeStrength(resultStrengths),
        inPlace: alignment(o, r, excluded, width, height, bounds, 0, 0),
        state: 'kept',
      });
    }
  }
  return cells;
}

/** Coarse to fine: every other shift, then the neighbours of the best one (the edges are blurred over 3 px). */
function bestShiftedAlignment(
  o: Gradients,
  r: Gradients,
  excluded: Uint8Array,
  width: number,
  height: number,
  cell: Cell,
  search: number,
): number {
  let best = -1;
  let at: [number, number] = [0, 0];
  const tryShift = (dx: number, dy: number) => {
    if (Math.abs(dx) + Math.abs(dy) < 2) return;
    const a = alignment(o, r, excluded, width, height, cell, dx, dy);
    if (a > best) {
      best = a;
      at = [dx, dy];
    }
  };
  for (let dy = -search; dy <= search; dy += 2)
    for (let dx = -search; dx <= search; dx += 2) tryShift(dx, dy);
  const [cx, cy] = at;
  for (let dy = cy - 1; dy <= cy + 1; dy++) for (let dx = cx - 1; dx <= cx + 1; dx++) tryShift(dx, dy);
  return best;
}

/** The cell's edge strength: a high percentile, so one strong edge across the cell counts, texture does not. */
function edgeStrength(magnitudes: number[]): number {
  magnitudes.sort((a, b) => a - b);
  return magnitudes[Math.floor(magnitudes.length * 0.9)]!;
}

/** Cosine of the original's gradients in the cell against the result's shifted by (dx, dy), both outside the excluded area. */
function alignment(
  o: Gradients,
  r: Gradients,
  excluded: Uint8Array,
  width: number,
  height: number,
  { x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number },
  dx: number,
  dy: number,
): number {
  let dot = 0;
  let oo = 0;
  let rr = 0;
  for (let y = y0; y < y1; y++) {
    const ys = y + dy;
    if (ys < 1 || ys >= height - 1) continue;
    for (let x = x0; x < x1; x++) {
      const xs = x + dx;
      if (xs < 1 || xs >= width - 1) continue;
      const i = y * width + x;
      const j = ys * width + xs;
      if (excluded[i] || excluded[j]) continue;
      const ox = o.gx[i]!;
      const oy = o.gy[i]!;
      const rx = r.gx[j]!;
      const ry = r.gy[j]!;
      dot += ox * rx + oy * ry;
      oo += ox * ox + oy * oy;
      rr += rx * rx + ry * ry;
    }
  }
  return oo === 0 || rr === 0 ? 0 : dot / Math.sqrt(oo * rr);
}
