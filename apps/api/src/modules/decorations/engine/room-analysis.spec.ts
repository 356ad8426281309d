import sharp from 'sharp';
import { drawnRoom, ROOM_PLANS, type DrawnRoomPlan } from './room-analysis.fixtures';
import { analyseRoom, readRoomThumbnail, type Rect, type RoomLayout } from './room-analysis';

async function analyse(image: Buffer): Promise<RoomLayout> {
  const { thumbnail, width, height } = await readRoomThumbnail(image);
  return analyseRoom(thumbnail, width, height);
}

/** Each edge within 2.5% of the photo's size of the true one (the thumbnail is 160 pixels wide). */
function expectNear(found: Rect[], truth: Rect[], width: number, height: number) {
  expect(found).toHaveLength(truth.length);
  truth.forEach((t, i) => {
    const f = found[i]!;
    const off = {
      left: Math.abs(f.left - t.left) / width,
      right: Math.abs(f.right - t.right) / width,
      top: Math.abs(f.top - t.top) / height,
      bottom: Math.abs(f.bottom - t.bottom) / height,
    };
    expect({ truth: t, close: Object.values(off).every((o) => o <= 0.025) }).toEqual({
      truth: t,
      close: true,
    });
  });
}

// Drawing and encoding 1600 × 1200 rooms takes a moment on a busy machine.
jest.setTimeout(30_000);

describe('analyseRoom', () => {
  const plans: [string, DrawnRoomPlan][] = [
    ['a window on the right, a dark door on the left', ROOM_PLANS.windowRightDoorLeft],
    [
      'a window on the left, a white door on the right, a side wall, tiles and grain',
      ROOM_PLANS.windowLeftDoorRight,
    ],
    ['two windows and a door between them on a blue-grey wall', ROOM_PLANS.twoWindowsDoorCentre],
  ];

  it.each(plans)('finds the floor line, the windows and the door: %s', async (_, plan) => {
    const room = await drawnRoom(plan);
    const layout = await analyse(room.image);
    expect(Math.abs(layout.floorLine - room.floorLine) / room.height).toBeLessThan(0.015);
    const byLeft = (a: Rect, b: Rect) => a.left - b.left;
    expectNear([...layout.windows].sort(byLeft), [...room.windows].sort(byLeft), room.width, room.height);
    expectNear(layout.doors, room.doors, room.width, room.height);
  });

  it('finds neither in a bare room with a ceiling, a side wall, a skirting board and grain', async () => {
    const room = await drawnRoom(ROOM_PLANS.bare);
    const layout = await analyse(room.image);
    expect(layout.windows).toEqual([]);
    expect(layout.doors).toEqual([]);
    expect(Math.abs(layout.floorLine - room.floorLine) / room.height).toBeLessThan(0.015);
  });

  it('does not take a window for a door nor a door for a window when they are alike in size', async () => {
    // A tall window stopping well above the floor, and a door of the same width.
    const room = await drawnRoom({
      width: 1200,
      height: 900,
      floor: 0.64,
      windows: [{ x: 0.62, y: 0.08, w: 0.13, h: 0.42 }],
      door: { x: 0.2, y: 0.2, w: 0.13 },
    });
    const layout = await analyse(room.image);
    expectNear(layout.windows, room.windows, room.width, room.height);
    expectNear(layout.doors, room.doors, room.width, room.height);
  });

  it('reads the photo upright: an EXIF-rotated portrait photo gives the rotated rectangles', async () => {
    const room = await drawnRoom({ ...ROOM_PLANS.windowRightDoorLeft, width: 900, height: 1200 });
    // Stored on its side with orientation 6: viewers turn it 90° clockwise back to the portrait.
    const sideways = await sharp(room.image).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const layout = await analyse(sideways);
    expectNear(layout.windows, room.windows, room.width, room.height);
    expectNear(layout.doors, room.doors, room.width, room.height);
  });

  it('falls back to a floor line at 62% on a flat photo', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b0a89c' } })
      .jpeg()
      .toBuffer();
    const layout = await analyse(flat);
    expect(Math.abs(layout.floorLine - 0.62 * 300)).toBeLessThan(3);
    expect([layout.windows, layout.doors]).toEqual([[], []]);
  });
});
