import { ACCEPTED_IMAGE_TYPES, ErrorCode, LIMITS } from '@estancia/contracts';

/**
 * Phone photos (4–12 MB) made to fit the 2 MB upload limit in the browser: decoded with the camera's
 * orientation applied, then re-encoded as JPEG, lower quality first and then smaller, until it fits.
 * The API still refuses anything over 2 MB; this only spares the customer doing it by hand.
 */

export interface Size {
  width: number;
  height: number;
}

/** Encodes the decoded photo at a size and a JPEG quality (0–1). Injected in tests. */
export type Encode = (size: Size, quality: number) => Promise<Blob>;

export interface FitSteps {
  /** The longest side never exceeds this (a 12 MP photo keeps its full size; bigger ones shrink). */
  maxLongSide: number;
  /** Below this the photo is too small to decorate well: give up instead. */
  minLongSide: number;
  startQuality: number;
  minQuality: number;
  qualityStep: number;
  maxAttempts: number;
}

export const FIT_STEPS: FitSteps = {
  maxLongSide: 4096,
  minLongSide: 1024,
  startQuality: 0.9,
  minQuality: 0.7,
  qualityStep: 0.1,
  maxAttempts: 10,
};

export interface Encoded extends Size {
  blob: Blob;
  quality: number;
}

const scaled = (source: Size, longSide: number): Size => {
  const factor = Math.min(1, longSide / Math.max(source.width, source.height));
  return {
    width: Math.max(1, Math.round(source.width * factor)),
    height: Math.max(1, Math.round(source.height * factor)),
  };
};

/**
 * The loop: when the result is near the limit a lower quality usually suffices; when it is far over (or the
 * quality is already at its floor) the photo shrinks by the square root of the overshoot, since bytes follow
 * the area. Null when it cannot fit before the photo gets too small or the attempts run out.
 */
export async function encodeWithin(
  source: Size,
  maxBytes: number,
  encode: Encode,
  steps: FitSteps = FIT_STEPS,
): Promise<Encoded | null> {
  let longSide = Math.min(steps.maxLongSide, Math.max(source.width, source.height));
  let quality = steps.startQuality;
  for (let attempt = 0; attempt < steps.maxAttempts; attempt++) {
    const size = scaled(source, longSide);
    const blob = await encode(size, quality);
    if (blob.size <= maxBytes) return { blob, quality, ...size };
    const ratio = maxBytes / blob.size;
    // Rounded so 0.9 - 0.1 - 0.1 stops at the floor, not just above it.
    const lowerQuality = Math.round((quality - steps.qualityStep) * 100) / 100;
    if (ratio > 0.6 && lowerQuality >= steps.minQuality) {
      quality = lowerQuality;
    } else {
      longSide = Math.floor(longSide * Math.min(0.9, Math.max(0.5, Math.sqrt(ratio) * 0.95)));
      if (longSide < steps.minLongSide) return null;
    }
  }
  return null;
}

/** A decoded photo, oriented as the camera meant it. */
export interface DecodedPhoto extends Size {
  encode: Encode;
  /** Frees the decoded pixels (a 12 MP bitmap is ~48 MB). */
  close: () => void;
}

export type Decode = (file: File) => Promise<DecodedPhoto>;

export type PhotoFit =
  | { ok: true; file: File; originalBytes: number; reduced: boolean }
  | { ok: false; name: string; code: ErrorCode };

const isAccepted = (file: File) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

const jpegName = (name: string) => `${name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;

/**
 * One chosen file made ready for upload: an accepted image within the limit is left untouched; a bigger
 * one is reduced; a file of another type, or one that cannot be decoded or reduced, is refused with the
 * code the API would answer.
 */
export async function fitPhoto(
  file: File,
  { maxBytes = LIMITS.maxImageBytes, decode = decodeInBrowser }: { maxBytes?: number; decode?: Decode } = {},
): Promise<PhotoFit> {
  if (!isAccepted(file)) return { ok: false, name: file.name, code: ErrorCode.IMAGE_NOT_VALID };
  if (file.size <= maxBytes) return { ok: true, file, originalBytes: file.size, reduced: false };
  let decoded: DecodedPhoto;
  try {
    decoded = await decode(file);
  } catch {
    return { ok: false, name: file.name, code: ErrorCode.IMAGE_TOO_LARGE };
  }
  try {
    const encoded = await encodeWithin(decoded, maxBytes, decoded.encode);
    if (!encoded) return { ok: false, name: file.name, code: ErrorCode.IMAGE_TOO_LARGE };
    const reduced = new File([encoded.blob], jpegName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
    return { ok: true, file: reduced, originalBytes: file.size, reduced: true };
  } catch {
    return { ok: false, name: file.name, code: ErrorCode.IMAGE_TOO_LARGE };
  } finally {
    decoded.close();
  }
}

/** Several files one after another: decoding phone photos side by side can run a phone out of memory. */
export async function fitPhotos(files: readonly File[], options?: { decode?: Decode }): Promise<PhotoFit[]> {
  const fits: PhotoFit[] = [];
  for (const file of files) fits.push(await fitPhoto(file, options));
  return fits;
}

/** Bytes as megabytes with one decimal in the interface language ("6,2 MB"), as the 2 MB limit is counted. */
export function formatMegabytes(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${number.format(megabytes)} MB`;
}

/** The i18n values of `photoFit.reduced` ("reduced from {{from}} to {{to}}"). */
export const reductionValues = (fromBytes: number, toBytes: number, locale: string) => ({
  from: formatMegabytes(fromBytes, locale),
  to: formatMegabytes(toBytes, locale),
});

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** An OffscreenCanvas where the browser has one with a 2D context, else a page canvas. */
function canvasOf({ width, height }: Size): { canvas: Canvas; context: Context2D } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) return { canvas, context };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return { canvas, context };
}

function toJpeg(canvas: Canvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  );
}

interface Decoded extends Size {
  source: CanvasImageSource;
  close: () => void;
}

/** The camera's orientation applied: createImageBitmap is told so; an <img> applies it by default. */
async function decodePixels(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Browsers without the options argument, or without this format in createImageBitmap: try an <img>.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (!image.naturalWidth || !image.naturalHeight) throw new Error('The photo could not be decoded');
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** The browser's decoder and canvas, drawing the photo at each size the loop asks for. */
export const decodeInBrowser: Decode = async (file) => {
  const { source, width, height, close } = await decodePixels(file);
  return {
    width,
    height,
    encode: async (size, quality) => {
      const { canvas, context } = canvasOf(size);
      // JPEG has no transparency: a PNG's clear pixels become white, not black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, size.width, size.height);
      return toJpeg(canvas, quality);
    },
    close,
  };
};
