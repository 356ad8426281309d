import type {
  EngineCapabilities,
  EngineSettings,
  EngineStats,
  EngineTestResult,
  OrderDecorationsResponse,
  ProjectDetail,
} from '@estancia/contracts';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { DataSource as DataSourceToken } from 'typeorm';
import { call, projectWithPhotos, RELAXED_LIMITS, waitFor } from '../../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../../test/harness';
import { LoopbackServer } from '../../../../test/loopback-server';
import { Storage } from '../../../infra/storage/storage.port';
import { WalletService } from '../../wallet/wallet.service';
import { CONFIGURED_ENGINES } from './engine-router.service';
import type { StagingEngine } from './staging-engine.port';

/**
 * How the loopback engine (our own HTTP protocol, ENGINE_URL) answers each POST /render:
 * 'fail' a 500, 'shift' the photo moved 6% to the right (walls and windows move), 'same' the photo back
 * with a warm grade (structure kept).
 */
type Answer = 'fail' | 'shift' | 'same';

/** Our HTTP protocol on loopback, answering from a script of answers (the last one repeats). */
class ScriptedEngine {
  private readonly server = new LoopbackServer();
  script: Answer[] = ['same'];
  calls = 0;
  /** The style-lock reference each request carried (base64), or null. */
  references: (string | null)[] = [];
  /** While set, every answer waits for it. */
  hold: Promise<void> | null = null;

  constructor() {
    this.server.handler = async (_req, body, res) => {
      if (this.hold) await this.hold;
      const answer = this.script[Math.min(this.calls, this.script.length - 1)]!;
      this.calls++;
      if (answer === 'fail') return res.writeHead(500).end('GPU on fire');
      const { image, width, reference } = JSON.parse(body.toString()) as {
        image: string;
        width: number;
        reference?: string;
      };
      this.references.push(reference ?? null);
      const photo = sharp(Buffer.from(image, 'base64'));
      const shift = Math.round(width * 0.06);
      const out =
        answer === 'shift'
          ? photo.extend({ left: shift, background: '#d9d0c1' }).extract({
              left: 0,
              top: 0,
              width,
              height: 480,
            })
          : photo.modulate({ brightness: 1.05, saturation: 1.1 });
      void out
        .jpeg()
        .toBuffer()
        .then((jpeg) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
    };
  }

  start(): Promise<string> {
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

describe('engine control: routes per use, fallbacks, the structure guard and the style lock', () => {
  const engine = new ScriptedEngine();
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  let decorator: SignedIn;
  let customer: SignedIn;

  const newProject = (photos: number) => projectWithPhotos(t, customer, photos);
  const order = (projectId: string, items: object[]) =>
    call<OrderDecorationsResponse & { code?: string }>(t, 'POST', `project/${projectId}/decorations`, {
      token: customer.token,
      body: { items },
    });
  const automatic = (imageId: string, style = 'modern') => ({
    imageId,
    roomType: 'bedroom',
    style,
    type: 'automatic',
  });
  const ready = (projectId: string, id: string) =>
    waitFor(`decoration ${id} ready`, async () => {
      const detail = (await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: customer.token }))
        .body;
      const found = detail.decorations.find((d) => d.id === id);
      return found?.state === 'ready' ? found : undefined;
    });
  const setRoute = (use: string, body: object, user = admin) =>
    call<EngineSettings & { code?: string }>(t, 'PUT', `admin/engines/routes/${use}`, {
      token: user.token,
      body,
    });

  beforeAll(async () => {
    const url = await engine.start();
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PERSON_DETECTOR: 'off',
      ENGINE_URL: url,
      ENGINE_RETRIES: '0',
      // One engine call at a time across the workers: a render waits for the slot of the one before.
      ENGINE_CONCURRENCY: '1',
    });
    db = t.app.get(DataSourceToken);
    [admin, decorator, customer] = await Promise.all([signIn(t, 'admin'), signIn(t, 'decorator'), signIn(t)]);
    await t.app
      .get(WalletService)
      .grant(customer.userId, 100, 'admin_adjustment', `engines:${customer.userId}`);
  });
  beforeEach(() => {
    engine.calls = 0;
    engine.references = [];
  });
  afterAll(async () => {
    await t.close();
    await engine.stop();
  });

