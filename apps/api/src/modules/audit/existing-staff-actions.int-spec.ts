import { randomUUID } from 'node:crypto';
import type {
  AdminAuditEntry,
  EditLayer,
  Holiday,
  OrderDecorationsResponse,
  RenderEditResponse,
  Review,
  UploadImagesResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

type Answer<T> = T & { code?: string };

/**
 * The staff actions that existed before the audit log (reviews, holidays, platform flags, engine routes, contact
 * requests, problem reports, reform requests): each writes exactly one audit row, in the transaction of its
 * change, and a refused action writes none.
 */
describe('audit rows of the staff actions', () => {
  let t: TestApp;
  let db: DataSource;
  let customer: SignedIn;
  let decorator: SignedIn;
  let admin: SignedIn;

  const post = <T = Review>(user: SignedIn, path: string, body?: unknown) =>
    call<Answer<T>>(t, 'POST', `admin/${path}`, { token: user.token, body });
  const reviewState = async (id: string) =>
    ((await db.query(`SELECT state FROM reviews WHERE id = $1`, [id])) as { state: string }[])[0].state;
  const rowsFor = async (resource: string, recordId: string) =>
    (await db.query(
      `SELECT action, actor_id, before, after FROM audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id`,
      [resource, recordId],
    )) as {
      action: string;
      actor_id: string;
      before: AdminAuditEntry['before'];
      after: AdminAuditEntry['after'];
    }[];

  /** A customer's supervised order of one photo, its draft rendered and the review queued. */
  const supervisedReview = async (): Promise<string> => {
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: customer.token,
      body: { propertyName: `Pis ${randomUUID().slice(0, 8)}` },
    });
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const upload = await fetch(`${t.url}/data/project/${project.body.id}/images`, {
      method: 'POST',
      headers: customer.headers,
      body: form,
    });
    const [image] = ((await upload.json()) as UploadImagesResponse).images;
    await t.app.get(WalletService).grant(customer.userId, 100, 'admin_adjustment', `test:${project.body.id}`);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${project.body.id}/decorations`,
      {
        token: customer.token,
        body: {
          items: [{ imageId: image.id, roomType: 'livingroom', style: 'scandinavian', type: 'supervised' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const [row] = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1`, [
      ordered.body.decorations[0].id,
    ])) as { id: string }[];
    await waitFor('review queued', async () => (await reviewState(row.id)) === 'queued');
    return row.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    customer = await signIn(t);
    decorator = await signIn(t, 'decorator');
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  it('writes exactly one row per action, none for a refused one', async () => {
    // ---- reviews: claim, save result, release, reassign, send back, approve ----
    const reviewId = await supervisedReview();
    expect((await post(decorator, `reviews/${reviewId}/claim`)).status).toBe(200);
    // Claiming what you already hold only keeps the claim alive: no change, no row.
    expect((await post(decorator, `reviews/${reviewId}/claim`)).status).toBe(200);
    expect((await post(admin, `reviews/${reviewId}/claim`)).body.code).toBe('REVIEW_CLAIMED');

    const shown = await call<Review>(t, 'GET', `admin/reviews/${reviewId}`, { token: decorator.token });
    const layer: EditLayer = {
      id: randomUUID(),
      type: 'paint',
      surface: 'wall',
      productId: 'paint-mediterranean-blue',
      area: [{ kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false }],
    };
    const saved = await call(t, 'PUT', `admin/reviews/${reviewId}/edit`, {
      token: decorator.token,
      body: {
        document: {
          schemaVersion: 1,
          baseVersionId: shown.body.versionId,
          layers: [layer],
          watermark: false,
        },
      },
    });
    expect(saved.status).toBe(200);
    const rendered = await call<RenderEditResponse>(t, 'POST', `admin/reviews/${reviewId}/edit/render`, {
      token: decorator.token,
    });
    expect(rendered.status).toBe(201);

    expect((await post(decorator, `reviews/${reviewId}/release`)).status).toBe(200);
    expect((await post(decorator, `reviews/${reviewId}/release`)).body.code).toBe('REVIEW_NOT_CLAIMED');
    expect(
      (await post(admin, `reviews/${reviewId}/reassign`, { decoratorId: decorator.userId })).status,
    ).toBe(200);
    expect((await post(decorator, `reviews/${reviewId}/send-back`, { note: 'Otra vez' })).status).toBe(200);
    await waitFor('review queued again', async () => (await reviewState(reviewId)) === 'queued');
    expect((await post(decorator, `reviews/${reviewId}/claim`)).status).toBe(200);
    expect((await post(decorator, `reviews/${reviewId}/approve`, {})).status).toBe(200);
    expect((await post(decorator, `reviews/${reviewId}/approve`, {})).body.code).toBe('REVIEW_DELIVERED');

    const reviewRows = await rowsFor('reviews', reviewId);
    expect(reviewRows.map((r) => r.action)).toEqual([
      'reviews.claim',
      'reviews.save-result',
      'reviews.release',
      'reviews.reassign',
      'reviews.send-back',
      'reviews.claim',
      'reviews.approve',
    ]);
    expect(reviewRows[1]).toMatchObject({
      actor_id: decorator.userId,
      after: { versionId: rendered.body.versionId },
    });
    expect(reviewRows[2]).toMatchObject({
      before: { state: 'claimed', claimedBy: decorator.userId },
      after: { state: 'queued', claimedBy: null },
    });
    expect(reviewRows[3]).toMatchObject({
      actor_id: admin.userId,
      before: { state: 'queued', claimedBy: null },
      after: { state: 'claimed', claimedBy: decorator.userId },
    });
    expect(reviewRows[6]).toMatchObject({ actor_id: decorator.userId, after: { state: 'delivered' } });

    // ---- holidays ----
    const holiday = await post<Holiday>(admin, 'holidays', { date: '2031-12-26', name: 'Sant Esteve' });
    expect(holiday.status).toBe(201);
    expect((await post(admin, 'holidays', { date: '2031-12-26', name: 'Again' })).body.code).toBe(
      'HOLIDAY_EXISTS',
    );
    expect(
      (await call(t, 'DELETE', `admin/holidays/${holiday.body.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await call(t, 'DELETE', `admin/holidays/${holiday.body.id}`, { token: admin.token })).status,
    ).toBe(404);
    expect(await rowsFor('holidays', String(holiday.body.id))).toEqual([
      {
        action: 'holidays.create',
        actor_id: admin.userId,
        before: null,
        after: { date: '2031-12-26', name: 'Sant Esteve' },
      },
      {
        action: 'holidays.delete',
        actor_id: admin.userId,
        before: { date: '2031-12-26', name: 'Sant Esteve' },
        after: null,
      },
    ]);

    // ---- platform flags ----
    const flags = await call(t, 'PUT', 'admin/platform/status', {
      token: admin.token,
      body: { isHighDemandFree: true },
    });
    expect(flags.status).toBe(200);
    expect(await rowsFor('platform', 'status')).toEqual([
      {
        action: 'platform.update',
        actor_id: admin.userId,
        before: { isHighDemandFree: false },
        after: { isHighDemandFree: true },
      },
    ]);

    // ---- engine routes (their own trail keeps the change too) ----
    const route = await call(t, 'PUT', 'admin/engines/routes/automatic', {
      token: admin.token,
      body: { engine: 'builtin', model: 'v2', fallbacks: [] },
    });
    expect(route.status).toBe(200);
    const refusedRoute = await call(t, 'PUT', 'admin/engines/routes/automatic', {
      token: admin.token,
      body: { engine: 'openai', model: null, fallbacks: [] },
    });
    expect(refusedRoute.body).toMatchObject({ code: 'ENGINE_NOT_CONFIGURED' });
    expect(await rowsFor('engines', 'automatic')).toEqual([
      {
        action: 'engines.update',
        actor_id: admin.userId,
        before: { model: null },
        after: { model: 'v2' },
      },
    ]);
    expect(await db.query(`SELECT count(*)::int AS n FROM engine_route_changes`)).toEqual([{ n: 1 }]);

    // ---- contact requests and problem reports: new → in progress → done ----
    const [contact] = (await db.query(
      `INSERT INTO contact_requests (name, email, services, volumes, wants_meeting, language)
       VALUES ('Joan', 'joan@example.com', '{staging}', '{1-10}', false, 'ca') RETURNING id`,
    )) as { id: string }[];
    const [problem] = (await db.query(
      `INSERT INTO problem_reports (user_id, text) VALUES ($1, 'The download button does nothing') RETURNING id`,
      [customer.userId],
    )) as { id: string }[];
    for (const [resource, id] of [
      ['contact-requests', contact.id],
      ['problem-reports', problem.id],
    ]) {
      expect((await post(admin, `${resource}/${id}/finish`)).body.code).toBe('SUPPORT_STATUS_NOT_NEXT');
      expect((await post(admin, `${resource}/${id}/start`)).status).toBe(200);
      expect((await post(admin, `${resource}/${id}/start`)).body.code).toBe('SUPPORT_STATUS_NOT_NEXT');
      expect((await post(admin, `${resource}/${id}/finish`)).status).toBe(200);
      expect(await rowsFor(resource, id)).toEqual([
        {
          action: `${resource}.start`,
          actor_id: admin.userId,
          before: { status: 'new' },
          after: { status: 'in_progress' },
        },
        {
          action: `${resource}.finish`,
          actor_id: admin.userId,
          before: { status: 'in_progress' },
          after: { status: 'done' },
        },
      ]);
    }

    // ---- reform requests ----
    const [project] = (await db.query(`SELECT id FROM projects WHERE user_id = $1 LIMIT 1`, [
      customer.userId,
    ])) as {
      id: string;
    }[];
    const [reform] = (await db.query(
      `INSERT INTO reform_requests (user_id, project_id, what, area_square_meters, budget_range, contact_preference)
       VALUES ($1, $2, '{kitchen}', 12, '5k_15k', 'email') RETURNING id`,
      [customer.userId, project.id],
    )) as { id: string }[];
    expect((await post(admin, `reform-requests/${reform.id}/status`, { status: 'quoted' })).body.code).toBe(
      'REFORM_STATUS_NOT_NEXT',
    );
    expect((await post(admin, `reform-requests/${reform.id}/status`, { status: 'contacted' })).status).toBe(
      200,
    );
    expect(await rowsFor('reform-requests', reform.id)).toEqual([
      {
        action: 'reform-requests.advance',
        actor_id: admin.userId,
        before: { status: 'new' },
        after: { status: 'contacted' },
      },
    ]);

    // Every action above, counted once: nothing else wrote to the log.
    const counts = (await db.query(
      `SELECT action, count(*)::int AS n FROM audit_log GROUP BY action ORDER BY action`,
    )) as { action: string; n: number }[];
    expect(Object.fromEntries(counts.map((c) => [c.action, c.n]))).toEqual({
      'contact-requests.finish': 1,
      'contact-requests.start': 1,
      'engines.update': 1,
      'holidays.create': 1,
      'holidays.delete': 1,
      'platform.update': 1,
      'problem-reports.finish': 1,
      'problem-reports.start': 1,
      'reform-requests.advance': 1,
      'reviews.approve': 1,
      'reviews.claim': 2,
      'reviews.reassign': 1,
      'reviews.release': 1,
      'reviews.save-result': 1,
      'reviews.send-back': 1,
    });
  });
});
