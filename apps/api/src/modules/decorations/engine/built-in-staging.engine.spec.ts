import sharp from 'sharp';
import {
  ROOM_TYPES,
  ROOM_TYPES_COMING_SOON,
  STYLES,
  STYLES_COMING_SOON,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { armchair, coffeeTable, sofa } from './assets/living';
import { bed, nightstand } from './assets/bedroom';
import { mirror, towel, vanity } from './assets/bathroom';
import { chair, diningTable } from './assets/dining';
import { island, stool } from './assets/kitchen';
import { desk, officeChair, shelf } from './assets/office';
import { floorLamp, pendantLamp, plant, rug, tableLamp, wallArt } from './assets/soft';
import { idSource, seededRandom, type Asset, type AssetContext } from './assets/svg';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { PALETTES } from './palettes';
import { drawnRoom, ROOM_PLANS, type DrawnRoom, type DrawnRoomPlan } from './room-analysis.fixtures';
import type { Rect } from './room-analysis';
import { ROOM_SETS } from './room-sets';
import { buildScene, type SceneInput } from './scene';
import { StagingTimeoutError, type StagingRequest, type StagingStage } from './staging-engine.port';
import { stagingPrompt } from './staging-prompt';

// Rooms are drawn, staged and compared at full resolution: give a busy machine time.
jest.setTimeout(60_000);

const orderableStyles = STYLES.filter((s) => !STYLES_COMING_SOON.includes(s));
const orderableRooms = ROOM_TYPES.filter((r) => !ROOM_TYPES_COMING_SOON.includes(r));

/** An empty room: a light wall, a darker wooden floor from 60% down, a window. */
async function emptyRoom(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="60%" fill="#d8d2c8"/><rect y="60%" width="100%" height="40%" fill="#8d7560"/>
<rect x="62%" y="12%" width="18%" height="32%" fill="#eef3f8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function pixels(jpeg: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel value, 0…255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - y.data[i]!);
  return sum / x.data.length;
}

async function meanColour(jpeg: Buffer): Promise<[number, number, number]> {
  const { channels } = await sharp(jpeg).stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
}

describe('BuiltInStagingEngine', () => {
  const builtIn = new BuiltInStagingEngine();
  const engine = {
    render: async (...args: Parameters<BuiltInStagingEngine['render']>) =>
      (await builtIn.render(...args)).image,
  };
  let photo: Buffer;
  const request = (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
    image: photo,
    width: 640,
    height: 480,
    roomType: 'livingroom',
    style: 'modern',
    seed: 1,
    prompt: stagingPrompt('livingroom', 'modern'),
    ...overrides,
  });

  beforeAll(async () => {
    photo = await emptyRoom(640, 480);
  });

  it('answers a JPEG of the same size as the photo, odd sizes included', async () => {
    const odd = await emptyRoom(533, 911);
    const out = await engine.render(request({ image: odd, width: 533, height: 911 }));
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 533, 911]);
  });

  it('looks decorated: furniture changes the floor area far more than a colour grade would', async () => {
    const out = await engine.render(request());
    const [before, after] = await Promise.all([pixels(photo), pixels(out)]);
    // Count pixels in the floor band that moved a lot: furniture, rug and shadows, not the grade.
    let changed = 0;
    let total = 0;
    for (let y = Math.floor(before.height * 0.62); y < before.height; y++) {
      for (let x = 0; x < before.width; x++) {
        const i = (y * before.width + x) * 3;
        const delta =
          Math.abs(before.data[i]! - after.data[i]!) + Math.abs(before.data[i + 1]! - after.data[i + 1]!);
        if (delta > 90) changed++;
        total++;
      }
    }
    expect(changed / total).toBeGreaterThan(0.08);
  });

  it('is deterministic for a seed and different for another seed', async () => {
    const [first, again, other] = await Promise.all([
      engine.render(request({ seed: 42 })),
      engine.render(request({ seed: 42 })),
      engine.render(request({ seed: 43 })),
    ]);
    expect(first.equals(again)).toBe(true);
    expect(await difference(first, other)).toBeGreaterThan(2);
  });

  it('grades each style differently: the mean colours of any two styles differ measurably', async () => {
    const means = await Promise.all(
      orderableStyles.map(async (style) => ({
        style,
        mean: await meanColour(await engine.render(request({ style }))),
      })),
    );
    for (let i = 0; i < means.length; i++) {
      for (let j = i + 1; j < means.length; j++) {
        const a = means[i]!.mean;
        const b = means[j]!.mean;
        const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        expect({ pair: `${means[i]!.style}/${means[j]!.style}`, distinct: distance > 1.5 }).toEqual({
          pair: `${means[i]!.style}/${means[j]!.style}`,
          distinct: true,
        });
      }
    }
  });

  it('furnishes each room type differently', async () => {
    const sets: [RoomType, RoomType][] = [
      ['bedroom', 'livingroom'],
      ['livingroom', 'diningroom'],
      ['diningroom', 'kitchen'],
      ['kitchen', 'bathroom'],
      ['bathroom', 'office'],
      ['office', 'bedroom'],
    ];
    for (const [a, b] of sets) {
      const [x, y] = await Promise.all([
        engine.render(request({ roomType: a })),
        engine.render(request({ roomType: b })),
      ]);
      expect({ pair: `${a}/${b}`, differs: (await difference(x, y)) > 3 }).toEqual({
        pair: `${a}/${b}`,
        differs: true,
      });
    }
  });

  it('stages an empty room as a living room', async () => {
    const [empty, living] = await Promise.all([
      engine.render(request({ roomType: 'empty_room' })),
      engine.render(request({ roomType: 'livingroom' })),
    ]);
    expect(empty.equals(living)).toBe(true);
  });

  it('renders every orderable style and room type', async () => {
    const small = await emptyRoom(160, 120);
    const combinations: [RoomType, Style][] = orderableRooms.flatMap((roomType) =>
      orderableStyles.map((style): [RoomType, Style] => [roomType, style]),
    );
    for (const [roomType, style] of combinations) {
      const out = await engine.render(request({ image: small, width: 160, height: 120, roomType, style }));
      const metadata = await sharp(out).metadata();
      expect([roomType, style, metadata.width, metadata.height]).toEqual([roomType, style, 160, 120]);
    }
  });

  it('reports analysing 10–30 then rendering 40–90, in order', async () => {
    const seen: [StagingStage, number][] = [];
    await engine.render(request(), { onProgress: (stage, percent) => seen.push([stage, percent]) });
    expect(seen).toEqual([
      ['analysing', 10],
      ['analysing', 30],
      ['rendering', 40],
      ['rendering', 90],
    ]);
  });

  it('changes only the white part of a mask', async () => {
    // Left half white (may change), right half black (kept).
    const mask = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#000"/><rect width="32" height="48" fill="#fff"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const out = await engine.render(request({ mask }));
    const [before, after] = await Promise.all([pixels(photo), pixels(out)]);
    const meanChange = (from: number, to: number) => {
      let sum = 0;
      let count = 0;
      for (let y = 0; y < before.height; y++) {
        for (let x = from; x < to; x++) {
          const i = (y * before.width + x) * 3;
          for (let c = 0; c < 3; c++) sum += Math.abs(before.data[i + c]! - after.data[i + c]!);
          count += 3;
        }
      }
      return sum / count;
    };
    expect(meanChange(0, 300)).toBeGreaterThan(8);
    expect(meanChange(340, 640)).toBeLessThan(2);
  });

  it('stops with a timeout when the caller has given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.render(request(), { signal: controller.signal })).rejects.toBeInstanceOf(
      StagingTimeoutError,
    );
  });
});

