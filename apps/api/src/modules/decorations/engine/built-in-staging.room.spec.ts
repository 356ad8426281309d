import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import type { RoomType } from '@estancia/contracts';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { analyseRoom, readRoomThumbnail } from './room-analysis';
import { furnishedRoom, LABEL, type FurnishedRoom, type FurnishedRoomPlan } from './furnished-room.fixtures';

// Rooms are drawn, staged and measured at full size: give a busy machine time.
jest.setTimeout(120_000);

/** Where the drafts go to be looked at (PREVIEW_DIR=/tmp/h5 npx jest ...). */
const PREVIEW_DIR = process.env.PREVIEW_DIR;

interface Measured {
  /** Share of the furniture's and rug's pixels that an added piece covers or that changed beyond a recolour. */
  furnitureReplaced: number;
  /** Added pixels over a window or a door (frame included). */
  openingsCovered: number;
  /** Added pixels on a side wall belonging to a piece whose bottom is above the floor there. */
  floating: number;
  /** Added pixels of pieces hanging above the floor on anything but the back wall's plaster (a pendant's cord: the ceiling). */
  hungOffPlaster: number;
  added: number;
}

async function measure(room: FurnishedRoom, image: Buffer, addedPng: Buffer): Promise<Measured> {
  const { width: W, height: H, labels } = room;
  const [before, after, mask] = await Promise.all([
    sharp(room.image).raw().toBuffer(),
    sharp(image).raw().toBuffer(),
    sharp(addedPng).extractChannel(0).raw().toBuffer(),
  ]);
  const added = (p: number) => mask[p]! >= 128;
  let furniture = 0;
  let replaced = 0;
  let openingsCovered = 0;
  let total = 0;
  for (let p = 0; p < W * H; p++) {
    const label = labels[p]!;
    if (added(p)) total++;
    if (label === LABEL.furniture || label === LABEL.rug) {
      furniture++;
      const change =
        Math.abs(before[p * 3]! - after[p * 3]!) +
        Math.abs(before[p * 3 + 1]! - after[p * 3 + 1]!) +
        Math.abs(before[p * 3 + 2]! - after[p * 3 + 2]!);
      if (added(p) || change > 150) replaced++;
    }
    if ((label === LABEL.window || label === LABEL.door) && added(p)) openingsCovered++;
  }
  // Each added piece is a connected blob of the mask: its bottom is where it stands.
  const seen = new Uint8Array(W * H);
  let floating = 0;
  let hungOffPlaster = 0;
  const tolerance = Math.round(H * 0.01);
  for (let start = 0; start < W * H; start++) {
    if (!added(start) || seen[start]) continue;
    const blob: number[] = [];
    const stack = [start];
    seen[start] = 1;
    let bottom = 0;
    while (stack.length) {
      const p = stack.pop()!;
      blob.push(p);
      const x = p % W;
      const y = (p - x) / W;
      bottom = Math.max(bottom, y);
      for (const n of [
        x > 0 ? p - 1 : -1,
        x < W - 1 ? p + 1 : -1,
        y > 0 ? p - W : -1,
        y < H - 1 ? p + W : -1,
      ])
        if (n >= 0 && added(n) && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    const hangs = bottom < room.floorLine - tolerance;
    for (const p of blob) {
      const x = p % W;
      const label = labels[p]!;
      if (label === LABEL.sideWall && bottom < room.floorTop[x]! - tolerance) floating++;
      if (hangs && label !== LABEL.wall && label !== LABEL.ceiling) hungOffPlaster++;
    }
  }
  return {
    furnitureReplaced: furniture ? replaced / furniture : 0,
    openingsCovered,
    floating,
    hungOffPlaster,
    added: total,
  };
}

const W = 1200;
const H = 900;
const plan = (overrides: Partial<FurnishedRoomPlan>): FurnishedRoomPlan => ({
  width: W,
  height: H,
  furnishing: 'empty',
  leftCorner: 0.14,
  rightCorner: 0.86,
  seed: 1,
  ...overrides,
});

describe('BuiltInStagingEngine looks at the room first', () => {
  const engine = new BuiltInStagingEngine();
  const stage = async (room: FurnishedRoom, roomType: RoomType, seed: number, name: string) => {
    const result = await engine.render({
      image: room.image,
      width: room.width,
      height: room.height,
      roomType,
      style: seed % 2 ? 'modern' : 'rustic',
      seed,
      prompt: '',
    });
    if (PREVIEW_DIR) {
      mkdirSync(PREVIEW_DIR, { recursive: true });
      writeFileSync(`${PREVIEW_DIR}/${name}.png`, await sharp(result.image).png().toBuffer());
      // What the analysis saw: plaster, floor, occupied, opening, side wall, ceiling.
      const { thumbnail } = await readRoomThumbnail(room.image);
      const { surfaces } = analyseRoom(thumbnail, room.width, room.height);
      const colours = [
        [230, 230, 230],
        [160, 110, 60],
        [220, 30, 30],
        [40, 120, 220],
        [120, 120, 120],
        [255, 255, 160],
      ];
      const map = Buffer.alloc(surfaces.kinds.length * 3);
      surfaces.kinds.forEach((k, i) => map.set(colours[k]!, i * 3));
      await sharp(map, { raw: { width: surfaces.width, height: surfaces.height, channels: 3 } })
        .resize(room.width / 4, room.height / 4, { kernel: 'nearest', fit: 'fill' })
        .png()
        .toFile(`${PREVIEW_DIR}/${name}.surfaces.png`);
    }
    return { ...result, measured: await measure(room, result.image, result.added!) };
  };

  it.each([
    ['bedroom', 'bedroom' as const],
    ['living', 'livingroom' as const],
  ])('restyles a furnished %s instead of pasting a second set over it', async (furnishing, roomType) => {
    for (const seed of [1, 2, 3]) {
      const room = await furnishedRoom(plan({ furnishing: furnishing as 'bedroom' | 'living', seed }));
      const { measured, image } = await stage(room, roomType, seed, `furnished-${furnishing}-${seed}`);
      const label = `${furnishing} seed ${seed}`;
      expect({
        label,
        replaced: measured.furnitureReplaced <= 0.02,
        openings: measured.openingsCovered,
      }).toEqual({
        label,
        replaced: true,
        openings: 0,
      });
      // Restyled, not left as it was: the walls and textiles take the style's colours.
      const [a, b] = await Promise.all([sharp(room.image).raw().toBuffer(), sharp(image).raw().toBuffer()]);
      let moved = 0;
      for (let i = 0; i < a.length; i++) moved += Math.abs(a[i]! - b[i]!);
      expect(moved / a.length).toBeGreaterThan(2);
    }
  });

  it('stages an empty room between its side walls, clear of the window and the door, art only on plaster', async () => {
    const types: RoomType[] = ['livingroom', 'bedroom', 'diningroom', 'office', 'study_room', 'bathroom'];
    for (const seed of [1, 2, 3, 4]) {
      const room = await furnishedRoom(plan({ seed, whiteWall: seed % 2 === 0 }));
      for (const roomType of types) {
        const { measured } = await stage(room, roomType, seed, `empty-${roomType}-${seed}`);
        const label = `${roomType} seed ${seed}`;
        expect({ label, ...measured, added: measured.added > W * H * 0.02 }).toEqual({
          label,
          furnitureReplaced: 0,
          openingsCovered: 0,
          floating: 0,
          hungOffPlaster: 0,
          added: true,
        });
      }
    }
  });

  it('stages only the free floor of a partly furnished room', async () => {
    for (const seed of [1, 2, 3]) {
      const room = await furnishedRoom(
        plan({ furnishing: 'partly', seed, leftCorner: seed === 2 ? null : 0.12 }),
      );
      const { measured } = await stage(room, 'livingroom', seed, `partly-${seed}`);
      const label = `seed ${seed}`;
      expect({
        label,
        replaced: measured.furnitureReplaced <= 0.02,
        openings: measured.openingsCovered,
        floating: measured.floating,
        plaster: measured.hungOffPlaster,
        staged: measured.added > 0,
      }).toEqual({ label, replaced: true, openings: 0, floating: 0, plaster: 0, staged: true });
    }
  });
});
