import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  LIMITS,
  VISITOR_HEADER,
  type FreeTry,
  type FreeTryDownload,
  type InspirationExample,
  type PurchaseFreeTryResponse,
} from '@estancia/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  RELAXED_LIMITS,
  call,
  latestMail,
  uniqueEmail,
  type SentMail,
  sleep,
  waitFor,
} from '../../../test/fixtures';
import { signIn, startTestApp, type TestApp } from '../../../test/harness';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { REDIS } from '../../infra/redis/redis.module';
import { Storage } from '../../infra/storage/storage.port';
import { EngineRouter } from '../decorations/engine/engine-router.service';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';
import { FreeTryAllowance } from './free-try-allowance.service';
import { FreeTryExpiry } from './free-try-expiry.service';

type Answer<T> = T & { code?: string; fields?: Record<string, string> };

const PER_VISITOR = 5;
const REDECORATIONS = 3;
describe('free try', () => {
  let t: TestApp;
  let db: DataSource;
  let photo: Buffer;
  let visitors = 0;
  const newVisitor = () => `visitor-${process.pid}-${Date.now()}-${++visitors}`;

  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PERSON_DETECTOR: 'off',
      FREE_TRY_PER_IP: '100000',
      FREE_TRY_PER_VISITOR: String(PER_VISITOR),
      FREE_TRY_REDECORATIONS: String(REDECORATIONS),
    });
    db = t.app.get(DataSource);
    photo = await roomJpeg(640, 480);
  });
  afterAll(() => t.close());

  /** POST free-try as the web sends it: multipart with the photo, the choice and the visitor header. */
  const start = async (
    options: { visitor?: string | null; file?: Buffer | null; roomType?: string; style?: string } = {},
  ) => {
    const form = new FormData();
    const file = options.file === undefined ? photo : options.file;
    if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'room.jpg');
    form.append('roomType', options.roomType ?? 'livingroom');
    form.append('style', options.style ?? 'scandinavian');
    const visitor = options.visitor === undefined ? newVisitor() : options.visitor;
    const res = await fetch(`${t.url}/data/free-try`, {
      method: 'POST',
      headers: visitor ? { [VISITOR_HEADER]: visitor } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Answer<FreeTry> };
  };
  const started = async (options: Parameters<typeof start>[0] = {}) => {
    const answer = await start(options);
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const post = <T>(
    path: string,
    body?: unknown,
    options: { token?: string; headers?: Record<string, string> } = {},
  ) => call<Answer<T>>(t, 'POST', `free-try/${path}`, { body, ...options });
  const fetchBytes = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const row = async (id: string) =>
    ((await db.query(`SELECT * FROM free_tries WHERE id = $1`, [id])) as Record<string, unknown>[])[0];
  const storedFiles = async (id: string): Promise<string[]> =>
    readdir(join(t.config.STORAGE_DIR, 'free-tries', id), { recursive: true }).then(
      (names) =>
        names
          .map(String)
          .filter((name) => name.endsWith('.jpg'))
          .sort(),
      () => [],
    );
  const allFolders = async () =>
    readdir(join(t.config.STORAGE_DIR, 'free-tries')).catch(() => [] as string[]);
  const tryCount = async () =>
    ((await db.query(`SELECT count(*)::int AS n FROM free_tries`)) as { n: number }[])[0]!.n;
  const pixels = (jpeg: Buffer) => sharp(jpeg).greyscale().raw().toBuffer();
  const codeOf = (mail: SentMail | undefined) => mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';

  /** A try whose e-mail code was sent to `email`; answers the code from the outbox. */
  const codeFor = async (id: string, email: string, language = 'es') => {
    const sent = await post(`${id}/email`, { email }, { headers: { 'accept-language': language } });
    expect(sent.status).toBe(204);
    return codeOf(await latestMail(t, email, 'freeDownload'));
  };

  it('decorates a photo: a watermarked preview that differs from the clean full-size result', async () => {
    const before = Date.now();
    const freeTry = await started({ roomType: 'bedroom', style: 'coastal' });
    expect(freeTry).toMatchObject({ roomType: 'bedroom', style: 'coastal' });
    expect(freeTry.previewUrl).toMatch(/^\/data\/media\//);
    const expiresIn = Date.parse(freeTry.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan((LIMITS.freeTryExpiryMinutes - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(LIMITS.freeTryExpiryMinutes * 60_000 + 5000);

    const stored = await row(freeTry.id);
    expect(stored).toMatchObject({ state: 'ready', version: 1, width: 640, height: 480 });
    const hd = await t.app.get(Storage).get(stored!.result_key as string);
    const preview = await fetchBytes(freeTry.previewUrl);
    const original = await fetchBytes(freeTry.originalUrl);
    expect(await sharp(hd).metadata()).toMatchObject({ width: 640, height: 480 });
    expect(await sharp(preview).metadata()).toMatchObject({ width: 640, height: 480 });
    const [hdPixels, previewPixels, originalPixels] = await Promise.all([hd, preview, original].map(pixels));
    // The mark sits in the lower right corner of the preview only; the result is decorated.
    const corner = (p: Buffer) => p.subarray(400 * 640);
    expect(corner(previewPixels!).equals(corner(hdPixels!))).toBe(false);
    expect(hdPixels!.equals(originalPixels!)).toBe(false);
    expect(await storedFiles(freeTry.id)).toEqual([
      'before.jpg',
      'original.jpg',
      'v1/preview.jpg',
      'v1/result.jpg',
    ]);

    // The expiry job of this version waits in the queue.
    const connection = new Redis(t.config.REDIS_URL);
    const queue = new Queue('free-try.expire', { connection, prefix: t.config.REDIS_PREFIX });
    try {
      const job = await queue.getJob(`${freeTry.id}-v1`);
      expect(await job?.getState()).toBe('delayed');
    } finally {
      await queue.close();
      await connection.quit();
    }
  });

  it('redecorates in place: a new result replaces the old one and the 15 minutes start again', async () => {
    const first = await started();
    await sleep(1100);
    const again = await post<FreeTry>(`${first.id}/redecorate`, { style: 'industrial' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, roomType: 'livingroom', style: 'industrial' });
    expect(again.body.previewUrl).not.toBe(first.previewUrl);
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    expect(await row(first.id)).toMatchObject({ version: 2, style: 'industrial', renders: 2 });
    // The first result's files are gone; the photo stays for further redecorations.
    expect(await storedFiles(first.id)).toEqual([
      'before.jpg',
      'original.jpg',
      'v2/preview.jpg',
      'v2/result.jpg',
    ]);

    const room = await post<FreeTry>(`${first.id}/redecorate`, { roomType: 'office' });
    expect(room.body).toMatchObject({ roomType: 'office', style: 'industrial' });
  });

  it('keeps only the newest result when two redecorations run at once', async () => {
    const freeTry = await started();
    const answers = await Promise.all([
      post<FreeTry>(`${freeTry.id}/redecorate`, { style: 'classic' }),
      post<FreeTry>(`${freeTry.id}/redecorate`, { style: 'rustic' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = await row(freeTry.id);
    expect(stored).toMatchObject({ version: 3, renders: 3 });
    expect(await storedFiles(freeTry.id)).toEqual([
      'before.jpg',
      'original.jpg',
      'v3/preview.jpg',
      'v3/result.jpg',
    ]);
  });

  it('caps redecorations of one try, without counting them against the visitor', async () => {
    const visitor = newVisitor();
    const freeTry = await started({ visitor });
    for (let i = 0; i < REDECORATIONS; i++)
      expect((await post(`${freeTry.id}/redecorate`, {})).status).toBe(200);
    expect(await post(`${freeTry.id}/redecorate`, {})).toMatchObject({
      status: 429,
      body: { code: 'FREE_TRY_LIMIT' },
    });
    expect((await start({ visitor })).status).toBe(201);
  });

  it('refuses bad requests with clear codes and leaves nothing behind', async () => {
    const rows = await tryCount();
    const folders = (await allFolders()).length;
    expect(await start({ file: null })).toMatchObject({ status: 400, body: { code: 'NO_IMAGE_SELECTED' } });
    expect(await start({ file: Buffer.from('not an image at all') })).toMatchObject({
      status: 422,
      body: { code: 'IMAGE_NOT_VALID' },
    });
    expect(await start({ file: Buffer.alloc(LIMITS.maxImageBytes + 10, 1) })).toMatchObject({
      status: 413,
      body: { code: 'IMAGE_TOO_LARGE' },
    });
    expect(await start({ style: 'tribal' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { style: 'invalid' } },
    });
    expect(await start({ roomType: 'castle' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { roomType: 'invalid' } },
    });
    const freeTry = await started();
    expect((await post(`${freeTry.id}/redecorate`, { style: 'nope' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { style: 'invalid' },
    });
    expect((await post(`${freeTry.id}/email`, { email: 'not-an-email' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'email' },
    });
    expect((await post(`${freeTry.id}/email/verify`, { email: 'a@b.es', code: '12ab' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: 'invalid' },
    });
    expect(await tryCount()).toBe(rows + 1);
    expect((await allFolders()).length).toBe(folders + 1);
  });

  it('leaves no row and no files when the render fails, and gives the attempt back', async () => {
    const engine = t.app.get(EngineRouter).engine('builtin')!;
    const rows = await tryCount();
    const folders = (await allFolders()).length;
    const visitor = newVisitor();
    const failing = jest.spyOn(engine, 'render').mockRejectedValue(new Error('engine down'));
    try {
      for (let i = 0; i < PER_VISITOR + 1; i++)
        expect(await start({ visitor })).toMatchObject({ status: 502, body: { code: 'GENERATION_ERROR' } });
    } finally {
      failing.mockRestore();
    }
    expect(await tryCount()).toBe(rows);
    expect((await allFolders()).length).toBe(folders);
    // Six failures did not use up the five tries of this browser.
    expect((await start({ visitor })).status).toBe(201);
  });

  it('answers NOT_FOUND for an unknown try on every call', async () => {
    const { token } = await signIn(t);
    for (const id of ['0b8f6c2e-3f4a-4e5b-9c1d-2a3b4c5d6e7f', 'not-a-uuid']) {
      expect((await post(`${id}/redecorate`, {})).body.code).toBe('NOT_FOUND');
      expect((await post(`${id}/email`, { email: uniqueEmail() })).body.code).toBe('NOT_FOUND');
      expect((await post(`${id}/email/verify`, { email: uniqueEmail(), code: '123456' })).body.code).toBe(
        'NOT_FOUND',
      );
      expect(await post(`${id}/claim`, undefined, { token })).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
      expect((await post(`${id}/purchase`, undefined, { token })).body.code).toBe('NOT_FOUND');
    }
  });

  it('deletes the files and the row 15 minutes after the images were made (the sweep)', async () => {
    const freeTry = await started();
    const expiry = t.app.get(FreeTryExpiry);
    await expiry.sweep();
    expect(await row(freeTry.id)).toBeDefined();
    expect(await storedFiles(freeTry.id)).toHaveLength(4);

    expect(
      await expiry.sweep(new Date(Date.now() + (LIMITS.freeTryExpiryMinutes + 1) * 60_000)),
    ).toBeGreaterThan(0);
    expect(await row(freeTry.id)).toBeUndefined();
    expect(await storedFiles(freeTry.id)).toEqual([]);
    // A deleted try is told apart from one that never existed.
    expect(await post(`${freeTry.id}/redecorate`, {})).toMatchObject({
      status: 410,
      body: { code: 'FREE_TRY_EXPIRED' },
    });
    expect((await post(`${freeTry.id}/email`, { email: uniqueEmail() })).body.code).toBe('FREE_TRY_EXPIRED');
  });

  it('deletes a try whose time is up through its expiry job, and not before', async () => {
    const freeTry = await started();
    const email = uniqueEmail('expiry');
    await codeFor(freeTry.id, email);
    const jobs = t.app.get(JobQueue);
    // Not due yet: the job leaves it (a redecoration moved the expiry, say).
    await jobs.addAndWait('free-try.expire', { freeTryId: freeTry.id }, {}, 10000);
    expect(await row(freeTry.id)).toBeDefined();
    expect(await storedFiles(freeTry.id)).toHaveLength(4);

    await db.query(`UPDATE free_tries SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      freeTry.id,
    ]);
    expect(await post(`${freeTry.id}/redecorate`, {})).toMatchObject({
      status: 410,
      body: { code: 'FREE_TRY_EXPIRED' },
    });
    await jobs.add('free-try.expire', { freeTryId: freeTry.id });
    await waitFor('the expired try to be deleted', async () => !(await row(freeTry.id)));
    expect(await storedFiles(freeTry.id)).toEqual([]);
    const codes = (await db.query(
      `SELECT count(*)::int AS n FROM free_download_codes WHERE free_try_id = $1`,
      [freeTry.id],
    )) as { n: number }[];
    expect(codes[0]!.n).toBe(0);
  });

  it('lets one browser start exactly its allowance of tries out of 50 parallel requests', async () => {
    const visitor = newVisitor();
    const answers = await Promise.all(Array.from({ length: 50 }, () => start({ visitor })));
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(PER_VISITOR);
    expect(answers.filter((a) => a.status === 429 && a.body.code === 'FREE_TRY_LIMIT')).toHaveLength(
      50 - PER_VISITOR,
    );
    const ids = accepted.map((a) => a.body.id);
    const stored = (await db.query(`SELECT count(*)::int AS n FROM free_tries WHERE id = ANY($1::uuid[])`, [
      ids,
    ])) as { n: number }[];
    expect(stored[0]!.n).toBe(PER_VISITOR);
    // Another browser on the same network still has its own.
    expect((await start()).status).toBe(201);
  });

  it('counts per network address and per browser together, in Redis', async () => {
    const config = { ...t.config, FREE_TRY_PER_IP: 3, FREE_TRY_PER_VISITOR: 2 };
    const allowance = new FreeTryAllowance(t.app.get(REDIS), config);
    const ip = `198.51.100.${Date.now() % 200}`;
    const taken = await allowance.reserve(ip, 'browser-one');
    await allowance.reserve(ip, 'browser-one');
    // The browser's limit refuses without eating the address's allowance.
    await expect(allowance.reserve(ip, 'browser-one')).rejects.toMatchObject({ code: 'FREE_TRY_LIMIT' });
    await allowance.reserve(ip, null);
    await expect(allowance.reserve(ip, 'browser-two')).rejects.toMatchObject({ code: 'FREE_TRY_LIMIT' });
    // A failed attempt given back frees one place again.
    await allowance.release(taken);
    await allowance.reserve(ip, 'browser-one');
  });

  it('answers HIGH_DEMAND while the free-demand flag is on', async () => {
    const freeTry = await started();
    await db.query(`UPDATE platform_flags SET is_high_demand_free = true`);
    try {
      expect(await start()).toMatchObject({ status: 503, body: { code: 'HIGH_DEMAND' } });
      expect((await post(`${freeTry.id}/redecorate`, {})).body.code).toBe('HIGH_DEMAND');
    } finally {
      await db.query(`UPDATE platform_flags SET is_high_demand_free = false`);
    }
    expect((await start()).status).toBe(201);
  });

  it('gives one clean HD download per e-mail through the e-mailed code', async () => {
    const freeTry = await started();
    const email = uniqueEmail('visitor');
    const code = await codeFor(freeTry.id, email, 'ca-ES,ca;q=0.9');
    expect(code).toMatch(/^\d{6}$/);
    const mail = await latestMail(t, email, 'freeDownload');
    expect(mail?.subject).toContain('codi');

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post(`${freeTry.id}/email/verify`, { email, code: wrong })).toMatchObject({
      status: 400,
      body: { code: 'VERIFICATION_CODE_INVALID' },
    });
    // Two verifies racing with the right code (the address typed differently): one download.
    const answers = await Promise.all([
      post<FreeTryDownload>(`${freeTry.id}/email/verify`, { email, code }),
      post<FreeTryDownload>(`${freeTry.id}/email/verify`, { email: email.toUpperCase(), code }),
    ]);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)).toMatchObject({
      status: 409,
      body: { code: 'FREE_DOWNLOAD_USED' },
    });
    const hd = await fetchBytes(won[0]!.body.downloadUrl);
    // Saved under the product, room and style in the visitor's language (the verify asked for none: Spanish).
    const saved = await fetch(`${t.url}${won[0]!.body.downloadUrl}`);
    expect(saved.headers.get('content-disposition')).toBe(
      `attachment; filename="Estancia_salon_escandinavo.jpg"; filename*=UTF-8''Estancia_sal%C3%B3n_escandinavo.jpg`,
    );
    await saved.arrayBuffer();
    const stored = await row(freeTry.id);
    expect(hd.equals(await t.app.get(Storage).get(stored!.result_key as string))).toBe(true);
    expect(await sharp(hd).metadata()).toMatchObject({ width: 640, height: 480 });

    // Later, another try with the same e-mail: refused at once, no code sent.
    const later = await started();
    expect(await post(`${later.id}/email`, { email })).toMatchObject({
      status: 409,
      body: { code: 'FREE_DOWNLOAD_USED' },
    });
  });

  it('gives one download when codes of two tries for the same e-mail are verified at once', async () => {
    const [a, b] = await Promise.all([started(), started()]);
    const email = uniqueEmail('twice');
    const codeA = await codeFor(a.id, email);
    const codeB = await codeFor(b.id, email);
    const answers = await Promise.all([
      post(`${a.id}/email/verify`, { email, code: codeA }),
      post(`${b.id}/email/verify`, { email, code: codeB }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
  });

  it('burns a code after five wrong tries', async () => {
    const freeTry = await started();
    const email = uniqueEmail('guess');
    const code = await codeFor(freeTry.id, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < LIMITS.verificationCodeMaxAttempts; i++)
      expect((await post(`${freeTry.id}/email/verify`, { email, code: wrong })).body.code).toBe(
        'VERIFICATION_CODE_INVALID',
      );
    expect((await post(`${freeTry.id}/email/verify`, { email, code: wrong })).body.code).toBe(
      'VERIFICATION_CODE_BURNED',
    );
    expect((await post(`${freeTry.id}/email/verify`, { email, code })).body.code).toBe(
      'VERIFICATION_CODE_BURNED',
    );
  });

  describe('the pending download after registering', () => {
    it('gives a fresh account with an unused e-mail its download and records it', async () => {
      const freeTry = await started();
      const user = await signIn(t);
      expect(await post(`${freeTry.id}/claim`)).toMatchObject({ status: 401 });
      const claimed = await post<FreeTryDownload>(`${freeTry.id}/claim`, undefined, { token: user.token });
      expect(claimed.status).toBe(200);
      expect((await fetchBytes(claimed.body.downloadUrl)).length).toBeGreaterThan(0);
      const recorded = (await db.query(`SELECT via FROM free_downloads WHERE user_id = $1`, [
        user.userId,
      ])) as {
        via: string;
      }[];
      expect(recorded).toEqual([{ via: 'account' }]);
      expect(await post(`${freeTry.id}/claim`, undefined, { token: user.token })).toMatchObject({
        status: 409,
        body: { code: 'FREE_DOWNLOAD_USED' },
      });
    });

    it('refuses an account whose e-mail already had its free download', async () => {
      const first = await started();
      const user = await signIn(t);
      const code = await codeFor(first.id, user.email);
      expect((await post(`${first.id}/email/verify`, { email: user.email, code })).status).toBe(200);
      const second = await started();
      expect(await post(`${second.id}/claim`, undefined, { token: user.token })).toMatchObject({
        status: 409,
        body: { code: 'FREE_DOWNLOAD_USED' },
      });
    });

    it('refuses an account older than an hour', async () => {
      const freeTry = await started();
      const user = await signIn(t);
      await db.query(`UPDATE users SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        user.userId,
        LIMITS.freeDownloadWindowMinutes + 1,
      ]);
      expect(await post(`${freeTry.id}/claim`, undefined, { token: user.token })).toMatchObject({
        status: 403,
        body: { code: 'FREE_DOWNLOAD_EXPIRED' },
      });
      const recorded = (await db.query(`SELECT 1 FROM free_downloads WHERE user_id = $1`, [
        user.userId,
      ])) as [];
      expect(recorded).toHaveLength(0);
    });
  });

  it('sells the HD download for one credit, charged once per try', async () => {
    const freeTry = await started();
    const user = await signIn(t);
    const wallet = t.app.get(WalletService);
    await wallet.grant(user.userId, 2, 'admin_adjustment', `test:free-try:${user.userId}`);
    const balance = await wallet.balance(user.userId);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        post<PurchaseFreeTryResponse>(`${freeTry.id}/purchase`, undefined, { token: user.token }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.balance).toBe(balance - 1);
    }
    expect((await fetchBytes(answers[0]!.body.downloadUrl)).length).toBeGreaterThan(0);
    expect(await wallet.balance(user.userId)).toBe(balance - 1);

    const broke = await signIn(t);
    await wallet.spend(
      broke.userId,
      await wallet.balance(broke.userId),
      'decoration',
      `test:empty:${broke.userId}`,
    );
    expect(await post(`${freeTry.id}/purchase`, undefined, { token: broke.token })).toMatchObject({
      status: 402,
      body: { code: 'INSUFFICIENT_CREDITS' },
    });
  });

  it('shows before/after inspiration made by our engine from our own rooms, with cacheable links', async () => {
    const res = await fetch(`${t.url}/data/free-try/inspiration`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
    const examples = (await res.json()) as InspirationExample[];
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const [first] = examples;
    const [before, after] = await Promise.all([fetchBytes(first!.beforeUrl), fetchBytes(first!.afterUrl)]);
    expect(await sharp(after).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(before.equals(after)).toBe(false);
    // Drawn once: the same links again, without drawing anew.
    const again = await call<InspirationExample[]>(t, 'GET', 'free-try/inspiration');
    expect(again.body).toEqual(examples);
  });
});
