import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ClientToServerEvents,
  Decoration,
  DecorationProgressEvent,
  DecorationVersion,
  OrderDecorationsResponse,
  ProjectDetail,
  ProjectListResponse,
  ServerToClientEvents,
} from '@estancia/contracts';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, projectWithPhotos, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { Storage } from '../../infra/storage/storage.port';
import { WalletService } from '../wallet/wallet.service';
import { DecorationRenderer } from './decoration-renderer.service';
import { EngineRouter } from './engine/engine-router.service';
import type { StagingEngine } from './engine/staging-engine.port';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Everything the server pushed to one user's socket, in arrival order. */
interface Feed {
  client: Client;
  progress: DecorationProgressEvent[];
  confirms: string[];
  retryConfirms: string[];
}

/** Entries of a zip, from its end-of-central-directory record (the archive stores, no comment). */
function zipEntries(zip: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'estancia-zip-'));
  const file = join(dir, 'download.zip');
  writeFileSync(file, zip);
  const listing = execFileSync('unzip', ['-Z1', file]).toString().trim();
  return listing ? listing.split('\n') : [];
}

describe('decorations', () => {
  let t: TestApp;
  let db: DataSource;
  let config: AppConfig;
  let engine: StagingEngine;
  let alice: SignedIn;
  let bob: SignedIn;
  const clients: Client[] = [];

  const setBalance = async (user: SignedIn, credits: number) => {
    const wallet = t.app.get(WalletService);
    const balance = await wallet.balance(user.userId);
    const key = `test:${user.userId}:${Date.now()}:${Math.random()}`;
    if (balance > credits) await wallet.spend(user.userId, balance - credits, 'admin_adjustment', key);
    if (balance < credits) await wallet.grant(user.userId, credits - balance, 'admin_adjustment', key);
  };
  const balance = (user: SignedIn) => t.app.get(WalletService).balance(user.userId);

  const newProject = (user: SignedIn, photos = 1) => projectWithPhotos(t, user, photos);

  const order = (user: SignedIn, projectId: string, items: object[]) =>
    call<OrderDecorationsResponse & { code?: string }>(t, 'POST', `project/${projectId}/decorations`, {
      token: user.token,
      body: { items },
    });
  const automatic = (imageId: string) => ({
    imageId,
    roomType: 'bedroom',
    style: 'modern',
    type: 'automatic',
  });

  const detail = async (user: SignedIn, projectId: string) =>
    (await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: user.token })).body;
  const decorationRow = async (id: string) =>
    (
      (await db.query(`SELECT * FROM decorations WHERE id = $1`, [id])) as {
        state: string;
        current_version_id: string;
        failure: string | null;
        credits: number;
      }[]
    )[0];
  const readyDecoration = (user: SignedIn, projectId: string, id: string) =>
    waitFor(`decoration ${id} ready`, async () => {
      const found = (await detail(user, projectId)).decorations.find((d) => d.id === id);
      return found?.state === 'ready' && found.stage === 'ready' ? found : undefined;
    });
  const ledger = async (key: string) =>
    (await db.query(`SELECT delta FROM ledger_entries WHERE idempotency_key = $1`, [key])) as {
      delta: number;
    }[];
  const decorationFiles = (projectId: string, decorationId: string): string[] => {
    try {
      return readdirSync(join(config.STORAGE_DIR, 'projects', projectId, 'decorations', decorationId)).sort();
    } catch {
      return [];
    }
  };

  const listen = async (user: SignedIn): Promise<Feed> => {
    const client: Client = io(`${t.url}/hub`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    await new Promise((resolve) => client.emit('AddGroup', user.userId, resolve));
    const feed: Feed = { client, progress: [], confirms: [], retryConfirms: [] };
    client.on('DecorationProgress', (e) => feed.progress.push(e));
    client.on('SendProjectDecorationConfirm', (id) => feed.confirms.push(id));
    client.on('SendProjectDecorationRetryConfirm', (id) => feed.retryConfirms.push(id));
    return feed;
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    config = t.app.get<AppConfig>(APP_CONFIG);
    engine = t.app.get(EngineRouter).engine('builtin')!;
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => t.close());

  it('with too few credits creates nothing and leaves the balance as it was', async () => {
    const project = await newProject(alice, 2);
    await setBalance(alice, 5);
    const res = await order(alice, project.id, [
      { ...automatic(project.imageIds[0]), type: 'supervised' },
      automatic(project.imageIds[1]),
    ]);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('INSUFFICIENT_CREDITS');
    expect(await balance(alice)).toBe(5);
    expect(await db.query(`SELECT id FROM decorations WHERE project_id = $1`, [project.id])).toEqual([]);
    const summary = await detail(alice, project.id);
    expect(summary).toMatchObject({ totalImages: 0, credits: 0, decorations: [] });
    expect(summary.images.map((i) => i.id).sort()).toEqual([...project.imageIds].sort());
  });

  it('takes one decoration per image per order', async () => {
    const project = await newProject(alice, 1);
    await setBalance(alice, 5);
    const twice = await order(alice, project.id, [
      automatic(project.imageIds[0]),
      automatic(project.imageIds[0]),
    ]);
    expect(twice).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(await balance(alice)).toBe(5);
  });

  it('renders an order through the queue and the engine to ready, live, with one confirmation each', async () => {
    const feed = await listen(alice);
    const project = await newProject(alice, 2);
    await setBalance(alice, 10);
    const res = await order(alice, project.id, project.imageIds.map(automatic));
    expect(res.status).toBe(201);
    expect(res.body.balance).toBe(8);
    expect(res.body.decorations).toHaveLength(2);
    // The worker may already have started: the answer shows wherever the render is.
    expect(res.body.decorations[0]).toMatchObject({ state: 'pending', credits: 1 });

    const confirms = () => feed.confirms.filter((id) => id === project.id);
    await waitFor('two confirmations', async () => confirms().length >= 2);
    await sleep(300);
    expect(confirms()).toEqual([project.id, project.id]);
    for (const decoration of res.body.decorations) {
      const stages = feed.progress.filter((e) => e.decorationId === decoration.id);
      const order = ['queued', 'analysing', 'rendering', 'saving', 'ready'];
      const seen = stages.map((e) => e.stage).filter((s, i, all) => all[i - 1] !== s);
      expect(seen).toEqual(order);
      const percents = stages.map((e) => e.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.at(-1)).toBe(100);
      expect(stages.every((e) => e.projectId === project.id)).toBe(true);
    }
    const after = await detail(alice, project.id);
    expect(after).toMatchObject({
      status: 2,
      imagesCompleted: 2,
      totalImages: 2,
      credits: 2,
      newImagesAvailable: true,
    });
    const ready = after.decorations[0];
    expect(ready).toMatchObject({ state: 'ready', percent: 100, failure: null });
    const result = await fetch(`${t.url}${ready.resultUrl}`);
    expect(result.status).toBe(200);
    expect(await sharp(Buffer.from(await result.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    const thumb = await sharp(
      Buffer.from(await (await fetch(`${t.url}${ready.thumbnailUrl}`)).arrayBuffer()),
    ).metadata();
    expect(thumb.width).toBe(400);
  });

  it('a job that runs twice charges once, stores one result, counts once and confirms once', async () => {
    const feed = await listen(alice);
    const project = await newProject(alice, 1);
    await setBalance(alice, 3);
    const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
    const decoration = res.body.decorations[0];
    const { current_version_id: versionId } = await decorationRow(decoration.id);
    // A second worker (the retry of a killed one) runs the same version while the queue's run goes on.
    const renderer = t.app.get(DecorationRenderer);
    await Promise.all([
      renderer.render({ decorationId: decoration.id, versionId }),
      renderer.render({ decorationId: decoration.id, versionId }),
    ]);
    await readyDecoration(alice, project.id, decoration.id);
    // And once more through the queue under another job id, after it finished.
    await t.app
      .get(JobQueue)
      .add('decoration.render', { decorationId: decoration.id, versionId }, { jobId: `again-${versionId}` });
    await renderer.render({ decorationId: decoration.id, versionId });
    await sleep(1500);

    expect(await ledger(`order:${decoration.id}`)).toEqual([{ delta: -1 }]);
    expect(await balance(alice)).toBe(2);
    expect(decorationFiles(project.id, decoration.id)).toEqual([
      `${versionId}-added.png`,
      `${versionId}-thumb.jpg`,
      `${versionId}.jpg`,
    ]);
    expect(await detail(alice, project.id)).toMatchObject({ imagesCompleted: 1, totalImages: 1, status: 2 });
    // Filtered by project: a render of an earlier test may still report on the same user's socket.
    expect(feed.confirms.filter((id) => id === project.id)).toEqual([project.id]);
    expect(feed.progress.filter((e) => e.stage === 'ready' && e.decorationId === decoration.id)).toHaveLength(
      1,
    );
  });

  it('a run that dies after storing its files is finished by the retry, once', async () => {
    const feed = await listen(alice);
    const renderer = t.app.get(DecorationRenderer);
    const finish = (renderer as unknown as { finish: (...args: unknown[]) => Promise<boolean> }).finish;
    // The first run stops between writing the result and recording it, as a killed worker would.
    jest
      .spyOn(renderer as unknown as { finish: () => Promise<boolean> }, 'finish')
      .mockRejectedValueOnce(new Error('worker killed'))
      .mockImplementation(function (this: unknown, ...args: unknown[]) {
        return finish.apply(renderer, args);
      });
    const project = await newProject(alice, 1);
    await setBalance(alice, 1);
    const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
    const decoration = res.body.decorations[0];
    await readyDecoration(alice, project.id, decoration.id);
    const { current_version_id: versionId } = await decorationRow(decoration.id);
    await sleep(300);

    expect(await ledger(`order:${decoration.id}`)).toEqual([{ delta: -1 }]);
    expect(await balance(alice)).toBe(0);
    expect(decorationFiles(project.id, decoration.id)).toEqual([
      `${versionId}-added.png`,
      `${versionId}-thumb.jpg`,
      `${versionId}.jpg`,
    ]);
    expect(await detail(alice, project.id)).toMatchObject({ imagesCompleted: 1, totalImages: 1, status: 2 });
    expect(feed.confirms.filter((id) => id === project.id)).toEqual([project.id]);
  });

  it('a render that keeps failing is marked failed and refunded exactly once', async () => {
    const feed = await listen(alice);
    const render = jest.spyOn(engine, 'render').mockRejectedValue(new Error('the AI provider is down'));
    const project = await newProject(alice, 1);
    await setBalance(alice, 4);
    const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
    const decoration = res.body.decorations[0];
    expect(await balance(alice)).toBe(3);
    await waitFor('the failure', async () => (await decorationRow(decoration.id)).state === 'failed', 30000);
    expect(render).toHaveBeenCalledTimes(3);
    const { current_version_id: versionId } = await decorationRow(decoration.id);
    await t.app.get(DecorationRenderer).render({ decorationId: decoration.id, versionId });

    expect(await ledger(`refund:order:${decoration.id}`)).toEqual([{ delta: 1 }]);
    expect(await balance(alice)).toBe(4);
    const found = (await detail(alice, project.id)).decorations[0];
    expect(found).toMatchObject({
      state: 'failed',
      stage: 'failed',
      failure: 'GENERATION_ERROR',
      credits: 0,
    });
    await waitFor('the confirmation', async () => feed.confirms.includes(project.id));
    expect(feed.confirms.filter((id) => id === project.id)).toHaveLength(1);
    expect(feed.progress.filter((e) => e.stage === 'failed' && e.projectId === project.id)).toEqual([
      { decorationId: decoration.id, projectId: project.id, stage: 'failed', percent: 100 },
    ]);
    expect(await detail(alice, project.id)).toMatchObject({ totalImages: 0, credits: 0 });
  });

  it('a render over its time limit fails with the timeout error and is refunded', async () => {
    const limit = config.RENDER_TIMEOUT_SECONDS;
    config.RENDER_TIMEOUT_SECONDS = 1;
    try {
      jest
        .spyOn(engine, 'render')
        .mockImplementation(
          (_request, options) =>
            new Promise((_, reject) =>
              options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
            ),
        );
      const project = await newProject(alice, 1);
      await setBalance(alice, 1);
      const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
      const id = res.body.decorations[0].id;
      await waitFor('the timeout', async () => (await decorationRow(id)).state === 'failed');
      expect(await decorationRow(id)).toMatchObject({ failure: 'GENERATION_TIMEOUT' });
      expect(await balance(alice)).toBe(1);
    } finally {
      config.RENDER_TIMEOUT_SECONDS = limit;
    }
  });

  it('a project deleted while its render runs leaves no files behind', async () => {
    const project = await newProject(alice, 1);
    await setBalance(alice, 1);
    const render = engine.render.bind(engine);
    // The owner deletes the project while the engine works; the render then still stores its result.
    jest.spyOn(engine, 'render').mockImplementationOnce(async (request, options) => {
      const deleted = await call(t, 'DELETE', `project/${project.id}`, { token: alice.token });
      expect(deleted.status).toBeLessThan(300);
      return render(request, options);
    });
    const storage = t.app.get(Storage);
    const put = storage.put.bind(storage);
    let thumbnailWritten = false;
    jest.spyOn(storage, 'put').mockImplementation(async (key, body) => {
      await put(key, body);
      // The thumbnail is the last file a render writes.
      if (key.startsWith(`projects/${project.id}/decorations/`) && key.endsWith('-thumb.jpg'))
        thumbnailWritten = true;
    });
    const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
    expect(res.status).toBe(201);
    await waitFor('the result and thumbnail written', async () => thumbnailWritten);
    const folder = join(config.STORAGE_DIR, 'projects', project.id);
    await waitFor('the project folder removed', async () => !existsSync(folder), 5000);
    await sleep(300);
    expect(existsSync(folder)).toBe(false);
    expect(await db.query(`SELECT id FROM decorations WHERE project_id = $1`, [project.id])).toEqual([]);
  });

  it('reading the project marks its new images as seen, so the card’s badge clears', async () => {
    const project = await newProject(alice, 1);
    await setBalance(alice, 1);
    const flag = async () =>
      (
        (await db.query(`SELECT new_images_available FROM projects WHERE id = $1`, [project.id])) as {
          new_images_available: boolean;
        }[]
      )[0].new_images_available;
    const res = await order(alice, project.id, [automatic(project.imageIds[0])]);
    const id = res.body.decorations[0].id;
    await waitFor('the result', async () => (await decorationRow(id)).state === 'ready');
    expect(await flag()).toBe(true);
    const [{ property_name: name }] = (await db.query(`SELECT property_name FROM projects WHERE id = $1`, [
      project.id,
    ])) as { property_name: string }[];
    const card = async () =>
      (
        await call<ProjectListResponse>(t, 'GET', `project?search=${encodeURIComponent(name)}`, {
          token: alice.token,
        })
      ).body.items.find((p) => p.id === project.id);
    expect(await card()).toMatchObject({ newImagesAvailable: true });

    // Another user's read changes nothing; the owner's read answers the news once and clears it.
    expect((await call(t, 'GET', `project/${project.id}`, { token: bob.token })).status).toBe(404);
    expect(await flag()).toBe(true);
    expect((await detail(alice, project.id)).newImagesAvailable).toBe(true);
    expect(await flag()).toBe(false);
    expect((await detail(alice, project.id)).newImagesAvailable).toBe(false);
    expect(await card()).toMatchObject({ newImagesAvailable: false });
  });

  describe('redo, versions, downloads', () => {
    let project: { id: string; imageIds: string[] };
    let decoration: Decoration;
    let versions: DecorationVersion[];

    beforeAll(async () => {
      project = await newProject(alice, 2);
      await setBalance(alice, 20);
      const res = await order(alice, project.id, project.imageIds.map(automatic));
      decoration = res.body.decorations[0];
      await readyDecoration(alice, project.id, decoration.id);
      await readyDecoration(alice, project.id, res.body.decorations[1].id);
    });

    it('redo renders a new version with a new seed; the sixth drops the oldest with its files', async () => {
      const feed = await listen(alice);
      const first = await decorationRow(decoration.id);
      for (let i = 0; i < 5; i++) {
        const redo = await call<Decoration>(t, 'POST', `decoration/${decoration.id}/redo`, {
          token: alice.token,
          body: i === 0 ? { style: 'classic' } : {},
        });
        expect(redo.status).toBe(201);
        expect(redo.body.stage).toBe('queued');
        await waitFor('the retry confirmation', async () => feed.retryConfirms.length === i + 1);
      }
      expect(await balance(alice)).toBe(20 - 2 - 5);
      const res = await call<DecorationVersion[]>(t, 'GET', `decoration/${decoration.id}/versions`, {
        token: alice.token,
      });
      versions = res.body;
      expect(versions.map((v) => v.number)).toEqual([6, 5, 4, 3, 2]);
      expect(versions[0].style).toBe('classic');
      expect(versions.every((v) => v.resultUrl)).toBe(true);
      const seeds = (await db.query(
        `SELECT DISTINCT seed FROM decoration_versions WHERE decoration_id = $1`,
        [decoration.id],
      )) as unknown[];
      expect(seeds).toHaveLength(5);
      expect(decorationFiles(project.id, decoration.id)).not.toContain(`${first.current_version_id}.jpg`);
      // Five versions, each with its result, thumbnail and the mask of the furniture the engine added.
      expect(decorationFiles(project.id, decoration.id)).toHaveLength(15);
      // Redos do not count the image again.
      expect(await detail(alice, project.id)).toMatchObject({
        imagesCompleted: 2,
        totalImages: 2,
        status: 2,
      });
    });

    it('restore makes an older ready version the current one', async () => {
      const older = versions.find((v) => v.number === 3) as DecorationVersion;
      const res = await call<Decoration>(
        t,
        'POST',
        `decoration/${decoration.id}/versions/${older.id}/restore`,
        {
          token: alice.token,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.style).toBe('classic');
      expect((await decorationRow(decoration.id)).current_version_id).toBe(older.id);
      const missing = await call(t, 'POST', `decoration/${decoration.id}/versions/${bob.userId}/restore`, {
        token: alice.token,
      });
      expect(missing.status).toBe(404);
    });

    it('downloads one image and zips (selected or all), watermarked without a plan, clean on PRO', async () => {
      const { current_version_id: current } = await decorationRow(decoration.id);
      const stored = readFileSync(
        join(config.STORAGE_DIR, 'projects', project.id, 'decorations', decoration.id, `${current}.jpg`),
      );

      const one = await fetch(`${t.url}/data/decoration/${decoration.id}/download`, {
        headers: alice.headers,
      });
      expect(one.status).toBe(200);
      expect(one.headers.get('content-type')).toBe('image/jpeg');
      // Named from the property, room and style in the customer's language (Spanish here), ASCII and UTF-8.
      expect(one.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Atic-Gracia-(\d+)_dormitorio_clasico_1\.jpg"; filename\*=UTF-8''%C3%80tic-Gr%C3%A0cia-\1_dormitorio_cl%C3%A1sico_1\.jpg$/,
      );
      const inCatalan = await fetch(`${t.url}/data/decoration/${decoration.id}/download?lang=ca`, {
        headers: alice.headers,
      });
      expect(inCatalan.headers.get('content-disposition')).toMatch(
        /filename="Atic-Gracia-\d+_dormitori_classic_1\.jpg"/,
      );
      await inCatalan.arrayBuffer();
      const marked = Buffer.from(await one.arrayBuffer());
      expect(await differsInCorner(marked, stored)).toBeGreaterThan(4);

      const all = await fetch(`${t.url}/data/project/${project.id}/download`, { headers: alice.headers });
      expect(all.status).toBe(200);
      expect(all.headers.get('content-type')).toBe('application/zip');
      expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="Atic-Gracia-\d+\.zip"/);
      const entries = zipEntries(Buffer.from(await all.arrayBuffer()));
      expect(entries).toHaveLength(2);
      // The same names as one by one: each result numbered among the project's of its room and style.
      expect(entries.map((e) => e.replace(/^.*_(dormitorio_\p{L}+_\d+\.jpg)$/u, '$1')).sort()).toEqual([
        'dormitorio_clásico_1.jpg',
        'dormitorio_moderno_1.jpg',
      ]);
      const some = await fetch(`${t.url}/data/project/${project.id}/download?ids=${decoration.id}`, {
        headers: alice.headers,
      });
      expect(zipEntries(Buffer.from(await some.arrayBuffer()))).toHaveLength(1);

      await db.query(
        `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
         VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '30 days', false)`,
        [alice.userId],
      );
      const clean = await fetch(`${t.url}/data/decoration/${decoration.id}/download`, {
        headers: alice.headers,
      });
      expect(Buffer.from(await clean.arrayBuffer()).equals(stored)).toBe(true);
    });

    it('refuses a zip when nothing is ready', async () => {
      const empty = await newProject(alice, 1);
      const res = await call(t, 'GET', `project/${empty.id}/download`, { token: alice.token });
      expect(res).toMatchObject({ status: 409, body: { code: 'DOWNLOAD_NOT_POSSIBLE' } });
    });

    it('answers another user’s project, image and decoration ids as not found', async () => {
      const own = await newProject(bob, 1);
      await setBalance(bob, 10);
      const expectNotFound = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
        const res = await call(t, method, path, { token: bob.token, body });
        expect({ path, status: res.status, code: (res.body as { code?: string })?.code }).toEqual({
          path,
          status: 404,
          code: 'NOT_FOUND',
        });
      };
      await expectNotFound('GET', `project/${project.id}`);
      await expectNotFound('GET', `project/not-a-uuid`);
      await expectNotFound('POST', `project/${project.id}/decorations`, {
        items: [automatic(project.imageIds[0])],
      });
      await expectNotFound('POST', `project/${own.id}/decorations`, {
        items: [automatic(project.imageIds[0])],
      });
      await expectNotFound('POST', `decoration/${decoration.id}/redo`, {});
      await expectNotFound('GET', `decoration/${decoration.id}/versions`);
      await expectNotFound('POST', `decoration/${decoration.id}/versions/${versions[0].id}/restore`);
      await expectNotFound('GET', `decoration/${decoration.id}/download`);
      await expectNotFound('GET', `project/${project.id}/download`);
      await expectNotFound('GET', `project/${own.id}/download?ids=${decoration.id}`);
      expect(await balance(bob)).toBe(10);
    });
  });

  it('answers HIGH_DEMAND to automatic orders while the flag is on; supervised ones wait for review', async () => {
    const project = await newProject(alice, 2);
    await setBalance(alice, 10);
    await db.query(`UPDATE platform_flags SET is_high_demand_auto = true`);
    try {
      const refused = await order(alice, project.id, [automatic(project.imageIds[0])]);
      expect(refused).toMatchObject({ status: 503, body: { code: 'HIGH_DEMAND' } });
      expect(await balance(alice)).toBe(10);
      const supervised = await order(alice, project.id, [
        { ...automatic(project.imageIds[1]), type: 'supervised' },
      ]);
      expect(supervised.status).toBe(201);
      const id = supervised.body.decorations[0].id;
      const drafted = await waitFor('the AI draft', async () => {
        const found = (await detail(alice, project.id)).decorations.find((d) => d.id === id);
        return found?.awaitingReview ? found : undefined;
      });
      expect(drafted).toMatchObject({ state: 'pending', credits: 5, resultUrl: null });
      expect(await balance(alice)).toBe(5);
      expect(await detail(alice, project.id)).toMatchObject({
        imagesCompleted: 0,
        totalImages: 1,
        status: 1,
      });
    } finally {
      await db.query(`UPDATE platform_flags SET is_high_demand_auto = false`);
    }
  });
});

/** Mean absolute difference (0–255) of the lower-right corner's pixels, where the mark sits. */
async function differsInCorner(a: Buffer, b: Buffer): Promise<number> {
  const corner = async (image: Buffer) => {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const w = Math.floor(width * 0.3);
    const h = Math.floor(height * 0.15);
    return sharp(image)
      .extract({ left: width - w, top: height - h, width: w, height: h })
      .raw()
      .toBuffer();
  };
  const [x, y] = await Promise.all([corner(a), corner(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}
