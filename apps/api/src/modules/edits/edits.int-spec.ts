import { randomUUID } from 'node:crypto';
import type {
  DecorationVersion,
  EditDocument,
  EditLayer,
  EditSession,
  OrderDecorationsResponse,
  ProjectDetail,
  RenderEditResponse,
  SaveEditRequest,
  UploadImagesResponse,
} from '@estancia/contracts';
import sharp, { type OutputInfo } from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { Realtime } from '../../infra/realtime/realtime.service';
import { Storage } from '../../infra/storage/storage.port';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';
import { KEPT_VERSIONS } from '../decorations/decorations.service';
import { EditRenderJob } from './edit-render.job';

const BLUE = 'paint-mediterranean-blue';
/** The back wall of the test room (x from 0.18, above the floor line at 0.62), window cut out. */
const wallLayer = (productId = BLUE): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: 'wall',
  productId,
  area: [
    { kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false },
    { kind: 'polygon', points: [0.54, 0.14, 0.81, 0.14, 0.81, 0.46, 0.54, 0.46], erase: true },
  ],
});
const floorLayer = (productId = 'floor-walnut-herringbone'): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: 'floor',
  productId,
  area: [{ kind: 'polygon', points: [0, 1, 0.18, 0.62, 1, 0.62, 1, 1], erase: false }],
});
const aiLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'ai',
  mode: 'decoration',
  seed: 42,
  area: [{ kind: 'polygon', points: [0.3, 0.5, 0.7, 0.5, 0.7, 0.9, 0.3, 0.9], erase: false }],
});
const maskedCorrection = (): EditLayer => ({
  id: randomUUID(),
  type: 'correction',
  area: [{ kind: 'mask', width: 2, height: 2, runs: [1, 1, 2], erase: false }],
});