/** A drawn room at a test-friendly size (the rectangles scale with it). */
function smaller(plan: DrawnRoomPlan): DrawnRoomPlan {
  return { ...plan, width: 800, height: 600 };
}

/** The added mask's pixels, one byte each, with the channel count the PNG was stored with. */
async function greyMask(
  png: Buffer,
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { channels } = await sharp(png).metadata();
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: channels! };
}

/** White wherever a white pixel lies within `r` pixels (a square): the mask grown over the shadows around it. */
function dilate(mask: { data: Buffer; width: number; height: number }, r: number): Uint8Array {
  const { data, width: w, height: h } = mask;
  const rows = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sums = new Int32Array(w + 1);
    for (let x = 0; x < w; x++) sums[x + 1] = sums[x]! + (data[y * w + x]! >= 128 ? 1 : 0);
    for (let x = 0; x < w; x++)
      rows[y * w + x] = sums[Math.min(w, x + r + 1)]! - sums[Math.max(0, x - r)]! > 0 ? 1 : 0;
  }
  for (let x = 0; x < w; x++) {
    const sums = new Int32Array(h + 1);
    for (let y = 0; y < h; y++) sums[y + 1] = sums[y]! + rows[y * w + x]!;
    for (let y = 0; y < h; y++)
      out[y * w + x] = sums[Math.min(h, y + r + 1)]! - sums[Math.max(0, y - r)]! > 0 ? 1 : 0;
  }
  return out;
}