  it('shows admins the engines and the route of every use, never a secret, and only to admins', async () => {
    const settings = await call<EngineSettings>(t, 'GET', 'admin/engines', { token: admin.token });
    expect(settings.status).toBe(200);
    expect(settings.body.routes.map((r) => [r.use, r.engine, r.updatedAt])).toEqual([
      ['free_try', 'http', null],
      ['automatic', 'http', null],
      ['supervised_draft', 'http', null],
      ['editor_ai', 'http', null],
    ]);
    const byName = Object.fromEntries(settings.body.engines.map((e) => [e.name, e]));
    expect(byName.builtin).toMatchObject({ configured: true, demo: true });
    expect(byName.http).toMatchObject({ configured: true, demo: false });
    expect(byName.openai).toMatchObject({ configured: false, defaultModel: 'gpt-image-1' });
    expect(JSON.stringify(settings.body)).not.toContain(t.config.JWT_SECRET);

    for (const user of [decorator, customer]) {
      expect((await call(t, 'GET', 'admin/engines', { token: user.token })).status).toBe(403);
      expect(
        (await setRoute('automatic', { engine: 'builtin', model: null, fallbacks: [] }, user)).status,
      ).toBe(403);
    }
  });

  it('refuses an engine this server has no configuration for, and a use that does not exist', async () => {
    const refused = await setRoute('automatic', { engine: 'openai', model: null, fallbacks: [] });
    expect(refused).toMatchObject({ status: 409, body: { code: 'ENGINE_NOT_CONFIGURED' } });
    const fallback = await setRoute('automatic', {
      engine: 'http',
      model: null,
      fallbacks: [{ engine: 'replicate', model: 'adirik/interior-design' }],
    });
    expect(fallback.body.code).toBe('ENGINE_NOT_CONFIGURED');
    expect((await setRoute('everything', { engine: 'builtin', model: null, fallbacks: [] })).status).toBe(
      400,
    );
    expect((await call(t, 'GET', 'admin/engines', { token: admin.token })).body).toMatchObject({
      changes: [],
    });
  });

