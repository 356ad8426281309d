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
      const pieces = furniture
        ? [{ input: furniture, raw: regionRaw(scene), left: scene.region.left, top: scene.region.top }]
        : [];
      const staged = graded
        ? sharp(request.image, { failOn: 'error' })
            .autoOrient()
            .recomb(colourMatrix(scene.palette))
            .composite([
              { input: scene.grade, raw: { width: 1, height, channels: 4 }, tile: true, blend: 'soft-light' },
              ...(restyle ? [await textiles(layout.surfaces, scene.palette, width, height)] : []),
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
const TEXTILE_STRENGTH = 0.45;

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

/**
 * The furniture of a furnished room in the style's colours: the style's fabric laid with soft light over what
 * stands in the room (keeps its shading and texture), drawn on the analysis grid and smoothed up to full size.
 */
async function textiles(surfaces: Surfaces, palette: Palette, width: number, height: number) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(palette.fabric.slice(i, i + 2), 16));
  const cells = Buffer.alloc(surfaces.width * surfaces.height * 4);
  for (let i = 0; i < surfaces.furniture.length; i++) {
    cells[i * 4] = r!;
    cells[i * 4 + 1] = g!;
    cells[i * 4 + 2] = b!;
    cells[i * 4 + 3] = surfaces.furniture[i] ? Math.round(255 * TEXTILE_STRENGTH) : 0;
  }
  const input = await sharp(cells, { raw: { width: surfaces.width, height: surfaces.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return { input, raw: { width, height, channels: 4 as const }, blend: 'soft-light' as const };
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
