import type { EngineName } from '@estancia/contracts';
import sharp, { type Sharp } from 'sharp';
import type { Palette } from './palettes';
import { analyseRoom, readRoomThumbnail, type RoomLayout } from './room-analysis';
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

    const scene = buildScene({
      width,
      height,
      floorLine: layout.floorLine,
      openings: [...layout.windows, ...layout.doors],
      roomType: request.roomType,
      style: request.style,
      seed: request.seed,
    });
    onProgress?.('rendering', 40);
    try {
      const furniture = await renderFurniture(scene);
      checkpoint();
      const { multiply, offset } = lightGrade(scene.palette, layout.luminance);
      // sharp applies recomb before composite and linear after it, so the light grade falls on the furniture
      // too, as the room's light would.
      const staged = sharp(request.image, { failOn: 'error' })
        .autoOrient()
        .recomb(colourMatrix(scene.palette))
        .composite([
          { input: scene.grade, raw: { width: 1, height, channels: 4 }, tile: true, blend: 'soft-light' },
          ...(furniture
            ? [{ input: furniture, raw: regionRaw(scene), left: scene.region.left, top: scene.region.top }]
            : []),
        ])
        .linear(multiply, offset);
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
