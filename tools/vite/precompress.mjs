// A Vite plugin that writes `<file>.br` and `<file>.gz` beside every text file of the build, once, at
// the best compression levels: the API serves them as they are (apps/api/src/infra/http/static-apps.ts),
// so no request pays for compressing.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text types worth compressing; images, fonts and videos are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz copies of every compressible file under `dir`; answers how many files. */
export async function precompressDir(dir) {
  const jobs = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      readFile(file).then(async (content) => {
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** Runs after the build has written everything (public files included). */
export function precompress() {
  let outDir = '';
  let logger;
  return {
    name: 'estancia:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      logger?.info(`precompress: brotli and gzip copies of ${count} files`);
    },
  };
}