describe('edits', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;

  const setBalance = async (user: SignedIn, credits: number) => {
    const wallet = t.app.get(WalletService);
    const balance = await wallet.balance(user.userId);
    const key = `test:${user.userId}:${randomUUID()}`;
    if (balance > credits) await wallet.spend(user.userId, balance - credits, 'admin_adjustment', key);
    if (balance < credits) await wallet.grant(user.userId, credits - balance, 'admin_adjustment', key);
  };

  /** A project with one photo and one decoration of it, rendered to its first result. */
  const decorated = async (user: SignedIn, type: 'automatic' | 'supervised' = 'automatic') => {
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName: `Pis Eixample ${randomUUID().slice(0, 6)}` },
    });
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
      'room.jpg',
    );
    const upload = await fetch(`${t.url}/data/project/${project.body.id}/images`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    const { images } = (await upload.json()) as UploadImagesResponse;
    await setBalance(user, 10);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${project.body.id}/decorations`,
      {
        token: user.token,
        body: { items: [{ imageId: images[0]!.id, roomType: 'livingroom', style: 'modern', type }] },
      },
    );
    expect(ordered.status).toBe(201);
    const id = ordered.body.decorations[0]!.id;
    await waitFor(`decoration ${id} rendered`, async () => {
      const [row] = (await db.query(
        `SELECT d.state, d.awaiting_review, v.state AS version FROM decorations d
           JOIN decoration_versions v ON v.id = d.current_version_id WHERE d.id = $1`,
        [id],
      )) as { state: string; awaiting_review: boolean; version: string }[];
      return row?.version === 'ready' && (row.state === 'ready' || row.awaiting_review);
    });
    return { id, projectId: project.body.id };
  };

  const session = (user: SignedIn, id: string) =>
    call<EditSession & { code?: string }>(t, 'GET', `decoration/${id}/edit`, { token: user.token });
  const save = (user: SignedIn, id: string, document: SaveEditRequest['document']) =>
    call<EditSession & { code?: string; fields?: Record<string, string> }>(
      t,
      'PUT',
      `decoration/${id}/edit`,
      {
        token: user.token,
        body: { document },
      },
    );
  const render = (user: SignedIn, id: string) =>
    call<RenderEditResponse & { code?: string }>(t, 'POST', `decoration/${id}/edit/render`, {
      token: user.token,
    });
  const document = (base: string, layers: EditLayer[], watermark = false): EditDocument => ({
    schemaVersion: 1,
    baseVersionId: base,
    layers,
    watermark,
  });
  const currentVersion = async (id: string) =>
    (
      (await db.query(`SELECT current_version_id FROM decorations WHERE id = $1`, [id])) as {
        current_version_id: string;
      }[]
    )[0]!.current_version_id;
  const image = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  };
  const colourAt = ({ data, info }: { data: Buffer; info: OutputInfo }, fx: number, fy: number) => {
    const i = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const subscribe = (user: SignedIn, plan: string) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
       VALUES ($1, $2, 'monthly', 'active', now() + interval '30 days', false)`,
      [user.userId, plan],
    );

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  it('opens a fresh session on the current result, saves the document and gives it back', async () => {
    const { id } = await decorated(alice);
    const fresh = await session(alice, id);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      decorationId: id,
      document: { schemaVersion: 1, baseVersionId: await currentVersion(id), layers: [], watermark: false },
      width: 640,
      height: 480,
      editsLeft: 3,
      updatedAt: null,
    });
    expect(fresh.body.lockedTools.sort()).toEqual([
      'ai_decoration',
      'lasso',
      'reform',
      'select',
      'watermark',
    ]);
    expect(fresh.body.tools.sort()).toEqual(['brush', 'eraser', 'floor', 'heal', 'wall']);
    expect((await image(fresh.body.baseImageUrl)).info).toMatchObject({ width: 640, height: 480 });
    expect((await image(fresh.body.originalImageUrl)).info).toMatchObject({ width: 640, height: 480 });

    const edited = document(fresh.body.document.baseVersionId, [
      wallLayer(),
      floorLayer(),
      {
        id: 'brush-1',
        type: 'correction',
        area: [{ kind: 'stroke', points: [0.2, 0.7, 0.3, 0.75], size: 0.03, hardness: 0.6, erase: false }],
      },
    ]);
    const saved = await save(alice, id, edited);
    expect(saved.status).toBe(200);
    expect(saved.body.document).toEqual(edited);
    expect(saved.body.updatedAt).not.toBeNull();
    const again = await session(alice, id);
    expect(again.body.document).toEqual(edited);
    expect(again.body.updatedAt).toBe(saved.body.updatedAt);
  });

  it('refuses a save over another tab’s with EDIT_SAVED_ELSEWHERE, and keeps that tab’s work', async () => {
    const { id } = await decorated(alice);
    const fresh = await session(alice, id);
    const base = fresh.body.document.baseVersionId;
    const put = (doc: EditDocument, basedOn?: string | null) =>
      call<EditSession & { code?: string }>(t, 'PUT', `decoration/${id}/edit`, {
        token: alice.token,
        body: { document: doc, ...(basedOn === undefined ? {} : { basedOn }) },
      });
    // Two tabs opened the fresh session (nothing saved: basedOn null); the first saves.
    const first = await put(document(base, [wallLayer()]), null);
    expect(first.status).toBe(200);
    const second = await put(document(base, [floorLayer()]), null);
    expect(second).toMatchObject({ status: 409, body: { code: 'EDIT_SAVED_ELSEWHERE' } });
    expect((await session(alice, id)).body.document).toEqual(first.body.document);
    // Based on the first tab's save, the second goes on; a stale basedOn is refused again.
    const after = await put(document(base, [floorLayer()]), first.body.updatedAt);
    expect(after.status).toBe(200);
    expect(after.body.updatedAt).not.toBe(first.body.updatedAt);
    expect((await put(document(base, [wallLayer()]), first.body.updatedAt)).status).toBe(409);
    // A client that says nothing overwrites, as before (integrators).
    expect((await put(document(base, [wallLayer('paint-sage-green')]))).status).toBe(200);
    // A document saved over an older result is not what a session shows: basedOn null saves over it.
    await db.query(`UPDATE edit_documents SET result_version_id = NULL WHERE decoration_id = $1`, [id]);
    expect((await session(alice, id)).body.updatedAt).toBeNull();
    expect((await put(document(base, [wallLayer()]), null)).status).toBe(200);
  });

  it('renders the saved document into a new current version showing the paint', async () => {
    const { id, projectId } = await decorated(alice);
    const toUser = jest.spyOn(t.app.get(Realtime), 'toUser');
    const before = await currentVersion(id);
    const opened = (await session(alice, id)).body;
    const base = await image(opened.baseImageUrl);
    // The editor previews paint under the furniture the built-in engine added, as the render lays it.
    expect((await image(opened.addedMaskUrl!)).info).toMatchObject({ width: 640, height: 480 });
    expect((await save(alice, id, document(before, [wallLayer(), floorLayer()]))).status).toBe(200);

    const res = await render(alice, id);
    expect(res.status).toBe(201);
    expect(res.body.versionId).not.toBe(before);
    expect(await currentVersion(id)).toBe(res.body.versionId);
    const [version] = (await db.query(`SELECT number, state, origin FROM decoration_versions WHERE id = $1`, [
      res.body.versionId,
    ])) as { number: number; state: string; origin: string }[];
    expect(version).toEqual({ number: 2, state: 'ready', origin: 'edit' });

    // A point high on the back wall: beige before, clearly the paint's blue after.
    const result = await image(res.body.resultUrl);
    expect(result.info).toMatchObject({ width: 640, height: 480 });
    const [r0, , b0] = colourAt(base, 0.35, 0.12);
    const [r1, , b1] = colourAt(result, 0.35, 0.12);
    expect(r0).toBeGreaterThan(b0!);
    expect(b1).toBeGreaterThan(r1! + 30);

    // The furniture the built-in engine added stands in front of the paint and the floor: every pixel of
    // its mask inside the painted areas is as it was (JPEG's re-encoding aside), and the new version
    // carries the mask on for the next edit.
    const [keys] = (await db.query(
      `SELECT (SELECT added_key FROM decoration_versions WHERE id = $1) AS base,
              (SELECT added_key FROM decoration_versions WHERE id = $2) AS next`,
      [before, res.body.versionId],
    )) as { base: string | null; next: string | null }[];
    expect(keys).toEqual({ base: expect.any(String), next: expect.any(String) });
    const added = await sharp(await t.app.get(Storage).get(keys!.base!))
      .greyscale()
      .raw()
      .toBuffer();
    let furniture = 0;
    let moved = 0;
    for (let p = 0; p < added.length; p++) {
      const [fx, fy] = [(p % 640) / 640, Math.floor(p / 640) / 480];
      // Well inside the furniture, away from its soft edge, and outside the wall's erased window.
      if (added[p]! < 250 || (fx > 0.54 && fx < 0.81 && fy > 0.14 && fy < 0.46)) continue;
      furniture++;
      const [a, b] = [colourAt(base, fx, fy), colourAt(result, fx, fy)];
      if (a.some((v, c) => Math.abs(v - b[c]!) > 24)) moved++;
    }
    expect(furniture).toBeGreaterThan(2000);
    expect(moved / furniture).toBeLessThan(0.01);

    const detail = await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: alice.token });
    expect(detail.body.decorations[0]).toMatchObject({ state: 'ready', resultUrl: expect.any(String) });
    const versions = await call<DecorationVersion[]>(t, 'GET', `decoration/${id}/versions`, {
      token: alice.token,
    });
    expect(versions.body.map((v) => v.id)).toEqual([res.body.versionId, before]);
    expect(toUser).toHaveBeenCalledWith(alice.userId, 'SendProjectDecorationRetryConfirm', projectId);

    // The document goes on over its base: the editor reopens it, one edit fewer left.
    const after = await session(alice, id);
    expect(after.body).toMatchObject({ document: { baseVersionId: before }, editsLeft: 2 });
  });

  it('answers NOT_FOUND for someone else’s decoration, an unknown one and a malformed id', async () => {
    const { id } = await decorated(alice);
    const base = await currentVersion(id);
    for (const target of [id, randomUUID(), 'not-a-uuid']) {
      expect((await session(bob, target)).body.code).toBe('NOT_FOUND');
      const saved = await save(bob, target, document(base, [wallLayer()]));
      expect(saved).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect(await render(bob, target)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('needs a ready decoration', async () => {
    const { id } = await decorated(alice);
    await db.query(`UPDATE decorations SET state = 'pending' WHERE id = $1`, [id]);
    expect((await session(alice, id)).body.code).toBe('DECORATION_NOT_READY');
    expect((await save(alice, id, document(await currentVersion(id), []))).body.code).toBe(
      'DECORATION_NOT_READY',
    );
    expect((await render(alice, id)).body.code).toBe('DECORATION_NOT_READY');
  });

  it('renders one edit at a time per decoration, and takes over one a crash left behind', async () => {
    const { id } = await decorated(alice);
    expect((await save(alice, id, document(await currentVersion(id), [wallLayer()]))).status).toBe(200);
    await db.query(
      `UPDATE edit_documents SET rendering_version_id = $2, rendering_since = now() WHERE decoration_id = $1`,
      [id, randomUUID()],
    );
    expect(await render(alice, id)).toMatchObject({ status: 409, body: { code: 'DECORATION_NOT_READY' } });
    await db.query(
      `UPDATE edit_documents SET rendering_since = now() - interval '1 hour' WHERE decoration_id = $1`,
      [id],
    );
    expect((await render(alice, id)).status).toBe(201);
    const [row] = (await db.query(
      `SELECT rendering_version_id FROM edit_documents WHERE decoration_id = $1`,
      [id],
    )) as { rendering_version_id: string | null }[];
    expect(row).toEqual({ rendering_version_id: null });
  });

  it('keeps the extra tools for plans with extra edit options', async () => {
    const carol = await signIn(t);
    const { id } = await decorated(carol);
    const base = await currentVersion(id);
    for (const layer of [aiLayer(), maskedCorrection()]) {
      const res = await save(carol, id, document(base, [layer]));
      expect(res).toMatchObject({ status: 403, body: { code: 'PLAN_REQUIRED' } });
    }
    expect((await save(carol, id, document(base, [], true))).body.code).toBe('PLAN_REQUIRED');

    await subscribe(carol, 'PRO');
    const pro = await session(carol, id);
    expect(pro.body).toMatchObject({ lockedTools: [], editsLeft: null });
    const saved = await save(carol, id, document(base, [maskedCorrection(), aiLayer()], true));
    expect(saved.status).toBe(200);
    const rendered = await render(carol, id);
    expect(rendered.status).toBe(201);
    expect((await image(rendered.body.resultUrl)).info.width).toBe(640);
  });

  it('keeps the version an edit is drawn over, however often that edit is rendered again', async () => {
    const dani = await signIn(t);
    await subscribe(dani, 'PRO');
    const { id } = await decorated(dani);
    const base = await currentVersion(id);
    expect((await save(dani, id, document(base, [], true))).status).toBe(200);
    // More renders than the versions kept: the oldest go, but never the edit's base.
    for (let i = 0; i < KEPT_VERSIONS + 1; i++) expect((await render(dani, id)).status).toBe(201);
    const versions = (await db.query(`SELECT id FROM decoration_versions WHERE decoration_id = $1`, [
      id,
    ])) as { id: string }[];
    expect(versions.map((v) => v.id)).toContain(base);
    expect(versions.length).toBeLessThanOrEqual(KEPT_VERSIONS + 1);
    expect((await session(dani, id)).body.document.baseVersionId).toBe(base);
  });

  it('refuses unknown products, products for another surface, foreign bases and broken masks', async () => {
    const { id } = await decorated(alice);
    const other = await decorated(bob);
    const base = await currentVersion(id);
    const unknown = await save(alice, id, document(base, [wallLayer('paint-does-not-exist')]));
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { 'document.layers.0.productId': 'invalid' } },
    });
    const wrongSurface = await save(alice, id, document(base, [wallLayer(), floorLayer(BLUE)]));
    expect(wrongSurface.body.fields).toEqual({ 'document.layers.1.productId': 'invalid' });
    const foreignBase = await save(alice, id, document(await currentVersion(other.id), [wallLayer()]));
    expect(foreignBase.body.fields).toEqual({ 'document.baseVersionId': 'invalid' });
    await subscribe(alice, 'PRO');
    const broken = maskedCorrection();
    if (broken.area[0]!.kind === 'mask') broken.area[0]!.runs = [1, 1];
    const mask = await save(alice, id, document(base, [broken]));
    expect(mask.body.fields).toEqual({ 'document.layers.0.area.0.runs': 'invalid' });
    const malformed = await save(alice, id, { ...document(base, []), schemaVersion: 2 } as never);
    expect(malformed.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'document.schemaVersion': 'invalid' },
    });
    // Nothing was saved: rendering has no document.
    expect((await render(alice, id)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { document: 'required' },
    });
  });

  it('stops at the edit limit without unlimited editing', async () => {
    const dan = await signIn(t);
    const { id } = await decorated(dan);
    const base = await currentVersion(id);
    expect((await save(dan, id, document(base, [wallLayer()]))).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await render(dan, id)).status).toBe(201);
    expect((await session(dan, id)).body.editsLeft).toBe(0);
    const over = await render(dan, id);
    expect(over).toMatchObject({ status: 403, body: { code: 'LIMIT_REACHED' } });
    // Four versions: the order's and three edits.
    const [{ count }] = (await db.query(
      `SELECT count(*)::int FROM decoration_versions WHERE decoration_id = $1`,
      [id],
    )) as { count: number }[];
    expect(count).toBe(4);
  });

  it('runs the same decoration.edit job twice and writes one version', async () => {
    const { id } = await decorated(alice);
    const base = await currentVersion(id);
    const toUser = jest.spyOn(t.app.get(Realtime), 'toUser');
    expect((await save(alice, id, document(base, [wallLayer()]))).status).toBe(200);
    const versionId = randomUUID();
    const data = { decorationId: id, versionId, reviewId: null, staffId: null };
    const job = t.app.get(EditRenderJob);
    const [first, second] = await Promise.all([job.render(data), job.render(data)]);
    const third = await job.render(data);
    expect(first).toEqual(second);
    expect(third).toEqual(first);
    const rows = (await db.query(
      `SELECT id FROM decoration_versions WHERE decoration_id = $1 AND origin = 'edit'`,
      [id],
    )) as { id: string }[];
    expect(rows).toEqual([{ id: versionId }]);
    const [{ rendered_edits }] = (await db.query(
      `SELECT rendered_edits FROM edit_documents WHERE decoration_id = $1`,
      [id],
    )) as { rendered_edits: number }[];
    expect(rendered_edits).toBe(1);
    expect(
      toUser.mock.calls.filter(([, event]) => event === 'SendProjectDecorationRetryConfirm'),
    ).toHaveLength(1);
  });

  describe('staff on a review', () => {
    let decoration: { id: string; projectId: string };
    let reviewId: string;
    let customer: SignedIn;
    let holder: SignedIn;
    let other: SignedIn;
    const staffCall = <T>(user: SignedIn, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
      call<T & { code?: string }>(t, method, `admin/reviews/${reviewId}/edit${path}`, {
        token: user.token,
        body,
      });

    beforeAll(async () => {
      customer = await signIn(t);
      decoration = await decorated(customer, 'supervised');
      holder = await signIn(t, 'decorator');
      other = await signIn(t, 'decorator');
      const [review] = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1`, [
        decoration.id,
      ])) as {
        id: string;
      }[];
      reviewId = review!.id;
      await waitFor('the review queued', async () => {
        const [row] = (await db.query(`SELECT state FROM reviews WHERE id = $1`, [reviewId])) as {
          state: string;
        }[];
        return row?.state === 'queued';
      });
      const claimed = await call(t, 'POST', `admin/reviews/${reviewId}/claim`, { token: holder.token });
      expect(claimed.status).toBe(200);
    });

    it('lets any staff member look, with every tool and no limit', async () => {
      const res = await staffCall<EditSession>(other, 'GET', '');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ decorationId: decoration.id, lockedTools: [], editsLeft: null });
      expect(res.body.tools).toHaveLength(10); // every tool, the heal brush too
    });

    it('refuses saving and rendering to a decorator who does not hold the claim, and customers', async () => {
      const base = await currentVersion(decoration.id);
      const put = await staffCall(other, 'PUT', '', { document: document(base, [wallLayer()]) });
      expect(put).toMatchObject({ status: 409, body: { code: 'REVIEW_NOT_CLAIMED' } });
      expect((await staffCall(other, 'POST', '/render')).body.code).toBe('REVIEW_NOT_CLAIMED');
      expect((await staffCall(alice, 'GET', '')).body.code).toBe('STAFF_ONLY');
      const unknown = await call(t, 'GET', `admin/reviews/${randomUUID()}/edit`, { token: holder.token });
      expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    });

    it('the holder renders a fix that becomes the draft, and the decoration stays in review', async () => {
      const toUser = jest.spyOn(t.app.get(Realtime), 'toUser');
      const before = await currentVersion(decoration.id);
      const saved = await staffCall<EditSession>(holder, 'PUT', '', {
        document: document(before, [wallLayer(), aiLayer()]),
      });
      expect(saved.status).toBe(200);
      const res = await staffCall<RenderEditResponse>(holder, 'POST', '/render');
      expect(res.status).toBe(201);
      const [row] = (await db.query(
        `SELECT state, awaiting_review, current_version_id FROM decorations WHERE id = $1`,
        [decoration.id],
      )) as { state: string; awaiting_review: boolean; current_version_id: string }[];
      expect(row).toEqual({
        state: 'pending',
        awaiting_review: true,
        current_version_id: res.body.versionId,
      });
      const events = (await db.query(`SELECT action, actor_id FROM review_events WHERE review_id = $1`, [
        reviewId,
      ])) as { action: string; actor_id: string }[];
      expect(events).toContainEqual({ action: 'saved', actor_id: holder.userId });
      expect(toUser.mock.calls.filter(([, event]) => event === 'SendProjectDecorationRetryConfirm')).toEqual(
        [],
      );
      // Staff renders are not the customer's edits.
      const [{ rendered_edits }] = (await db.query(
        `SELECT rendered_edits FROM edit_documents WHERE decoration_id = $1`,
        [decoration.id],
      )) as { rendered_edits: number }[];
      expect(rendered_edits).toBe(0);
    });

    it('once approved, the customer edits the delivered fix afresh, not the staff’s layers', async () => {
      const fixed = await currentVersion(decoration.id);
      const approved = await call(t, 'POST', `admin/reviews/${reviewId}/approve`, { token: holder.token });
      expect(approved.status).toBe(200);
      const res = await session(customer, decoration.id);
      expect(res.status).toBe(200);
      expect(res.body.document).toEqual({
        schemaVersion: 1,
        baseVersionId: fixed,
        layers: [],
        watermark: false,
      });
      expect(res.body.editsLeft).toBe(3);
      expect((await staffCall(holder, 'POST', '/render')).body.code).toBe('REVIEW_DELIVERED');
    });
  });
});
