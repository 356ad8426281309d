import { randomUUID } from 'node:crypto';
import type { AdminProject, ProjectDetail } from '@estancia/contracts';
import { adminProjectSchema } from '@estancia/contracts';
import sharp from 'sharp';
import { RELAXED_LIMITS, call, projectWithPhotos, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';

describe('staff console: a customer’s projects (admin/projects)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let decorator: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let project: { id: string; imageIds: string[] };
  let decorationId: string;
  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    admin = await signIn(t, 'admin');
    decorator = await signIn(t, 'decorator');
    alice = await signIn(t);
    bob = await signIn(t);
    await t.app.get(WalletService).grant(alice.userId, 10, 'pack_purchase', `test:${alice.userId}`);
    project = await projectWithPhotos(t, alice, 2);
    await projectWithPhotos(t, bob, 1);
    const ordered = await call<{ decorations: { id: string }[] }>(
      t,
      'POST',
      `project/${project.id}/decorations`,
      {
        token: alice.token,
        body: {
          items: [{ imageId: project.imageIds[0], roomType: 'bedroom', style: 'modern', type: 'automatic' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    decorationId = ordered.body.decorations[0].id;
    await waitFor('the decoration rendered', async () => {
      const detail = (await call<ProjectDetail>(t, 'GET', `project/${project.id}`, { token: alice.token }))
        .body;
      return detail.decorations.find((d) => d.id === decorationId && d.state === 'ready');
    });
  });
  afterAll(() => t.close());

  const query = (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    ).toString();
  const list = (filter: Record<string, unknown>, token = admin.token) =>
    call<AdminProject[]>(t, 'GET', `admin/projects?${query({ filter })}`, { token });

  it('lists one customer’s projects with photo counts and signed, short-lived decoration thumbnails', async () => {
    const res = await list({ userId: alice.userId });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('projects 0-0/1');
    expect(res.body).toHaveLength(1);
    const [record] = res.body;
    expect(adminProjectSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({ id: project.id, userId: alice.userId, photos: 2 });
    expect(record.decorations).toEqual([
      expect.objectContaining({
        id: decorationId,
        type: 'automatic',
        roomType: 'bedroom',
        style: 'modern',
        state: 'ready',
        thumbnailUrl: expect.stringMatching(/^\/data\/media\//),
      }),
    ]);
    const image = await fetch(`${t.url}${record.decorations[0].thumbnailUrl}`);
    expect(image.status).toBe(200);
    const { width } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(width).toBeGreaterThan(0);
    // Short-lived: the link's sealed expiry is minutes away, not the app's hour.
    const token = record.decorations[0].thumbnailUrl!.split('/').pop()!.split('.')[0];
    const expiresAt = Number(Buffer.from(token, 'base64url').toString().split('\n')[1]);
    expect(expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    expect(
      await call<AdminProject>(t, 'GET', `admin/projects/${project.id}`, { token: admin.token }),
    ).toMatchObject({
      status: 200,
      body: { id: project.id, photos: 2, decorations: [{ id: decorationId }] },
    });
  });

  it('keeps customers apart, and answers a foreign or malformed id like a missing one', async () => {
    const bobs = await list({ userId: bob.userId });
    expect(bobs.body.map((p) => p.userId)).toEqual([bob.userId]);
    expect(bobs.body[0].decorations).toEqual([]);
    for (const userId of [randomUUID(), 'nope']) {
      const none = await list({ userId });
      expect(none.body).toEqual([]);
      expect(none.headers.get('content-range')).toBe('projects 0-0/0');
    }
    for (const id of [randomUUID(), 'nope'])
      expect(await call(t, 'GET', `admin/projects/${id}`, { token: admin.token })).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    const many = await list({ id: [project.id, 'junk'] });
    expect(many.body.map((p) => p.id)).toEqual([project.id]);
  });

  it('is for admins only', async () => {
    for (const path of [
      `admin/projects?${query({ filter: { userId: alice.userId } })}`,
      `admin/projects/${project.id}`,
    ]) {
      expect(await call(t, 'GET', path, { token: decorator.token })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      expect(await call(t, 'GET', path, { token: alice.token })).toMatchObject({
        status: 403,
        body: { code: 'STAFF_ONLY' },
      });
    }
  });
});
