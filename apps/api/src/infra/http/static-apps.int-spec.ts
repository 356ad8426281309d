import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../../../test/harness';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A fixture big enough to be precompressed, and compressible as real bundles are. */
const bundle = (name: string) =>
  Array.from({ length: 200 }, (_, i) => `export const ${name}${i} = () => '${name} line ${i}';`).join('\n');

describe('HTTP: precompressed, long-cached static apps', () => {
  let dir: string;
  let t: TestApp;
  const sources: Record<string, string> = {};

  beforeAll(async () => {
    // A tmp "dist" per app, with the .br and .gz copies the Vite builds write beside their text files
    // (tools/vite/precompress.mjs); the tiny file gets none, as there.
    dir = await mkdtemp(join(tmpdir(), 'estancia-precompressed-'));
    for (const [name, title] of [
      ['web', 'customer app'],
      ['admin', 'staff console'],
    ]) {
      await mkdir(join(dir, name, 'assets'), { recursive: true });
      sources[`${name}/index.html`] =
        `<!doctype html><html><head><title>${title}</title></head><body>${'<p>app</p>'.repeat(150)}</body></html>`;
      sources[`${name}/assets/index-abc123.js`] = bundle(name);
      sources[`${name}/assets/index-abc123.css`] = `.${name}{color:red}\n`.repeat(120);
      sources[`${name}/assets/tiny-def456.js`] = `console.log('${name}')`;
      for (const [file, content] of Object.entries(sources)) {
        if (!file.startsWith(`${name}/`)) continue;
        await writeFile(join(dir, file), content);
        if (file.includes('tiny')) continue;
        await writeFile(join(dir, `${file}.br`), brotliCompressSync(content));
        await writeFile(join(dir, `${file}.gz`), gzipSync(content));
      }
    }
    t = await startTestApp({ WEB_DIST: join(dir, 'web'), ADMIN_DIST: join(dir, 'admin') });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The bytes as sent (fetch would decompress them). */
  const raw = (path: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      const req = request(
        `${t.url}${path}`,
        { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  const decoded = ({ headers, body }: Raw) =>
    (headers['content-encoding'] === 'br'
      ? brotliDecompressSync(body)
      : headers['content-encoding'] === 'gzip'
        ? gunzipSync(body)
        : body
    ).toString();

  for (const [app, prefix] of [
    ['web', ''],
    ['admin', '/backoffice'],
  ] as const) {
    describe(app === 'web' ? 'the customer app at /' : 'the staff console at /backoffice/', () => {
      it('sends brotli to a browser that accepts it: hashed assets cached for good, with Vary', async () => {
        for (const [file, type] of [
          ['index-abc123.js', 'text/javascript; charset=utf-8'],
          ['index-abc123.css', 'text/css; charset=utf-8'],
        ]) {
          const res = await raw(`${prefix}/assets/${file}`, 'gzip, deflate, br, zstd');
          expect(res.status).toBe(200);
          expect(res.headers['content-encoding']).toBe('br');
          expect(res.headers['content-type']).toBe(type);
          expect(res.headers.vary).toMatch(/Accept-Encoding/i);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(Number(res.headers['content-length'])).toBe(res.body.length);
          expect(res.body.length).toBeLessThan(sources[`${app}/assets/${file}`].length / 4);
          expect(decoded(res)).toBe(sources[`${app}/assets/${file}`]);
        }
      });

      it('sends gzip when brotli is not accepted, and the file itself when neither is', async () => {
        const path = `${prefix}/assets/index-abc123.js`;
        for (const header of ['gzip', 'br;q=0, gzip;q=0.8', 'deflate, gzip;q=1.0, *;q=0.5']) {
          const res = await raw(path, header);
          expect([header, res.headers['content-encoding']]).toEqual([header, 'gzip']);
          expect(decoded(res)).toBe(sources[`${app}/assets/index-abc123.js`]);
        }
        for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
          const res = await raw(path, header);
          expect([header, res.status, res.headers['content-encoding']]).toEqual([header, 200, undefined]);
          expect(res.headers.vary).toMatch(/Accept-Encoding/i);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(res.body.toString()).toBe(sources[`${app}/assets/index-abc123.js`]);
        }
        // `*` accepts brotli too.
        expect((await raw(path, '*')).headers['content-encoding']).toBe('br');
      });

      it('sends index.html compressed and never cached without checking, for the app routes too', async () => {
        for (const path of [`${prefix}/`, `${prefix}/projects/42`, `${prefix}/account?lang=ca`]) {
          const res = await raw(path, 'gzip, br');
          expect([path, res.status, res.headers['content-encoding']]).toEqual([path, 200, 'br']);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.headers.vary).toMatch(/Accept-Encoding/i);
          expect(decoded(res)).toBe(sources[`${app}/index.html`]);
          const plain = await raw(path);
          expect(plain.headers['content-encoding']).toBeUndefined();
          expect(plain.headers['cache-control']).toBe('no-cache');
          expect(plain.body.toString()).toBe(sources[`${app}/index.html`]);
        }
      });

      it('answers HEAD and a conditional GET for the compressed copy', async () => {
        const path = `${prefix}/assets/index-abc123.js`;
        const head = await raw(path, 'br', 'HEAD');
        expect(head.status).toBe(200);
        expect(head.headers['content-encoding']).toBe('br');
        expect(head.body.length).toBe(0);
        const etag = head.headers.etag!;
        const again = await new Promise<number>((resolve, reject) =>
          request(
            `${t.url}${path}`,
            { headers: { 'accept-encoding': 'br', 'if-none-match': etag } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
            .on('error', reject)
            .end(),
        );
        expect(again).toBe(304);
        // The uncompressed file has its own validator, so a cache never mixes the two.
        expect((await raw(path, 'identity', 'HEAD')).headers.etag).not.toBe(etag);
      });

      it('sends a file the build did not compress as it is', async () => {
        const res = await raw(`${prefix}/assets/tiny-def456.js`, 'br, gzip');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.body.toString()).toBe(sources[`${app}/assets/tiny-def456.js`]);
      });

      it('keeps a missing asset a JSON 404 and never serves outside the app folder', async () => {
        const missing = await raw(`${prefix}/assets/gone-999.js`, 'br');
        expect(missing.status).toBe(404);
        expect(JSON.parse(missing.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
        for (const path of [
          `${prefix}/assets/%2e%2e/%2e%2e/index.html`,
          `${prefix}/..%2f..%2fpackage.json`,
        ]) {
          const res = await raw(path, 'br');
          expect(decoded(res)).not.toContain('"name"');
        }
      });
    });
  }
});
