import { randomUUID } from 'node:crypto';
import type {
  AiPreview,
  EditDocument,
  EditLayer,
  OrderDecorationsResponse,
  RenderEditResponse,
  UploadImagesResponse,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { EngineRouter } from '../decorations/engine/engine-router.service';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

/** The floor of the test room (below the floor line at 0.62), laid with another floor before the AI area. */
const floorLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: 'floor',
  productId: 'floor-walnut-herringbone',
  area: [{ kind: 'polygon', points: [0, 1, 0.18, 0.62, 1, 0.62, 1, 1], erase: false }],
});
/** An AI decoration of most of the floor and the wall just above it. */
const aiLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'ai',
  mode: 'decoration',
  seed: 42,
  area: [{ kind: 'polygon', points: [0.2, 0.45, 0.95, 0.45, 0.95, 0.97, 0.2, 0.97], erase: false }],
});

describe('AI areas: the editor previews the engine result that is delivered', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;

  const decorated = async (user: SignedIn, width: number, height: number) => {
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName: `Pis Gràcia ${randomUUID().slice(0, 6)}` },
    });
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(width, height))], { type: 'image/jpeg' }),
      'room.jpg',
    );
    const upload = await fetch(`${t.url}/data/project/${project.body.id}/images`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    const { images } = (await upload.json()) as UploadImagesResponse;
    const wallet = t.app.get(WalletService);
    await wallet.grant(user.userId, 10, 'admin_adjustment', `test:${randomUUID()}`);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${project.body.id}/decorations`,
      {
        token: user.token,
        body: {
          items: [{ imageId: images[0]!.id, roomType: 'livingroom', style: 'modern', type: 'automatic' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const id = ordered.body.decorations[0]!.id;
    await waitFor(`decoration ${id} rendered`, async () => {
      const [row] = (await db.query(`SELECT state FROM decorations WHERE id = $1`, [id])) as {
        state: string;
      }[];
      return row?.state === 'ready';
    });
    const [{ current_version_id: base }] = (await db.query(
      `SELECT current_version_id FROM decorations WHERE id = $1`,
      [id],
    )) as { current_version_id: string }[];
    return { id, base };
  };
  const doc = (base: string, layers: EditLayer[]): EditDocument => ({
    schemaVersion: 1,
    baseVersionId: base,
    layers,
    watermark: false,
  });
  const preview = (user: SignedIn, id: string, document: EditDocument, layerId: string) =>
    call<AiPreview & { code?: string }>(t, 'POST', `decoration/${id}/edit/ai-preview`, {
      token: user.token,
      body: { document, layerId },
    });
  const pixels = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
    for (const user of [alice, bob])
      await db.query(
        `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
         VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '30 days', false)`,
        [user.userId],
      );
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  it('answers a foreign decoration like a missing one', async () => {
    const { id, base } = await decorated(alice, 640, 480);
    const ai = aiLayer();
    const document = doc(base, [ai]);
    const foreign = await preview(bob, id, document, ai.id);
    const missing = await preview(bob, randomUUID(), document, ai.id);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    // A layer that is not an AI layer of the document is refused.
    expect((await preview(alice, id, document, 'no-such-layer')).status).toBe(400);
  });

  it('shows inside the area exactly what is delivered, faded in without a hard edge, from one engine call', async () => {
    const { id, base } = await decorated(alice, 640, 480);
    // The engine's picture, as the engine drew it, but one flat colour: across the area's side the delivered
    // picture must then go from the room's to that colour gradually, whatever the room shows there.
    const router = t.app.get(EngineRouter);
    const render = router.render.bind(router);
    const FLAT = [20, 200, 60] as const;
    const engine = jest.spyOn(router, 'render').mockImplementation(async (use, request, options, credits) => {
      const result = await render(use, request, options, credits);
      if (use !== 'editor_ai') return result;
      const { width, height } = await sharp(result.image).metadata();
      const background = { r: FLAT[0], g: FLAT[1], b: FLAT[2] };
      const image = await sharp({ create: { width: width!, height: height!, channels: 3, background } })
        .png()
        .toBuffer();
      return { ...result, image };
    });
    const ai = aiLayer();
    const document = doc(base, [floorLayer(), ai]);
    const started = performance.now();
    const shown = await preview(alice, id, document, ai.id);
    console.log(`AI area preview at 640×480: ${Math.round(performance.now() - started)} ms`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ layerId: ai.id, left: 128, top: 216 });

    const saved = await call(t, 'PUT', `decoration/${id}/edit`, { token: alice.token, body: { document } });
    expect(saved.status).toBe(200);
    const rendered = await call<RenderEditResponse>(t, 'POST', `decoration/${id}/edit/render`, {
      token: alice.token,
    });
    expect(rendered.status).toBe(201);
    // The delivered render reused the preview's engine result.
    expect(engine.mock.calls.filter(([use]) => use === 'editor_ai')).toHaveLength(1);

    // The same document without the AI area: the picture the engine's is faded into.
    const plain = doc(base, [document.layers[0]!]);
    const resaved = await call(t, 'PUT', `decoration/${id}/edit`, {
      token: alice.token,
      body: { document: plain },
    });
    expect(resaved.status).toBe(200);
    const unchanged = await call<RenderEditResponse>(t, 'POST', `decoration/${id}/edit/render`, {
      token: alice.token,
    });
    expect(unchanged.status).toBe(201);

    const [patch, delivered, under] = await Promise.all([
      pixels(shown.body.url),
      pixels(rendered.body.resultUrl),
      pixels(unchanged.body.resultUrl),
    ]);
    const { left, top } = shown.body;
    const W = delivered.info.width;
    let sum = 0;
    let count = 0;
    for (let y = 0; y < patch.info.height; y++)
      for (let x = 0; x < patch.info.width; x++) {
        const p = (y * patch.info.width + x) * 4;
        if (patch.data[p + 3]! < 255) continue;
        const d = ((top + y) * W + left + x) * 4;
        for (let c = 0; c < 3; c++) sum += Math.abs(patch.data[p + c]! - delivered.data[d + c]!);
        count += 3;
      }
    expect(count).toBeGreaterThan(patch.info.width * patch.info.height);
    expect(sum / count).toBeLessThanOrEqual(2);

    // No hard edge: on each row across the area's left side, the share of the engine's colour in the delivered
    // picture rises from none outside to all of it inside over several columns, a little at a time.
    const share = (x: number, y: number) => {
      let along = 0;
      let full = 0;
      for (let c = 0; c < 3; c++) {
        const p = (y * W + x) * 4 + c;
        const gap = FLAT[c]! - under.data[p]!;
        along += (delivered.data[p]! - under.data[p]!) * gap;
        full += gap * gap;
      }
      return full < 60 * 60 ? null : along / full;
    };
    let rows = 0;
    for (let y = top + 20; y < top + patch.info.height - 20; y += 4) {
      const shares = Array.from({ length: 25 }, (_, i) => share(left - 12 + i, y));
      if (shares.some((s) => s === null)) continue;
      const ramp = shares as number[];
      rows++;
      expect(ramp[0]).toBeLessThan(0.05);
      expect(ramp[24]).toBeGreaterThan(0.95);
      expect(ramp.filter((s) => s > 0.05 && s < 0.95).length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < ramp.length; i++) expect(ramp[i]! - ramp[i - 1]!).toBeLessThan(0.6);
    }
    expect(rows).toBeGreaterThan(20);
    if (process.env.PREVIEW_DIR) {
      await sharp(delivered.data, { raw: delivered.info })
        .png()
        .toFile(`${process.env.PREVIEW_DIR}/ai-delivered.png`);
      await sharp(patch.data, { raw: patch.info }).png().toFile(`${process.env.PREVIEW_DIR}/ai-preview.png`);
    }
  });

  it('renders one AI area of a 12 MP photo and prints how long it took', async () => {
    const { id, base } = await decorated(alice, 4000, 3000);
    const ai = aiLayer();
    const started = performance.now();
    const shown = await preview(alice, id, doc(base, [floorLayer(), ai]), ai.id);
    const seconds = (performance.now() - started) / 1000;
    console.log(`AI area preview at 4000×3000: ${seconds.toFixed(1)} s`);
    expect(shown.status).toBe(200);
  });
});
