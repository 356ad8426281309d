import { ErrorCode, MAX_IMAGE_PIXELS } from '@estancia/contracts';
import sharp from 'sharp';
import { AppError } from '../../infra/http/app-error';
import type { RgbImage } from './person-detector.port';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Long side of the preview shown in the project view, and of the card / list thumbnail. */
export const PREVIEW_SIDE = 1600;
export const THUMBNAIL_SIDE = 400;

export interface PreparedImage {
  /** The photo re-encoded as JPEG at its own pixel size, upright, without any metadata. */
  original: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** The decoded, upright pixels, for the person check. */
  pixels: RgbImage;
}

/** The format the file's first bytes announce (magic numbers), whatever its name or type header says. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

/**
 * Checks an uploaded file and makes what we store from it. In order, so nothing expensive runs on a
 * bad file: the bytes must be JPEG, PNG or WebP and libvips must read the same format from the header;
 * the pixel count from the header must be within MAX_IMAGE_PIXELS (a decompression bomb is refused
 * before it is decoded); then the whole image is decoded (a truncated or corrupt file fails here),
 * turned upright from its EXIF orientation and re-encoded. Nothing of the original metadata survives
 * (EXIF, GPS, XMP, ICC): the outputs are encoded from raw pixels.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError(ErrorCode.IMAGE_NOT_VALID);
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError(ErrorCode.IMAGE_NOT_VALID);
    });
  if (header.format !== format || !header.width || !header.height)
    throw new AppError(ErrorCode.IMAGE_NOT_VALID);
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new AppError(ErrorCode.IMAGE_TOO_MANY_PIXELS);

  const decoded = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw new AppError(
        /pixel limit/i.test(error.message) ? ErrorCode.IMAGE_TOO_MANY_PIXELS : ErrorCode.IMAGE_NOT_VALID,
      );
    });
  const { width, height, channels } = decoded.info;
  if (channels !== 3) throw new AppError(ErrorCode.IMAGE_NOT_VALID);
  const pixels: RgbImage = { data: decoded.data, width, height, channels: 3 };
  const fromPixels = () => sharp(decoded.data, { raw: { width, height, channels: 3 } });
  const [original, preview, thumbnail] = await Promise.all([
    fromPixels().jpeg({ quality: 90 }).toBuffer(),
    fromPixels()
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer(),
    fromPixels()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  return { original, preview, thumbnail, width, height, pixels };
}
