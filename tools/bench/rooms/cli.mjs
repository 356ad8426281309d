// Writes every room of the corpus to a folder: `node tools/bench/rooms/cli.mjs [outDir] [12mp|6mp]`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpus, generateRoom, labelView } from './index.mjs';

const out = process.argv[2] ?? join(tmpdir(), 'rooms');
const only = process.argv[3];
mkdirSync(out, { recursive: true });
for (const room of corpus(only ? [only] : undefined)) {
  const t0 = performance.now();
  const made = await generateRoom(room);
  writeFileSync(join(out, `${room.name}.jpg`), made.photo);
  writeFileSync(join(out, `${room.name}.labels.png`), made.labelPng);
  writeFileSync(join(out, `${room.name}.view.png`), await labelView(made.labels, room.width, room.height));
  console.log(
    `${room.name}: ${(made.photo.length / 1e6).toFixed(2)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
