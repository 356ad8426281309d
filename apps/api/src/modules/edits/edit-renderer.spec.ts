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

// ---- seamless corrections, heal, delivered paint ----

/** Raw RGB pixels of a size, from a function of (x, y). */
function rawImage(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, Math.round(r!)));
      data[i + 1] = Math.max(0, Math.min(255, Math.round(g!)));
      data[i + 2] = Math.max(0, Math.min(255, Math.round(b!)));
    }
  return data;
}
const png = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
const savePng = async (name: string, image: Buffer) => {
  await sharp(image)
    .png()
    .toFile(`/tmp/h4/${name}.png`)
    .catch(() => undefined);
};

/** A plastered wall: soft light from the left and a fine, fixed texture. */
const plaster = (x: number, y: number): number[] => {
  const grain =
    ((Math.sin(x * 1.7 + y * 0.3) + Math.sin(y * 2.3 - x * 0.9) + Math.sin((x + y) * 0.41)) * 10) / 3;
  const light = 200 - x * 0.08 - y * 0.05 + grain;
  return [light, light * 0.96, light * 0.9];
};

/** Mean luminance step across a vertical edge at column `x`: the 3 px inside less the 3 px outside. */
function stepAcross(
  data: Uint8Array,
  width: number,
  x: number,
  inside: 1 | -1,
  rows: [number, number],
): number {
  let sum = 0;
  let count = 0;
  for (let y = rows[0]; y < rows[1]; y++)
    for (let k = 1; k <= 3; k++) {
      const inner = (y * width + x + inside * (k + 1)) * 3;
      const outer = (y * width + x - inside * k) * 3;
      sum += luminance([data[inner]!, data[inner + 1]!, data[inner + 2]!]);
      sum -= luminance([data[outer]!, data[outer + 1]!, data[outer + 2]!]);
      count++;
    }
  return sum / count;
}

