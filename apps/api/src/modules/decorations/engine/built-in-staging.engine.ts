import type { EngineName } from '@estancia/contracts';
import sharp, { type Sharp } from 'sharp';
import type { Palette } from './palettes';
import { analyseRoom, readRoomThumbnail, type RoomLayout, type Surfaces } from './room-analysis';
import { buildScene, type Scene } from './scene';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

/** Furniture is opaque and its shadows and lamp glows are at most 42–60% opaque: half-way keeps only the furniture. */
const ADDED_ALPHA = 128;

/**
 * The embedded default (no network): finds the floor line, the windows and the doors, grades the photo lightly
 * in the style's colours (a wall tint, never the floor) and stands the room type's furniture, drawn from our
 * vector assets, on the floor in perspective, clear of the windows and doors. One sharp pipeline at full size.
 * With a mask, only its white areas change. `added` is white where furniture was drawn (shadows and glows
 * left out, so a repainted floor still runs up to the furniture's feet).
 */
export class BuiltInStagingEngine extends StagingEngine {
  readonly name: EngineName = 'builtin';

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    const { onProgress, signal } = options;
    const checkpoint = () => {
      if (signal?.aborted) throw new StagingTimeoutError('The decoration was cancelled', 'cancelled');
    };
    checkpoint();
    onProgress?.('analysing', 10);
    const { width, height, layout } = await analyse(request.image);
    checkpoint();
    onProgress?.('analysing', 30);

    // A furnished room is restyled (its walls and textiles recoloured), not furnished a second time; an AI
    // area of the editor is furnished inside, whatever stands around it.
    const restyle = layout.furnished && !request.mask;
    const scene = buildScene({
      width,
      height,
      floorLine: layout.floorLine,
      openings: [...layout.windows, ...layout.doors],
      roomType: request.roomType,
      style: request.style,
      seed: request.seed,
      surfaces: layout.surfaces,
      area: request.mask ? await areaOnGrid(request.mask, layout.surfaces) : undefined,
      restyle,
    });
    onProgress?.('rendering', 40);
    try {
      const furniture = await renderFurniture(scene);
      checkpoint();
      const { multiply, offset } = lightGrade(scene.palette, layout.luminance);
      // sharp applies recomb before composite and linear after it, so the light grade falls on the furniture
      // too, as the room's light would.
      // An area of the editor lies in a picture that is graded already: only furniture goes in, so nothing
      // but the furniture tells the area from the picture around it.
      const graded = !request.mask;
      const fabric = restyle
        ? await restyledTextiles(request.image, width, height, layout, scene.palette)
        : undefined;
      const pieces = furniture
        ? [{ input: furniture, raw: regionRaw(scene), left: scene.region.left, top: scene.region.top }]
        : [];
      const staged = graded
        ? sharp(request.image, { failOn: 'error' })
            .autoOrient()
            .recomb(colourMatrix(scene.palette))
            .composite([
              { input: scene.grade, raw: { width: 1, height, channels: 4 }, tile: true, blend: 'soft-light' },
              ...(fabric
                ? [
                    {
                      input: fabric,
                      raw: { width, height, channels: 4 as const },
                      blend: 'soft-light' as const,
                    },
                  ]
                : []),
              ...pieces,
            ])
            .linear(multiply, offset)
        : sharp(request.image, { failOn: 'error' }).autoOrient().composite(pieces);
      const [image, added] = await Promise.all([
        request.mask
          ? keepOutsideMask(staged, request.image, request.mask, width, height)
          : staged.jpeg(JPEG).toBuffer(),
        addedMask(scene, furniture, width, height, request.mask),
      ]);
      checkpoint();
      onProgress?.('rendering', 90);
      return { image, added };
    } catch (error) {
      if (error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('The built-in renderer could not decorate this photo', { cause: error });
    }
  }
}

const JPEG = { quality: 88, chromaSubsampling: '4:2:0' } as const;

/** How strongly a restyled room's furniture takes the style's fabric colour (soft light, 0…1). */
const TEXTILE_STRENGTH = 0.6;

/** Cells kept clear inside an area's edge: the editor feathers the edge, and a piece must not fade out there. */
const AREA_MARGIN = 2;

/**
 * The request mask on the analysis grid, coverage 0…255 per cell, shrunk by AREA_MARGIN cells: each cell
 * takes the least coverage around it, so a cell half outside, or near the edge, is not inside.
 */
