import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import ts from 'typescript';

/**
 * The Docker image installs fonts-dejavu-core and nothing else, and sharp draws the watermark's SVG
 * text through fontconfig: without a font it draws empty boxes. The watermark runs in a child process
 * whose fontconfig sees exactly that folder (FONTCONFIG_FILE), and once with no fonts at all, to show
 * the fonts are what puts the word on the image.
 */
const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';
const WATERMARK = join(__dirname, 'watermark.ts');
const WIDTH = 800;
const HEIGHT = 600;
const run = promisify(execFile);

// The word's box, from watermark.ts's geometry: the mark's size is 6% of the short side, the word
// starts 1.15 sizes into the mark (after the house) and reaches the right margin.
const size = Math.round(Math.min(WIDTH, HEIGHT) * 0.06);
const margin = Math.round(size * 0.6);
const wordLeft = WIDTH - Math.round(size * 5.2) - margin + Math.round(size * 1.1);
const TEXT = { left: wordLeft, top: HEIGHT - size - margin - 6, width: WIDTH - wordLeft, height: size + 12 };

// Loads the TypeScript module in the child with `require` rooted beside it, so it gets the real sharp.
const CHILD = `
const { createRequire } = require('node:module');
const fs = require('node:fs');
const [source, filename, input, output] = process.argv.slice(1);
const loaded = { exports: {} };
new Function('exports', 'require', 'module', fs.readFileSync(source, 'utf8'))(loaded.exports, createRequire(filename), loaded);
loaded.exports.applyWatermark(fs.readFileSync(input)).then((jpeg) => fs.writeFileSync(output, jpeg));
`;

describe('the watermark with the Docker image fonts', () => {
  let dir: string;
  let plain: Buffer;

  beforeAll(async () => {
    if (!existsSync(DEJAVU_DIR)) {
      throw new Error(`${DEJAVU_DIR} is missing: apt-get install -y fonts-dejavu-core fontconfig`);
    }
    dir = mkdtempSync(join(tmpdir(), 'watermark-fonts-'));
    const compiled = ts.transpileModule(readFileSync(WATERMARK, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    writeFileSync(join(dir, 'watermark.js'), compiled.outputText);
    plain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#404040' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, 'plain.jpg'), plain);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Watermarks plain.jpg in a child whose only fonts are in `fontDirs`; returns the word's box. */
  async function markWith(name: string, fontDirs: string[]): Promise<{ changed: number; mostRuns: number }> {
    const conf = join(dir, `${name}.conf`);
    writeFileSync(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${fontDirs
        .map((fontDir) => `  <dir>${fontDir}</dir>\n`)
        .join('')}  <cachedir>${join(dir, `${name}-cache`)}</cachedir>\n</fontconfig>\n`,
    );
    const output = join(dir, `${name}.jpg`);
    await run(
      process.execPath,
      ['-e', CHILD, join(dir, 'watermark.js'), WATERMARK, join(dir, 'plain.jpg'), output],
      { env: { ...process.env, FONTCONFIG_FILE: conf } },
    );
    const grey = (image: Buffer) => sharp(image).extract(TEXT).greyscale().raw().toBuffer();
    const [before, after] = await Promise.all([grey(plain), grey(readFileSync(output))]);
    let changed = 0;
    let mostRuns = 0;
    for (let y = 0; y < TEXT.height; y++) {
      let runs = 0;
      let previous = false;
      for (let x = 0; x < TEXT.width; x++) {
        const at = y * TEXT.width + x;
        // The mark is white at 55%: a stroke of a letter lifts the grey by ~100.
        const lit = after[at] - before[at] > 40;
        if (lit) changed++;
        if (lit && !previous) runs++;
        previous = lit;
      }
      mostRuns = Math.max(mostRuns, runs);
    }
    return { changed, mostRuns };
  }

  it('writes the word in DejaVu Sans, and only empty boxes without any font', async () => {
    const withDejaVu = await markWith('dejavu', [DEJAVU_DIR]);
    const withoutFonts = await markWith('none', []);
    // Letters: many lit pixels, and a row across "Estancia" crosses strokes and gaps again and again.
    expect(withDejaVu.changed).toBeGreaterThan(900);
    expect(withDejaVu.mostRuns).toBeGreaterThanOrEqual(8);
    // The control proves the fonts matter: the same call draws hollow boxes, a fraction of the ink.
    expect(withoutFonts.changed).toBeLessThan(withDejaVu.changed * 0.4);
  });
});
