import { randomUUID } from 'node:crypto';
import {
  REVIEW_SLA_WORKING_HOURS,
  type ClientToServerEvents,
  type EditLayer,
  type Holiday,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type RenderEditResponse,
  type Review,
  type ReviewAlerts,
  type ReviewDashboard,
  type ReviewEvent,
  type ServerToClientEvents,
  type UploadImagesResponse,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { KEPT_VERSIONS } from '../decorations/decorations.service';
import { MediaUrls } from '../projects/media-urls.service';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';
import { ReviewAccess } from './review-access';
import { ReviewSweep } from './review-sweep.service';
import { addWorkingHours } from './working-hours';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Answer<T> = T & { code?: string; fields?: Record<string, string> };

/** The back wall of the test room in a catalogue blue: an edit the server renders without the engine. */
const wallLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: 'wall',
  productId: 'paint-mediterranean-blue',
  area: [{ kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false }],
});

describe('review', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;
  let ana: SignedIn;
  let pau: SignedIn;
  let admin: SignedIn;
  const clients: Client[] = [];

  let projects = 0;
  /** A project of `user` with `photos` photos and one supervised decoration per photo, drafts rendered. */
  const supervisedOrder = async (user: SignedIn, photos = 1) => {
    const propertyName = `Pis Eixample ${++projects}`;
    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    for (let i = 0; i < photos; i++)
      form.append(
        'files',
        new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
        `${i}.jpg`,
      );
    const upload = await fetch(`${t.url}/data/project/${created.body.id}/images`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    expect(upload.status).toBe(201);
    const images = ((await upload.json()) as UploadImagesResponse).images;
    await t.app.get(WalletService).grant(user.userId, 100, 'admin_adjustment', `test:${propertyName}`);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${created.body.id}/decorations`,
      {
        token: user.token,
        body: {
          items: images.map((i) => ({
            imageId: i.id,
            roomType: 'livingroom',
            style: 'scandinavian',
            type: 'supervised',
          })),
        },
      },
    );
    expect(ordered.status).toBe(201);
    const decorationIds = ordered.body.decorations.map((d) => d.id);
    const reviewIds: string[] = [];
    for (const decorationId of decorationIds) {
      const [row] = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1`, [decorationId])) as {
        id: string;
      }[];
      reviewIds.push(row.id);
      await queued(row.id);
    }
    return { projectId: created.body.id, propertyName, decorationIds, reviewIds };
  };

  const review = (id: string) =>
    db.query(`SELECT * FROM reviews WHERE id = $1`, [id]).then((rows) => rows[0]);
  const queued = (id: string) =>
    waitFor(`review ${id} queued`, async () => ((await review(id)) as { state: string }).state === 'queued');
  const events = async (id: string, action: string) =>
    (
      (await db.query(`SELECT count(*)::int AS n FROM review_events WHERE review_id = $1 AND action = $2`, [
        id,
        action,
      ])) as { n: number }[]
    )[0].n;
  const post = <T = Review>(user: SignedIn, path: string, body?: unknown) =>
    call<Answer<T>>(t, 'POST', `admin/${path}`, { token: user.token, body });
  const get = <T = Review>(user: SignedIn, path: string) =>
    call<Answer<T>>(t, 'GET', `admin/${path}`, { token: user.token });

  const listen = async (user: SignedIn) => {
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
    const confirms: string[] = [];
    client.on('SendProjectDecorationConfirm', (id) => confirms.push(id));
    return confirms;
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
    ana = await signIn(t, 'decorator');
    pau = await signIn(t, 'decorator');
    admin = await signIn(t, 'admin');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => t.close());

  it('opens the review at the order with a deadline of 48 working hours that skips the holidays in the table', async () => {
    // Holidays for the coming week: some of them are working days, so the deadline moves.
    const holidays: Holiday[] = [];
    const today = Date.now();
    for (let i = 0; i < 7; i++) {
      const date = new Date(today + i * 86_400_000).toISOString().slice(0, 10);
      const created = await post<Holiday>(admin, 'holidays', { date, name: `Festa ${i}` });
      expect(created.status).toBe(201);
      holidays.push(created.body);
    }
    const again = await post(admin, 'holidays', { date: holidays[0].date, name: 'Una altra' });
    expect(again).toMatchObject({ status: 409, body: { code: 'HOLIDAY_EXISTS' } });
    const listed = await get<Holiday[]>(ana, 'holidays?sort=["date","ASC"]&range=[0,2]');
    expect(listed.headers.get('content-range')).toBe('holidays 0-2/7');
    expect(listed.body.map((h) => h.date)).toEqual(holidays.slice(0, 3).map((h) => h.date));

    const order = await supervisedOrder(alice);
    const row = (await review(order.reviewIds[0])) as { ordered_at: Date; deadline_at: Date; state: string };
    const [decoration] = (await db.query(`SELECT created_at FROM decorations WHERE id = $1`, [
      order.decorationIds[0],
    ])) as { created_at: Date }[];
    expect(row.ordered_at).toEqual(decoration.created_at);
    const calendar = {
      timeZone: t.config.BUSINESS_TIME_ZONE,
      holidays: new Set(holidays.map((h) => h.date)),
    };
    expect(row.deadline_at).toEqual(addWorkingHours(row.ordered_at, REVIEW_SLA_WORKING_HOURS, calendar));
    expect(row.deadline_at).not.toEqual(
      addWorkingHours(row.ordered_at, REVIEW_SLA_WORKING_HOURS, { ...calendar, holidays: new Set() }),
    );
    expect(await events(order.reviewIds[0], 'entered')).toBe(1);

    // Removing the holidays keeps the date the customer was promised.
    for (const holiday of holidays)
      expect((await call(t, 'DELETE', `admin/holidays/${holiday.id}`, { token: admin.token })).status).toBe(
        200,
      );
    expect(((await review(order.reviewIds[0])) as { deadline_at: Date }).deadline_at).toEqual(
      row.deadline_at,
    );
    const shown = await get(ana, `reviews/${order.reviewIds[0]}`);
    expect(shown.body).toMatchObject({
      state: 'queued',
      sla: 'on_time',
      propertyName: order.propertyName,
      customer: { id: alice.userId, email: alice.email },
      roomType: 'livingroom',
      style: 'scandinavian',
      claimedBy: null,
    });
    expect(shown.body.draftUrl).toMatch(/^\/data\/media\//);
    expect((await fetch(`${t.url}${shown.body.draftUrl}`)).status).toBe(200);
  });

  it('keeps customers out of every review endpoint and decorators out of the admin ones', async () => {
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    for (const [method, path] of [
      ['GET', 'reviews'],
      ['GET', `reviews/${id}`],
      ['GET', `reviews/${id}/history`],
      ['GET', 'reviews/alerts'],
      ['GET', 'reviews/dashboard'],
      ['POST', `reviews/${id}/claim`],
      ['POST', `reviews/${id}/release`],
      ['POST', `reviews/${id}/approve`],
      ['POST', `reviews/${id}/send-back`],
      ['POST', `reviews/${id}/reassign`],
      ['GET', 'holidays'],
      ['POST', 'holidays'],
      ['DELETE', `holidays/${id}`],
    ] as const) {
      const res = await call(t, method, `admin/${path}`, {
        token: alice.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'STAFF_ONLY']);
    }
    for (const [method, path, body] of [
      ['POST', `reviews/${id}/reassign`, { decoratorId: ana.userId }],
      ['GET', 'reviews/dashboard', undefined],
      ['POST', 'holidays', { date: '2031-01-01', name: 'Cap d’any' }],
      ['DELETE', `holidays/${id}`, undefined],
    ] as const) {
      const res = await call(t, method, `admin/${path}`, { token: ana.token, body });
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(ana, `reviews/${unknown}`)).body.code).toBe('NOT_FOUND');
      expect((await get(ana, `reviews/${unknown}/history`)).body.code).toBe('NOT_FOUND');
      expect((await post(ana, `reviews/${unknown}/claim`)).body.code).toBe('NOT_FOUND');
      await expect(t.app.get(ReviewAccess).holdForEditing(unknown, ana.userId)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
  });

  it('lets exactly one of two decorators claiming at once hold the review', async () => {
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    const answers = await Promise.all([post(ana, `reviews/${id}/claim`), post(pau, `reviews/${id}/claim`)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? ana : pau;
    const loser = winner === ana ? pau : ana;
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('REVIEW_CLAIMED');
    expect(answers.find((a) => a.status === 200)?.body.claimedBy?.id).toBe(winner.userId);
    // Claiming what you hold again changes nothing.
    expect((await post(winner, `reviews/${id}/claim`)).status).toBe(200);
    expect(await events(id, 'claimed')).toBe(1);

    const access = t.app.get(ReviewAccess);
    await expect(access.holdForEditing(id, loser.userId)).rejects.toMatchObject({
      code: 'REVIEW_NOT_CLAIMED',
    });
    expect(await access.holdForEditing(id, winner.userId)).toEqual({
      reviewId: id,
      decorationId: order.decorationIds[0],
    });
    expect(await access.decorationOf(id)).toBe(order.decorationIds[0]);
    const [{ current_version_id: versionId }] = (await db.query(
      `SELECT current_version_id FROM decorations WHERE id = $1`,
      [order.decorationIds[0]],
    )) as { current_version_id: string }[];
    await access.recordSaved(id, winner.userId, versionId);

    expect((await post(loser, `reviews/${id}/approve`)).body.code).toBe('REVIEW_NOT_CLAIMED');
    expect((await post(loser, `reviews/${id}/release`)).body.code).toBe('REVIEW_NOT_CLAIMED');
    expect((await post(winner, `reviews/${id}/release`)).body).toMatchObject({
      state: 'queued',
      claimedBy: null,
    });
    expect((await post(winner, `reviews/${id}/release`)).body.code).toBe('REVIEW_NOT_CLAIMED');

    const history = await get<ReviewEvent[]>(ana, `reviews/${id}/history`);
    expect(history.body.map((e) => e.action)).toEqual(['entered', 'claimed', 'saved', 'released']);
    expect(history.body[1].by).toEqual({ id: winner.userId, name: 'decorator' });
    expect(history.body[2]).toMatchObject({ versionId, by: { id: winner.userId } });
  });

  it('lets an admin reassign the review to staff only, or back to the queue', async () => {
    const { reviewIds } = await supervisedOrder(alice);
    const id = reviewIds[0];
    const toCustomer = await post(admin, `reviews/${id}/reassign`, { decoratorId: bob.userId });
    expect(toCustomer).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { decoratorId: 'invalid' } },
    });
    const toPau = await post(admin, `reviews/${id}/reassign`, { decoratorId: pau.userId });
    expect(toPau.body).toMatchObject({ state: 'claimed', claimedBy: { id: pau.userId } });
    expect((await post(ana, `reviews/${id}/claim`)).body.code).toBe('REVIEW_CLAIMED');
    const back = await post(admin, `reviews/${id}/reassign`, { decoratorId: null });
    expect(back.body).toMatchObject({ state: 'queued', claimedBy: null });
    expect(await events(id, 'reassigned')).toBe(2);
  });

  it('lists reviews the ra-data-simple-rest way: range, sort, filters by state and claimedBy=me', async () => {
    const { reviewIds } = await supervisedOrder(bob, 3);
    expect((await post(pau, `reviews/${reviewIds[1]}/claim`)).status).toBe(200);
    const all = await get<Review[]>(ana, 'reviews?range=[0,1]');
    const total = Number(all.headers.get('content-range')?.split('/')[1]);
    expect(all.headers.get('content-range')).toBe(`reviews 0-1/${total}`);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.body).toHaveLength(2);
    expect(all.body[0].deadlineAt <= all.body[1].deadlineAt).toBe(true);

    const mine = await get<Review[]>(
      pau,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ claimedBy: 'me' }))}`,
    );
    expect(mine.body.map((r) => r.id)).toEqual([reviewIds[1]]);
    expect(mine.headers.get('content-range')).toBe('reviews 0-0/1');

    const filter = encodeURIComponent(JSON.stringify({ state: ['queued'], q: 'Pis Eixample' }));
    const sort = encodeURIComponent(JSON.stringify(['orderedAt', 'DESC']));
    const queuedOnes = await get<Review[]>(ana, `reviews?filter=${filter}&sort=${sort}&range=[0,99]`);
    expect(queuedOnes.body.every((r) => r.state === 'queued')).toBe(true);
    expect(queuedOnes.body.map((r) => r.id)).toEqual(expect.arrayContaining([reviewIds[0], reviewIds[2]]));
    expect(queuedOnes.body.map((r) => r.id)).not.toContain(reviewIds[1]);
    const ordered = queuedOnes.body.map((r) => r.orderedAt);
    expect(ordered).toEqual([...ordered].sort().reverse());

    const byBob = await get<Review[]>(
      ana,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ q: bob.email }))}`,
    );
    expect(byBob.body.map((r) => r.id).sort()).toEqual([...reviewIds].sort());
    const onTime = await get<Review[]>(
      ana,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ sla: 'on_time', q: bob.email }))}`,
    );
    expect(onTime.body).toHaveLength(3);
  });

  it('delivers an approved review once, even approved twice at once', async () => {
    const confirms = await listen(alice);
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
    await sleep(200);
    const before = confirms.length;

    const answers = await Promise.all([
      post(ana, `reviews/${id}/approve`),
      post(ana, `reviews/${id}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('REVIEW_DELIVERED');
    const delivered = answers.find((a) => a.status === 200)!.body;
    expect(delivered).toMatchObject({ state: 'delivered', sla: 'met', claimedBy: null, workingMsLeft: null });
    expect(await events(id, 'approved')).toBe(1);
    const met = await get<Review[]>(
      ana,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ sla: ['met'] }))}`,
    );
    expect(met.body.map((r) => r.id)).toEqual([id]);

    const detail = (await call<ProjectDetail>(t, 'GET', `project/${order.projectId}`, { token: alice.token }))
      .body;
    expect(detail).toMatchObject({ imagesCompleted: 1, totalImages: 1, status: 2 });
    expect(detail.decorations[0]).toMatchObject({ state: 'ready', awaitingReview: false });
    expect(detail.decorations[0].resultUrl).toMatch(/^\/data\/media\//);
    const [row] = (await db.query(`SELECT delivered_version_id FROM reviews WHERE id = $1`, [id])) as {
      delivered_version_id: string;
    }[];
    expect(delivered.versionId).toBe(row.delivered_version_id);

    await waitFor('the confirmation', async () => confirms.length > before);
    await sleep(300);
    expect(confirms.slice(before)).toEqual([order.projectId]);
    const mails = (await db.query(
      `SELECT subject, text FROM outbox WHERE "to" = $1 AND template = 'reviewDelivered'`,
      [alice.email],
    )) as { subject: string; text: string }[];
    const delivery = mails.filter((m) => m.text.includes(`/project/${order.projectId}`));
    expect(delivery).toHaveLength(1);
    expect(delivery[0].subject).toContain(order.propertyName);
    expect((await post(ana, `reviews/${id}/claim`)).body.code).toBe('REVIEW_DELIVERED');
    await expect(t.app.get(ReviewAccess).holdForEditing(id, ana.userId)).rejects.toMatchObject({
      code: 'REVIEW_DELIVERED',
    });
  });

  it('tells the customer of a supervised decoration at its delivery only, not when an AI draft is ready', async () => {
    const confirms = await listen(bob);
    const retries: string[] = [];
    clients[clients.length - 1]!.on('SendProjectDecorationRetryConfirm', (id) => retries.push(id));
    const order = await supervisedOrder(bob);
    const id = order.reviewIds[0];
    const customerMails = async () =>
      (
        (await db.query(`SELECT template FROM outbox WHERE "to" = $1 AND text LIKE $2`, [
          bob.email,
          `%${order.propertyName}%`,
        ])) as { template: string }[]
      ).map((m) => m.template);
    // The draft is rendered and queued for staff: the customer hears nothing of it.
    await sleep(300);
    expect(confirms).not.toContain(order.projectId);
    expect(await customerMails()).toEqual([]);

    // Nor of the fresh draft staff asked for.
    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
    expect((await post(ana, `reviews/${id}/send-back`, { note: 'Més llum' })).status).toBe(200);
    await queued(id);
    await sleep(300);
    expect(confirms).not.toContain(order.projectId);
    expect(retries).not.toContain(order.projectId);

    // The delivery is the one confirmation and the one e-mail.
    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
    expect((await post(ana, `reviews/${id}/approve`)).status).toBe(200);
    await waitFor('the confirmation', async () => confirms.includes(order.projectId));
    await sleep(300);
    expect(confirms.filter((p) => p === order.projectId)).toHaveLength(1);
    expect(retries).not.toContain(order.projectId);
    expect(await customerMails()).toEqual(['reviewDelivered']);
  });

  it('sends a draft back for a fresh, free one and queues the review again once it is rendered', async () => {
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    const balance = await t.app.get(WalletService).balance(alice.userId);
    const [{ current_version_id: firstDraft }] = (await db.query(
      `SELECT current_version_id FROM decorations WHERE id = $1`,
      [order.decorationIds[0]],
    )) as { current_version_id: string }[];
    expect((await post(ana, `reviews/${id}/send-back`, { note: 'Massa fosc' })).body.code).toBe(
      'REVIEW_NOT_CLAIMED',
    );
    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);

    const sent = await post(ana, `reviews/${id}/send-back`, { note: 'Massa fosc' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ claimedBy: null });
    // The fresh draft renders in a moment; the review is back in the queue once it is there.
    expect(['drafting', 'queued']).toContain(sent.body.state);
    await queued(id);
    const versions = (await db.query(
      `SELECT id, number, credits, charge_key, state, seed, room_type, style FROM decoration_versions
        WHERE decoration_id = $1 ORDER BY number`,
      [order.decorationIds[0]],
    )) as {
      id: string;
      number: number;
      credits: number;
      charge_key: string;
      state: string;
      seed: number;
      room_type: string;
      style: string;
    }[];
    expect(versions).toHaveLength(2);
    expect(versions[1]).toMatchObject({
      number: 2,
      credits: 0,
      charge_key: `sendback:${versions[1].id}`,
      state: 'ready',
    });
    // A fresh draft of the same room in the same style: a new seed, so the engine does not draw the same defect.
    expect(versions[1].seed).not.toBe(versions[0].seed);
    expect([versions[1].room_type, versions[1].style]).toEqual([versions[0].room_type, versions[0].style]);
    const shown = await get(ana, `reviews/${id}`);
    expect(shown.body).toMatchObject({ state: 'queued', versionId: versions[1].id });
    expect(shown.body.versionId).not.toBe(firstDraft);
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance);

    const history = await get<ReviewEvent[]>(ana, `reviews/${id}/history`);
    expect(history.body.map((e) => e.action)).toEqual(['entered', 'claimed', 'sent_back', 'entered']);
    expect(history.body[2]).toMatchObject({
      note: 'Massa fosc',
      versionId: versions[1].id,
      by: { id: ana.userId },
    });
    // The customer still waits for the reviewed result.
    const detail = (await call<ProjectDetail>(t, 'GET', `project/${order.projectId}`, { token: alice.token }))
      .body;
    expect(detail.decorations[0]).toMatchObject({ state: 'pending', awaitingReview: true, resultUrl: null });
  });

  it('keeps the customer from redoing under review; a redo after delivery is reviewed again and counts once', async () => {
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    const decorationId = order.decorationIds[0];
    const redo = () =>
      call<Answer<unknown>>(t, 'POST', `decoration/${decorationId}/redo`, { token: alice.token, body: {} });
    const balance = await t.app.get(WalletService).balance(alice.userId);
    expect((await redo()).body.code).toBe('DECORATION_NOT_READY');
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance);

    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
    expect((await post(ana, `reviews/${id}/approve`)).status).toBe(200);
    const [{ deadline_at: firstDeadline }] = (await db.query(
      `SELECT deadline_at FROM reviews WHERE id = $1`,
      [id],
    )) as { deadline_at: Date }[];

    expect((await redo()).status).toBe(201);
    expect(await t.app.get(WalletService).balance(alice.userId)).toBe(balance - 5);
    await queued(id);
    const reopened = (await review(id)) as { deadline_at: Date; delivered_at: Date | null };
    expect(reopened.delivered_at).toBeNull();
    expect(reopened.deadline_at.getTime()).toBeGreaterThan(firstDeadline.getTime());
    expect((await post(pau, `reviews/${id}/claim`)).status).toBe(200);
    expect((await post(pau, `reviews/${id}/approve`)).status).toBe(200);
    expect(await events(id, 'approved')).toBe(2);

    const detail = (await call<ProjectDetail>(t, 'GET', `project/${order.projectId}`, { token: alice.token }))
      .body;
    expect(detail).toMatchObject({ imagesCompleted: 1, totalImages: 1, status: 2 });
    expect(detail.decorations[0]).toMatchObject({ state: 'ready', awaitingReview: false });
  });

  it('warns admins once at risk and once overdue, however many sweeps run at once', async () => {
    const order = await supervisedOrder(alice);
    const id = order.reviewIds[0];
    const sweep = t.app.get(ReviewSweep);
    const mailed = async (template: string) =>
      (
        (await db.query(`SELECT count(*)::int AS n FROM outbox WHERE template = $1 AND subject LIKE $2`, [
          template,
          `%${order.propertyName}`,
        ])) as { n: number }[]
      )[0].n;

    await db.query(`UPDATE reviews SET deadline_at = now() + interval '1 hour' WHERE id = $1`, [id]);
    await Promise.all([sweep.sweep(), sweep.sweep(), sweep.sweep()]);
    await sweep.sweep();
    expect(await events(id, 'at_risk')).toBe(1);
    expect(await mailed('reviewAtRisk')).toBe(1); // one admin in this database
    expect((await get(ana, `reviews/${id}`)).body.sla).toBe('at_risk');
    const alerts = await get<ReviewAlerts>(ana, 'reviews/alerts');
    expect(alerts.body.atRisk).toBeGreaterThanOrEqual(1);

    await db.query(`UPDATE reviews SET deadline_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await Promise.all([sweep.sweep(), sweep.sweep(), sweep.sweep()]);
    await sweep.sweep();
    expect(await events(id, 'overdue')).toBe(1);
    expect(await events(id, 'at_risk')).toBe(1);
    expect(await mailed('reviewOverdue')).toBe(1);
    const overdue = await get(ana, `reviews/${id}`);
    expect(overdue.body.sla).toBe('overdue');
    expect(overdue.body.workingMsLeft).toBeLessThanOrEqual(0);
    const filtered = await get<Review[]>(
      ana,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ sla: 'overdue' }))}`,
    );
    expect(filtered.body.map((r) => r.id)).toContain(id);
    expect((await get<ReviewAlerts>(ana, 'reviews/alerts')).body.overdue).toBeGreaterThanOrEqual(1);
    const [mail] = (await db.query(
      `SELECT "to", text FROM outbox WHERE template = 'reviewOverdue' AND subject LIKE $1`,
      [`%${order.propertyName}`],
    )) as { to: string; text: string }[];
    expect(mail).toMatchObject({ to: admin.email });
    expect(mail.text).toContain(`/backoffice/reviews/${id}/show`);

    // Delivered late, it counts as missed on the dashboard.
    expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
    expect((await post(ana, `reviews/${id}/approve`)).body.sla).toBe('missed');
    const dashboard = await get<ReviewDashboard>(admin, 'reviews/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.days).toBe(30);
    expect(dashboard.body.delivered).toBeGreaterThanOrEqual(2);
    expect(dashboard.body.slaHitRate).toBeGreaterThan(0);
    expect(dashboard.body.slaHitRate).toBeLessThan(1);
    expect(dashboard.body.perDay).toHaveLength(30);
    expect(dashboard.body.perDay.reduce((n, d) => n + d.missed, 0)).toBe(1);
    expect(dashboard.body.perDecorator.find((d) => d.id === ana.userId)?.delivered).toBeGreaterThanOrEqual(2);
    expect(dashboard.body.medianWorkingHoursToDeliver).not.toBeNull();
  });

  it('returns a claim left untouched for REVIEW_CLAIM_MINUTES to the queue', async () => {
    const { reviewIds } = await supervisedOrder(alice);
    const id = reviewIds[0];
    expect((await post(pau, `reviews/${id}/claim`)).status).toBe(200);
    await t.app.get(ReviewSweep).sweep();
    expect(((await review(id)) as { state: string }).state).toBe('claimed');

    await db.query(`UPDATE reviews SET touched_at = now() - make_interval(mins => $2 + 1) WHERE id = $1`, [
      id,
      t.config.REVIEW_CLAIM_MINUTES,
    ]);
    await Promise.all([t.app.get(ReviewSweep).sweep(), t.app.get(ReviewSweep).sweep()]);
    expect((await get(ana, `reviews/${id}`)).body).toMatchObject({ state: 'queued', claimedBy: null });
    const history = await get<ReviewEvent[]>(ana, `reviews/${id}/history`);
    expect(history.body.filter((e) => e.action === 'claim_expired')).toEqual([
      expect.objectContaining({ by: { id: pau.userId, name: 'decorator' } }),
    ]);
    await expect(t.app.get(ReviewAccess).holdForEditing(id, pau.userId)).rejects.toMatchObject({
      code: 'REVIEW_NOT_CLAIMED',
    });
  });
  describe('approving exactly the result the decorator saw', () => {
    const editPath = (id: string, path = '') => `admin/reviews/${id}/edit${path}`;
    const saveEdit = (user: SignedIn, id: string, base: string, layers: EditLayer[]) =>
      call<Answer<unknown>>(t, 'PUT', editPath(id), {
        token: user.token,
        body: { document: { schemaVersion: 1, baseVersionId: base, layers, watermark: false } },
      });
    const renderEdit = async (user: SignedIn, id: string) => {
      const res = await call<Answer<RenderEditResponse>>(t, 'POST', editPath(id, '/render'), {
        token: user.token,
      });
      expect(res.status).toBe(201);
      return res.body.versionId;
    };
    /** The storage key a signed media link grants. */
    const keyOf = (url: string) => t.app.get(MediaUrls).verify(url.replace('/data/media/', '')).key;
    const bytes = async (url: string) => Buffer.from(await (await fetch(`${t.url}${url}`)).arrayBuffer());
    const versionRow = async (versionId: string) =>
      (
        (await db.query(
          `SELECT number, origin, result_key, thumbnail_key FROM decoration_versions WHERE id = $1`,
          [versionId],
        )) as { number: number; origin: string; result_key: string; thumbnail_key: string }[]
      )[0];

    it('keeps the AI draft’s own thumbnail after edit renders, apart from the current result', async () => {
      const order = await supervisedOrder(alice);
      const id = order.reviewIds[0];
      expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
      const before = (await get(ana, `reviews/${id}`)).body;
      const draft = before.draft!;
      expect(draft).toMatchObject({ number: 1 });
      expect(before.result).toEqual(draft);
      expect(before).toMatchObject({ versionId: draft.versionId, rendering: false, unrenderedEdits: false });
      const draftRow = await versionRow(draft.versionId);
      expect(keyOf(draft.thumbnailUrl)).toBe(draftRow.thumbnail_key);
      expect(keyOf(draft.imageUrl)).toBe(draftRow.result_key);
      const draftThumbnail = await bytes(draft.thumbnailUrl);

      expect((await saveEdit(ana, id, draft.versionId, [wallLayer()])).status).toBe(200);
      const fixed = await renderEdit(ana, id);
      expect(await versionRow(fixed)).toMatchObject({ number: 2, origin: 'edit' });

      const after = (await get(ana, `reviews/${id}`)).body;
      expect(after.draft).toMatchObject({ versionId: draft.versionId, number: 1 });
      expect(keyOf(after.draft!.thumbnailUrl)).toBe(draftRow.thumbnail_key);
      expect(await bytes(after.draft!.thumbnailUrl)).toEqual(draftThumbnail);
      expect(after.result).toMatchObject({ versionId: fixed, number: 2 });
      expect(keyOf(after.result!.thumbnailUrl)).toBe((await versionRow(fixed)).thumbnail_key);
      expect(await bytes(after.result!.thumbnailUrl)).not.toEqual(draftThumbnail);
      // The older fields name the result too.
      expect(after.versionId).toBe(fixed);
      expect(keyOf(after.draftUrl!)).toBe((await versionRow(fixed)).result_key);
      expect(after.unrenderedEdits).toBe(false);
    });

    it('keeps the AI draft while in review even once the edit document is no longer drawn over it', async () => {
      const order = await supervisedOrder(alice);
      const id = order.reviewIds[0];
      const decorationId = order.decorationIds[0];
      expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
      const draft = (await get(ana, `reviews/${id}`)).body.draft!;
      expect((await saveEdit(ana, id, draft.versionId, [wallLayer()])).status).toBe(200);
      const first = await renderEdit(ana, id);
      // The document now goes on over the first fix: only the review keeps the draft from pruning.
      await db.query(
        `UPDATE edit_documents SET document = jsonb_set(document, '{baseVersionId}', to_jsonb($2::text))
          WHERE decoration_id = $1`,
        [decorationId, first],
      );
      let last = first;
      for (let i = 0; i < KEPT_VERSIONS + 1; i++) last = await renderEdit(ana, id);

      const numbers = (
        (await db.query(`SELECT number FROM decoration_versions WHERE decoration_id = $1 ORDER BY number`, [
          decorationId,
        ])) as { number: number }[]
      ).map((v) => v.number);
      // Some fixes were dropped, the draft was not.
      expect(numbers[0]).toBe(1);
      expect(numbers).toHaveLength(KEPT_VERSIONS + 2);
      const shown = (await get(ana, `reviews/${id}`)).body;
      expect(shown.draft).toMatchObject({ versionId: draft.versionId, number: 1 });
      expect(shown.result).toMatchObject({ versionId: last, number: KEPT_VERSIONS + 3 });
      expect((await fetch(`${t.url}${shown.draft!.thumbnailUrl}`)).status).toBe(200);
    });

    it('refuses a stale version, a render under way and unrendered edits; delivers exactly the version shown', async () => {
      const confirms = await listen(alice);
      const order = await supervisedOrder(alice);
      const id = order.reviewIds[0];
      const decorationId = order.decorationIds[0];
      expect((await post(ana, `reviews/${id}/claim`)).status).toBe(200);
      const draft = (await get(ana, `reviews/${id}`)).body.draft!;

      // Saved but not rendered: the review says so, and approving needs the decorator to say so too.
      expect((await saveEdit(ana, id, draft.versionId, [wallLayer()])).status).toBe(200);
      expect((await get(ana, `reviews/${id}`)).body.unrenderedEdits).toBe(true);
      const unrendered = await post(ana, `reviews/${id}/approve`, { versionId: draft.versionId });
      expect(unrendered).toMatchObject({ status: 409, body: { code: 'REVIEW_EDITS_UNRENDERED' } });

      // A render finishes after the dialog opened on the draft: the draft is no longer what approving delivers.
      const fixed = await renderEdit(ana, id);
      expect((await get(ana, `reviews/${id}`)).body.unrenderedEdits).toBe(false);
      const stale = await post(ana, `reviews/${id}/approve`, { versionId: draft.versionId });
      expect(stale).toMatchObject({ status: 409, body: { code: 'REVIEW_RESULT_CHANGED' } });

      // A render under way (reserved just now) is refused too; one left behind by a crash is not.
      await db.query(
        `UPDATE edit_documents SET rendering_version_id = $2, rendering_since = now() WHERE decoration_id = $1`,
        [decorationId, randomUUID()],
      );
      expect((await get(ana, `reviews/${id}`)).body.rendering).toBe(true);
      const rendering = await post(ana, `reviews/${id}/approve`, { versionId: fixed });
      expect(rendering).toMatchObject({ status: 409, body: { code: 'REVIEW_RESULT_CHANGED' } });
      await db.query(
        `UPDATE edit_documents SET rendering_since = now() - make_interval(secs => $2) WHERE decoration_id = $1`,
        [decorationId, t.config.RENDER_TIMEOUT_SECONDS + 60],
      );
      expect((await get(ana, `reviews/${id}`)).body.rendering).toBe(false);

      // Edited again after the render: refused, unless the decorator approves without those changes.
      expect((await saveEdit(ana, id, draft.versionId, [wallLayer(), wallLayer()])).status).toBe(200);
      expect((await get(ana, `reviews/${id}`)).body.unrenderedEdits).toBe(true);
      const edited = await post(ana, `reviews/${id}/approve`, { versionId: fixed });
      expect(edited).toMatchObject({ status: 409, body: { code: 'REVIEW_EDITS_UNRENDERED' } });
      expect(await events(id, 'approved')).toBe(0);
      expect(((await review(id)) as { state: string }).state).toBe('claimed');
      const malformed = await post(ana, `reviews/${id}/approve`, { versionId: 'v2' });
      expect(malformed).toMatchObject({ status: 400, body: { fields: { versionId: 'invalid' } } });

      const approved = await post(ana, `reviews/${id}/approve`, {
        versionId: fixed,
        ignoreUnrenderedEdits: true,
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        state: 'delivered',
        versionId: fixed,
        result: { versionId: fixed, number: 2 },
        draft: { versionId: draft.versionId, number: 1 },
        rendering: false,
        unrenderedEdits: false,
      });
      const [delivered] = (await db.query(
        `SELECT d.current_version_id, v.result_key, r.delivered_version_id
           FROM decorations d JOIN decoration_versions v ON v.id = d.current_version_id
           JOIN reviews r ON r.decoration_id = d.id WHERE d.id = $1`,
        [decorationId],
      )) as { current_version_id: string; result_key: string; delivered_version_id: string }[];
      expect(delivered).toEqual({
        current_version_id: fixed,
        result_key: (await versionRow(fixed)).result_key,
        delivered_version_id: fixed,
      });
      // The customer's result is that very file, the one the dialog showed.
      const detail = (
        await call<ProjectDetail>(t, 'GET', `project/${order.projectId}`, { token: alice.token })
      ).body;
      expect(detail.decorations[0]).toMatchObject({ state: 'ready', awaitingReview: false });
      expect(keyOf(detail.decorations[0].resultUrl!)).toBe((await versionRow(fixed)).result_key);
      expect(keyOf(detail.decorations[0].resultUrl!)).toBe(keyOf(approved.body.result!.imageUrl));
      const history = await get<ReviewEvent[]>(ana, `reviews/${id}/history`);
      expect(history.body.filter((e) => e.action === 'approved')).toEqual([
        expect.objectContaining({ versionId: fixed }),
      ]);
      await waitFor('the confirmation', async () => confirms.includes(order.projectId));
    });
  });
});