async function areaOnGrid(mask: Buffer, surfaces: Surfaces): Promise<Uint8Array> {
  const { width, height } = surfaces;
  const grid = await sharp(mask)
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const shrunk = new Uint8Array(grid.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let least = 255;
      for (let dy = -AREA_MARGIN; dy <= AREA_MARGIN; dy++)
        for (let dx = -AREA_MARGIN; dx <= AREA_MARGIN; dx++) {
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          least = Math.min(least, grid[yy * width + xx]!);
        }
      shrunk[y * width + x] = least;
    }
  return shrunk;
}

/** Sum of channel differences under which a pixel is a piece's own colour (shading and grain included). */
const FABRIC_NEAR = 36;
/** Beyond this it is something else, however gently the shading leads there. */
const FABRIC_FAR = 90;
/** Largest colour change between neighbouring (smoothed) pixels inside one piece: shading, not an edge. */
const SHADING_STEP = 14;
/** Colour step across 3 px that makes a real edge; light falling off across a wall changes far less. */
const EDGE_STEP = 40;
/** Share of a piece's outline that must be such an edge: where its colour fades out, it is a surface. */
const CRISP_OUTLINE = 0.85;
/** Walls, the ceiling and the floor run out of the picture; a piece stands inside it. */
const OUTLINE_AT_BORDER = 0.02;
/** No piece's own colour covers this much of the photo; a wall or a floor does. */
const LARGEST_PIECE = 0.1;
/** Colours tried per group of furniture cells (a bed: its cover, its sheet, its headboard...). */
const COLOURS_PER_GROUP = 6;
/** A colour is tried when at least this share of its group's pixels is near it. */
const COLOUR_SHARE = 0.04;

/**
 * The furniture of a furnished room in the style's colours: the style's fabric laid with soft light over each
 * piece's own colour, at full size, so the recolour ends on the piece's real edges. The analysis grid only
 * says where to look: per group of furniture cells, its commonest colours are each grown over the photo's
 * pixels near them; a region is tinted only when its colour is a textile's (coloured once the room's light is
 * balanced out: plaster, doors, glass and shadows are not), it is closed by real edges, stays inside the
 * picture and is not as large as a wall. A region that fades out or runs on is a surface the grid took for
 * furniture, and is left to the global grade. Undefined when no piece qualified.
 */
export async function textiles(
  photo: Uint8Array,
  width: number,
  height: number,
  surfaces: Surfaces,
  palette: Palette,
): Promise<Buffer | undefined> {
  // 3×3 box mean: the colour tests see through grain, and edges stay within a pixel.
  const smooth = await sharp(photo, { raw: { width, height, channels: 3 } })
    .convolve({ width: 3, height: 3, kernel: [1, 1, 1, 1, 1, 1, 1, 1, 1] })
    .raw()
    .toBuffer();
  const room: Grown = {
    smooth,
    width,
    height,
    state: new Uint8Array(width * height),
    queue: new Int32Array(width * height),
  };
  // 1 on a piece's pixels: bytes, as a 12 MP photo's maps add up.
  const piece = new Uint8Array(width * height);
  const cast = meanColour(room.smooth);
  let tinted = false;
  for (const cells of furnitureGroups(surfaces)) {
    const samples: number[] = [];
    for (const cell of cells) {
      const cx = cell % surfaces.width;
      const cy = (cell - cx) / surfaces.width;
      const x0 = Math.floor(cx * surfaces.cellWidth);
      const y0 = Math.floor(cy * surfaces.cellHeight);
      const x1 = Math.min(width, Math.ceil((cx + 1) * surfaces.cellWidth));
      const y1 = Math.min(height, Math.ceil((cy + 1) * surfaces.cellHeight));
      for (let y = y0; y < y1; y += 3) for (let x = x0; x < x1; x += 3) samples.push(y * width + x);
    }
    let pool = samples;
    for (let round = 0; round < COLOURS_PER_GROUP; round++) {
      pool = pool.filter((p) => !room.state[p]);
      const colour = dominantColour(room.smooth, pool, samples.length * COLOUR_SHARE);
      if (!colour) break;
      if (colourful(colour, cast)) tinted = growPiece(room, pool, colour, piece) || tinted;
      pool = pool.filter(
        (p) =>
          [0, 1, 2].reduce((d, c) => d + Math.abs(room.smooth[p * 3 + c]! - colour[c]!), 0) >= FABRIC_NEAR,
      );
    }
  }
  if (!tinted) return undefined;
  // A one-pixel soft edge, as the photo's own edges have: [1 2 1] across and down, 0…16.
  const soft = softenEdge(piece, width, height);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(palette.fabric.slice(i, i + 2), 16));
  const overlay = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    if (!soft[p]) continue;
    overlay[p * 4] = r!;
    overlay[p * 4 + 1] = g!;
    overlay[p * 4 + 2] = b!;
    overlay[p * 4 + 3] = Math.round((255 * TEXTILE_STRENGTH * soft[p]!) / 16);
  }
  return overlay;
}