describe('renderEdit: corrections without seams, the heal brush, the delivered paint', () => {
  const [w, h] = [400, 300];
  // The lasso: x 100..300, y 60..240.
  const lasso = {
    kind: 'polygon' as const,
    points: [0.25, 0.2, 0.75, 0.2, 0.75, 0.8, 0.25, 0.8],
    erase: false,
  };

  it('restores the photo inside a lasso with no step at its edge where the draft is brighter', async () => {
    const originalRaw = rawImage(w, h, plaster);
    // The AI draft: graded 5 levels brighter on the left, 3 on the right, and a dark armchair in the lasso.
    const draftRaw = rawImage(w, h, (x, y) => {
      const lift = 5 - (2 * x) / w;
      const chair = x > 150 && x < 250 && y > 110 && y < 220;
      return chair ? [70, 50, 40] : plaster(x, y).map((v) => v + lift);
    });
    const [original, base] = await Promise.all([png(originalRaw, w, h), png(draftRaw, w, h)]);
    const out = await renderEdit({
      base,
      original,
      document: doc([{ id: 'c', type: 'correction', area: [lasso] }]),
      paints,
      stage: noEngine,
    });
    await savePng('seam-before-draft', base);
    await savePng('seam-after-restored', out.result);
    const { data } = await pixels(out.result);
    const rows: [number, number] = [70, 230];
    // Today's hard restore steps down by the draft's lift: about 5 on the left edge, 3 on the right.
    expect(Math.abs(stepAcross(data, w, 100, 1, rows))).toBeLessThanOrEqual(2);
    expect(Math.abs(stepAcross(data, w, 300, -1, rows))).toBeLessThanOrEqual(2);
    // The armchair is gone: the area shows the photo's wall (at the draft's exposure), texture and all.
    const [r, g, b] = (await pixels(out.result)).at(0.5, 0.55);
    expect(luminance([r, g, b])).toBeGreaterThan(150);
    let variance = 0;
    let mean = 0;
    const values: number[] = [];
    for (let x = 160; x < 240; x++) values.push(data[(165 * w + x) * 3]!);
    mean = values.reduce((a, v) => a + v, 0) / values.length;
    variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
    expect(Math.sqrt(variance)).toBeGreaterThan(3); // the plaster's grain, not a flat fill
  });

  it('still restores exactly when the edge differs by content (paint taken back), not by exposure', async () => {
    const originalRaw = rawImage(w, h, plaster);
    const [original, base] = await Promise.all([png(originalRaw, w, h), png(originalRaw, w, h)]);
    const out = await renderEdit({
      base,
      original,
      document: doc([paint([rect(0, 0, 1, 1)]), { id: 'c', type: 'correction', area: [lasso] }]),
      paints,
      stage: noEngine,
    });
    const after = await pixels(out.result);
    // Inside: the plaster as it was (no blue carried in from the painted wall around it).
    expect(near(after.at(0.5, 0.5), plaster(200, 150), 4)).toBe(true);
    expect(hue(after.at(0.1, 0.1))).toBeGreaterThan(180);
  });

  it('matches the grade, not a lamp’s glow that crosses the lasso’s edge', async () => {
    const originalRaw = rawImage(w, h, plaster);
    // Graded 4 levels up, and a warm glow (up to +18 red) centred on the lasso's left edge.
    const glow = (x: number, y: number) => 18 * Math.max(0, 1 - Math.hypot(x - 100, y - 150) / 70);
    const draftRaw = rawImage(w, h, (x, y) =>
      plaster(x, y).map((v, c) => v + 4 + glow(x, y) * [1, 0.7, 0.1][c]!),
    );
    const [original, base] = await Promise.all([png(originalRaw, w, h), png(draftRaw, w, h)]);
    const out = await renderEdit({
      base,
      original,
      document: doc([{ id: 'c', type: 'correction', area: [lasso] }]),
      paints,
      stage: noEngine,
    });
    const after = await pixels(out.result);
    // The middle of the area is the photo at the draft's grade, without the glow's warmth smeared in
    // (7×7 means: the result is a JPEG).
    const patch = (x: number, y: number, colour: (x: number, y: number) => number[]) => {
      const sum = [0, 0, 0];
      for (let j = -3; j <= 3; j++)
        for (let i = -3; i <= 3; i++) {
          const c = colour(x + i, y + j);
          for (let k = 0; k < 3; k++) sum[k]! += c[k]! / 49;
        }
      return sum;
    };
    for (const [x, y] of [
      [150, 150],
      [200, 100],
      [250, 200],
    ] as const) {
      const got = patch(x, y, (px, py) => after.at(px / w, py / h));
      const want = patch(x, y, (px, py) => plaster(px, py).map((v) => v + 4));
      expect(near(got, want, 4)).toBe(true);
    }
  });

  it('heals a small dark mark on a textured wall from nearby texture, matched to its surroundings', async () => {
    // A mark (a stray leg's shadow) at (200, 150), radius 10 px, 60 levels darker than the plaster.
    const markAt = (x: number, y: number) => Math.hypot(x - 200, y - 150) < 10;
    const wallRaw = rawImage(w, h, (x, y) => plaster(x, y).map((v) => (markAt(x, y) ? v - 60 : v)));
    const base = await png(wallRaw, w, h);
    // Painted over with a 36 px brush; the texture comes from 80 px to the left, where the light is brighter.
    const stroke = {
      kind: 'stroke' as const,
      points: [190 / w, 150 / h, 210 / w, 150 / h],
      size: 36 / w,
      hardness: 0.8,
      erase: false,
    };
    const out = await renderEdit({
      base,
      original: base,
      document: doc([{ id: 'h', type: 'heal', area: [stroke], source: { dx: -80 / w, dy: 0 } }]),
      paints,
      stage: noEngine,
    });
    await savePng('heal-before', base);
    await savePng('heal-after', out.result);
    const { data } = await pixels(out.result);
    const lum = (x: number, y: number) => {
      const i = (y * w + x) * 3;
      return luminance([data[i]!, data[i + 1]!, data[i + 2]!]);
    };
    const stats = (inside: (d: number) => boolean) => {
      const values: number[] = [];
      for (let y = 110; y < 190; y++)
        for (let x = 150; x < 250; x++) if (inside(Math.hypot(x - 200, y - 150))) values.push(lum(x, y));
      const mean = values.reduce((a, v) => a + v, 0) / values.length;
      const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
      return { mean, sd, min: Math.min(...values) };
    };
    const mark = stats((d) => d < 10);
    const ring = stats((d) => d > 30 && d < 40);
    expect(Math.abs(mark.mean - ring.mean)).toBeLessThan(3);
    expect(mark.sd).toBeGreaterThan(ring.sd * 0.6); // the plaster's grain, not a smudge
    expect(mark.min).toBeGreaterThan(ring.mean - 3 * ring.sd - 4); // no dark mark left
    // Outside the brush nothing changed.
    expect(Math.abs(lum(100, 150) - luminance(plaster(100, 150)))).toBeLessThan(3);
  });

  it('keeps the wall paint inside an AI area laid after it: the engine decorates the picture as edited', async () => {
    const photo = await png(rawImage(w, h, plaster), w, h);
    // A built-in-like engine: the picture it is given, with a dark sideboard drawn at x 150..250, y 180..240.
    const engine = async (request: StageRequest) =>
      sharp(request.image)
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect x="150" y="180" width="100" height="60" fill="#3a2a20"/></svg>',
            ),
          },
        ])
        .jpeg({ quality: 95 })
        .toBuffer();
    const out = await renderEdit({
      base: photo,
      original: photo,
      document: doc([
        paint([rect(0, 0, 1, 0.8)]),
        { id: 'a', type: 'ai', mode: 'decoration', seed: 3, area: [rect(0.3, 0.4, 0.7, 0.8)] },
      ]),
      paints,
      stage: engine,
    });
    await savePng('ai-over-paint', out.result);
    const after = await pixels(out.result);
    // Inside the AI area, beside the new sideboard, the wall is still the decorator's blue.
    for (const [fx, fy] of [
      [0.34, 0.5],
      [0.66, 0.5],
      [0.5, 0.45],
    ] as const) {
      expect(hue(after.at(fx, fy))).toBeGreaterThan(180);
      expect(after.at(fx, fy)[2]).toBeGreaterThan(after.at(fx, fy)[0] + 30);
    }
    expect(near(after.at(0.5, 0.7), [0x3a, 0x2a, 0x20], 10)).toBe(true); // the sideboard
    expect(hue(after.at(0.1, 0.3))).toBeGreaterThan(180); // and the wall outside the area
  });
});
