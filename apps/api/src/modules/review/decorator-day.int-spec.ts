import {
  type NextReviewResponse,
  type OrderDecorationsResponse,
  type Review,
  type ReviewDownloadPreview,
  type UploadImagesResponse,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, subscribe, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { Storage } from '../../infra/storage/storage.port';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from '../wallet/wallet.service';

type Answer<T> = T & { code?: string };

/** Mean absolute difference per channel between two same-sized images, inside a box (fractions of the size). */
async function meanDifference(
  a: Buffer,
  b: Buffer,
  box: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const crop = async (image: Buffer) => {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const region = {
      left: Math.floor(width * box.left),
      top: Math.floor(height * box.top),
      width: Math.floor(width * box.width),
      height: Math.floor(height * box.height),
    };
    return sharp(image).extract(region).removeAlpha().raw().toBuffer();
  };
  const [pa, pb] = await Promise.all([crop(a), crop(b)]);
  expect(pa.length).toBe(pb.length);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i] - pb[i]);
  return sum / pa.length;
}

/** Where the Estancia mark sits (lower right), and an area it never touches (upper left). */
const MARK_CORNER = { left: 0.7, top: 0.85, width: 0.3, height: 0.15 };
const AWAY_FROM_MARK = { left: 0, top: 0, width: 0.5, height: 0.5 };