interface Grown {
  /** The photo, 3×3 box mean, RGB. */
  smooth: Uint8Array;
  width: number;
  height: number;
  /** Per pixel: 0 not looked at, 1 in the region being grown, 2 decided (tinted or left alone). */
  state: Uint8Array;
  queue: Int32Array;
}

/** A region smaller than this share of the photo is a sliver, a plank or a lit spot, not a piece. */
const SMALLEST_PIECE = 0.0015;

/**
 * Grows the regions of `colour` from the seeds, one connected region at a time; each is tinted only when it
 * is a piece (closed by real edges, inside the picture, smaller than a wall): its pixels are set in `piece`.
 * Growth follows shading (small steps between neighbours) and stops at edges. Every pixel grown is decided,
 * so no other colour or group grows it again.
 */
function growPiece(
  room: Grown,
  seeds: readonly number[],
  colour: readonly number[],
  piece: Uint8Array,
): boolean {
  const { smooth, width, height, state, queue } = room;
  const distance = (p: number) =>
    Math.abs(smooth[p * 3]! - colour[0]!) +
    Math.abs(smooth[p * 3 + 1]! - colour[1]!) +
    Math.abs(smooth[p * 3 + 2]! - colour[2]!);
  const limit = width * height * LARGEST_PIECE;
  let tinted = false;
  for (const seed of seeds) {
    if (state[seed] || distance(seed) >= FABRIC_NEAR) continue;
    state[seed] = 1;
    queue[0] = seed;
    let length = 1;
    const visit = (p: number, n: number) => {
      if (state[n] || distance(n) >= FABRIC_FAR || step(smooth, p, n) >= SHADING_STEP) return;
      state[n] = 1;
      queue[length++] = n;
    };
    // Neighbours visited inline, without an array per pixel: a wall may be grown to its limit first.
    for (let head = 0; head < length && length <= limit; head++) {
      const p = queue[head]!;
      const x = p % width;
      if (x > 0) visit(p, p - 1);
      if (x < width - 1) visit(p, p + 1);
      if (p >= width) visit(p, p - width);
      if (p + width < width * height) visit(p, p + width);
    }
    const keep = length >= width * height * SMALLEST_PIECE && length <= limit && closed(room, length);
    for (let i = 0; i < length; i++) {
      const p = queue[i]!;
      state[p] = 2;
      if (keep) piece[p] = 1;
    }
    tinted ||= keep;
  }
  return tinted;
}

/** Whether the region just grown (`queue[0…length)`, state 1) is closed by real edges, inside the picture. */
function closed(room: Grown, length: number): boolean {
  const { width, height, state, queue } = room;
  let outline = 0;
  let border = 0;
  let crisp = 0;
  for (let i = 0; i < length; i++) {
    const p = queue[i]!;
    const x = p % width;
    const y = (p - x) / width;
    for (const [dx, dy] of STEPS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
        outline++;
        border++;
        continue;
      }
      if (state[ny * width + nx] === 1) continue;
      outline++;
      const ox = Math.min(width - 1, Math.max(0, x + 3 * dx));
      const oy = Math.min(height - 1, Math.max(0, y + 3 * dy));
      const ix = Math.min(width - 1, Math.max(0, x - dx));
      const iy = Math.min(height - 1, Math.max(0, y - dy));
      if (step(room.smooth, iy * width + ix, oy * width + ox) >= EDGE_STEP) crisp++;
    }
  }
  return border <= outline * OUTLINE_AT_BORDER && crisp >= (outline - border) * CRISP_OUTLINE;
}

/** A channel this bright is light, not a fabric's colour. */
const HIGHLIGHT = 240;
/** Chroma (max − min channel) a piece's colour must have once the room's light is balanced out. */
const FABRIC_CHROMA = 24;

/**
 * Whether a colour is a textile's rather than plaster, paint, glass or shadow: still coloured once divided
 * by the room's light (grey world), so a white door under a warm lamp counts as white.
 */
