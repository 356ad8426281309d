import sharp from 'sharp';
import { applyWatermark } from './watermark';

describe('applyWatermark', () => {
  it('keeps the size and brightens the lower right corner only', async () => {
    const plain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#404040' } })
      .jpeg()
      .toBuffer();
    const marked = await applyWatermark(plain);
    expect(await sharp(marked).metadata()).toMatchObject({ width: 800, height: 600, format: 'jpeg' });
    const mean = async (image: Buffer, left: number, top: number) =>
      (await sharp(await sharp(image).extract({ left, top, width: 200, height: 60 }).toBuffer()).stats())
        .channels[0].mean;
    expect((await mean(marked, 590, 530)) - (await mean(plain, 590, 530))).toBeGreaterThan(10);
    expect(Math.abs((await mean(marked, 0, 0)) - (await mean(plain, 0, 0)))).toBeLessThan(2);
  });
});
