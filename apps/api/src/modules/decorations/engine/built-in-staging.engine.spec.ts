import sharp from 'sharp';
import {
  ROOM_TYPES,
  ROOM_TYPES_COMING_SOON,
  STYLES,
  STYLES_COMING_SOON,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { BuiltInStagingEngine } from './built-in-staging.engine';
import { StagingTimeoutError, type StagingRequest, type StagingStage } from './staging-engine.port';
import { stagingPrompt } from './staging-prompt';

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
  const engine = new BuiltInStagingEngine();
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
