import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { buildScene } from './scene';
import type { Palette } from './palettes';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
} from './staging-engine.port';

/** Width of the thumbnail the analysis looks at: enough to find the floor line; JPEG shrink-on-load makes it cheap. */
const ANALYSIS_WIDTH = 96;

/**
 * The embedded default (no network): grades the photo in the style's colours and light and composites
 * the room type's furniture, drawn from our vector assets, onto the floor. One sharp pipeline at full size.
 * With a mask, only its white areas change.
 */
export class BuiltInStagingEngine extends StagingEngine {
  async render(request: StagingRequest, options: StagingOptions = {}): Promise<Buffer> {
    const { onProgress, signal } = options;
    const checkpoint = () => {
      if (signal?.aborted) throw new StagingTimeoutError('The decoration was cancelled');
    };
    checkpoint();
    onProgress?.('analysing', 10);
    const { width, height, floorShare, luminance } = await analyse(request.image);
    checkpoint();
    onProgress?.('analysing', 30);

    const scene = buildScene({
      width,
      height,
      floorLine: Math.round(floorShare * height),
      roomType: request.roomType,
      style: request.style,
      seed: request.seed,
    });
    onProgress?.('rendering', 40);
    const { multiply, offset } = lightGrade(scene.palette, luminance);
    try {
      // sharp applies recomb before composite and linear after it, so the light grade falls on the furniture
      // too, as the room's light would.
      const staged = sharp(request.image, { failOn: 'error' })
        .autoOrient()
        .recomb(colourMatrix(scene.palette))
        .composite([
          { input: scene.grade, raw: { width: 1, height, channels: 4 }, tile: true, blend: 'soft-light' },
          { input: scene.furniture, blend: 'over' },
        ])
        .linear(multiply, offset);
      const output = request.mask
        ? await keepOutsideMask(staged, request.image, request.mask, width, height)
        : await staged.jpeg(JPEG).toBuffer();
      checkpoint();
      onProgress?.('rendering', 90);
      return output;
    } catch (error) {
      if (error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('The built-in renderer could not decorate this photo', { cause: error });
    }
  }
}

const JPEG = { quality: 88, chromaSubsampling: '4:2:0' } as const;

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

interface Analysis {
  width: number;
  height: number;
  /** Where the floor starts, as a share of the height. */
  floorShare: number;
  /** Mean luminance 0…255. */
  luminance: number;
}

/**
 * Finds the floor line as the strongest horizontal brightness change in the middle band of the photo
 * (where skirting boards and wall bases usually are); a flat photo falls back to 62%.
 */
async function analyse(image: Buffer): Promise<Analysis> {
  let metadata: Metadata;
  let thumbnail: { data: Buffer; info: OutputInfo };
  try {
    metadata = await sharp(image).metadata();
    thumbnail = await sharp(image)
      .autoOrient()
      .resize({ width: ANALYSIS_WIDTH, kernel: 'nearest' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new StagingFailedError('The photo could not be read', { cause: error });
  }
  const { data, info } = thumbnail;
  const rows: number[] = [];
  let total = 0;
  for (let y = 0; y < info.height; y++) {
    let sum = 0;
    for (let x = 0; x < info.width; x++) sum += data[y * info.width * info.channels + x * info.channels]!;
    rows.push(sum / info.width);
    total += sum;
  }
  let floorShare = 0.62;
  let strongest = 6;
  for (let y = Math.floor(info.height * 0.48); y < Math.floor(info.height * 0.76); y++) {
    const change = Math.abs((rows[y + 1] ?? rows[y]!) - (rows[y - 1] ?? rows[y]!));
    if (change > strongest) {
      strongest = change;
      floorShare = y / info.height;
    }
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? metadata.height : metadata.width;
  const height = rotated ? metadata.width : metadata.height;
  return { width, height, floorShare, luminance: total / (info.width * info.height) };
}

/** Contrast around mid grey plus the style's brightness; dark photos get a little lift. */
function lightGrade(palette: Palette, luminance: number): { multiply: number; offset: number } {
  const lift = luminance < 90 ? 12 : luminance > 190 ? -6 : 0;
  return { multiply: palette.contrast, offset: 128 * (1 - palette.contrast) + palette.brightness + lift };
}

type Matrix = [[number, number, number], [number, number, number], [number, number, number]];

/**
 * Saturation and warmth in one 3×3 matrix (one cheap pass; `modulate` would convert to LCh and back):
 * each channel is mixed with the luminance, then warm styles push red up and blue down, cool ones the reverse.
 */
function colourMatrix({ saturation: s, warmth }: Palette): Matrix {
  const luma = [0.299, 0.587, 0.114] as const;
  const k = 0.09 * warmth;
  const gains = [1 + k, 1 + k * 0.25, 1 - k] as const;
  return [0, 1, 2].map((row) =>
    [0, 1, 2].map((column) => gains[row]! * ((1 - s) * luma[column]! + (row === column ? s : 0))),
  ) as Matrix;
}
