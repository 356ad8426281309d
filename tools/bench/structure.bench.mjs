// The structure guard (apps/api decorations/engine/structure-guard.ts): how well it tells a staged photo whose
// walls, windows and doors stayed put from one where they moved, and what a check costs on a 12 MP photo.
//
// Quality: the generated set of structure-guard.fixtures.ts for rooms 1…STRUCTURE_ROOMS (default 16, 14 cases
// each): synthetic rooms staged by the real built-in engine (odd rooms through a floor mask, even ones whole),
// the same results colour-graded, 15% brighter or darker, re-encoded at JPEG quality 70 or with an extra
// cabinet (must pass), and rotated, keystoned, shifted, with a window painted over, moved or resized, the
// door removed or a wall edge moved (must be caught). Printed: catch rate and false alarms by kind, the score
// distributions, for the cases where the guard knows what the engine may change (a mask or the engine's
// `added` map) and, apart, for the whole-photo renders checked again without the `added` map (an engine that
// cannot report what it added).
//
// Speed: one check of a staged 4000×3000 JPEG against its photo (structure kept, and shifted by 3%, where
// the shift search runs on every cell) against the baseline of a plain sharp decode of the same JPEG to the
// same 256 px grey grid. Needs `npm run build` (apps/api/dist).
import { apiRequire, percentile, printTable, requireApi } from './lib.mjs';

export const title = 'structure guard: caught distortions, false alarms and time per check';

const ROOMS = Number(process.env.STRUCTURE_ROOMS ?? 16);

const share = (part, whole) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
const score = (value) => value.toFixed(3);

