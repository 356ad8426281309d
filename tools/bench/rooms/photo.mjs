// The photo of a room: the rendered scene with a camera's vignetting, sensor noise and softness, encoded
// as the upload's JPEG (the best quality under the 2 MB limit), and its label PNG.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from './render.mjs';
import { buildScene, renderScene } from './scenes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** sharp as the API resolves it (a dependency of apps/api). */
export const sharp = createRequire(join(root, 'apps/api/package.json'))('sharp');

const MAX_BYTES = 2 * 1024 * 1024 - 4096;

/** Renders one room: the JPEG photo, its labels (one byte per pixel) and the label PNG. */
export async function generateRoom({ kind, lighting, width, height, seed = 1 }) {
  const scene = buildScene(kind, lighting);
  const { rgb, labels } = renderScene(scene, width, height);
  const n = width * height;
  const bytes = Buffer.alloc(n * 3);
  const random = mulberry32(seed * 7919 + width);
  const gauss = () => random() + random() + random() - 1.5; // σ ≈ 0.5
  const cx = width / 2;
  const cy = height / 2;
  const r2 = cx * cx + cy * cy;
  for (let i = 0; i < n; i++) {
    const x = i % width;
    const y = (i - x) / width;
    // Lens vignetting, then sensor noise: luminance grain and a little chroma noise.
    const vignette = 1 - 0.22 * (((x - cx) ** 2 + (y - cy) ** 2) / r2);
    const grain = gauss() * 3.2;
    for (let c = 0; c < 3; c++) {
      const v = rgb[i * 3 + c] * vignette + grain + gauss() * 1.6;
      bytes[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  // The camera's slight softness, then the upload's JPEG: the best quality under the 2 MB limit.
  const soft = await sharp(bytes, { raw: { width, height, channels: 3 } })
    .blur(0.55)
    .raw()
    .toBuffer();
  let photo;
  for (let quality = 92; quality >= 50; quality -= 4) {
    photo = await sharp(soft, { raw: { width, height, channels: 3 } })
      .jpeg({ quality, mozjpeg: false })
      .toBuffer();
    if (photo.length <= MAX_BYTES) break;
  }
  const labelPng = await sharp(Buffer.from(labels.buffer, labels.byteOffset, labels.length), {
    raw: { width, height, channels: 1 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { kind, lighting, width, height, photo, labels, labelPng };
}
