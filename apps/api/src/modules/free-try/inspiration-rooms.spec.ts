import { ROOM_TYPES_COMING_SOON, STYLES_COMING_SOON } from '@estancia/contracts';
import sharp from 'sharp';
import { watermarkedPreview } from './free-try-render.job';
import { drawRoom, INSPIRATION_ROOMS } from './inspiration-rooms';

describe('inspiration rooms', () => {
  it('are distinct examples in room types and styles a customer can order', () => {
    expect(new Set(INSPIRATION_ROOMS.map((room) => room.id)).size).toBe(INSPIRATION_ROOMS.length);
    for (const example of INSPIRATION_ROOMS) {
      expect(ROOM_TYPES_COMING_SOON).not.toContain(example.roomType);
      expect(STYLES_COMING_SOON).not.toContain(example.style);
    }
  });

  it('draws each room as a JPEG of the size asked, with a lighter wall above a darker floor', async () => {
    for (const room of new Set(INSPIRATION_ROOMS.map((example) => example.room))) {
      const jpeg = await drawRoom(room, 300, 200);
      const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ format: 'raw', width: 300, height: 200 });
      const at = (x: number, y: number) => data[y * info.width + x]!;
      // Back wall (left of any window) against the floor near the camera.
      expect(at(70, 100)).toBeGreaterThan(at(150, 190));
    }
  });
});

describe('watermarkedPreview', () => {
  it('keeps a small image at its size and marks it, so it differs from the clean result', async () => {
    const clean = await drawRoom(INSPIRATION_ROOMS[0]!.room, 640, 480);
    const preview = await watermarkedPreview(clean);
    expect(await sharp(preview).metadata()).toMatchObject({ width: 640, height: 480 });
    const [a, b] = await Promise.all(
      [clean, preview].map((jpeg) => sharp(jpeg).greyscale().raw().toBuffer()),
    );
    // The mark sits in the lower right corner.
    const corner = (pixels: Buffer) => pixels.subarray(400 * 640, 480 * 640);
    expect(corner(a!).equals(corner(b!))).toBe(false);
  });

  it('shrinks a large result to preview size', async () => {
    const clean = await drawRoom(INSPIRATION_ROOMS[0]!.room, 2400, 1600);
    expect(await sharp(await watermarkedPreview(clean)).metadata()).toMatchObject({
      width: 1600,
      height: 1067,
    });
  });
});
