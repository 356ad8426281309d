import {
  downloadOptionsSchema,
  type DownloadOptions,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type UploadImagesResponse,
} from '@estancia/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { RELAXED_LIMITS, call, sleep } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WEB_LONG_SIDE } from './download-encoding';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The files of a zip, unpacked with the system's unzip. */
function unzip(zip: Buffer): { name: string; body: Buffer }[] {
  const dir = mkdtempSync(join(tmpdir(), 'estancia-zip-'));
  const file = join(dir, 'download.zip');
  writeFileSync(file, zip);
  const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
  execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')]);
  return names.map((name) => ({ name, body: readFileSync(join(dir, 'out', name)) }));
}

describe('download options', () => {
  let t: TestApp;
  let alice: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    alice = await signIn(t);
  });
  afterAll(() => t.close());

  const setOptions = (user: SignedIn, body: unknown) =>
    call<DownloadOptions>(t, 'PUT', 'user/download-options', { token: user.token, body });

  it('defaults to jpg at original size and keeps what the user chooses', async () => {
    const bob = await signIn(t);
    const res = await call<DownloadOptions>(t, 'GET', 'user/download-options', { token: bob.token });
    expect(res.status).toBe(200);
    expect(downloadOptionsSchema.parse(res.body)).toEqual({ format: 'jpg', size: 'original' });
    expect(await setOptions(bob, { format: 'png', size: 'web' })).toMatchObject({
      status: 200,
      body: { format: 'png', size: 'web' },
    });
    expect((await call(t, 'GET', 'user/download-options', { token: bob.token })).body).toEqual({
      format: 'png',
      size: 'web',
    });
    // Another user's options are untouched.
    expect((await call(t, 'GET', 'user/download-options', { token: alice.token })).body).toEqual({
      format: 'jpg',
      size: 'original',
    });
  });

  it('refuses unknown formats and sizes, and anonymous callers', async () => {
    for (const body of [
      { format: 'gif', size: 'web' },
      { format: 'png', size: 'huge' },
      { format: 'png' },
      null,
    ]) {
      const res = await setOptions(alice, body);
      expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    }
    expect((await call(t, 'GET', 'user/download-options')).status).toBe(401);
    expect(
      (await call(t, 'PUT', 'user/download-options', { body: { format: 'png', size: 'web' } })).status,
    ).toBe(401);
  });

  it('downloads in the chosen format and size, one image and zipped', async () => {
    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: alice.token,
      body: { propertyName: 'Pis Eixample' },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(2400, 1600))], { type: 'image/jpeg' }),
      'big.jpg',
    );
    const uploaded = await fetch(`${t.url}/data/project/${created.body.id}/images`, {
      method: 'POST',
      headers: alice.headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [image] = ((await uploaded.json()) as UploadImagesResponse).images;
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${created.body.id}/decorations`,
      {
        token: alice.token,
        body: { items: [{ imageId: image.id, roomType: 'bedroom', style: 'modern', type: 'automatic' }] },
      },
    );
    expect(ordered.status).toBe(201);
    const decorationId = ordered.body.decorations[0].id;
    for (let until = Date.now() + 60_000; ; await sleep(200)) {
      const detail = await call<ProjectDetail>(t, 'GET', `project/${created.body.id}`, {
        token: alice.token,
      });
      if (detail.body.decorations.find((d) => d.id === decorationId)?.state === 'ready') break;
      if (Date.now() > until) throw new Error('the decoration never became ready');
    }
    const download = async () => {
      const res = await fetch(`${t.url}/data/decoration/${decorationId}/download`, {
        headers: alice.headers,
      });
      expect(res.status).toBe(200);
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };

    const original = await download();
    expect(original.res.headers.get('content-type')).toBe('image/jpeg');
    expect(original.res.headers.get('content-disposition')).toMatch(/filename="[^"]+\.jpg"/);
    expect(original.body.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    expect(await sharp(original.body).metadata()).toMatchObject({ width: 2400, height: 1600 });

    await setOptions(alice, { format: 'png', size: 'original' });
    const png = await download();
    expect(png.res.headers.get('content-type')).toBe('image/png');
    expect(png.res.headers.get('content-disposition')).toMatch(/filename="[^"]+\.png"/);
    expect(png.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(await sharp(png.body).metadata()).toMatchObject({ format: 'png', width: 2400, height: 1600 });

    await setOptions(alice, { format: 'png', size: 'web' });
    const web = await download();
    expect(web.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(await sharp(web.body).metadata()).toMatchObject({ width: WEB_LONG_SIDE, height: 1280 });

    await setOptions(alice, { format: 'jpg', size: 'web' });
    const zip = await fetch(`${t.url}/data/project/${created.body.id}/download`, { headers: alice.headers });
    expect(zip.status).toBe(200);
    const [entry, ...more] = unzip(Buffer.from(await zip.arrayBuffer()));
    expect(more).toEqual([]);
    expect(entry.name).toMatch(/\.jpg$/);
    expect(entry.body.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    expect(await sharp(entry.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: WEB_LONG_SIDE,
      height: 1280,
    });

    await setOptions(alice, { format: 'png', size: 'original' });
    const pngZip = await fetch(`${t.url}/data/project/${created.body.id}/download`, {
      headers: alice.headers,
    });
    const [pngEntry] = unzip(Buffer.from(await pngZip.arrayBuffer()));
    expect(pngEntry.name).toMatch(/\.png$/);
    expect(pngEntry.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  }, 90_000);
});
