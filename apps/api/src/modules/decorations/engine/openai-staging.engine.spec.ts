import sharp from 'sharp';
import { defaultStagingMask, openAiEditMask, openAiEditSize } from './openai-staging.engine';

/** Greyscale pixels of a mask, read as (x, y) → 0…255. */
async function greyPixels(
  png: Buffer,
): Promise<{ at: (x: number, y: number) => number; width: number; height: number }> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { at: (x, y) => data[y * info.width + x]!, width: info.width, height: info.height };
}

describe('openAiEditSize', () => {
  it.each([
    [4000, 3000, '1536x1024'],
    [1920, 1080, '1536x1024'],
    [1300, 1000, '1536x1024'],
    [1100, 1000, '1024x1024'],
    [1000, 1000, '1024x1024'],
    [1000, 1100, '1024x1024'],
    [3000, 4000, '1024x1536'],
    [1080, 1920, '1024x1536'],
  ])('sends a %i×%i photo as %s', (width, height, size) => {
    expect(openAiEditSize(width, height)).toBe(size);
  });
});

describe('defaultStagingMask', () => {
  // A 640×480 room: beige walls and floor, a blown-out window that reaches the floor on the right,
  // and a small lamp reflection on the floor on the left.
  let room: Buffer;
  beforeAll(async () => {
    const white = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
    room = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a8070' } })
      .composite([
        { input: await white(160, 300), left: 420, top: 100 },
        { input: await white(6, 6), left: 100, top: 400 },
      ])
      .jpeg()
      .toBuffer();
  });

  it('lets the engine paint the floor only: not the top 45% nor a window reaching the floor', async () => {
    // Built at the edit size, not the photo's: half the size here.
    const mask = await greyPixels(await defaultStagingMask(room, 320, 240));
    expect([mask.width, mask.height]).toEqual([320, 240]);

    expect(mask.at(40, 0)).toBe(0); // ceiling
    expect(mask.at(40, 106)).toBe(0); // wall, just above the 45% line (108 rows)
    expect(mask.at(40, 110)).toBe(255); // floor, just below it
    expect(mask.at(150, 230)).toBe(255);
    expect(mask.at(250, 170)).toBe(0); // the window's lower part, below the line
    expect(mask.at(51, 201)).toBe(255); // the small reflection is no window
  });

  it('protects nothing but the top band in a photo without windows', async () => {
    const dim = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#504840' } })
      .jpeg()
      .toBuffer();
    const { data } = await sharp(await defaultStagingMask(dim, 300, 200))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const paintable = data.filter((value) => value === 255).length;
    expect(paintable).toBe(300 * (200 - 90));
  });
});

describe('openAiEditMask', () => {
  it('makes white (may paint) fully transparent at the sent size, anything else opaque', async () => {
    // Our mask at the photo's size: left half white, right half black; resizing blurs the seam into greys.
    const ours = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000000' } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const png = await openAiEditMask(ours, 1536, 1024);
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.channels]).toEqual([
      'png',
      1536,
      1024,
      4,
    ]);

    const { data } = await sharp(png).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[y * 1536 + x]!;
    expect(alpha(10, 10)).toBe(0);
    expect(alpha(700, 1000)).toBe(0);
    expect(alpha(840, 10)).toBe(255);
    expect(alpha(1530, 1000)).toBe(255);
    expect(new Set(data)).toEqual(new Set([0, 255]));
  });

  it('treats transparent parts of our mask as protected', async () => {
    const strokes = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#ffffff00' } })
      .png()
      .toBuffer();
    const { data } = await sharp(await openAiEditMask(strokes, 64, 64))
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data.every((value) => value === 255)).toBe(true);
  });
});
