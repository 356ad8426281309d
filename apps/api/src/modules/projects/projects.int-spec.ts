import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FieldIssue,
  LIMITS,
  PROJECT_PAGE_SIZE,
  type ProjectListResponse,
  type ProjectSummary,
  type UploadImagesResponse,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, signUp, type ApiAnswer } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { MediaUrls } from './media-urls.service';
import { ProjectImages } from './project-images.service';
import { GPS_TAG, onePersonJpeg, peopleJpeg, phoneJpeg, pngBombHeader, roomJpeg } from './test-images';

interface Customer {
  token: string;
  userId: string;
}

interface Upload {
  bytes: Buffer;
  name?: string;
  type?: string;
}

describe('projects and uploads', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
  }, 60_000);
  afterAll(() => t.close());

  const customer = async (): Promise<Customer> => {
    const session = await signUp(t);
    return { token: session.token, userId: session.user.id };
  };

  const createProject = async (who: Customer, propertyName: string): Promise<ProjectSummary> => {
    const answer = await call<ProjectSummary>(t, 'POST', 'project', {
      token: who.token,
      body: { propertyName },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };

  /** POST project/:id/images as the browser sends it: multipart, field `files`. */
  async function upload<T = UploadImagesResponse>(
    who: Customer,
    projectId: string,
    files: Upload[],
  ): Promise<ApiAnswer<T>> {
    const form = new FormData();
    files.forEach((file, i) =>
      form.append(
        'files',
        new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }),
        file.name ?? `photo-${i}.jpg`,
      ),
    );
    const res = await fetch(`${t.url}/data/project/${projectId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** Every file stored under the project, relative to its folder. */
  async function storedFiles(projectId: string): Promise<string[]> {
    const root = join(t.config.STORAGE_DIR, 'projects', projectId);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
  }

  const imageRows = async (projectId: string): Promise<number> =>
    (
      (await db.query(`SELECT count(*)::int AS n FROM project_images WHERE project_id = $1`, [
        projectId,
      ])) as {
        n: number;
      }[]
    )[0].n;

  /** Refused with `code`, and nothing new is left behind: no rows, no files. */
  async function expectRefused(
    who: Customer,
    projectId: string,
    files: Upload[],
    code: string,
    status?: number,
  ) {
    const [rowsBefore, filesBefore] = [await imageRows(projectId), await storedFiles(projectId)];
    const answer = await upload<{ code: string; message: string }>(who, projectId, files);
    expect(answer.body.code).toBe(code);
    if (status) expect(answer.status).toBe(status);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(await imageRows(projectId)).toBe(rowsBefore);
    expect(await storedFiles(projectId)).toEqual(filesBefore);
  }

  const fetchMedia = (url: string) => fetch(`${t.url}${url}`);

  describe('projects', () => {
    it('creates a project; the same name again (any case) is refused for that user only', async () => {
      const marta = await customer();
      const pau = await customer();
      const created = await createProject(marta, 'Piso Gràcia');
      expect(created).toMatchObject({
        propertyName: 'Piso Gràcia',
        status: 0,
        imagesCompleted: 0,
        totalImages: 0,
        imagesUploaded: 0,
        newImagesAvailable: false,
        credits: 0,
        coverUrl: null,
      });
      const again = await call(t, 'POST', 'project', {
        token: marta.token,
        body: { propertyName: '  piso gRÀCIA ' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'PROJECT_EXISTS',
        fields: { propertyName: 'PROJECT_EXISTS' },
      });
      await createProject(pau, 'Piso Gràcia');
      const empty = await call(t, 'POST', 'project', { token: marta.token, body: { propertyName: '   ' } });
      expect(empty.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { propertyName: FieldIssue.REQUIRED },
      });
      const anonymous = await call(t, 'GET', 'project');
      expect(anonymous.status).toBe(401);
    });

    it('lists the caller’s projects newest first, searched by name and paged', async () => {
      const owner = await customer();
      const other = await customer();
      await createProject(other, 'Casa ajena 1');
      for (let i = 1; i <= PROJECT_PAGE_SIZE + 2; i++) await createProject(owner, `Casa ${i}`);
      await createProject(owner, 'Ático 100% reformado');

      const first = await call<ProjectListResponse>(t, 'GET', 'project', { token: owner.token });
      expect(first.body).toMatchObject({
        total: PROJECT_PAGE_SIZE + 3,
        page: 1,
        pageSize: PROJECT_PAGE_SIZE,
      });
      expect(first.body.items.map((p) => p.propertyName).slice(0, 3)).toEqual([
        'Ático 100% reformado',
        `Casa ${PROJECT_PAGE_SIZE + 2}`,
        `Casa ${PROJECT_PAGE_SIZE + 1}`,
      ]);
      const second = await call<ProjectListResponse>(t, 'GET', 'project?page=2', { token: owner.token });
      expect(second.body.items.map((p) => p.propertyName)).toEqual(['Casa 3', 'Casa 2', 'Casa 1']);

      const searched = await call<ProjectListResponse>(t, 'GET', 'project?search=casa%201', {
        token: owner.token,
      });
      expect(searched.body.items.map((p) => p.propertyName)).toEqual([
        'Casa 14',
        'Casa 13',
        'Casa 12',
        'Casa 11',
        'Casa 10',
        'Casa 1',
      ]);
      // `%` is a literal character in the search, not a wildcard.
      const percent = await call<ProjectListResponse>(
        t,
        'GET',
        `project?search=${encodeURIComponent('0%')}`,
        {
          token: owner.token,
        },
      );
      expect(percent.body.items.map((p) => p.propertyName)).toEqual(['Ático 100% reformado']);
      const none = await call<ProjectListResponse>(t, 'GET', 'project?search=ajena', { token: owner.token });
      expect(none.body).toMatchObject({ items: [], total: 0 });
    });

    it('finds a project whatever the accents and case typed: "lluis" finds "Pis Lluís", "ATICO" finds "Ático"', async () => {
      const owner = await customer();
      await createProject(owner, 'Pis Lluís Companys');
      await createProject(owner, 'Ático Eixample');
      await createProject(owner, 'Col·legi vell');
      const names = async (search: string) =>
        (
          await call<ProjectListResponse>(t, 'GET', `project?search=${encodeURIComponent(search)}`, {
            token: owner.token,
          })
        ).body;
      expect((await names('lluis')).items.map((p) => p.propertyName)).toEqual(['Pis Lluís Companys']);
      expect(await names('LLUÍS')).toMatchObject({ total: 1 });
      expect((await names('ATICO')).items.map((p) => p.propertyName)).toEqual(['Ático Eixample']);
      expect((await names('atíco eíxample')).items.map((p) => p.propertyName)).toEqual(['Ático Eixample']);
      expect((await names('col·legi')).items.map((p) => p.propertyName)).toEqual(['Col·legi vell']);
      expect((await names('collegi')).items.map((p) => p.propertyName)).toEqual(['Col·legi vell']);
      expect(await names('lluiz')).toMatchObject({ items: [], total: 0 });
    });

    it('deletes a project with its rows and files; another user’s or a made-up id is not found', async () => {
      const owner = await customer();
      const intruder = await customer();
      const project = await createProject(owner, 'Para borrar');
      expect((await upload(owner, project.id, [{ bytes: await roomJpeg(900, 600) }])).status).toBe(201);
      expect(await storedFiles(project.id)).toHaveLength(3);

      for (const [who, id] of [
        [intruder, project.id],
        [owner, '00000000-0000-4000-8000-000000000000'],
        [owner, 'not-a-uuid'],
      ] as const) {
        const answer = await call(t, 'DELETE', `project/${id}`, { token: who.token });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(await imageRows(project.id)).toBe(1);

      expect((await call(t, 'DELETE', `project/${project.id}`, { token: owner.token })).status).toBe(204);
      expect(await imageRows(project.id)).toBe(0);
      expect(await storedFiles(project.id)).toEqual([]);
      const list = await call<ProjectListResponse>(t, 'GET', 'project', { token: owner.token });
      expect(list.body.items).toEqual([]);
      expect((await call(t, 'DELETE', `project/${project.id}`, { token: owner.token })).status).toBe(404);
    });
  });

  describe('uploads', () => {
    it('stores an upright copy without GPS or other metadata, with a preview and a thumbnail', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Fotos del móvil');
      const phone = await phoneJpeg(2400, 1800);
      expect((await sharp(phone).metadata()).exif?.includes(GPS_TAG)).toBe(true);

      const answer = await upload(owner, project.id, [{ bytes: phone, name: 'IMG_0001.JPG' }]);
      expect(answer.status).toBe(201);
      const [image] = answer.body.images;
      expect(image).toMatchObject({ projectId: project.id, width: 1800, height: 2400 });

      const [row] = (await db.query(`SELECT * FROM project_images WHERE id = $1`, [image.id])) as Record<
        string,
        unknown
      >[];
      expect(row).toMatchObject({
        user_id: owner.userId,
        original_key: `projects/${project.id}/images/${image.id}/original.jpg`,
        preview_key: `projects/${project.id}/images/${image.id}/preview.jpg`,
        thumbnail_key: `projects/${project.id}/images/${image.id}/thumb.jpg`,
      });
      expect((await storedFiles(project.id)).sort()).toEqual(
        [
          `images/${image.id}/original.jpg`,
          `images/${image.id}/preview.jpg`,
          `images/${image.id}/thumb.jpg`,
        ].sort(),
      );
      for (const [file, width, height] of [
        ['original.jpg', 1800, 2400],
        ['preview.jpg', 1200, 1600],
        ['thumb.jpg', 300, 400],
      ] as const) {
        const stored = await sharp(
          join(t.config.STORAGE_DIR, 'projects', project.id, 'images', image.id, file),
        ).metadata();
        expect(stored).toMatchObject({ format: 'jpeg', width, height });
        expect(stored.exif).toBeUndefined();
        expect(stored.xmp).toBeUndefined();
        expect(stored.icc).toBeUndefined();
        expect(stored.orientation).toBeUndefined();
      }

      // The card now shows one photo and its cover.
      const list = await call<ProjectListResponse>(t, 'GET', 'project', { token: owner.token });
      expect(list.body.items[0]).toMatchObject({
        imagesUploaded: 1,
        coverUrl: expect.stringMatching(/^\/data\/media\//),
      });

      const preview = await fetchMedia(image.previewUrl);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/jpeg');
      expect(preview.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(1200);
    });

    it('accepts PNG and WebP, several in one request', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Formatos');
      const room = await roomJpeg(1000, 700);
      const answer = await upload(owner, project.id, [
        { bytes: await sharp(room).png().toBuffer(), name: 'salon.png', type: 'image/png' },
        { bytes: await sharp(room).webp().toBuffer(), name: 'cocina.webp', type: 'image/webp' },
      ]);
      expect(answer.status).toBe(201);
      expect(answer.body.images).toHaveLength(2);
      expect(await storedFiles(project.id)).toHaveLength(6);
    });

    it('refuses a file over 2 MB by even one byte, and a much bigger one, as too large', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Grandes');
      const room = await roomJpeg(1200, 900);
      const justOver = Buffer.concat([room, Buffer.alloc(LIMITS.maxImageBytes + 1 - room.length)]);
      expect(justOver.length).toBe(LIMITS.maxImageBytes + 1);
      await expectRefused(owner, project.id, [{ bytes: justOver }], 'IMAGE_TOO_LARGE', 413);
      // Exactly 2 MB is still accepted (a real JPEG followed by padding that decoders ignore).
      const exactly = Buffer.concat([room, Buffer.alloc(LIMITS.maxImageBytes - room.length)]);
      expect((await upload(owner, project.id, [{ bytes: exactly }])).status).toBe(201);
      const threeMegabytes = Buffer.concat([room, Buffer.alloc(3 * 1024 * 1024 - room.length)]);
      await expectRefused(
        owner,
        project.id,
        [{ bytes: await roomJpeg(400, 300) }, { bytes: threeMegabytes }],
        'IMAGE_TOO_LARGE',
        413,
      );
    });

    it('refuses a sixth photo, a request of six, and two parallel requests that together pass five', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Cinco fotos');
      const rooms = await Promise.all([600, 640, 680, 720, 760, 800].map((w) => roomJpeg(w, 500)));
      await expectRefused(
        owner,
        project.id,
        rooms.map((bytes) => ({ bytes })),
        'TOO_MANY_PHOTOS',
        409,
      );
      expect(
        (
          await upload(
            owner,
            project.id,
            rooms.slice(0, 5).map((bytes) => ({ bytes })),
          )
        ).status,
      ).toBe(201);
      await expectRefused(owner, project.id, [{ bytes: rooms[5] }], 'TOO_MANY_PHOTOS', 409);
      expect(await imageRows(project.id)).toBe(5);

      const race = await createProject(owner, 'Carrera');
      const answers = await Promise.all([
        upload(
          owner,
          race.id,
          rooms.slice(0, 3).map((bytes) => ({ bytes })),
        ),
        upload(
          owner,
          race.id,
          rooms.slice(3, 6).map((bytes) => ({ bytes })),
        ),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await imageRows(race.id)).toBe(3);
      expect(await storedFiles(race.id)).toHaveLength(9);
    });

    it('refuses an HTML page named .jpg, a truncated JPEG and a pixel bomb', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Ficheros raros');
      const html = Buffer.from('<!doctype html><html><body><script>alert("hola")</script></body></html>');
      await expectRefused(
        owner,
        project.id,
        [{ bytes: html, name: 'salon.jpg', type: 'image/jpeg' }],
        'IMAGE_NOT_VALID',
        422,
      );
      const room = await roomJpeg(1600, 1200);
      await expectRefused(
        owner,
        project.id,
        [{ bytes: room.subarray(0, Math.floor(room.length / 2)) }],
        'IMAGE_NOT_VALID',
        422,
      );
      await expectRefused(
        owner,
        project.id,
        [{ bytes: pngBombHeader(100_000, 100_000), name: 'bomb.png', type: 'image/png' }],
        'IMAGE_TOO_MANY_PIXELS',
        422,
      );
      await expectRefused(owner, project.id, [], 'NO_IMAGE_SELECTED', 400);
    });

    it('refuses a photo with a person, and the whole request it came in', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Con gente');
      const people = await peopleJpeg(1000);
      await expectRefused(owner, project.id, [{ bytes: people }], 'IMAGE_HAS_PERSON', 422);
      await expectRefused(owner, project.id, [{ bytes: await onePersonJpeg(700) }], 'IMAGE_HAS_PERSON', 422);
      // Files are checked before anything is stored, so the good photo in the same request goes too.
      await expectRefused(
        owner,
        project.id,
        [{ bytes: await roomJpeg(900, 600) }, { bytes: people }],
        'IMAGE_HAS_PERSON',
      );
      expect(await imageRows(project.id)).toBe(0);
      expect((await upload(owner, project.id, [{ bytes: await roomJpeg(900, 600) }])).status).toBe(201);
    });

    it('answers NOT_FOUND for another user’s project and images', async () => {
      const owner = await customer();
      const intruder = await customer();
      const project = await createProject(owner, 'Privado');
      const mine = (await upload(owner, project.id, [{ bytes: await roomJpeg(700, 500) }])).body.images[0];
      const elsewhere = await createProject(owner, 'Otro');
      await expectRefused(intruder, project.id, [{ bytes: await roomJpeg(700, 500) }], 'NOT_FOUND', 404);

      const images = t.app.get(ProjectImages);
      await expect(images.findOwned(owner.userId, project.id, [mine.id])).resolves.toHaveLength(1);
      await expect(images.findOwned(intruder.userId, project.id, [mine.id])).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(images.findOwned(owner.userId, elsewhere.id, [mine.id])).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(
        images.findOwned(owner.userId, project.id, [mine.id, '00000000-0000-4000-8000-000000000000']),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(images.findOwned(owner.userId, project.id, ['nope'])).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });
  });

  describe('media links', () => {
    it('serve a stored file until they expire, and never when tampered with', async () => {
      const owner = await customer();
      const project = await createProject(owner, 'Enlaces');
      const image = (await upload(owner, project.id, [{ bytes: await roomJpeg(700, 500) }])).body.images[0];
      const urls = t.app.get(MediaUrls);
      const key = `projects/${project.id}/images/${image.id}/thumb.jpg`;

      const fresh = await fetchMedia(urls.sign(key, 60));
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('content-type')).toBe('image/jpeg');
      const maxAge = Number(/max-age=(\d+)/.exec(fresh.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(60 + 300);

      const expired = urls.sign(key, 60, Date.now() - 2 * 3600_000);
      expect((await fetchMedia(expired)).status).toBe(404);

      const token = urls.sign(key).slice('/data/media/'.length);
      const [payload, mac] = token.split('.');
      const otherKey = Buffer.from(
        Buffer.from(payload, 'base64url').toString().replace('thumb.jpg', 'original.jpg'),
      ).toString('base64url');
      const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
      for (const bad of [`${otherKey}.${mac}`, `${payload}.${flipped}`, payload, `${token}.x`, 'garbage']) {
        const answer = await fetchMedia(`/data/media/${bad}`);
        expect(answer.status).toBe(404);
        expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      // A download link carries its file name, sealed: it cannot be renamed, and inline links have none.
      expect(fresh.headers.get('content-disposition')).toBeNull();
      const named = await fetchMedia(
        urls.signDownload(key, { ascii: 'Atic_salon.jpg', utf8: 'Àtic_salón.jpg' }, 60),
      );
      expect(named.headers.get('content-disposition')).toBe(
        `attachment; filename="Atic_salon.jpg"; filename*=UTF-8''%C3%80tic_sal%C3%B3n.jpg`,
      );
      await named.arrayBuffer();
      const [namedPayload, namedMac] = urls
        .signDownload(key, { ascii: 'a.jpg', utf8: 'a.jpg' })
        .slice('/data/media/'.length)
        .split('.');
      const renamed = Buffer.from(
        Buffer.from(namedPayload!, 'base64url').toString().replace('a.jpg', 'b.exe'),
      ).toString('base64url');
      expect((await fetchMedia(`/data/media/${renamed}.${namedMac}`)).status).toBe(404);
      // A valid link to a file that is gone is not found either.
      await call(t, 'DELETE', `project/${project.id}`, { token: owner.token });
      expect((await fetchMedia(urls.sign(key))).status).toBe(404);
    });
  });
});
