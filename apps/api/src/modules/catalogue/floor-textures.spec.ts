import { FLOOR_PATTERNS } from '@estancia/contracts';
import sharp from 'sharp';
import { floorTextureSvg } from './floor-textures';

/** Mean absolute difference between two pixel columns (or rows) of an RGB buffer. */
function edgeGap(data: Buffer, width: number, height: number, axis: 'x' | 'y', a: number, b: number): number {
  let sum = 0;
  const n = axis === 'x' ? height : width;
  for (let k = 0; k < n; k++) {
    const i = axis === 'x' ? (k * width + a) * 3 : (a * width + k) * 3;
    const j = axis === 'x' ? (k * width + b) * 3 : (b * width + k) * 3;
    for (let c = 0; c < 3; c++) sum += Math.abs(data[i + c]! - data[j + c]!);
  }
  return sum / (n * 3);
}

describe('floorTextureSvg', () => {
  it.each(FLOOR_PATTERNS)(
    'draws a %s tile that repeats without a seam, in the product colour',
    async (pattern) => {
      const color = '#9a7b5c';
      const svg = floorTextureSvg(pattern, color, `floor-${pattern}`);
      expect(floorTextureSvg(pattern, color, `floor-${pattern}`)).toBe(svg);
      const { data, info } = await sharp(Buffer.from(svg))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height } = info;
      // Across the seam (last column to first) the picture changes no more than between two inner neighbours.
      const seamX = edgeGap(data, width, height, 'x', width - 1, 0);
      const innerX = edgeGap(data, width, height, 'x', Math.floor(width / 2) + 3, Math.floor(width / 2) + 4);
      const seamY = edgeGap(data, width, height, 'y', height - 1, 0);
      const innerY = edgeGap(
        data,
        width,
        height,
        'y',
        Math.floor(height / 2) + 5,
        Math.floor(height / 2) + 6,
      );
      expect(seamX).toBeLessThan(Math.max(innerX * 3, 12));
      expect(seamY).toBeLessThan(Math.max(innerY * 3, 12));
      const stats = await sharp(Buffer.from(svg)).stats();
      const mean = stats.channels.slice(0, 3).map((c) => c.mean);
      const target = [0x9a, 0x7b, 0x5c];
      mean.forEach((m, i) => expect(Math.abs(m - target[i]!)).toBeLessThan(40));
    },
  );
});