function colourful(colour: readonly number[], cast: readonly number[]): boolean {
  // Near white in one channel: a glow or a highlight, which soft light cannot tint anyway.
  if (Math.max(...colour) >= HIGHLIGHT) return false;
  const grey = (cast[0]! + cast[1]! + cast[2]!) / 3;
  const balanced = [0, 1, 2].map((c) => (colour[c]! * grey) / Math.max(1, cast[c]!));
  return Math.max(...balanced) - Math.min(...balanced) >= FABRIC_CHROMA;
}

/** Mean colour of an RGB picture, every 7th pixel. */
function meanColour(rgb: Uint8Array): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i + 2 < rgb.length; i += 21) {
    for (let c = 0; c < 3; c++) sum[c]! += rgb[i + c]!;
    n++;
  }
  return sum.map((v) => v / Math.max(1, n));
}

/** Sum of the channels' differences between two pixels of an RGB picture. */
function step(rgb: Uint8Array, a: number, b: number): number {
  return (
    Math.abs(rgb[a * 3]! - rgb[b * 3]!) +
    Math.abs(rgb[a * 3 + 1]! - rgb[b * 3 + 1]!) +
    Math.abs(rgb[a * 3 + 2]! - rgb[b * 3 + 2]!)
  );
}

const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The analysis grid's furniture cells in 4-connected groups, each a list of cell indices. */
function furnitureGroups({ furniture, width, height }: Surfaces): number[][] {
  const seen = new Uint8Array(furniture.length);
  const groups: number[][] = [];
  for (let start = 0; start < furniture.length; start++) {
    if (!furniture[start] || seen[start]) continue;
    const group = [start];
    seen[start] = 1;
    for (let i = 0; i < group.length; i++) {
      const c = group[i]!;
      const x = c % width;
      for (const n of [x > 0 ? c - 1 : -1, x < width - 1 ? c + 1 : -1, c - width, c + width])
        if (n >= 0 && n < width * height && furniture[n] && !seen[n]) {
          seen[n] = 1;
          group.push(n);
        }
    }
    groups.push(group);
  }
  return groups;
}

/** The commonest colour of the samples (bins of 16 levels, refined to the mean near it), if `least` are near it. */
function dominantColour(
  pixels: Uint8Array,
  samples: readonly number[],
  least: number,
): [number, number, number] | undefined {
  if (samples.length === 0) return undefined;
  const bins = new Map<number, number>();
  for (const p of samples) {
    const key = ((pixels[p * 3]! >> 4) << 8) | ((pixels[p * 3 + 1]! >> 4) << 4) | (pixels[p * 3 + 2]! >> 4);
    bins.set(key, (bins.get(key) ?? 0) + 1);
  }
  let best = 0;
  let count = -1;
  for (const [key, n] of bins) if (n > count) [best, count] = [key, n];
  let centre = [(best >> 8) * 16 + 8, ((best >> 4) & 15) * 16 + 8, (best & 15) * 16 + 8];
  let near = 0;
  for (let round = 0; round < 2; round++) {
    const sum = [0, 0, 0];
    near = 0;
    for (const p of samples) {
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs(pixels[p * 3 + c]! - centre[c]!), 0);
      if (d >= FABRIC_NEAR) continue;
      for (let c = 0; c < 3; c++) sum[c]! += pixels[p * 3 + c]!;
      near++;
    }
    if (near === 0) return undefined;
    centre = sum.map((v) => v / near);
  }
  return near >= Math.max(1, least) ? (centre as [number, number, number]) : undefined;
}

/** [1 2 1] across and down (unnormalised, 0…16 for a 0/1 map): softens its edges by one pixel. */
function softenEdge(map: Uint8Array, width: number, height: number): Uint8Array {
  const rows = new Uint8Array(map.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      rows[p] = map[x > 0 ? p - 1 : p]! + 2 * map[p]! + map[x < width - 1 ? p + 1 : p]!;
    }
  const out = new Uint8Array(map.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      out[p] = rows[y > 0 ? p - width : p]! + 2 * rows[p]! + rows[y < height - 1 ? p + width : p]!;
    }
  return out;
}

/** The photo upright at full size, for the textiles' recolour. */
async function restyledTextiles(
  image: Buffer,
  width: number,
  height: number,
  layout: RoomLayout,
  palette: Palette,
): Promise<Buffer | undefined> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .autoOrient()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 3) return undefined;
  return textiles(data, width, height, layout.surfaces, palette);
}