/** Catch rate or false alarms per kind, then the score distribution of each side. */
function report(log, label, rows, kinds, threshold) {
  if (rows.length === 0) {
    log(`${label}: no cases`);
    return;
  }
  const moved = rows.filter((r) => r.moved);
  const kept = rows.filter((r) => !r.moved);
  const caught = moved.filter((r) => r.changed).length;
  const alarms = kept.filter((r) => r.changed).length;
  console.log(
    `\n  ${label}: ${rows.length} cases, caught ${caught}/${moved.length} (${share(caught, moved.length)}), ` +
      `false alarms ${alarms}/${kept.length} (${share(alarms, kept.length)}), threshold ${threshold}`,
  );
  const byKind = [...kinds.moved, ...kinds.kept].map((kind) => {
    const of = rows.filter((r) => r.kind === kind);
    const scores = of.map((r) => r.score).sort((a, b) => a - b);
    const flagged = of.filter((r) => r.changed).length;
    const mustFlag = kinds.moved.includes(kind);
    return [
      kind,
      mustFlag ? 'must catch' : 'must pass',
      String(of.length),
      mustFlag ? `${share(flagged, of.length)} caught` : `${share(flagged, of.length)} false alarms`,
      scores.length ? score(scores[0]) : '-',
      scores.length ? score(percentile(scores, 50)) : '-',
      scores.length ? score(scores[scores.length - 1]) : '-',
    ];
  });
  printTable(['kind', 'expected', 'cases', 'flagged', 'min score', 'median', 'max score'], byKind, [
    'l',
    'l',
    'r',
    'r',
    'r',
    'r',
    'r',
  ]);
  const distribution = (side, of) => {
    const s = of.map((r) => r.score).sort((a, b) => a - b);
    return [side, String(s.length), ...[0, 5, 25, 50, 75, 95, 100].map((p) => score(percentile(s, p)))];
  };
  console.log('');
  printTable(
    ['scores', 'cases', 'min', 'p5', 'p25', 'median', 'p75', 'p95', 'max'],
    [distribution('structure kept', kept), distribution('structure moved', moved)],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

export async function setup({ log }) {
  const sharp = apiRequire('sharp');
  const guard = requireApi('dist/modules/decorations/engine/structure-guard.js');
  const fixtures = requireApi('dist/modules/decorations/engine/structure-guard.fixtures.js');
  const { BuiltInStagingEngine } = requireApi('dist/modules/decorations/engine/built-in-staging.engine.js');
  const engine = new BuiltInStagingEngine();

  const started = performance.now();
  const rows = [];
  for (let seed = 1; seed <= ROOMS; seed++) {
    for (const c of await fixtures.structureCases(seed, engine)) {
      const check = await guard.checkStructure(c.original, c.result, c);
      rows.push({ kind: c.kind, moved: c.moved, known: Boolean(c.mayChange || c.added), ...check });
      // The same whole-photo render as an engine that cannot say what it added would leave it.
      if (!c.mayChange && c.added) {
        const blind = await guard.checkStructure(c.original, c.result);
        rows.push({ kind: c.kind, moved: c.moved, known: false, ...blind });
        // What the worker does for such an engine: the furniture zone above the floor line is not compared.
        const zoned = await guard.checkStructure(c.original, c.result, {
          mayChange: await guard.furnitureZone(c.original),
        });
        rows.push({ kind: c.kind, moved: c.moved, known: 'zone', ...zoned });
      }
    }
  }
  log(
    `generated and checked ${rows.length} cases from ${ROOMS} rooms in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const kinds = fixtures.STRUCTURE_KINDS;
  report(
    log,
    'guarded (mask or added map known)',
    rows.filter((r) => r.known === true),
    kinds,
    guard.STRUCTURE_THRESHOLD,
  );
  report(
    log,
    'unguarded (whole-photo renders checked without their added map)',
    rows.filter((r) => r.known === false),
    kinds,
    guard.STRUCTURE_THRESHOLD,
  );
  report(
    log,
    'furniture zone (whole-photo renders without their added map, the zone above the floor line left out)',
    rows.filter((r) => r.known === 'zone'),
    kinds,
    guard.STRUCTURE_THRESHOLD,
  );

  // The 12 MP pair: a room photo at camera size, staged through a floor mask, and the result shifted by 3%.
  const layout = { ...fixtures.roomLayout(3), width: 4000, height: 3000 };
  const photo = await fixtures.roomPhoto(layout, 3);
  const mask = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300"/>` +
        `<rect y="${(layout.floor - 0.04) * 300}" width="400" height="300" fill="#fff"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const { image: staged, added } = await engine.render({
    image: photo,
    width: 4000,
    height: 3000,
    roomType: 'livingroom',
    style: 'modern',
    seed: 3,
    prompt: 'structure bench',
    mask,
  });
  const dx = 120;
  const shifted = await sharp(staged)
    .extract({ left: dx, top: 0, width: 4000 - dx, height: 3000 })
    .extend({ right: dx, extendWith: 'copy' })
    .jpeg({ quality: 88 })
    .toBuffer();
  const kept = await guard.checkStructure(photo, staged, { mayChange: mask, added });
  const moved = await guard.checkStructure(photo, shifted, { mayChange: mask, added });
  log(
    `12 MP pair: photo ${(photo.length / 1e6).toFixed(1)} MB, staged ${(staged.length / 1e6).toFixed(1)} MB; ` +
      `scores ${score(kept.score)} (kept) and ${score(moved.score)} (shifted 3%)`,
  );
  return { sharp, guard, photo, staged, shifted, mask, added };
}

export function groups({ sharp, guard, photo, staged, shifted, mask, added }) {
  return [
    {
      title: 'one structure check of a 4000×3000 staged JPEG against its photo',
      baseline: {
        name: 'sharp decode to 256 px grey',
        fn: () => sharp(staged).resize(256).greyscale().raw().toBuffer(),
      },
      cases: [
        {
          name: 'checkStructure, structure kept',
          fn: () =>
            guard.checkStructure(photo, staged, { mayChange: mask, added, width: 4000, height: 3000 }),
        },
        {
          name: 'checkStructure, shifted 3%',
          fn: () =>
            guard.checkStructure(photo, shifted, { mayChange: mask, added, width: 4000, height: 3000 }),
        },
        {
          name: 'checkStructure, size read from the photo',
          fn: () => guard.checkStructure(photo, staged, { mayChange: mask, added }),
        },
      ],
      runs: 40,
      warmup: 3,
    },
  ];
}
