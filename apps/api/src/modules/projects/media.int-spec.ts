import { existsSync } from 'node:fs';
import type { UploadImagesResponse } from '@estancia/contracts';
import { RELAXED_LIMITS, call, signUp, waitFor } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { Storage } from '../../infra/storage/storage.port';
import { MediaUrls } from './media-urls.service';
import { roomJpeg } from './test-images';

const PRESIGN_SECONDS = 120;

/** A customer's project with one uploaded photo, through the API, and that photo's media links and keys. */
async function uploadedPhoto(t: TestApp) {
  const session = await signUp(t);
  const project = await call<{ id: string }>(t, 'POST', 'project', {
    token: session.token,
    body: { propertyName: 'Àtic Gràcia' },
  });
  expect(project.status).toBe(201);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await roomJpeg(700, 500))], { type: 'image/jpeg' }), 'a.jpg');
  const res = await fetch(`${t.url}/data/project/${project.body.id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const [image] = ((await res.json()) as UploadImagesResponse).images;
  const folder = `projects/${project.body.id}/images/${image!.id}`;
  return {
    token: session.token,
    projectId: project.body.id,
    previewUrl: image!.previewUrl,
    previewKey: `${folder}/preview.jpg`,
    originalKey: `${folder}/original.jpg`,
  };
}

const cspDirective = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('media links on S3 storage', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ cors: true });
  });
  afterAll(() => s3.stop());

  describe('MEDIA_DELIVERY=presigned', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        ...RELAXED_LIMITS,
        ...s3.env,
        MEDIA_DELIVERY: 'presigned',
        MEDIA_PRESIGN_SECONDS: String(PRESIGN_SECONDS),
      });
    }, 60_000);
    afterAll(() => t.close());

    it('redirects an uploaded photo to a short-lived link of the bucket that serves the same bytes', async () => {
      const photo = await uploadedPhoto(t);
      // The upload went to the bucket, not to the local directory.
      const stored = await t.app.get(Storage).get(photo.previewKey);
      expect(existsSync(t.config.STORAGE_DIR)).toBe(false);

      const redirect = await fetch(`${t.url}${photo.previewUrl}`, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const location = new URL(redirect.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(
        `${s3.endpoint}/${s3.bucket}/${photo.previewKey}`,
      );
      expect(location.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGN_SECONDS));
      // The browser may keep the redirect, but never until the link it leads to has expired.
      const maxAge = Number(
        /^private, max-age=(\d+)$/.exec(redirect.headers.get('cache-control') ?? '')?.[1],
      );
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThan(PRESIGN_SECONDS);

      // As the editor loads it: <img crossOrigin="anonymous"> from the app's page, following the redirect.
      const image = await fetch(`${t.url}${photo.previewUrl}`, { headers: { origin: t.url } });
      expect(image.status).toBe(200);
      expect(image.url.startsWith(`${s3.endpoint}/`)).toBe(true);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      // Never kept: S3 answers a plain <img> without CORS headers, and Chrome would reuse that for the editor.
      expect(image.headers.get('cache-control')).toBe('no-store');
      expect(image.headers.get('content-disposition')).toBeNull();
      expect(image.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await image.arrayBuffer()).equals(stored)).toBe(true);
    });

    it('gives a download link the attachment name, sealed in its token', async () => {
      const photo = await uploadedPhoto(t);
      const link = t.app.get(MediaUrls).signDownload(photo.originalKey, {
        ascii: 'Atic-Gracia_salon_1.jpg',
        utf8: 'Àtic-Gràcia_salón_1.jpg',
      });
      const file = await fetch(`${t.url}${link}`);
      expect(file.status).toBe(200);
      expect(file.url.startsWith(`${s3.endpoint}/`)).toBe(true);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="Atic-Gracia_salon_1.jpg"; filename*=UTF-8''%C3%80tic-Gr%C3%A0cia_sal%C3%B3n_1.jpg`,
      );
      expect(
        Buffer.from(await file.arrayBuffer()).equals(await t.app.get(Storage).get(photo.originalKey)),
      ).toBe(true);
    });

    it('never redirects for a tampered, foreign or expired token', async () => {
      const photo = await uploadedPhoto(t);
      const urls = t.app.get(MediaUrls);
      const token = photo.previewUrl.slice('/data/media/'.length);
      const [payload, mac] = token.split('.') as [string, string];
      const otherKey = Buffer.from(
        Buffer.from(payload, 'base64url').toString().replace('preview.jpg', 'original.jpg'),
      ).toString('base64url');
      const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
      const expired = urls.sign(photo.previewKey, 60, Date.now() - 2 * 3600_000).slice('/data/media/'.length);
      for (const bad of [`${otherKey}.${mac}`, `${payload}.${flipped}`, payload, 'garbage', expired]) {
        const answer = await fetch(`${t.url}/data/media/${bad}`, { redirect: 'manual' });
        expect([bad, answer.status]).toEqual([bad, 404]);
        expect(answer.headers.get('location')).toBeNull();
        expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('lets pages load images from the bucket (CSP img-src and connect-src)', async () => {
      const csp = (await fetch(`${t.url}/data/platform/status`)).headers.get('content-security-policy') ?? '';
      expect(cspDirective(csp, 'img-src')).toBe(`img-src 'self' data: blob: ${s3.endpoint}`);
      expect(cspDirective(csp, 'connect-src')).toContain(` ${s3.endpoint}`);
    });

    it("removes a deleted project's objects from the bucket", async () => {
      const photo = await uploadedPhoto(t);
      const storage = t.app.get(Storage);
      expect(await storage.exists(photo.originalKey)).toBe(true);
      expect((await call(t, 'DELETE', `project/${photo.projectId}`, { token: photo.token })).status).toBe(
        204,
      );
      await waitFor('the objects to go', async () => !(await storage.exists(photo.previewKey)));
      expect(await storage.exists(photo.originalKey)).toBe(false);
    });
  });

  describe('MEDIA_DELIVERY=stream', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...RELAXED_LIMITS, ...s3.env, MEDIA_DELIVERY: 'stream' });
    }, 60_000);
    afterAll(() => t.close());

    it('streams the photo from the bucket through the API', async () => {
      const photo = await uploadedPhoto(t);
      const answer = await fetch(`${t.url}${photo.previewUrl}`, { redirect: 'manual' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get('content-length')).toBe(String(bytes.length));
      expect(bytes.equals(await t.app.get(Storage).get(photo.previewKey))).toBe(true);
      expect(existsSync(t.config.STORAGE_DIR)).toBe(false);
      // Nothing is fetched from the bucket by pages, so the CSP stays as strict as on local disk.
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(cspDirective(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    });
  });
});
