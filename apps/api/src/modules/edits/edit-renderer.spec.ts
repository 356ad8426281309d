import { randomUUID } from 'node:crypto';
import type { EditDocument, EditLayer } from '@estancia/contracts';
import sharp from 'sharp';
import { floorTextureSvg } from '../catalogue/floor-textures';
import { roomJpeg } from '../projects/test-images';
import { decodeRuns, renderEdit, type PaintSource, type StageRequest } from './edit-renderer';

const BLUE = '#4d7898';
const paints = new Map<string, PaintSource>([
  ['paint-mediterranean-blue', { kind: 'colour', color: BLUE }],
  [
    'floor-terracotta-tiles',
    { kind: 'texture', svg: floorTextureSvg('tiles', '#b5653e', 'floor-terracotta-tiles'), tileScale: 0.25 },
  ],
]);

const doc = (layers: EditLayer[], watermark = false): EditDocument => ({
  schemaVersion: 1,
  baseVersionId: randomUUID(),
  layers,
  watermark,
});
const paint = (area: EditLayer['area'], productId = 'paint-mediterranean-blue'): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: productId.startsWith('floor') ? 'floor' : 'wall',
  productId,
  area,
});
const rect = (x0: number, y0: number, x1: number, y1: number) => ({
  kind: 'polygon' as const,
  points: [x0, y0, x1, y0, x1, y1, x0, y1],
  erase: false,
});

const noEngine = (): Promise<Buffer> => Promise.reject(new Error('no engine in this test'));

/** A JPEG of given size: solid, or split into a lit left half and a shaded right half. */
const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 95 })
    .toBuffer();
