import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { RoomType, Style } from '@estancia/contracts';
import { BuiltInStagingEngine, textiles } from './built-in-staging.engine';
import { PALETTES } from './palettes';
import { analyseRoom, readRoomThumbnail } from './room-analysis';

// Two 6 MP rooms under two lightings, each staged and measured pixel by pixel: give a busy machine time.
jest.setTimeout(300_000);

/** Where the drafts go to be looked at (PREVIEW_DIR=/tmp/restyle npx jest ...). */
const PREVIEW_DIR = process.env.PREVIEW_DIR;

/** The room corpus (tools/bench/rooms), an ES module jest cannot load in place: a child node reads it. */
const CORPUS_INDEX = pathToFileURL(resolve(__dirname, '../../../../../../tools/bench/rooms/index.mjs')).href;
const corpusScript = (body: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', body], { stdio: 'pipe' });

type CorpusLabel =
  'backWall' | 'leftWall' | 'rightWall' | 'floor' | 'ceiling' | 'window' | 'rug' | 'furniture' | 'lamp';
/** The corpus's label values (tools/bench/rooms/render.mjs LABELS), read from it. */
const CORPUS = JSON.parse(
  corpusScript(
    `import { LABELS } from ${JSON.stringify(CORPUS_INDEX)}; process.stdout.write(JSON.stringify(LABELS));`,
  ).toString(),
) as Record<CorpusLabel, number>;

const W = 3000;
const H = 2000;

interface CorpusRoom {
  photo: Buffer;
  labels: Uint8Array;
}

/**
 * A furnished room of the corpus (tools/bench/rooms, an ES module jest cannot load in place): made (or read
 * from its cache) by a child node, handed over as files.
 */
async function corpusRoom(kind: string, lighting: string): Promise<CorpusRoom> {
  const dir = mkdtempSync(join(tmpdir(), 'restyle-room-'));
  try {
    corpusScript(`import { writeFileSync } from 'node:fs';
import { loadRoom } from ${JSON.stringify(CORPUS_INDEX)};
const room = await loadRoom({ kind: ${JSON.stringify(kind)}, lighting: ${JSON.stringify(lighting)}, width: ${W}, height: ${H} });
writeFileSync(${JSON.stringify(join(dir, 'photo.jpg'))}, room.photo);
writeFileSync(${JSON.stringify(join(dir, 'labels.png'))}, room.labelPng);`);
    const photo = readFileSync(join(dir, 'photo.jpg'));
    const labels = new Uint8Array(
      await sharp(readFileSync(join(dir, 'labels.png')))
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
    return { photo, labels };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pixels of `label` whose whole (2r+1)² neighbourhood has that label: edges blend two surfaces in a photo. */
function inside(labels: Uint8Array, label: number, r: number): Uint8Array {
  const rows = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    let run = 0;
    for (let x = 0; x < W; x++) {
      run = labels[y * W + x] === label ? run + 1 : 0;
      if (run >= 2 * r + 1) rows[y * W + x - r] = 1;
    }
  }
  const out = new Uint8Array(W * H);
  for (let x = 0; x < W; x++) {
    let run = 0;
    for (let y = 0; y < H; y++) {
      run = rows[y * W + x] ? run + 1 : 0;
      if (run >= 2 * r + 1) out[(y - r) * W + x] = 1;
    }
  }
  return out;
}

/** Half the side of the window the local median is taken over: 101 px, wider than an old patch's ramp. */
const WINDOW = 50;
/** The window is sampled every 3rd row and column: 34² values, a steady median at a ninth of the cost. */
const SAMPLE = 3;

/**
 * How far the change draft − photo strays from its own local median inside one surface: per channel, the
 * 99th percentile over the surface of |change − median of the change over the surface's pixels within a
 * 101 px square|, the worst channel. A smooth grade leaves grain, JPEG noise and its own response to the
 * surface's texture; a patch of colour leaves its full strength over the patch. (A 31 px window misses the
 * old patches: upscaled from 19 px cells with a cubic kernel, their edges are ramps some 40 px wide.)
 */
function roughness(photo: Buffer, draft: Buffer, mask: Uint8Array): number {
  const histogram = new Int32Array(511);
  let worst = 0;
  for (let c = 0; c < 3; c++) {
    const change = new Int16Array(W * H);
    for (let p = 0; p < W * H; p++) change[p] = draft[p * 3 + c]! - photo[p * 3 + c]! + 255;
    const residuals = new Int32Array(256);
    let counted = 0;
    // Every second row: plenty of pixels, half the time.
    for (let y = 0; y < H; y += 2) {
      let from = W;
      let to = -1;
      for (let x = 0; x < W; x++)
        if (mask[y * W + x]) {
          from = Math.min(from, x);
          to = x;
        }
      if (to < 0) continue;
      histogram.fill(0);
      const top = Math.max(0, y - WINDOW);
      const bottom = Math.min(H - 1, y + WINDOW);
      let count = 0;
      // The median's level and how many values lie below it, kept up to date as the window slides.
      let m = 255;
      let below = 0;
      const column = (x: number, sign: 1 | -1) => {
        if (x < 0 || x >= W) return;
        for (let yy = top; yy <= bottom; yy += SAMPLE) {
          const p = yy * W + x;
          if (!mask[p]) continue;
          const v = change[p]!;
          histogram[v]! += sign;
          count += sign;
          if (v < m) below += sign;
        }
      };
      const sampled = (x: number) => (x - from + 3 * WINDOW) % SAMPLE === 0;
      for (let x = from - WINDOW; x < from + WINDOW; x++) if (sampled(x)) column(x, 1);
      for (let x = from; x <= to; x++) {
        if (sampled(x + WINDOW)) column(x + WINDOW, 1);
        if (sampled(x - WINDOW - 1)) column(x - WINDOW - 1, -1);
        const p = y * W + x;
        if (!mask[p]) continue;
        const half = count >> 1;
        while (below > half) below -= histogram[--m]!;
        while (below + histogram[m]! <= half) below += histogram[m++]!;
        residuals[Math.min(255, Math.abs(change[p]! - m))]!++;
        counted++;
      }
    }
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += residuals[level]!;
      if (seen >= counted * 0.99) {
        worst = Math.max(worst, level);
        break;
      }
    }
  }
  return worst;
}

/** Mean absolute change per channel value over a mask, 0…255. */
function meanChange(photo: Buffer, draft: Buffer, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < W * H; p++) {
    if (!mask[p]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(draft[p * 3 + c]! - photo[p * 3 + c]!);
    n += 3;
  }
  return n ? sum / n : 0;
}

/**
 * Levels a smooth grade may stray from its local median (99th percentile, worst channel), per surface: the
 * global grade alone measures at most 4 on walls and ceilings, 6 on the window (the view's texture) and 8 on
 * the wooden floor (the contrast stretch follows the grain); two levels more is allowed. The old patches
 * measured 6–23.
 */
const ROUGHNESS = { backWall: 6, leftWall: 6, rightWall: 6, ceiling: 6, window: 8, floor: 10 } as const;

/** What a recolour may lie on: the furniture, the rug and the lamps, within 2 px (their antialiased edges). */
function textileLabels(labels: Uint8Array): Uint8Array {
  const on = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++)
    if (labels[p] === CORPUS.furniture || labels[p] === CORPUS.rug || labels[p] === CORPUS.lamp) on[p] = 1;
  const grown = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!on[y * W + x]) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < H && xx >= 0 && xx < W) grown[yy * W + xx] = 1;
        }
    }
  return grown;
}

