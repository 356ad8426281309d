import { ErrorCode, MAX_IMAGE_PIXELS, type FurnitureCategory } from '@estancia/contracts';
import sharp from 'sharp';
import { AppError } from '../../infra/http/app-error';
import { sniffFormat } from '../projects/image-processing';
import { shade } from './floor-textures';

/**
 * Our own product pictures, drawn as SVG from a category and a colour: a simple front view of each kind
 * of furniture on a light backdrop, and a swatch card for paints. No photos, so nothing to license.
 */

const SIZE = 256;
const FLOOR_Y = 216;

const wrap = (body: string, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${label
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')}">` +
  `<rect width="${SIZE}" height="${SIZE}" fill="#f4f2ee"/>` +
  `<rect y="${FLOOR_Y}" width="${SIZE}" height="${SIZE - FLOOR_Y}" fill="#e6e2da"/>` +
  `<ellipse cx="128" cy="${FLOOR_Y + 4}" rx="96" ry="7" fill="#000000" opacity="0.08"/>` +
  body +
  `</svg>`;

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;

/** One drawing per category; `c` is the product colour, the rest are its shades. */
const DRAWINGS: Record<FurnitureCategory, (c: string) => string> = {
  sofa: (c) =>
    rect(36, 112, 184, 64, shade(c, -0.12), 14) +
    rect(24, 132, 28, 64, shade(c, -0.2), 10) +
    rect(204, 132, 28, 64, shade(c, -0.2), 10) +
    rect(50, 150, 76, 36, c, 8) +
    rect(130, 150, 76, 36, c, 8) +
    rect(40, 196, 8, 20, '#5b4636') +
    rect(208, 196, 8, 20, '#5b4636'),
  armchair: (c) =>
    rect(76, 96, 104, 80, shade(c, -0.12), 16) +
    rect(62, 130, 24, 62, shade(c, -0.22), 10) +
    rect(170, 130, 24, 62, shade(c, -0.22), 10) +
    rect(84, 150, 88, 38, c, 8) +
    rect(76, 192, 6, 24, '#5b4636') +
    rect(174, 192, 6, 24, '#5b4636'),
  table: (c) =>
    rect(36, 128, 184, 14, c, 3) +
    rect(44, 142, 10, 74, shade(c, -0.2)) +
    rect(202, 142, 10, 74, shade(c, -0.2)) +
    rect(36, 138, 184, 4, shade(c, -0.3)),
  chair: (c) =>
    rect(92, 76, 72, 70, c, 10) +
    rect(88, 146, 80, 14, shade(c, -0.15), 4) +
    rect(94, 160, 8, 56, shade(c, -0.3)) +
    rect(154, 160, 8, 56, shade(c, -0.3)),
  bed: (c) =>
    rect(28, 96, 200, 100, shade(c, -0.25), 8) +
    rect(36, 140, 184, 44, c, 6) +
    rect(44, 124, 60, 22, '#fbfaf7', 8) +
    rect(152, 124, 60, 22, '#fbfaf7', 8) +
    rect(28, 196, 10, 20, shade(c, -0.4)) +
    rect(218, 196, 10, 20, shade(c, -0.4)),
  lamp: (c) =>
    `<polygon points="96,56 160,56 176,104 80,104" fill="${shade(c, 0.35)}"/>` +
    rect(124, 104, 8, 104, c) +
    `<ellipse cx="128" cy="210" rx="30" ry="7" fill="${shade(c, -0.2)}"/>`,
  rug: (c) =>
    `<ellipse cx="128" cy="196" rx="112" ry="26" fill="${c}"/>` +
    `<ellipse cx="128" cy="196" rx="84" ry="18" fill="none" stroke="${shade(c, -0.25)}" stroke-width="4"/>` +
    `<ellipse cx="128" cy="196" rx="48" ry="9" fill="none" stroke="${shade(c, 0.3)}" stroke-width="3"/>`,
  shelf: (c) =>
    rect(56, 40, 10, 176, shade(c, -0.2)) +
    rect(190, 40, 10, 176, shade(c, -0.2)) +
    [70, 112, 154, 196].map((y) => rect(52, y, 152, 8, c)).join('') +
    rect(76, 88, 14, 24, '#8aa0a8') +
    rect(94, 92, 12, 20, '#c9826b') +
    rect(140, 134, 30, 20, '#d9cbb0', 3),
  desk: (c) =>
    rect(40, 124, 176, 12, c, 2) +
    rect(152, 136, 56, 48, shade(c, -0.12)) +
    rect(160, 150, 40, 4, shade(c, -0.35)) +
    rect(48, 136, 8, 80, shade(c, -0.25)) +
    rect(200, 184, 8, 32, shade(c, -0.25)) +
    rect(64, 100, 40, 24, '#3a3f44', 3),
  cabinet: (c) =>
    rect(52, 104, 152, 96, c, 4) +
    rect(48, 96, 160, 10, '#f7f5f1', 3) +
    `<ellipse cx="128" cy="100" rx="34" ry="5" fill="#dfe4e6"/>` +
    rect(62, 116, 62, 76, shade(c, 0.08), 2) +
    rect(132, 116, 62, 76, shade(c, 0.08), 2) +
    rect(116, 150, 4, 12, shade(c, -0.4)) +
    rect(136, 150, 4, 12, shade(c, -0.4)) +
    rect(58, 200, 8, 16, shade(c, -0.3)) +
    rect(190, 200, 8, 16, shade(c, -0.3)),
  mirror: (c) =>
    `<circle cx="128" cy="112" r="70" fill="${c}"/>` +
    `<circle cx="128" cy="112" r="60" fill="#dde7ea"/>` +
    `<path d="M92 84 L120 60" stroke="#ffffff" stroke-width="6" opacity="0.7"/>` +
    rect(120, 182, 16, 34, shade(c, -0.3)),
  plant: (c) =>
    `<polygon points="96,160 160,160 150,216 106,216" fill="#b5653e"/>` +
    [
      [128, 96, 26, 52],
      [98, 116, 22, 40],
      [158, 116, 22, 40],
      [112, 72, 16, 30],
      [146, 76, 16, 30],
    ]
      .map(
        ([cx, cy, rx, ry], i) =>
          `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${shade(c, i % 2 ? 0.12 : -0.1)}"/>`,
      )
      .join('') +
    rect(125, 120, 6, 40, shade(c, -0.35)),
};

/** The drawing of a furniture product, always the same for the same category and colour. */
export function furniturePictureSvg(category: FurnitureCategory, color: string, name: string): string {
  return wrap(DRAWINGS[category](color), name);
}

/** A paint's swatch card: the colour as a wall, with a lighter and a darker band. */
export function paintSwatchSvg(color: string, name: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${name
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')}">` +
    rect(0, 0, SIZE, SIZE, color) +
    rect(0, 200, SIZE, 28, shade(color, 0.25)) +
    rect(0, 228, SIZE, 28, shade(color, -0.25)) +
    `</svg>`
  );
}

/** Long side of an uploaded shop picture: the shop shows it at card size, twice for sharp screens. */
export const UPLOADED_PICTURE_SIDE = 800;

/**
 * A picture staff upload for the shop, re-encoded as WebP from its decoded pixels, so nothing of the file
 * but its image survives (no metadata, no trailing bytes). JPEG, PNG or WebP by their magic bytes and
 * libvips agreeing; anything else, a truncated file or a decompression bomb is IMAGE_NOT_VALID.
 */
export async function encodeUploadedPicture(bytes: Buffer): Promise<Buffer> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError(ErrorCode.IMAGE_NOT_VALID);
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header || header.format !== format || !header.width || !header.height)
    throw new AppError(ErrorCode.IMAGE_NOT_VALID);
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new AppError(ErrorCode.IMAGE_TOO_MANY_PIXELS);
  return sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(UPLOADED_PICTURE_SIDE, UPLOADED_PICTURE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw new AppError(ErrorCode.IMAGE_NOT_VALID);
    });
}
