import type { DownloadOptions } from '@estancia/contracts';
import sharp from 'sharp';

/** The long side of a 'web' download: enough for listing portals, far lighter than the original. */
export const WEB_LONG_SIDE = 1920;

export const DOWNLOAD_CONTENT_TYPES: Record<DownloadOptions['format'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The final file of a download in the user's options. Jpg at original size is the stored result
 * itself (no second lossy pass); anything else is re-encoded once.
 */
export async function encodeDownload(image: Buffer, options: DownloadOptions): Promise<Buffer> {
  if (options.format === 'jpg' && options.size === 'original') return image;
  let pipeline = sharp(image);
  if (options.size === 'web')
    pipeline = pipeline.resize(WEB_LONG_SIDE, WEB_LONG_SIDE, { fit: 'inside', withoutEnlargement: true });
  return options.format === 'png'
    ? pipeline.png().toBuffer()
    : pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}