describe('BuiltInStagingEngine restyles a furnished room of the corpus', () => {
  const engine = new BuiltInStagingEngine();
  // Whether the analysis finds the room's furniture: by lamplight it takes the bedroom's lit back wall, bed
  // and all, for a window, so that room gets the global grade alone.
  const rooms: [string, string, RoomType, Style, boolean][] = [
    ['bedroom', 'daylight', 'bedroom', 'classic', true],
    ['bedroom', 'lamplight', 'bedroom', 'classic', false],
    ['living-room', 'daylight', 'livingroom', 'classic', true],
    ['living-room', 'lamplight', 'livingroom', 'classic', true],
  ];

  it.each(rooms)(
    'changes the %s by %s only by a smooth grade outside its furniture, and recolours the furniture crisply',
    async (kind, lighting, roomType, style, found) => {
      const room = await corpusRoom(kind, lighting);
      const result = await engine.render({
        image: room.photo,
        width: W,
        height: H,
        roomType,
        style,
        seed: 1,
        prompt: '',
      });
      const [photo, draft] = await Promise.all([
        sharp(room.photo).removeAlpha().raw().toBuffer(),
        sharp(result.image).removeAlpha().raw().toBuffer(),
      ]);
      if (PREVIEW_DIR) {
        mkdirSync(PREVIEW_DIR, { recursive: true });
        writeFileSync(`${PREVIEW_DIR}/${kind}-${lighting}.png`, await sharp(result.image).png().toBuffer());
      }
      const surfaces = Object.fromEntries(
        (Object.keys(ROUGHNESS) as (keyof typeof ROUGHNESS)[]).map((name) => [
          name,
          roughness(photo, draft, inside(room.labels, CORPUS[name], 3)),
        ]),
      );

      // The recolour itself: where the fabric is laid, and how much of the furniture it covers.
      const { thumbnail } = await readRoomThumbnail(room.photo);
      const layout = analyseRoom(thumbnail, W, H);
      const overlay = await textiles(photo, W, H, layout.surfaces, PALETTES[style]);
      const allowed = textileLabels(room.labels);
      const tinted = new Uint8Array(W * H);
      let stray = 0;
      let covered = 0;
      let furniture = 0;
      for (let p = 0; p < W * H; p++) {
        const alpha = overlay ? overlay[p * 4 + 3]! : 0;
        if (alpha > 0 && !allowed[p]) stray++;
        if (alpha >= 64) tinted[p] = 1;
        if (room.labels[p] === CORPUS.furniture) {
          furniture++;
          if (alpha > 0) covered++;
        }
      }
      const coverage = covered / furniture;
      const change = meanChange(photo, draft, tinted);
      const backWall = meanChange(photo, draft, inside(room.labels, CORPUS.backWall, 3));
      if (PREVIEW_DIR)
        console.log(kind, lighting, JSON.stringify({ surfaces, stray, coverage, change, backWall }));

      expect({ kind, lighting, surfaces }).toEqual({
        kind,
        lighting,
        surfaces: Object.fromEntries(
          Object.entries(surfaces).map(([name, value]) => [
            name,
            value <= ROUGHNESS[name as keyof typeof ROUGHNESS]
              ? value
              : `at most ${ROUGHNESS[name as keyof typeof ROUGHNESS]}`,
          ]),
        ),
      });
      // Not a pixel of fabric on a wall, the ceiling, the floor, a window or a door.
      expect(stray).toBe(0);
      if (found) {
        // A good part of the furniture takes the fabric, clearly more than the grade moves the wall.
        expect(coverage).toBeGreaterThan(0.05);
        expect(change).toBeGreaterThan(backWall + 6);
      }
    },
  );
});
