import { randomUUID } from 'node:crypto';
import type {
  EditLayer,
  OrderDecorationsResponse,
  ProjectDetail,
  RenderEditResponse,
  Review,
  UploadImagesResponse,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

/**
 * A supervised delivery keeps the decorator's wall paint: the back wall painted, then an AI area over part
 * of it (the built-in engine furnishes it), rendered, approved, and the customer's file read back. The
 * engine used to decorate the original photo, so inside the area the wall came back as the AI draft's.
 */
describe('the delivered supervised file', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let ana: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    ana = await signIn(t, 'decorator');
  });
  afterAll(() => t.close());

  it('keeps the wall paint, inside an AI area laid after it too', async () => {
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: alice.token,
      body: { propertyName: 'Pis Gràcia' },
    });
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
      '0.jpg',
    );
    const upload = await fetch(`${t.url}/data/project/${project.body.id}/images`, {
      method: 'POST',
      headers: alice.headers,
      body: form,
    });
    const [image] = ((await upload.json()) as UploadImagesResponse).images;
    await t.app.get(WalletService).grant(alice.userId, 100, 'admin_adjustment', 'test:delivered-paint');
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${project.body.id}/decorations`,
      {
        token: alice.token,
        body: {
          items: [{ imageId: image!.id, roomType: 'livingroom', style: 'scandinavian', type: 'supervised' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const decorationId = ordered.body.decorations[0]!.id;
    const [{ id }] = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1`, [decorationId])) as {
      id: string;
    }[];
    await waitFor('the draft', async () => {
      const [row] = (await db.query(`SELECT state FROM reviews WHERE id = $1`, [id])) as { state: string }[];
      return row?.state === 'queued';
    });
    const admin = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call<Review & { code?: string }>(t, method, `admin/reviews/${id}${path}`, { token: ana.token, body });
    expect((await admin('POST', '/claim')).status).toBe(200);
    const draft = (await admin('GET', '')).body.draft!;

    // The back wall of the test room (x 0.18..1, y 0..0.62) in blue; an AI area over its left half.
    const layers: EditLayer[] = [
      {
        id: randomUUID(),
        type: 'paint',
        surface: 'wall',
        productId: 'paint-mediterranean-blue',
        area: [{ kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false }],
      },
      {
        id: randomUUID(),
        type: 'ai',
        mode: 'decoration',
        seed: 11,
        area: [{ kind: 'polygon', points: [0.2, 0.05, 0.5, 0.05, 0.5, 0.6, 0.2, 0.6], erase: false }],
      },
    ];
    const saved = await call(t, 'PUT', `admin/reviews/${id}/edit`, {
      token: ana.token,
      body: { document: { schemaVersion: 1, baseVersionId: draft.versionId, layers, watermark: false } },
    });
    expect(saved.status).toBe(200);
    const rendered = await call<RenderEditResponse>(t, 'POST', `admin/reviews/${id}/edit/render`, {
      token: ana.token,
    });
    expect(rendered.status).toBe(201);
    const approved = await admin('POST', '/approve', { versionId: rendered.body.versionId });
    expect(approved.status).toBe(200);

    const detail = (await call<ProjectDetail>(t, 'GET', `project/${project.body.id}`, { token: alice.token }))
      .body;
    const file = Buffer.from(
      await (await fetch(`${t.url}${detail.decorations[0]!.resultUrl!}`)).arrayBuffer(),
    );
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    await sharp(file)
      .png()
      .toFile('/tmp/h4/delivered-paint.png')
      .catch(() => undefined);
    const blueShare = (x0: number, y0: number, x1: number, y1: number) => {
      let blue = 0;
      let n = 0;
      for (let y = Math.floor(y0 * info.height); y < y1 * info.height; y++)
        for (let x = Math.floor(x0 * info.width); x < x1 * info.width; x++) {
          const i = (y * info.width + x) * 3;
          n++;
          if (data[i + 2]! > data[i]! + 25) blue++;
        }
      return blue / n;
    };
    // Outside the AI area the wall is the paint; inside it, the paint stays around what the engine added
    // (the engine furnishes the lower part; the upper band of the area is wall).
    expect(blueShare(0.55, 0.05, 0.95, 0.5)).toBeGreaterThan(0.9);
    expect(blueShare(0.22, 0.07, 0.48, 0.2)).toBeGreaterThan(0.8);
  });
});
