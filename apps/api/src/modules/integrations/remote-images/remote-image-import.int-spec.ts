import { INTEGRATION_HEADERS, LIMITS, type UploadImagesResponse } from '@estancia/contracts';
import sharp from 'sharp';
import {
  apiKeyFor,
  call,
  RELAXED_LIMITS,
  type ApiAnswer,
  type ApiKeyHolder,
} from '../../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { LoopbackServer } from '../../../../test/loopback-server';
import { Storage } from '../../../infra/storage/storage.port';
import { imageKeys, ProjectImages } from '../../projects/project-images.service';
import { GPS_TAG, peopleJpeg, phoneJpeg, roomJpeg } from '../../projects/test-images';

type Answer = ApiAnswer<UploadImagesResponse & { code?: string }>;

/** POST /api/v1/projects/:id/images/from-url with the integrator's key. */
async function importFromUrl(
  t: TestApp,
  key: ApiKeyHolder | null,
  projectId: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${t.url}/api/v1/projects/${projectId}/images/from-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...key?.headers, ...headers },
    body: JSON.stringify({ url }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Answer['body'],
    headers: res.headers,
  };
}

/** POST /api/v1/projects/:id/images, multipart field `files`. */
async function uploadFiles(
  t: TestApp,
  key: ApiKeyHolder,
  projectId: string,
  files: Buffer[],
): Promise<Answer> {
  const form = new FormData();
  files.forEach((bytes, i) =>
    form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${i}.jpg`),
  );
  const res = await fetch(`${t.url}/api/v1/projects/${projectId}/images`, {
    method: 'POST',
    headers: key.headers,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

async function newProject(t: TestApp, key: ApiKeyHolder): Promise<string> {
  const created = await call<{ id: string }>(t, 'POST', 'project', {
    token: key.token,
    body: { propertyName: `Pis Eixample ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const storedCount = async (t: TestApp, projectId: string) =>
  (await t.app.get(ProjectImages).list(projectId)).length;

describe('upload by URL (public API)', () => {
  const remote = new LoopbackServer();
  let photo: Buffer;
  beforeAll(async () => {
    await remote.start();
    photo = await roomJpeg(640, 480);
  });
  afterAll(() => remote.stop());
  beforeEach(() => {
    remote.calls.length = 0;
    remote.handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
  });

  describe('with the production settings (public https only)', () => {
    let t: TestApp;
    let key: ApiKeyHolder;
    let projectId: string;
    beforeAll(async () => {
      t = await startTestApp(RELAXED_LIMITS);
      key = await apiKeyFor(t);
      projectId = await newProject(t, key);
    }, 60_000);
    afterAll(() => t.close());

    it('refuses loopback, private, link-local and metadata addresses, http, and credentials: URL_NOT_ALLOWED', async () => {
      const port = new URL(remote.origin).port;
      for (const url of [
        `https://127.0.0.1:${port}/room.jpg`,
        `https://localhost:${port}/room.jpg`,
        'https://10.0.0.1/room.jpg',
        'https://169.254.169.254/latest/meta-data/',
        `https://[::1]:${port}/room.jpg`,
        'https://[::ffff:127.0.0.1]/room.jpg',
        'https://192.168.1.1/room.jpg',
        'https://100.64.0.1/room.jpg',
        // plain http, even to the loopback server that would serve a good photo
        `${remote.origin}/room.jpg`,
        'http://example.com/room.jpg',
        'https://user:secret@example.com/room.jpg',
      ]) {
        const res = await importFromUrl(t, key, projectId, url);
        expect([url, res.status, res.body.code]).toEqual([url, 422, 'URL_NOT_ALLOWED']);
      }
      expect(remote.calls).toHaveLength(0);
      expect(await storedCount(t, projectId)).toBe(0);
    });

    it('answers NOT_FOUND for another customer’s project, API_KEY_INVALID without a key, and checks the body', async () => {
      const other = await apiKeyFor(t);
      const theirs = await newProject(t, other);
      const foreign = await importFromUrl(t, key, theirs, 'https://8.8.8.8/room.jpg');
      expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
      const missing = await importFromUrl(
        t,
        key,
        '7f1d2c1e-0000-4000-8000-000000000000',
        'https://8.8.8.8/a.jpg',
      );
      expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
      const anonymous = await importFromUrl(t, null, projectId, 'https://8.8.8.8/room.jpg');
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'API_KEY_INVALID']);
      const invalid = await importFromUrl(t, key, projectId, 'not a url');
      expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    });
  });

  describe('with private addresses and http allowed (as in tests)', () => {
    let t: TestApp;
    let key: ApiKeyHolder;
    beforeAll(async () => {
      t = await startTestApp({
        ...RELAXED_LIMITS,
        REMOTE_IMAGES_ALLOW_PRIVATE: 'true',
        REMOTE_IMAGES_ALLOW_HTTP: 'true',
      });
      key = await apiKeyFor(t);
    }, 60_000);
    afterAll(() => t.close());

    it('imports a photo through the upload path: stored upright without its metadata, listed in the project', async () => {
      const projectId = await newProject(t, key);
      const phone = await phoneJpeg(800, 600);
      expect((await sharp(phone).metadata()).exif?.includes(GPS_TAG)).toBe(true);
      remote.handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(phone);

      const res = await importFromUrl(t, key, projectId, `${remote.origin}/photos/salon.jpg`);
      expect(res.status).toBe(201);
      expect(res.body.images).toHaveLength(1);
      // EXIF orientation 6: the stored photo is turned upright, so 800×600 becomes 600×800.
      expect(res.body.images[0]).toMatchObject({ projectId, width: 600, height: 800 });
      expect(remote.calls.map((c) => c.url)).toEqual(['/photos/salon.jpg']);

      const [stored] = await t.app.get(ProjectImages).list(projectId);
      expect(stored.id).toBe(res.body.images[0].id);
      const original = await t.app.get(Storage).get(imageKeys(projectId, stored.id).original);
      const meta = await sharp(original).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([600, 800]);

      const list = await call<{ items: { id: string; imagesUploaded: number }[] }>(t, 'GET', 'project', {
        token: key.token,
      });
      expect(list.body.items.find((p) => p.id === projectId)?.imagesUploaded).toBe(1);
    });

    it('follows 3 redirects and refuses a 4th with URL_NOT_ALLOWED', async () => {
      const projectId = await newProject(t, key);
      remote.handler = (req, _body, res) => {
        const [, hop, last] = /\/hop\/(\d+)\/(\d+)/.exec(req.url ?? '')!.map(Number);
        if (hop < last) return res.writeHead(302, { location: `/hop/${hop + 1}/${last}` }).end();
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      };
      const three = await importFromUrl(t, key, projectId, `${remote.origin}/hop/0/3`);
      expect(three.status).toBe(201);
      const four = await importFromUrl(t, key, projectId, `${remote.origin}/hop/0/4`);
      expect([four.status, four.body.code]).toEqual([422, 'URL_NOT_ALLOWED']);
      expect(await storedCount(t, projectId)).toBe(1);
    });

    it('refuses an oversize answer with IMAGE_TOO_LARGE, announced or not', async () => {
      const projectId = await newProject(t, key);
      const big = Buffer.concat([photo, Buffer.alloc(LIMITS.maxImageBytes + 1 - photo.length)]);
      remote.handler = (_req, _body, res) =>
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': big.length }).end(big);
      const announced = await importFromUrl(t, key, projectId, `${remote.origin}/big.jpg`);
      expect([announced.status, announced.body.code]).toEqual([413, 'IMAGE_TOO_LARGE']);

      remote.handler = (_req, _body, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' });
        // Far more than the limit, in chunks, without a length: the fetcher must stop reading itself.
        let sent = 0;
        const more = () => {
          if (res.destroyed || sent > 4 * LIMITS.maxImageBytes) return res.end();
          sent += 64 * 1024;
          res.write(Buffer.alloc(64 * 1024), () => setImmediate(more));
        };
        more();
      };
      const streamed = await importFromUrl(t, key, projectId, `${remote.origin}/endless.jpg`);
      expect([streamed.status, streamed.body.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
      expect(await storedCount(t, projectId)).toBe(0);
    });

    it('answers the upload path’s own errors: not an image, a person in it, the photo limit', async () => {
      const projectId = await newProject(t, key);
      remote.handler = (_req, _body, res) =>
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a photo</html>');
      const html = await importFromUrl(t, key, projectId, `${remote.origin}/fake.jpg`);
      expect([html.status, html.body.code]).toEqual([422, 'IMAGE_NOT_VALID']);

      const people = await peopleJpeg();
      remote.handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(people);
      const person = await importFromUrl(t, key, projectId, `${remote.origin}/people.jpg`);
      expect([person.status, person.body.code]).toEqual([422, 'IMAGE_HAS_PERSON']);

      // The multipart route of the public API fills the project; one more by URL is over the limit.
      const full = await uploadFiles(
        t,
        key,
        projectId,
        Array(LIMITS.maxPhotosPerProject).fill(photo) as Buffer[],
      );
      expect(full.status).toBe(201);
      expect(full.body.images).toHaveLength(LIMITS.maxPhotosPerProject);
      remote.handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      const over = await importFromUrl(t, key, projectId, `${remote.origin}/room.jpg`);
      expect([over.status, over.body.code]).toEqual([409, 'TOO_MANY_PHOTOS']);
      expect(await storedCount(t, projectId)).toBe(LIMITS.maxPhotosPerProject);
    });

    it('answers REMOTE_IMAGE_UNREACHABLE when the server says no or is not there', async () => {
      const projectId = await newProject(t, key);
      remote.handler = (_req, _body, res) => res.writeHead(404).end('gone');
      const notFound = await importFromUrl(t, key, projectId, `${remote.origin}/gone.jpg`);
      expect([notFound.status, notFound.body.code]).toEqual([422, 'REMOTE_IMAGE_UNREACHABLE']);
      const nobody = await importFromUrl(t, key, projectId, 'http://127.0.0.1:1/room.jpg');
      expect([nobody.status, nobody.body.code]).toEqual([422, 'REMOTE_IMAGE_UNREACHABLE']);
    });

    it('replays a retry with the same Idempotency-Key: one fetch, one photo, the same answer', async () => {
      const projectId = await newProject(t, key);
      const url = `${remote.origin}/room.jpg`;
      const headers = { [INTEGRATION_HEADERS.idempotencyKey]: `import-${projectId}` };
      const first = await importFromUrl(t, key, projectId, url, headers);
      const retry = await importFromUrl(t, key, projectId, url, headers);
      expect([first.status, retry.status]).toEqual([201, 201]);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get(INTEGRATION_HEADERS.idempotentReplayed)).toBe('true');
      expect(remote.calls).toHaveLength(1);
      expect(await storedCount(t, projectId)).toBe(1);
    });

    it('uploads by multipart on the public API exactly like the app (NO_IMAGE_SELECTED, IMAGE_TOO_LARGE)', async () => {
      const projectId = await newProject(t, key);
      const none = await uploadFiles(t, key, projectId, []);
      expect([none.status, none.body.code]).toEqual([400, 'NO_IMAGE_SELECTED']);
      const big = await uploadFiles(t, key, projectId, [Buffer.alloc(LIMITS.maxImageBytes + 1)]);
      expect([big.status, big.body.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
      const ok = await uploadFiles(t, key, projectId, [photo, photo]);
      expect(ok.status).toBe(201);
      expect(ok.body.images.map((i) => i.projectId)).toEqual([projectId, projectId]);
    });
  });
});
