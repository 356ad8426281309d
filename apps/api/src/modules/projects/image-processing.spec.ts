import { MAX_IMAGE_PIXELS } from '@estancia/contracts';
import sharp from 'sharp';
import { prepareImage, sniffFormat } from './image-processing';
import { GPS_TAG, phoneJpeg, pngBombHeader, roomJpeg } from './test-images';

const codeOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? error,
  );

describe('prepareImage', () => {
  it('tells JPEG, PNG and WebP from their bytes, and nothing else', async () => {
    const room = await roomJpeg(64, 48);
    expect(sniffFormat(room)).toBe('jpeg');
    expect(sniffFormat(await sharp(room).png().toBuffer())).toBe('png');
    expect(sniffFormat(await sharp(room).webp().toBuffer())).toBe('webp');
    expect(sniffFormat(Buffer.from('<!doctype html><html><body>hola</body></html>'))).toBeUndefined();
    expect(sniffFormat(await sharp(room).gif().toBuffer())).toBeUndefined();
  });

  it('stores an upright JPEG of the same size, with a preview and a thumbnail, and no metadata at all', async () => {
    const phone = await phoneJpeg(2000, 1500);
    const given = await sharp(phone).metadata();
    expect(given.orientation).toBe(6);
    expect(given.exif?.includes(GPS_TAG)).toBe(true);

    const image = await prepareImage(phone);
    // Orientation 6 turns a 2000×1500 landscape into a 1500×2000 portrait.
    expect([image.width, image.height]).toEqual([1500, 2000]);
    for (const [buffer, width, height] of [
      [image.original, 1500, 2000],
      [image.preview, 1200, 1600],
      [image.thumbnail, 300, 400],
    ] as const) {
      const stored = await sharp(buffer).metadata();
      expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
        format: 'jpeg',
        width,
        height,
      });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    }
    expect(image.pixels).toMatchObject({ width: 1500, height: 2000, channels: 3 });
    expect(image.pixels.data.length).toBe(1500 * 2000 * 3);
  });

  it('accepts PNG (with transparency) and WebP', async () => {
    const room = await roomJpeg(320, 240);
    const png = await sharp(room).ensureAlpha(0.5).png().toBuffer();
    const webp = await sharp(room).webp().toBuffer();
    expect((await prepareImage(png)).pixels.channels).toBe(3);
    expect((await prepareImage(webp)).width).toBe(320);
  });

  it('refuses a file that is not an image, or whose bytes disagree with the decoder', async () => {
    expect(await codeOf(prepareImage(Buffer.from('<html><script>alert(1)</script></html>')))).toBe(
      'IMAGE_NOT_VALID',
    );
    // JPEG magic followed by garbage.
    expect(
      await codeOf(prepareImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]))),
    ).toBe('IMAGE_NOT_VALID');
  });

  it('refuses a truncated JPEG after decoding it fully', async () => {
    const room = await roomJpeg(1200, 900);
    expect(await codeOf(prepareImage(room.subarray(0, Math.floor(room.length * 0.6))))).toBe(
      'IMAGE_NOT_VALID',
    );
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const started = Date.now();
    expect(await codeOf(prepareImage(pngBombHeader()))).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(Date.now() - started).toBeLessThan(1000);
    // A real, tiny file over the limit: a flat 8000×8000 PNG compresses to a few kilobytes.
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 100;
    const flat = await sharp({ create: { width: side, height: side, channels: 3, background: '#ddd' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flat.length).toBeLessThan(2 * 1024 * 1024);
    expect(await codeOf(prepareImage(flat))).toBe('IMAGE_TOO_MANY_PIXELS');
  });
});