const twoTone = (width: number, height: number, left: string, right: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="${left}"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="${right}"/></svg>`,
    ),
  )
    .jpeg({ quality: 95 })
    .toBuffer();

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data,
    /** The colour at a point given as fractions of the size. */
    at: (fx: number, fy: number): [number, number, number] => {
      const i = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const hue = ([r, g, b]: number[]): number => {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
};
const luminance = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;
const near = (a: number[], b: number[], tolerance: number) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

describe('renderEdit', () => {
  it('paints a wall in the paint’s colour, keeps its shading and leaves the rest alone', async () => {
    // A lit left half and a shaded right half of a beige wall, over a dark floor band at the bottom.
    const wall = await twoTone(200, 150, '#e6dccb', '#a39b8e');
    const base = await sharp(wall)
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><rect y="110" width="200" height="40" fill="#5a4030"/></svg>',
          ),
        },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const out = await renderEdit({
      base,
      original: base,
      document: doc([paint([rect(0, 0, 1, 0.7)])]),
      paints,
      stage: noEngine,
    });
    expect(out).toMatchObject({ width: 200, height: 150 });
    const before = await pixels(base);
    const after = await pixels(out.result);
    const lit = after.at(0.2, 0.3);
    const shaded = after.at(0.8, 0.3);
    for (const painted of [lit, shaded]) {
      expect(Math.abs(hue(painted) - hue([0x4d, 0x78, 0x98]))).toBeLessThan(12);
      expect(painted[2]).toBeGreaterThan(painted[0] + 30); // clearly blue now, not beige
    }
    // The shaded half stays darker than the lit half, by about the same ratio as before.
    const ratioBefore = luminance(before.at(0.8, 0.3)) / luminance(before.at(0.2, 0.3));
    const ratioAfter = luminance(shaded) / luminance(lit);
    expect(ratioAfter).toBeLessThan(0.85);
    expect(Math.abs(ratioAfter - ratioBefore)).toBeLessThan(0.08);
    // The wall's mean is the paint's colour.
    const mean = [0, 1, 2].map((c) => (lit[c]! + shaded[c]!) / 2);
    expect(near(mean, [0x4d, 0x78, 0x98], 14)).toBe(true);
    // Outside the polygon nothing changed.
    expect(near(after.at(0.5, 0.9), before.at(0.5, 0.9), 6)).toBe(true);
    const thumbnail = await sharp(out.thumbnail).metadata();
    expect(thumbnail.width).toBe(200); // never enlarged
  });

  it('cuts an eraser stroke out of the area', async () => {
    const base = await solid(200, 100, '#c8c8c8');
    const out = await renderEdit({
      base,
      original: base,
      document: doc([
        paint([
          rect(0, 0, 1, 1),
          { kind: 'stroke', points: [0, 0.5, 1, 0.5], size: 0.1, hardness: 1, erase: true },
        ]),
      ]),
      paints,
      stage: noEngine,
    });
    const after = await pixels(out.result);
    expect(near(after.at(0.5, 0.5), [200, 200, 200], 6)).toBe(true); // under the eraser: untouched
    expect(near(after.at(0.5, 0.2), [0x4d, 0x78, 0x98], 8)).toBe(true);
    expect(near(after.at(0.5, 0.8), [0x4d, 0x78, 0x98], 8)).toBe(true);
    // The stroke is 20 px wide (0.1 of the width): rows 40..60.
    expect(near(after.at(0.5, 0.35), [0x4d, 0x78, 0x98], 8)).toBe(true);
  });

  it('a soft brush fades out where a hard one stops', async () => {
    const base = await solid(200, 100, '#c8c8c8');
    const brush = (hardness: number) =>
      renderEdit({
        base,
        original: base,
        document: doc([
          paint([{ kind: 'stroke', points: [0.1, 0.5, 0.9, 0.5], size: 0.2, hardness, erase: false }]),
        ]),
        paints,
        stage: noEngine,
      }).then((out) => pixels(out.result));
    const hard = await brush(1);
    const soft = await brush(0);
    // At the edge of the 40 px brush (20 px from its centre line) the hard one is still painted.
    expect(near(hard.at(0.5, 0.5 + 18 / 100), [0x4d, 0x78, 0x98], 10)).toBe(true);
    const softEdge = soft.at(0.5, 0.5 + 18 / 100);
    expect(softEdge[0]).toBeGreaterThan(0x4d + 20);
    // Its centre is fully painted.
    expect(near(soft.at(0.5, 0.5), [0x4d, 0x78, 0x98], 12)).toBe(true);
  });

  it('the corrector shows the original photo again inside its area', async () => {
    const base = await solid(120, 80, '#c03020');
    const original = await solid(120, 80, '#2040c0');
    const out = await renderEdit({
      base,
      original,
      document: doc([{ id: 'c', type: 'correction', area: [rect(0, 0, 0.5, 1)] }]),
      paints,
      stage: noEngine,
    });
    const after = await pixels(out.result);
    expect(near(after.at(0.25, 0.5), [0x20, 0x40, 0xc0], 8)).toBe(true);
    expect(near(after.at(0.75, 0.5), [0xc0, 0x30, 0x20], 8)).toBe(true);
  });

  it('the corrector restores exactly the original photo, or by choice the draft under the paint', async () => {
    const original = await roomJpeg(160, 120, { quality: 95 });
    const base = await sharp(original).modulate({ saturation: 1.5 }).jpeg({ quality: 95 }).toBuffer();
    const render = async (restore?: 'original' | 'draft') =>
      pixels(
        (
          await renderEdit({
            base,
            original,
            document: doc([
              paint([rect(0, 0, 1, 1)]),
              { id: 'c', type: 'correction', area: [rect(0, 0, 0.5, 1)], ...(restore ? { restore } : {}) },
            ]),
            paints,
            stage: noEngine,
          })
        ).result,
      );
    // Inside the area every pixel is the restored image's: the same as that image encoded as the render
    // encodes (JPEG at 90), over the 16-px blocks wholly inside the area; outside, the paint.
    const within = async (from: Buffer, got: Awaited<ReturnType<typeof pixels>>) => {
      const want = await pixels(await sharp(from).jpeg({ quality: 90 }).toBuffer());
      let worst = 0;
      for (let y = 0; y < 112; y++)
        for (let x = 0; x < 64; x++)
          for (let c = 0; c < 3; c++) {
            const i = (y * 160 + x) * 3 + c;
            worst = Math.max(worst, Math.abs(want.data[i]! - got.data[i]!));
          }
      return worst;
    };
    const photo = await render();
    expect(await within(original, photo)).toBe(0);
    expect(hue(photo.at(0.8, 0.2))).toBeGreaterThan(180);
    const draft = await render('draft');
    expect(await within(base, draft)).toBe(0);
    expect(await within(original, draft)).toBeGreaterThan(20);
    expect(hue(draft.at(0.8, 0.2))).toBeGreaterThan(180);
  });

  it('decodes a selection mask run by run and scales it to the image', async () => {
    // A 4×3 grid: row 0 ..X. / row 1 XX.. / row 2 ...X, runs in row-major order starting outside.
    const runs = [2, 1, 1, 2, 5, 1];
    expect([...decodeRuns({ width: 4, height: 3, runs })].map((v) => (v ? 1 : 0))).toEqual([
      0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1,
    ]);
    const base = await solid(80, 60, '#c8c8c8');
    const out = await renderEdit({
      base,
      original: base,
      document: doc([paint([{ kind: 'mask', width: 4, height: 3, runs, erase: false }])]),
      paints,
      stage: noEngine,
    });
    const after = await pixels(out.result);
    const inside = [
      [2, 0],
      [0, 1],
      [1, 1],
      [3, 2],
    ];
    for (let col = 0; col < 4; col++) {
      for (let row = 0; row < 3; row++) {
        // Each cell is 20×20 px; look well inside it.
        const colour = after.at((col + 0.5) / 4, (row + 0.5) / 3);
        const painted = inside.some(([c, r]) => c === col && r === row);
        expect(near(colour, painted ? [0x4d, 0x78, 0x98] : [200, 200, 200], 8)).toBe(true);
        // And at the inner corners of the cell, too: the scaled mask covers the whole cell.
        const corner = after.at((col + 0.15) / 4, (row + 0.15) / 3);
        expect(near(corner, painted ? [0x4d, 0x78, 0x98] : [200, 200, 200], 10)).toBe(true);
      }
    }
  });

  it('keeps the staging engine’s picture only inside an ai layer’s area', async () => {
    const base = await solid(100, 100, '#808080');
    const requests: StageRequest[] = [];
    const out = await renderEdit({
      base,
      original: base,
      document: doc([
        { id: 'a', type: 'ai', mode: 'reform', style: 'coastal', seed: 7, area: [rect(0.5, 0, 1, 1)] },
      ]),
      paints,
      stage: async (request) => {
        requests.push(request);
        return solid(100, 100, '#10a040');
      },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ mode: 'reform', style: 'coastal', seed: 7 });
    expect(await sharp(requests[0]!.mask).metadata()).toMatchObject({ width: 100, height: 100 });
    const after = await pixels(out.result);
    expect(near(after.at(0.75, 0.5), [0x10, 0xa0, 0x40], 8)).toBe(true);
    expect(near(after.at(0.25, 0.5), [0x80, 0x80, 0x80], 6)).toBe(true);
  });

  it('lays a floor texture and bakes the watermark when asked', async () => {
    const base = await solid(400, 300, '#d0d0d0');
    const plain = await renderEdit({
      base,
      original: base,
      document: doc([paint([rect(0, 0.6, 1, 1)], 'floor-terracotta-tiles')]),
      paints,
      stage: noEngine,
    });
    const floor = await pixels(plain.result);
    const tile = floor.at(0.06, 0.7);
    expect(hue(tile)).toBeLessThan(40); // terracotta: orange-red
    expect(tile[0]).toBeGreaterThan(tile[2] + 40);
    expect(near(floor.at(0.5, 0.2), [0xd0, 0xd0, 0xd0], 6)).toBe(true);

    const marked = await renderEdit({
      base,
      original: base,
      document: doc([paint([rect(0, 0.6, 1, 1)], 'floor-terracotta-tiles')], true),
      paints,
      stage: noEngine,
    });
    const withMark = await pixels(marked.result);
    let changed = 0;
    for (let i = 0; i < floor.data.length; i++)
      if (Math.abs(floor.data[i]! - withMark.data[i]!) > 24) changed++;
    expect(changed).toBeGreaterThan(100);
  });

  it('renders the same document the same at two resolutions', async () => {
    const document = doc([
      paint([
        rect(0.18, 0, 1, 0.62),
        { kind: 'stroke', points: [0.5, 0.1, 0.7, 0.4], size: 0.05, hardness: 0.3, erase: true },
      ]),
      paint(
        [{ kind: 'polygon', points: [0, 1, 0.18, 0.62, 1, 0.62, 1, 1], erase: false }],
        'floor-terracotta-tiles',
      ),
      {
        id: 'c',
        type: 'correction',
        area: [{ kind: 'stroke', points: [0.1, 0.8, 0.4, 0.9], size: 0.08, hardness: 0.5, erase: false }],
      },
    ]);
    const render = async (width: number, height: number) => {
      const original = await roomJpeg(width, height, { quality: 95 });
      const base = await sharp(original)
        .modulate({ saturation: 1.4, brightness: 0.95 })
        .jpeg({ quality: 95 })
        .toBuffer();
      return (await renderEdit({ base, original, document, paints, stage: noEngine })).result;
    };
    const small = await pixels(await render(320, 240));
    const large = await pixels(
      await sharp(await render(640, 480))
        .resize(320, 240)
        .jpeg({ quality: 95 })
        .toBuffer(),
    );
    let difference = 0;
    for (let i = 0; i < small.data.length; i++) difference += Math.abs(small.data[i]! - large.data[i]!);
    expect(difference / small.data.length).toBeLessThan(5);
  });
  it('lays paint under the furniture the engine added, and forgets what a correction takes away', async () => {
    const [w, h] = [200, 100];
    const base = await solid(w, h, '#d8cfc0');
    // The engine added a "sofa" in the middle of the wall: x 0.4–0.6, y 0.5–0.9.
    const added = await sharp({ create: { width: w, height: h, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 80,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    const out = await renderEdit({
      base,
      original: await solid(w, h, '#d8cfc0'),
      added,
      document: doc([
        paint([rect(0, 0, 1, 1)]),
        // The corrector restores the photo over the sofa's left half.
        { id: 'c', type: 'correction', area: [rect(0.4, 0.5, 0.5, 0.9)] },
      ]),
      paints,
      stage: noEngine,
    });
    const result = await pixels(out.result);
    expect(hue(result.at(0.2, 0.3))).toBeGreaterThan(180); // the wall is blue now
    expect(near(result.at(0.55, 0.7), [0xd8, 0xcf, 0xc0], 6)).toBe(true); // the sofa is not painted
    // The next edit's mask: the sofa's right half still stands, its left half was restored away.
    const next = await sharp(out.added!).greyscale().raw().toBuffer();
    const at = (fx: number, fy: number) => next[Math.floor(fy * h) * w + Math.floor(fx * w)]!;
    expect(at(0.55, 0.7)).toBe(255);
    expect(at(0.45, 0.7)).toBe(0);
    expect(at(0.2, 0.3)).toBe(0);

    // Without an added mask, the paint covers the whole wall, and no mask comes out.
    const plain = await renderEdit({
      base,
      original: base,
      document: doc([paint([rect(0, 0, 1, 1)])]),
      paints,
      stage: noEngine,
    });
    expect(hue((await pixels(plain.result)).at(0.55, 0.7))).toBeGreaterThan(180);
    expect(plain.added).toBeUndefined();
  });
});