/** Per-pixel mean absolute difference over a rectangle, and the share of pixels that changed by more than 40. */
function rectChange(
  a: { data: Buffer; width: number },
  b: { data: Buffer; width: number },
  r: Rect,
): { mean: number; changed: number } {
  let sum = 0;
  let changed = 0;
  let count = 0;
  for (let y = r.top; y < r.bottom; y++)
    for (let x = r.left; x < r.right; x++) {
      const i = (y * a.width + x) * 3;
      const d =
        (Math.abs(a.data[i]! - b.data[i]!) +
          Math.abs(a.data[i + 1]! - b.data[i + 1]!) +
          Math.abs(a.data[i + 2]! - b.data[i + 2]!)) /
        3;
      sum += d;
      if (d > 40) changed++;
      count++;
    }
  return { mean: sum / count, changed: changed / count };
}

function whiteIn(mask: { data: Buffer; width: number }, r: Rect): number {
  let white = 0;
  for (let y = r.top; y < r.bottom; y++)
    for (let x = r.left; x < r.right; x++) if (mask.data[y * mask.width + x]! >= 128) white++;
  return white;
}

describe('BuiltInStagingEngine in rooms with windows and doors', () => {
  const engine = new BuiltInStagingEngine();
  const rooms: [string, DrawnRoomPlan][] = [
    ['window right, door left', smaller(ROOM_PLANS.windowRightDoorLeft)],
    ['window left, white door right', smaller(ROOM_PLANS.windowLeftDoorRight)],
    ['two windows, door in the middle', smaller(ROOM_PLANS.twoWindowsDoorCentre)],
  ];
  const roomTypes: RoomType[] = ['livingroom', 'bedroom', 'diningroom', 'kitchen', 'office', 'bathroom'];
  const drawn = new Map<string, DrawnRoom>();

  beforeAll(async () => {
    for (const [name, plan] of rooms) drawn.set(name, await drawnRoom(plan));
  });

  const render = (room: DrawnRoom, overrides: Partial<StagingRequest> = {}) =>
    engine.render({
      image: room.image,
      width: room.width,
      height: room.height,
      roomType: 'livingroom',
      style: 'modern',
      seed: 1,
      prompt: '',
      ...overrides,
    });

  it.each(rooms.map(([name]) => name))(
    'leaves the windows and the door alone and marks the furniture it added: %s',
    async (name) => {
      const room = drawn.get(name)!;
      const before = await pixels(room.image);
      for (const roomType of roomTypes)
        for (const seed of [1, 2]) {
          const { image, added } = await render(room, {
            roomType,
            seed,
            style: seed === 1 ? 'modern' : 'rustic',
          });
          const [after, mask] = await Promise.all([pixels(image), greyMask(added!)]);
          expect([mask.width, mask.height, mask.channels]).toEqual([room.width, room.height, 1]);
          const label = `${roomType} seed ${seed}`;
          expect({
            label,
            addedPixels: whiteIn(mask, { left: 0, top: 0, right: room.width, bottom: room.height }) > 0,
          }).toEqual({
            label,
            addedPixels: true,
          });
          for (const opening of [...room.windows, ...room.doors]) {
            const { mean, changed } = rectChange(before, after, opening);
            // Only the light colour grade: no piece, cord, glow or shadow on the glass or the door.
            expect({
              label,
              opening,
              mean: mean < 10,
              changed: changed < 0.002,
              added: whiteIn(mask, opening),
            }).toEqual({
              label,
              opening,
              mean: true,
              changed: true,
              added: 0,
            });
          }
        }
    },
  );

  it('marks exactly the furniture: white where the picture changed a lot, and nothing far from any change', async () => {
    const room = drawn.get('window right, door left')!;
    const { image, added } = await render(room, { roomType: 'office', seed: 3 });
    const [before, after, mask] = await Promise.all([pixels(room.image), pixels(image), greyMask(added!)]);
    let bigChangesOutside = 0;
    let bigChanges = 0;
    let white = 0;
    for (let i = 0; i < room.width * room.height; i++) {
      const d =
        Math.abs(before.data[i * 3]! - after.data[i * 3]!) +
        Math.abs(before.data[i * 3 + 1]! - after.data[i * 3 + 1]!);
      const isAdded = mask.data[i]! >= 128;
      if (isAdded) white++;
      if (d > 120) {
        bigChanges++;
        if (!isAdded) bigChangesOutside++;
      }
    }
    expect(white / (room.width * room.height)).toBeGreaterThan(0.03);
    // Shadows darken the floor outside the mask, but never by as much as a piece of furniture does.
    expect(bigChangesOutside / bigChanges).toBeLessThan(0.03);
  });

  it('keeps the floor: its stripes and its colour stay away from the furniture and its shadows, in every style', async () => {
    const cases: [string, readonly Style[]][] = [
      ['window right, door left', orderableStyles],
      ['window left, white door right', ['modern', 'rustic', 'industrial', 'coastal']],
    ];
    for (const [name, styles] of cases) {
      const room = drawn.get(name)!;
      const before = await pixels(room.image);
      for (const style of styles) {
        const { image, added } = await render(room, { style, seed: 5 });
        const [after, mask] = await Promise.all([pixels(image), greyMask(added!)]);
        // Shadows reach about a twentieth of the width beyond the furniture.
        const near = dilate(mask, Math.round(room.width * 0.05));
        const a: number[] = [];
        const b: number[] = [];
        const meanBefore = [0, 0, 0];
        const meanAfter = [0, 0, 0];
        for (let y = Math.ceil(room.floorLine + room.height * 0.02); y < room.height; y++)
          for (let x = 0; x < room.width; x++) {
            const p = y * room.width + x;
            if (near[p]) continue;
            const i = p * 3;
            a.push(before.data[i]! + before.data[i + 1]! + before.data[i + 2]!);
            b.push(after.data[i]! + after.data[i + 1]! + after.data[i + 2]!);
            for (let c = 0; c < 3; c++) {
              meanBefore[c]! += before.data[i + c]!;
              meanAfter[c]! += after.data[i + c]!;
            }
          }
        const shift = meanBefore.map((m, c) => Math.abs(m - meanAfter[c]!) / a.length);
        const label = `${name}, ${style}`;
        // The old floor tint moved these means by 20–50; the light global grade stays within 12.
        expect({
          label,
          floor: a.length > 20_000,
          texture: correlation(a, b) > 0.98,
          colour: Math.max(...shift) < 12,
        }).toEqual({
          floor: true,
          label,
          texture: true,
          colour: true,
        });
      }
    }
  });

  it('limits the added mask to the white part of the request mask', async () => {
    const room = drawn.get('window right, door left')!;
    const mask = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="#000"/><rect width="40" height="60" fill="#fff"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const [whole, masked] = await Promise.all([render(room), render(room, { mask })]);
    const [wholeMask, maskedMask] = await Promise.all([greyMask(whole.added!), greyMask(masked.added!)]);
    const left = { left: 0, top: 0, right: room.width / 2, bottom: room.height };
    const right = { left: room.width / 2, top: 0, right: room.width, bottom: room.height };
    expect(whiteIn(wholeMask, right)).toBeGreaterThan(0);
    expect(whiteIn(maskedMask, right)).toBe(0);
    // Whole pieces only: nothing is cut by the area's edge, so a band along it stays clear.
    expect(whiteIn(maskedMask, left)).toBeGreaterThan(0);
    expect(whiteIn(maskedMask, { ...left, left: room.width / 2 - 4 })).toBe(0);
  });
});

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('buildScene', () => {
  const openings: Rect[] = [
    { left: 930, top: 170, right: 1280, bottom: 530 },
    { left: 170, top: 240, right: 340, bottom: 740 },
  ];
  const input = (overrides: Partial<SceneInput> = {}): SceneInput => ({
    width: 1600,
    height: 1200,
    floorLine: 740,
    openings,
    roomType: 'livingroom',
    style: 'modern',
    seed: 1,
    ...overrides,
  });
  const overlaps = (a: Rect, b: Rect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it('stands floor pieces on the floor, hangs wall pieces on the wall, and keeps every piece off the openings', () => {
    for (const roomType of orderableRooms)
      for (let seed = 1; seed <= 6; seed++) {
        const scene = buildScene(input({ roomType, seed }));
        const label = `${roomType} seed ${seed}`;
        expect({ label, placed: scene.pieces.length > 0 }).toEqual({ label, placed: true });
        for (const piece of scene.pieces) {
          const facts = {
            label,
            kind: piece.kind,
            clear: !openings.some((o) => overlaps(piece.box, o)),
            onFloor: !['floor', 'rug'].includes(piece.kind) || (piece.base >= 740 && piece.base <= 1200),
            onSupport: piece.kind !== 'carried' || piece.base < 740,
            rugFlat: piece.kind !== 'rug' || piece.box.top >= 740,
            onWall: piece.kind !== 'wall' || piece.box.bottom <= 740,
            inside: piece.box.left >= 0 && piece.box.right <= 1600,
          };
          expect(facts).toEqual({
            ...facts,
            clear: true,
            onFloor: true,
            onSupport: true,
            rugFlat: true,
            onWall: true,
            inside: true,
          });
        }
      }
  });

  it('draws farther pieces smaller: the back dining chairs are narrower than the front ones', () => {
    const set = ROOM_SETS.diningroom;
    for (let seed = 1; seed <= 6; seed++) {
      const { pieces } = buildScene(input({ roomType: 'diningroom', seed, openings: [] }));
      const chairs = pieces.filter((p) => set[p.index]!.draw === chair);
      const back = chairs.filter((p) => set[p.index]!.depth! < 0.3);
      const front = chairs.filter((p) => set[p.index]!.depth! > 0.3);
      expect([back.length, front.length]).toEqual([2, 2]);
      const widthOf = (p: { box: Rect }) => p.box.right - p.box.left;
      // Same drawing, sizes 0.08 and 0.09 of the width: perspective makes the gap much larger than that.
      expect(Math.max(...back.map(widthOf)) * 1.25).toBeLessThan(Math.min(...front.map(widthOf)));
      expect(Math.max(...back.map((p) => p.base))).toBeLessThan(Math.min(...front.map((p) => p.base)));
    }
  });

  it('moves a piece away from a door rather than dropping it, and its followers with it', () => {
    const free = buildScene(input({ openings: [] }));
    // A door exactly where the sofa would stand.
    const sofaAt = free.pieces.find((p) => ROOM_SETS.livingroom[p.index]!.draw === sofa)!.box;
    const door = { left: sofaAt.left + 40, top: 300, right: sofaAt.left + 200, bottom: 740 };
    const blocked = buildScene(input({ openings: [door] }));
    const find = (scene: typeof free, draw: unknown) =>
      scene.pieces.find((p) => ROOM_SETS.livingroom[p.index]!.draw === draw)!;
    const moved = find(blocked, sofa).box.left - sofaAt.left;
    expect(Math.abs(moved)).toBeGreaterThan(0);
    expect(overlaps(find(blocked, sofa).box, door)).toBe(false);
    const tableMoved = find(blocked, coffeeTable).box.left - find(free, coffeeTable).box.left;
    expect(Math.sign(tableMoved)).toBe(Math.sign(moved));
  });

  it('leaves out what cannot fit instead of covering an opening', () => {
    // Windows along the whole wall down to the floor line: nothing may stand in front of them, rugs may lie.
    const glassWall = [{ left: 0, top: 100, right: 1600, bottom: 740 }];
    const scene = buildScene(input({ openings: glassWall, roomType: 'bedroom' }));
    expect(scene.pieces.every((p) => !overlaps(p.box, glassWall[0]!))).toBe(true);
    expect(scene.pieces.map((p) => p.kind)).toEqual(['rug']);
  });

  it('is the same scene for the same input', () => {
    const a = buildScene(input({ roomType: 'kitchen', seed: 9 }));
    const b = buildScene(input({ roomType: 'kitchen', seed: 9 }));
    expect(a.furniture!.equals(b.furniture!)).toBe(true);
    expect(a.region).toEqual(b.region);
  });
});

describe('furniture assets', () => {
  const assets: [string, (context: AssetContext) => Asset][] = Object.entries({
    armchair,
    coffeeTable,
    sofa,
    bed,
    singleBed: (context: AssetContext) => bed(context, true),
    nightstand,
    mirror,
    towel,
    vanity,
    chair,
    diningTable,
    island,
    stool,
    desk,
    officeChair,
    shelf,
    floorLamp,
    pendantLamp,
    plant,
    rug,
    tableLamp,
    wallArt,
  });

  it.each(assets)(
    '%s paints nothing outside its declared bounds (which keep it off windows and doors)',
    async (_, draw) => {
      for (let seed = 1; seed <= 8; seed++) {
        const asset = draw({
          palette: PALETTES.bohemian,
          accent: '#7d2e4f',
          random: seededRandom(seed),
          uid: idSource(),
        });
        const { left, top, right, bottom } = asset.bounds;
        const margin = 30;
        const view = [left - margin, top - margin, right - left + 2 * margin, bottom - top + 2 * margin];
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${view[2]}" height="${view[3]}" viewBox="${view.join(' ')}">${asset.svg}</svg>`;
        const { data, info } = await sharp(Buffer.from(svg))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        let outside = 0;
        for (let y = 0; y < info.height; y++)
          for (let x = 0; x < info.width; x++) {
            const ux = x + view[0]!;
            const uy = y + view[1]!;
            const inBounds = ux >= left - 1 && ux < right + 1 && uy >= top - 1 && uy < bottom + 1;
            if (!inBounds && data[(y * info.width + x) * 4 + 3]! > 8) outside++;
          }
        expect({ seed, outside }).toEqual({ seed, outside: 0 });
      }
    },
  );
});

describe('stagingPrompt', () => {
  it('names the room and the style and asks to keep the architecture', () => {
    const prompt = stagingPrompt('kitchen', 'industrial');
    expect(prompt).toContain('a kitchen with an island');
    expect(prompt).toContain('industrial style');
    expect(prompt).toMatch(/Keep the walls, windows, doors, floor/);
  });

  it('has a text for every room type and style', () => {
    for (const roomType of ROOM_TYPES)
      for (const style of STYLES) expect(stagingPrompt(roomType, style)).not.toMatch(/undefined/);
  });
});
