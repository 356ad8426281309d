import sharp from 'sharp';

/** One dominant colour of an image and the share of the image it covers (0..1). */
export interface PaletteColour {
  hex: string;
  share: number;
}

const toHex = (rgb: number[]): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The dominant colours of an image, most present first: the image shrunk to 48 × 48, its pixels
 * grouped in 4-bit-per-channel boxes, each box's mean colour. The only file of this module that
 * touches sharp.
 */
export async function dominantColours(image: Buffer, count = 5): Promise<PaletteColour[]> {
  const { data, info } = await sharp(image)
    .resize(48, 48, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const boxes = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const box = boxes.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    box.n += 1;
    box.r += r;
    box.g += g;
    box.b += b;
    boxes.set(key, box);
  }
  const pixels = info.width * info.height;
  return [...boxes.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, count)
    .map((box) => ({ hex: toHex([box.r / box.n, box.g / box.n, box.b / box.n]), share: box.n / pixels }));
}