describe("decorator's day: the queue, next job, and what the customer downloads", () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;
  let ana: SignedIn;
  let pau: SignedIn;

  let projects = 0;
  /** A project of `user` with one supervised decoration of a bedroom, its draft rendered and queued. */
  const supervisedOrder = async (user: SignedIn) => {
    const propertyName = `Pis Gràcia ${++projects}`;
    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const upload = await fetch(`${t.url}/data/project/${created.body.id}/images`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    expect(upload.status).toBe(201);
    const [image] = ((await upload.json()) as UploadImagesResponse).images;
    await t.app.get(WalletService).grant(user.userId, 100, 'admin_adjustment', `test:${propertyName}`);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${created.body.id}/decorations`,
      {
        token: user.token,
        body: {
          items: [{ imageId: image.id, roomType: 'bedroom', style: 'scandinavian', type: 'supervised' }],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const [{ id: reviewId }] = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1`, [
      ordered.body.decorations[0].id,
    ])) as { id: string }[];
    await waitFor(`review ${reviewId} queued`, async () => {
      const [row] = (await db.query(`SELECT state FROM reviews WHERE id = $1`, [reviewId])) as {
        state: string;
      }[];
      return row.state === 'queued';
    });
    return { reviewId, propertyName, imageId: image.id };
  };

  const post = <T = Review>(user: SignedIn, path: string) =>
    call<Answer<T>>(t, 'POST', `admin/${path}`, { token: user.token, body: {} });
  const get = <T = Review>(user: SignedIn, path: string) =>
    call<Answer<T>>(t, 'GET', `admin/${path}`, { token: user.token });
  const file = async (user: SignedIn, path: string) => {
    const res = await fetch(`${t.url}/data/admin/${path}`, { headers: user.headers });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };
  const media = async (url: string) => {
    const res = await fetch(new URL(url, t.url));
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  /** The review's current result as stored: the file a watermark-free download hands over unchanged. */
  const storedResult = async (reviewId: string) => {
    const [row] = (await db.query(
      `SELECT v.result_key FROM reviews r JOIN decorations d ON d.id = r.decoration_id
         JOIN decoration_versions v ON v.id = d.current_version_id WHERE r.id = $1`,
      [reviewId],
    )) as { result_key: string }[];
    return t.app.get(Storage).get(row.result_key);
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
    ana = await signIn(t, 'decorator');
    pau = await signIn(t, 'decorator');
  });
  afterAll(() => t.close());

  it('lists each job with a thumbnail of its result, the property and the room', async () => {
    const order = await supervisedOrder(alice);
    const listed = await get<Review[]>(
      ana,
      `reviews?filter=${encodeURIComponent(JSON.stringify({ id: order.reviewId }))}`,
    );
    expect(listed.status).toBe(200);
    const [row] = listed.body;
    expect(row).toMatchObject({ propertyName: order.propertyName, roomType: 'bedroom', state: 'queued' });
    // The thumbnail is the result's own, a small image, not the 640 × 480 render.
    expect(row.thumbnailUrl).toBe(row.result?.thumbnailUrl);
    const thumbnail = await sharp(await media(row.thumbnailUrl)).metadata();
    expect(thumbnail.width).toBeLessThan(640);
    expect(thumbnail.width).toBeGreaterThan(0);

    // While a fresh draft renders there is no result: the customer's photo stands in for it.
    await db.query(
      `UPDATE decoration_versions SET state = 'pending'
        WHERE id = (SELECT d.current_version_id FROM reviews r JOIN decorations d ON d.id = r.decoration_id WHERE r.id = $1)`,
      [order.reviewId],
    );
    const drafting = await get(ana, `reviews/${order.reviewId}`);
    expect(drafting.body.result).toBeNull();
    const [photo] = (await db.query(`SELECT thumbnail_key FROM project_images WHERE id = $1`, [
      order.imageId,
    ])) as {
      thumbnail_key: string;
    }[];
    expect(
      (await media(drafting.body.thumbnailUrl)).equals(await t.app.get(Storage).get(photo.thumbnail_key)),
    ).toBe(true);
    // Back as it was, and out of the queue the next test counts on.
    await db.query(
      `UPDATE decoration_versions SET state = 'ready'
        WHERE id = (SELECT d.current_version_id FROM reviews r JOIN decorations d ON d.id = r.decoration_id WHERE r.id = $1)`,
      [order.reviewId],
    );
    expect((await post(pau, `reviews/${order.reviewId}/claim`)).status).toBe(200);
  });

  it('"next job" claims the oldest unclaimed job, never the same one twice, and says when none is left', async () => {
    const first = await supervisedOrder(alice);
    const second = await supervisedOrder(bob);
    const third = await supervisedOrder(alice);
    const fourth = await supervisedOrder(bob);
    // The second order is the oldest (its customer ordered first); the third is already held.
    await db.query(`UPDATE reviews SET ordered_at = now() - interval '3 days' WHERE id = $1`, [
      second.reviewId,
    ]);
    await db.query(`UPDATE reviews SET ordered_at = now() - interval '2 days' WHERE id = $1`, [
      first.reviewId,
    ]);
    await db.query(`UPDATE reviews SET ordered_at = now() - interval '4 days' WHERE id = $1`, [
      third.reviewId,
    ]);
    expect((await post(pau, `reviews/${third.reviewId}/claim`)).status).toBe(200);

    const next = await post<NextReviewResponse>(ana, 'reviews/next');
    expect(next.status).toBe(200);
    expect(next.body.review).toMatchObject({
      id: second.reviewId,
      state: 'claimed',
      claimedBy: { id: ana.userId },
    });
    // Claimed the way the claim button claims: a history step and an audit row.
    const history = await get<{ action: string; by: { id: string } | null }[]>(
      ana,
      `reviews/${second.reviewId}/history`,
    );
    expect(history.body.at(-1)).toMatchObject({ action: 'claimed', by: { id: ana.userId } });
    const [audit] = (await db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'reviews.claim' AND record_id = $1 AND actor_id = $2`,
      [second.reviewId, ana.userId],
    )) as { n: number }[];
    expect(audit.n).toBe(1);

    // Two decorators at the same moment get two different jobs: the first, then the fourth.
    const [a, b] = await Promise.all([
      post<NextReviewResponse>(ana, 'reviews/next'),
      post<NextReviewResponse>(pau, 'reviews/next'),
    ]);
    expect([a.body.review?.id, b.body.review?.id].sort()).toEqual([first.reviewId, fourth.reviewId].sort());
    expect(a.body.review?.claimedBy?.id).toBe(ana.userId);
    expect(b.body.review?.claimedBy?.id).toBe(pau.userId);

    const none = await post<NextReviewResponse>(ana, 'reviews/next');
    expect(none).toMatchObject({ status: 200, body: { review: null } });
    // Customers have no queue to take from.
    expect((await post(alice, 'reviews/next')).status).toBe(403);
  });

  it('previews the download with the watermark for a customer whose plan adds it, and without for PRO', async () => {
    const marked = await supervisedOrder(alice);
    const clean = await supervisedOrder(bob);
    await subscribe(t, bob.userId, 'PRO');

    const markedPreview = await get<ReviewDownloadPreview>(
      ana,
      `reviews/${marked.reviewId}/download-preview`,
    );
    const shown = await get(ana, `reviews/${marked.reviewId}`);
    expect(markedPreview.body).toEqual({
      versionId: shown.body.result!.versionId,
      number: shown.body.result!.number,
      watermark: true,
      planCode: null,
    });
    const markedImage = await file(
      ana,
      `reviews/${marked.reviewId}/download-preview/image?versionId=${markedPreview.body.versionId}`,
    );
    expect(markedImage.status).toBe(200);
    expect(markedImage.type).toBe('image/jpeg');
    const markedStored = await storedResult(marked.reviewId);
    // The mark's corner differs from the unmarked render; the rest of the picture is the render.
    expect(await meanDifference(markedImage.body, markedStored, MARK_CORNER)).toBeGreaterThan(4);
    expect(await meanDifference(markedImage.body, markedStored, AWAY_FROM_MARK)).toBeLessThan(1.5);
    // Exactly what the customer's own download gives them once the decorator approves it.
    expect((await post(ana, `reviews/${marked.reviewId}/claim`)).status).toBe(200);
    const approved = await call<Review>(t, 'POST', `admin/reviews/${marked.reviewId}/approve`, {
      token: ana.token,
      body: { versionId: markedPreview.body.versionId },
    });
    expect(approved.body.state).toBe('delivered');
    const decorationId = approved.body.decorationId;
    const download = await fetch(`${t.url}/data/decoration/${decorationId}/download`, {
      headers: alice.headers,
    });
    expect(download.status).toBe(200);
    expect(
      await meanDifference(markedImage.body, Buffer.from(await download.arrayBuffer()), MARK_CORNER),
    ).toBeLessThan(1);
    // Once delivered, the preview is what was delivered.
    expect(
      (await get<ReviewDownloadPreview>(ana, `reviews/${marked.reviewId}/download-preview`)).body,
    ).toEqual(markedPreview.body);

    const cleanPreview = await get<ReviewDownloadPreview>(ana, `reviews/${clean.reviewId}/download-preview`);
    expect(cleanPreview.body).toMatchObject({ watermark: false, planCode: 'PRO' });
    const cleanImage = await file(ana, `reviews/${clean.reviewId}/download-preview/image`);
    expect(cleanImage.body.equals(await storedResult(clean.reviewId))).toBe(true);

    // A result that moved on since the dialog asked is refused; unknown and malformed ids look the same.
    const moved = await file(
      ana,
      `reviews/${clean.reviewId}/download-preview/image?versionId=${markedPreview.body.versionId}`,
    );
    expect(moved.status).toBe(409);
    expect(JSON.parse(moved.body.toString())).toMatchObject({ code: 'REVIEW_RESULT_CHANGED' });
    for (const id of ['6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', 'not-an-id']) {
      const missing = await get(ana, `reviews/${id}/download-preview`);
      expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect((await file(ana, `reviews/${id}/download-preview/image`)).status).toBe(404);
    }
    expect((await get(alice, `reviews/${marked.reviewId}/download-preview`)).status).toBe(403);
    expect((await file(alice, `reviews/${marked.reviewId}/download-preview/image`)).status).toBe(403);
  });
});
