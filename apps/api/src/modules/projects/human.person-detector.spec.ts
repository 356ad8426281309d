import sharp from 'sharp';
import { HumanPersonDetector } from './human.person-detector';
import type { RgbImage } from './person-detector.port';
import { humanSamplesPath, onePersonJpeg, roomJpeg } from './test-images';

async function pixels(input: Buffer | string, side?: number): Promise<RgbImage> {
  let pipeline = sharp(input);
  if (side) pipeline = pipeline.resize(side, side, { fit: 'inside' });
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

describe('HumanPersonDetector (bundled models, WebAssembly, offline)', () => {
  const detector = new HumanPersonDetector();
  jest.setTimeout(60_000);

  it('finds the people in a photo of people', async () => {
    expect(await detector.hasPerson(await pixels(humanSamplesPath(), 1200))).toBe(true);
  });

  it('finds one person cropped from the sample sheet', async () => {
    const portrait = await onePersonJpeg(800);
    expect(await pixels(portrait)).toMatchObject({ width: 800, height: 800 });
    expect(await detector.hasPerson(await pixels(portrait))).toBe(true);
  });

  it('finds a person standing in a room, not filling the frame', async () => {
    const room = await sharp(await roomJpeg(1200, 900))
      .composite([{ input: await onePersonJpeg(300), left: 650, top: 350 }])
      .jpeg()
      .toBuffer();
    expect(await detector.hasPerson(await pixels(room))).toBe(true);
  });

  it('sees nobody in an empty room, at any size', async () => {
    expect(await detector.hasPerson(await pixels(await roomJpeg(1200, 900)))).toBe(false);
    expect(await detector.hasPerson(await pixels(await roomJpeg(4000, 3000)))).toBe(false);
    expect(await detector.hasPerson(await pixels(await roomJpeg(300, 500)))).toBe(false);
  });

  it('answers several calls at once', async () => {
    const room = await pixels(await roomJpeg(800, 600));
    const people = await pixels(humanSamplesPath(), 800);
    expect(
      await Promise.all([detector.hasPerson(room), detector.hasPerson(people), detector.hasPerson(room)]),
    ).toEqual([false, true, false]);
  });
});