async function analyse(image: Buffer): Promise<{ width: number; height: number; layout: RoomLayout }> {
  try {
    const { thumbnail, width, height } = await readRoomThumbnail(image);
    return { width, height, layout: analyseRoom(thumbnail, width, height) };
  } catch (error) {
    throw new StagingFailedError('The photo could not be read', { cause: error, reason: 'bad_request' });
  }
}

/** The furniture drawn once, as raw RGBA of the scene's region: composited onto the photo and read for `added`. */
async function renderFurniture(scene: Scene): Promise<Buffer | undefined> {
  if (!scene.furniture) return undefined;
  return sharp(scene.furniture).ensureAlpha().raw().toBuffer();
}

function regionRaw({ region }: Scene) {
  return { width: region.right - region.left, height: region.bottom - region.top, channels: 4 as const };
}

/**
 * White where furniture was drawn: the rendered overlay's alpha, thresholded, laid into a black picture of the
 * photo's size; with a mask, also only where the mask is white (the rest of the photo is kept as it was).
 * Separate pipelines, as sharp runs its operations in its own order, not in the order they are called.
 */
async function addedMask(
  scene: Scene,
  furniture: Buffer | undefined,
  width: number,
  height: number,
  mask: Buffer | undefined,
): Promise<Buffer> {
  const single = { width, height, channels: 1 as const };
  let added: Buffer;
  if (furniture) {
    const { left, top, right, bottom } = scene.region;
    const region = regionRaw(scene);
    const alpha = await sharp(furniture, { raw: region }).extractChannel(3).raw().toBuffer();
    added = await sharp(alpha, { raw: { ...region, channels: 1 } })
      .threshold(ADDED_ALPHA, { grayscale: false })
      .extend({ top, left, bottom: height - bottom, right: width - right, background: { r: 0, g: 0, b: 0 } })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  } else {
    added = Buffer.alloc(width * height);
  }
  if (mask) {
    const allowed = await sharp(mask)
      .resize(width, height, { fit: 'fill' })
      .greyscale()
      .extractChannel(0)
      .threshold(128, { grayscale: false })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    added = await sharp(added, { raw: single })
      .boolean(allowed, 'and', { raw: single })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  }
  return sharp(added, { raw: single }).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Lays the photo as it was over the staged picture wherever the mask is black (white = may be decorated).
 * Only masked renders pay for the extra passes.
 */
async function keepOutsideMask(
  staged: Sharp,
  image: Buffer,
  mask: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  const [stagedPixels, keep, photo] = await Promise.all([
    staged.removeAlpha().raw().toBuffer(),
    sharp(mask)
      .resize(width, height, { fit: 'fill' })
      .greyscale()
      .extractChannel(0)
      .negate()
      .raw()
      .toBuffer(),
    sharp(image).autoOrient().removeAlpha().raw().toBuffer(),
  ]);
  // Separate pipelines: sharp drops an alpha channel only at the end of one, after joinChannel.
  const untouched = await sharp(photo, { raw: { width, height, channels: 3 } })
    .joinChannel(keep, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  return sharp(stagedPixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: untouched, raw: { width, height, channels: 4 } }])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * Half the style's contrast and brightness, around mid grey, plus a little lift for dark photos: a light
 * grade that leaves the floor its own colour.
 */
function lightGrade(palette: Palette, luminance: number): { multiply: number; offset: number } {
  const lift = luminance < 90 ? 12 : luminance > 190 ? -6 : 0;
  const contrast = 1 + (palette.contrast - 1) / 2;
  return { multiply: contrast, offset: 128 * (1 - contrast) + palette.brightness / 2 + lift };
}

type Matrix = [[number, number, number], [number, number, number], [number, number, number]];

/**
 * Saturation and warmth in one 3×3 matrix (one cheap pass; `modulate` would convert to LCh and back), at half
 * the style's strength: each channel is mixed with the luminance, then warm styles push red up and blue down,
 * cool ones the reverse.
 */
function colourMatrix({ saturation, warmth }: Palette): Matrix {
  const s = 1 + (saturation - 1) / 2;
  const luma = [0.299, 0.587, 0.114] as const;
  const k = 0.045 * warmth;
  const gains = [1 + k, 1 + k * 0.25, 1 - k] as const;
  return [0, 1, 2].map((row) =>
    [0, 1, 2].map((column) => gains[row]! * ((1 - s) * luma[column]! + (row === column ? s : 0))),
  ) as Matrix;
}
