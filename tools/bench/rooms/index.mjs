// The room corpus: furnished rooms rendered like photos (perspective, textures, soft light and shadows,
// anti-aliased edges, sensor noise, a JPEG as a phone uploads it) with the exact label of every pixel
// from the same geometry. Deterministic: the same room, lighting and size give the same bytes.
//
//   import { corpus, loadRoom } from './rooms/index.mjs';
//   const room = await loadRoom({ kind: 'bedroom', lighting: 'daylight', width: 3000, height: 2000 });
//   room.photo (JPEG, under 2 MB), room.labels (Uint8Array, LABELS values), room.labelPng
//
// CLI: `node tools/bench/rooms/cli.mjs [outDir] [12mp|6mp]` writes every room's photo, label PNG and a
// colour view of its labels.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRoom, sharp } from './photo.mjs';
import { LABEL_NAMES, LABELS } from './render.mjs';
import { LIGHTINGS, ROOM_KINDS, surfaceOutlines } from './scenes.mjs';

export { generateRoom, LABEL_NAMES, LABELS, LIGHTINGS, ROOM_KINDS, sharp, surfaceOutlines };
export * from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** 12 MP (a camera's 4:3) and 6 MP (3:2). */
export const SIZES = Object.freeze({ '12mp': [4000, 3000], '6mp': [3000, 2000] });

/** Every room of the corpus: each kind under each lighting at each size. */
export function corpus(sizes = Object.keys(SIZES)) {
  const list = [];
  for (const size of sizes)
    for (const kind of ROOM_KINDS)
      for (const lighting of LIGHTINGS) {
        const [width, height] = SIZES[size];
        list.push({ kind, lighting, width, height, size, name: `${kind}-${lighting}-${size}` });
      }
  return list;
}

/** Bump when the scenes change: cached rooms of another version are made again. */
const VERSION = 1;
const sourceHash = createHash('sha256')
  .update(String(VERSION))
  .update(readFileSync(join(here, 'render.mjs')))
  .update(readFileSync(join(here, 'scenes.mjs')))
  .update(readFileSync(join(here, 'photo.mjs')))
  .digest('hex')
  .slice(0, 12);

/** A generated room, from the cache folder when it was made before by the same generator. */
export async function loadRoom(room, cacheDir = process.env.ROOMS_CACHE ?? join(tmpdir(), 'estancia-rooms')) {
  const name = `${room.kind}-${room.lighting}-${room.width}x${room.height}-${sourceHash}`;
  const photoFile = join(cacheDir, `${name}.jpg`);
  const labelFile = join(cacheDir, `${name}.labels.png`);
  if (existsSync(photoFile) && existsSync(labelFile)) {
    const labelPng = readFileSync(labelFile);
    const labels = new Uint8Array(await sharp(labelPng).extractChannel(0).raw().toBuffer());
    return { ...room, photo: readFileSync(photoFile), labels, labelPng };
  }
  const made = await generateRoom(room);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(photoFile, made.photo);
  writeFileSync(labelFile, made.labelPng);
  return { ...room, ...made };
}

const VIEW_COLOURS = {
  none: [0, 0, 0],
  backWall: [230, 80, 80],
  leftWall: [200, 140, 60],
  rightWall: [200, 200, 60],
  floor: [120, 80, 40],
  ceiling: [240, 240, 240],
  window: [80, 200, 255],
  door: [140, 60, 200],
  casing: [255, 255, 0],
  baseboard: [0, 255, 160],
  radiator: [255, 0, 255],
  rug: [0, 120, 0],
  furniture: [40, 40, 160],
  lamp: [255, 160, 0],
};

/** A PNG that shows the labels in colours, to look at. */
export async function labelView(labels, width, height) {
  const out = Buffer.alloc(width * height * 3);
  const colours = LABEL_NAMES.map((name) => VIEW_COLOURS[name]);
  for (let i = 0; i < labels.length; i++) out.set(colours[labels[i]] ?? [0, 0, 0], i * 3);
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
