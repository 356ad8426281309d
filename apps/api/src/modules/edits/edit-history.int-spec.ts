import { randomUUID } from 'node:crypto';
import {
  EDIT_HISTORY_MAX_BYTES,
  type EditDocument,
  type EditLayer,
  type EditSession,
  type OrderDecorationsResponse,
  type UploadImagesResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

const wall = (productId: string): EditLayer => ({
  id: 'wall-1',
  type: 'paint',
  surface: 'wall',
  productId,
  area: [{ kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false }],
});

/** A correction whose mask has `rows` × 1000 runs: a heavy layer version for the history. */
const heavy = (rows: number): EditLayer => ({
  id: 'fix-1',
  type: 'correction',
  area: [
    {
      kind: 'mask',
      width: 1000,
      height: rows,
      runs: Array.from({ length: rows * 1000 }, () => 1),
      erase: false,
    },
  ],
});

/** The editor's saved document: undo history, chosen paint and floor, kept as they were sent. */
describe('edits: the saved history and chosen products', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
  });
  afterAll(() => t.close());

  const decorated = async (user: SignedIn) => {
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName: `Pis Gràcia ${randomUUID().slice(0, 6)}` },
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
    const id = ordered.body.decorations[0]!.id;
    await waitFor(`decoration ${id} rendered`, async () => {
      const [row] = (await db.query(`SELECT state FROM decorations WHERE id = $1`, [id])) as {
        state: string;
      }[];
      return row?.state === 'ready';
    });
    return id;
  };
  const session = (id: string) =>
    call<EditSession & { code?: string }>(t, 'GET', `decoration/${id}/edit`, { token: alice.token });
  const save = (id: string, document: EditDocument) =>
    call<EditSession & { code?: string; fields?: Record<string, string> }>(
      t,
      'PUT',
      `decoration/${id}/edit`,
      {
        token: alice.token,
        body: { document },
      },
    );

  it('keeps the history and the chosen products through a save and a reload; refuses one too big or broken', async () => {
    const id = await decorated(alice);
    const base = (await session(id)).body.document;
    const document: EditDocument = {
      ...base,
      layers: [wall('paint-mediterranean-blue')],
      chosenProducts: { wall: 'paint-mediterranean-blue', floor: 'floor-walnut-herringbone' },
      // Undo goes back to no layers, then to the wall in another paint (a version kept in the pool).
      history: {
        layers: [wall('paint-sage-green')],
        past: [
          { layers: [], watermark: false },
          { layers: [1], watermark: false },
        ],
        future: [],
      },
    };
    const saved = await save(id, document);
    expect(saved.status).toBe(200);
    const again = await session(id);
    expect(again.body.document).toEqual(document);

    const steps = Array.from({ length: 12 }, (_, i) => ({ layers: [i + 1], watermark: false }));
    const tooBig: EditDocument = {
      ...document,
      history: { layers: steps.map((_, i) => heavy(30 + i)), past: steps, future: [] },
    };
    expect(JSON.stringify(tooBig.history).length).toBeGreaterThan(EDIT_HISTORY_MAX_BYTES);
    const refused = await save(id, tooBig);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');

    const broken = await save(id, {
      ...document,
      history: { layers: [], past: [{ layers: [5], watermark: false }], future: [] },
    });
    expect(broken.status).toBe(400);
    expect((await session(id)).body.document).toEqual(document);
  });
});
