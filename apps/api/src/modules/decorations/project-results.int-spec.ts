import type {
  Decoration,
  OrderDecorationsResponse,
  ProjectDetail,
  ProjectSummary,
  Review,
  UploadImagesResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

/** What the project page shows: the photos in upload order and each supervised card's stage and dates. */
describe('project results', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let ana: SignedIn;
  let projects = 0;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    ana = await signIn(t, 'decorator');
    await t.app.get(WalletService).grant(alice.userId, 100, 'admin_adjustment', 'test:project-results');
  }, 60_000);
  afterAll(() => t.close());

  /** POST project/:id/images: photos of these widths, sent in one multipart request in this order. */
  const upload = async (projectId: string, widths: number[]) => {
    const form = new FormData();
    for (const [i, width] of widths.entries())
      form.append(
        'files',
        new Blob([new Uint8Array(await roomJpeg(width, 480))], { type: 'image/jpeg' }),
        `${i}.jpg`,
      );
    const res = await fetch(`${t.url}/data/project/${projectId}/images`, {
      method: 'POST',
      headers: alice.headers,
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as UploadImagesResponse).images;
  };
  const projectWith = async (widths: number[]) => {
    const created = await call<ProjectSummary>(t, 'POST', 'project', {
      token: alice.token,
      body: { propertyName: `Pis Sants ${++projects}` },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, images: await upload(created.body.id, widths) };
  };
  const detail = async (projectId: string) =>
    (await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: alice.token })).body;
  const staff = <T = Review>(path: string, body?: unknown) =>
    call<T & { code?: string }>(t, 'POST', `admin/${path}`, { token: ana.token, body });
  const reviewOf = async (decorationId: string) =>
    (
      (await db.query(`SELECT id, state, deadline_at FROM reviews WHERE decoration_id = $1`, [
        decorationId,
      ])) as { id: string; state: string; deadline_at: Date }[]
    )[0];

  it('lists the photos of one request in the order they were sent, then those of the next request', async () => {
    const first = [760, 600, 720];
    const project = await projectWith(first);
    expect(project.images.map((i) => i.width)).toEqual(first);
    const shown = await detail(project.id);
    expect(shown.images.map((i) => i.width)).toEqual(first);
    expect(shown.images.map((i) => i.id)).toEqual(project.images.map((i) => i.id));
    // One transaction, yet each photo has its own time (now() would have given them all the same).
    const [{ distinct }] = (await db.query(
      `SELECT count(DISTINCT created_at)::int AS distinct FROM project_images WHERE project_id = $1`,
      [project.id],
    )) as { distinct: number }[];
    expect(distinct).toBe(first.length);

    await upload(project.id, [680, 640]);
    expect((await detail(project.id)).images.map((i) => i.width)).toEqual([...first, 680, 640]);
  });

  it('tells the customer a supervised decoration’s stage, due date and delivery; automatic ones have none', async () => {
    const project = await projectWith([640, 700]);
    const [supervisedImage, automaticImage] = project.images;
    const ordered = await call<OrderDecorationsResponse>(t, 'POST', `project/${project.id}/decorations`, {
      token: alice.token,
      body: {
        items: [
          { imageId: supervisedImage.id, roomType: 'livingroom', style: 'scandinavian', type: 'supervised' },
          { imageId: automaticImage.id, roomType: 'bedroom', style: 'modern', type: 'automatic' },
        ],
      },
    });
    expect(ordered.status).toBe(201);
    const supervised = ordered.body.decorations.find((d) => d.type === 'supervised')!;
    const automatic = ordered.body.decorations.find((d) => d.type === 'automatic')!;
    const review = await reviewOf(supervised.id);
    const dueAt = review.deadline_at.toISOString();
    // The order's own answer already carries it.
    expect(supervised.supervision).toEqual({ stage: 'queued', dueAt, deliveredAt: null });
    expect(automatic.supervision).toBeNull();

    const card = async () => (await detail(project.id)).decorations.find((d) => d.id === supervised.id)!;
    // Drafting and waiting for a decorator are both "queued" to the customer.
    await waitFor('the draft queued', async () => (await reviewOf(supervised.id)).state === 'queued');
    expect((await card()).supervision).toEqual({ stage: 'queued', dueAt, deliveredAt: null });

    expect((await staff(`reviews/${review.id}/claim`)).status).toBe(200);
    expect((await card()).supervision).toEqual({ stage: 'in_review', dueAt, deliveredAt: null });

    expect((await staff(`reviews/${review.id}/release`)).status).toBe(200);
    expect((await card()).supervision).toEqual({ stage: 'queued', dueAt, deliveredAt: null });

    expect((await staff(`reviews/${review.id}/claim`)).status).toBe(200);
    const approved = await staff(`reviews/${review.id}/approve`);
    expect(approved.status).toBe(200);
    const delivered = await card();
    expect(delivered.state).toBe('ready');
    expect(delivered.supervision).toEqual({
      stage: 'delivered',
      dueAt,
      deliveredAt: approved.body.deliveredAt,
    });
    expect(Date.parse(delivered.supervision!.deliveredAt!)).toBeLessThanOrEqual(Date.parse(dueAt));

    // Redone after delivery: reviewed again, with a new due date and no delivery yet.
    const redo = await call<Decoration>(t, 'POST', `decoration/${supervised.id}/redo`, {
      token: alice.token,
      body: {},
    });
    expect(redo.status).toBe(201);
    const reopened = await reviewOf(supervised.id);
    // Counted from the redo (the same as before only when both fall outside working hours).
    expect(reopened.deadline_at.getTime()).toBeGreaterThanOrEqual(Date.parse(dueAt));
    expect(redo.body.supervision).toEqual({
      stage: 'queued',
      dueAt: reopened.deadline_at.toISOString(),
      deliveredAt: null,
    });

    // Someone else's project is not found, so no one else learns about the review.
    const bob = await signIn(t);
    const foreign = await call<{ code: string }>(t, 'GET', `project/${project.id}`, { token: bob.token });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