  it('falls back in order when the chosen engine fails for good, applies a change to the next job and keeps its history', async () => {
    const saved = await setRoute('automatic', {
      engine: 'http',
      model: null,
      fallbacks: [{ engine: 'builtin', model: null }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changes[0]).toMatchObject({
      use: 'automatic',
      before: { engine: 'http', fallbacks: [] },
      after: { engine: 'http', fallbacks: [{ engine: 'builtin', model: null }] },
      changedBy: admin.email,
    });

    engine.script = ['fail'];
    const project = await newProject(1);
    const res = await order(project.id, [automatic(project.imageIds[0]!)]);
    expect(res.status).toBe(201);
    const decoration = await ready(project.id, res.body.decorations[0]!.id);
    expect(decoration.structureChanged).toBe(false);
    expect(engine.calls).toBe(1);
    const [version] = (await db.query(`SELECT engine FROM decoration_versions WHERE decoration_id = $1`, [
      decoration.id,
    ])) as { engine: string }[];
    expect(version!.engine).toBe('builtin');

    const stats = await call<EngineStats>(t, 'GET', 'admin/engines/stats?days=7', { token: admin.token });
    const http = stats.body.engines.find((e) => e.engine === 'http');
    const builtin = stats.body.engines.find((e) => e.engine === 'builtin');
    expect(http).toMatchObject({
      renders: 1,
      failures: 1,
      failuresByReason: { server_error: 1 },
      p50Ms: null,
    });
    expect(builtin).toMatchObject({ renders: 1, failures: 0, costPerDecorationCents: 0 });
    // One credit, valued at the packs' mean price per credit (a positive number of cents).
    expect(builtin!.revenuePerDecorationCents).toBeGreaterThan(100);
    expect(builtin!.p50Ms).toBeGreaterThan(0);
  });

  it('retries an automatic render whose structure changed once, at no cost, then delivers it flagged with a free redo', async () => {
    await setRoute('automatic', { engine: 'http', model: null, fallbacks: [] });
    engine.script = ['shift', 'same'];
    const first = await newProject(1);
    const kept = await order(first.id, [automatic(first.imageIds[0]!)]);
    const fixed = await ready(first.id, kept.body.decorations[0]!.id);
    expect(engine.calls).toBe(2);
    expect(fixed).toMatchObject({ structureChanged: false, freeRedo: false });

    engine.calls = 0;
    engine.script = ['shift'];
    const project = await newProject(1);
    const balance = async () => (await t.app.get(WalletService).balance(customer.userId)) as number;
    const before = await balance();
    const res = await order(project.id, [automatic(project.imageIds[0]!)]);
    const flagged = await ready(project.id, res.body.decorations[0]!.id);
    expect(engine.calls).toBe(2);
    expect(flagged).toMatchObject({ structureChanged: true, freeRedo: true });
    expect(await balance()).toBe(before - 1);
    const [version] = (await db.query(
      `SELECT structure_score, structure_changed FROM decoration_versions WHERE decoration_id = $1`,
      [flagged.id],
    )) as { structure_score: number; structure_changed: boolean }[];
    expect(version!.structure_changed).toBe(true);
    expect(version!.structure_score).toBeLessThan(1);

    // The free redo costs nothing, once.
    engine.script = ['same'];
    const redo = await call(t, 'POST', `decoration/${flagged.id}/redo`, { token: customer.token, body: {} });
    expect(redo.status).toBe(201);
    await waitFor('the free redo rendered', async () => {
      const [row] = (await db.query(
        `SELECT count(*)::int AS n FROM decoration_versions WHERE decoration_id = $1 AND state = 'ready'`,
        [flagged.id],
      )) as { n: number }[];
      return row!.n === 2;
    });
    expect(await balance()).toBe(before - 1);
    const redone = await ready(project.id, flagged.id);
    expect(redone).toMatchObject({ structureChanged: false, freeRedo: false });
  });

  it('builds the next render’s request while the only engine slot is busy, and sends it once the slot is free', async () => {
    await setRoute('automatic', { engine: 'http', model: null, fallbacks: [] });
    engine.script = ['same'];
    const http = t.app.get<Map<string, StagingEngine>>(CONFIGURED_ENGINES).get('http')!;
    let prepared = 0;
    const prepare = http.prepare.bind(http);
    const spy = jest.spyOn(http, 'prepare').mockImplementation(async (request, options) => {
      const send = await prepare(request, options);
      prepared++;
      return send;
    });
    // The engine answers nothing until the second render is prepared, which it can only be outside the slot.
    let release!: () => void;
    engine.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const project = await newProject(2);
      const res = await order(
        project.id,
        project.imageIds.map((id) => automatic(id, 'classic')),
      );
      // Were a request built inside the slot, the second would wait for an answer that waits for it.
      await waitFor('both renders prepared', async () => prepared === 2);
      expect(engine.calls).toBe(0);
      release();
      for (const d of res.body.decorations) await ready(project.id, d.id);
      expect(engine.calls).toBe(2);
    } finally {
      release();
      engine.hold = null;
      spy.mockRestore();
    }
  });

  it('locks the style across a property: the same seed for every photo in one style, another style its own', async () => {
    engine.script = ['same'];
    const project = await newProject(3);
    const res = await order(project.id, [
      automatic(project.imageIds[0]!, 'scandinavian'),
      automatic(project.imageIds[1]!, 'scandinavian'),
      automatic(project.imageIds[2]!, 'classic'),
    ]);
    expect(res.status).toBe(201);
    const seeds = (await db.query(
      `SELECT v.seed FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
        WHERE d.project_id = $1 ORDER BY d.created_at, v.style`,
      [project.id],
    )) as { seed: number }[];
    const bySeed = new Set(seeds.map((s) => s.seed));
    expect(seeds).toHaveLength(3);
    expect(bySeed.size).toBe(2);
    for (const d of res.body.decorations) await ready(project.id, d.id);
  });

  it('sends the engine the property’s earlier result in the same style as the reference to match, until a redo breaks the lock', async () => {
    engine.script = ['same'];
    const project = await newProject(3);
    const first = await order(project.id, [automatic(project.imageIds[0]!, 'mediterranean')]);
    const firstDone = await ready(project.id, first.body.decorations[0]!.id);
    expect(engine.references).toEqual([null]);
    const [version] = (await db.query(
      `SELECT result_key FROM decoration_versions WHERE decoration_id = $1 AND state = 'ready'`,
      [firstDone.id],
    )) as { result_key: string }[];
    const stored = await t.app.get(Storage).get(version!.result_key);

    engine.references = [];
    const second = await order(project.id, [
      automatic(project.imageIds[1]!, 'mediterranean'),
      automatic(project.imageIds[2]!, 'classic'),
    ]);
    for (const d of second.body.decorations) await ready(project.id, d.id);
    expect(engine.references.filter((r) => r !== null)).toEqual([stored.toString('base64')]);
    expect(engine.references.filter((r) => r === null)).toHaveLength(1);

    // A redo in the same style asks for another result: a new seed, no reference.
    engine.references = [];
    const redone = second.body.decorations[0]!.id;
    expect(
      (await call(t, 'POST', `decoration/${redone}/redo`, { token: customer.token, body: {} })).status,
    ).toBe(201);
    await waitFor('the redo rendered', async () => engine.references.length === 1);
    expect(engine.references).toEqual([null]);
    await ready(project.id, redone);
  });

  it('offers emptying the room only with an engine that can, and refuses it otherwise', async () => {
    const capabilities = await call<EngineCapabilities>(t, 'GET', 'platform/engine', {
      token: customer.token,
    });
    expect(capabilities.body).toEqual({ emptiesRooms: false });
    const project = await newProject(1);
    const res = await order(project.id, [{ ...automatic(project.imageIds[0]!), emptyRoom: true }]);
    expect(res).toMatchObject({ status: 409, body: { code: 'EMPTY_ROOM_UNAVAILABLE' } });
  });

  it('renders the sample room with one engine for the test button and reports a failure plainly', async () => {
    const ok = await call<EngineTestResult>(t, 'POST', 'admin/engines/test', {
      token: admin.token,
      body: { engine: 'builtin', model: null },
    });
    expect(ok.body).toMatchObject({ engine: 'builtin', ok: true, reason: null });
    expect(ok.body.image).toMatch(/^data:image\/jpeg;base64,/);
    const rendered = await sharp(Buffer.from(ok.body.image!.split(',')[1]!, 'base64')).metadata();
    expect([rendered.width, rendered.height]).toEqual([1200, 800]);

    engine.script = ['fail'];
    const failed = await call<EngineTestResult>(t, 'POST', 'admin/engines/test', {
      token: admin.token,
      body: { engine: 'http', model: null },
    });
    expect(failed.body).toMatchObject({ engine: 'http', ok: false, image: null, reason: 'server_error' });
    const missing = await call(t, 'POST', 'admin/engines/test', {
      token: admin.token,
      body: { engine: 'comfyui', model: null },
    });
    expect(missing).toMatchObject({ status: 409, body: { code: 'ENGINE_NOT_CONFIGURED' } });
  });
});
