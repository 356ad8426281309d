import {
  COSTS,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type UploadImagesResponse,
  type WalletStatistics,
  type WalletTransactionsResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, sleep, waitFor } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { roomJpeg } from '../projects/test-images';
import { WalletService } from './wallet.service';

describe('wallet races, history and statistics', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
  });
  afterAll(() => t.close());

  /** A signed-up customer holding exactly `credits` (the sign-up credit included). */
  async function customerWith(credits: number): Promise<SignedIn> {
    const user = await signIn(t);
    if (credits > 1)
      await wallet.grant(user.userId, credits - 1, 'admin_adjustment', `test:topup:${user.userId}`);
    if (credits < 1) await wallet.spend(user.userId, 1, 'admin_adjustment', `test:drain:${user.userId}`);
    return user;
  }

  const ledgerFacts = async (userId: string) =>
    (
      (await db.query(
        `SELECT COALESCE(sum(delta), 0)::int AS sum, COALESCE(min(balance_after), 0)::int AS lowest,
                count(*)::int AS rows
           FROM ledger_entries WHERE user_id = $1`,
        [userId],
      )) as { sum: number; lowest: number; rows: number }[]
    )[0];

  it('1000 concurrent spends of 1 credit on a balance of 10: exactly 10 succeed, never below 0', async () => {
    const user = await customerWith(10);
    const lowestSeen: number[] = [];
    let racing = true;
    // Reads the balance on its own connection while the spends race, to catch any dip below zero.
    const watcher = (async () => {
      while (racing) {
        lowestSeen.push(await wallet.balance(user.userId));
        await sleep(1);
      }
    })();
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        wallet.spend(user.userId, 1, 'decoration', `test:race1000:${user.userId}:${i}`),
      ),
    );
    racing = false;
    await watcher;
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(990);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(lowestSeen.length).toBeGreaterThan(0);
    expect(Math.min(...lowestSeen)).toBeGreaterThanOrEqual(0);
    expect(await wallet.balance(user.userId)).toBe(0);
    const facts = await ledgerFacts(user.userId);
    expect(facts).toEqual({ sum: 0, lowest: 0, rows: 2 + 10 });
  });

  it('500 spends racing 500 grants end at the exact expected balance', async () => {
    const user = await customerWith(500);
    const moves = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0
        ? wallet.spend(user.userId, 1, 'decoration', `test:mix:spend:${user.userId}:${i}`)
        : wallet.grant(user.userId, 2, 'pack_purchase', `test:mix:grant:${user.userId}:${i}`),
    );
    const results = await Promise.allSettled(moves);
    // Started with enough credits for every spend, so none may fail whatever the interleaving.
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    expect(await wallet.balance(user.userId)).toBe(500 - 500 + 500 * 2);
    const facts = await ledgerFacts(user.userId);
    expect(facts.sum).toBe(1000);
    expect(facts.lowest).toBeGreaterThanOrEqual(0);
    expect(facts.rows).toBe(2 + 1000);
  });

  it('spends racing grants from an almost empty wallet: the balance is start + grants − successful spends', async () => {
    const user = await customerWith(1);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        i % 2 === 0
          ? wallet.spend(user.userId, 1, 'decoration', `test:thin:spend:${user.userId}:${i}`)
          : wallet.grant(user.userId, 1, 'pack_purchase', `test:thin:grant:${user.userId}:${i}`),
      ),
    );
    const spent = results.filter((r, i) => i % 2 === 0 && r.status === 'fulfilled').length;
    const granted = results.filter((r, i) => i % 2 === 1 && r.status === 'fulfilled').length;
    expect(granted).toBe(500);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const balance = await wallet.balance(user.userId);
    expect(balance).toBe(1 + 500 - spent);
    const facts = await ledgerFacts(user.userId);
    expect(facts.sum).toBe(balance);
    expect(facts.lowest).toBeGreaterThanOrEqual(0);
    expect(facts.rows).toBe(1 + 500 + spent);
  });

  it('lists the signed-in user’s transactions newest first, 20 a page, each with its kind', async () => {
    const alice = await signIn(t);
    const bob = await signIn(t);
    await wallet.grant(bob.userId, 7, 'pack_purchase', `test:bob:${bob.userId}`);
    const a = alice.userId;
    // signup_bonus (1) is already there; 24 more rows make 25: a full page and 5 on the next.
    await wallet.grant(a, 10, 'pack_purchase', `test:h:pack:${a}`);
    await wallet.grant(a, 5, 'subscription_grant', `test:h:sub:${a}`);
    await wallet.grant(a, 5, 'referral_reward', `test:h:ref:${a}`);
    await wallet.spend(a, 2, 'decoration', `test:h:deco:${a}`);
    await wallet.refund(a, 2, 'decoration_refund', `refund:test:h:deco:${a}`);
    await wallet.spend(a, 1, 'description', `test:h:desc:${a}`);
    await wallet.grant(a, 3, 'admin_adjustment', `test:h:adj:${a}`);
    for (let i = 0; i < 17; i++) await wallet.spend(a, 1, 'decoration', `test:h:many:${a}:${i}`);
    const balance = await wallet.balance(a);
    expect(balance).toBe(1 + 10 + 5 + 5 - 2 + 2 - 1 + 3 - 17);

    const page = (n?: number) =>
      call<WalletTransactionsResponse>(
        t,
        'GET',
        `wallet/transactions${n === undefined ? '' : `?page=${n}`}`,
        {
          token: alice.token,
        },
      );
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: WALLET_TRANSACTIONS_PAGE_SIZE });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toMatchObject({ delta: -1, balanceAfter: balance, kind: 'decoration' });
    const second = await page(2);
    expect(second.body).toMatchObject({ total: 25, page: 2 });
    expect(first.body.items.slice(17).map((r) => [r.kind, r.reason, r.delta, r.balanceAfter])).toEqual([
      ['adjustment', 'admin_adjustment', 3, 23],
      ['description', 'description', -1, 20],
      ['refund', 'decoration_refund', 2, 21],
    ]);
    expect(second.body.items.map((r) => [r.kind, r.reason, r.delta, r.balanceAfter])).toEqual([
      ['decoration', 'decoration', -2, 19],
      ['referral', 'referral_reward', 5, 21],
      ['subscription', 'subscription_grant', 5, 16],
      ['pack', 'pack_purchase', 10, 11],
      ['signup', 'signup_bonus', 1, 1],
    ]);
    const all = [...first.body.items, ...second.body.items];
    const dates = all.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(new Set(all.map((r) => r.id)).size).toBe(25);
    // Each row's balance is the one left by the row below it plus its own delta.
    for (let i = 0; i < all.length - 1; i++)
      expect(all[i].balanceAfter).toBe(all[i + 1].balanceAfter + all[i].delta);
    const third = await page(3);
    expect(third.body).toMatchObject({ total: 25, page: 3, items: [] });
    expect((await page(0)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call(t, 'GET', 'wallet/transactions?page=abc', { token: alice.token })).status).toBe(400);
    expect((await call(t, 'GET', 'wallet/transactions')).status).toBe(401);

    const bobs = await call<WalletTransactionsResponse>(t, 'GET', 'wallet/transactions', {
      token: bob.token,
    });
    expect(bobs.body.total).toBe(2);
    expect(bobs.body.items.map((r) => r.kind)).toEqual(['pack', 'signup']);
    const aliceIds = new Set(all.map((r) => r.id));
    expect(bobs.body.items.some((r) => aliceIds.has(r.id))).toBe(false);
  });

  it('sums purchases, net use, referral earnings and ready images into the statistics', async () => {
    const alice = await signIn(t);
    const bob = await signIn(t);
    const a = alice.userId;
    await wallet.grant(a, 20, 'pack_purchase', `test:s:pack:${a}`);
    await wallet.grant(a, 10, 'subscription_grant', `test:s:sub:${a}`);
    await wallet.grant(a, 5, 'referral_reward', `test:s:ref:${a}`);
    await wallet.spend(a, 3, 'decoration', `test:s:deco:${a}`);
    await wallet.refund(a, 3, 'decoration_refund', `refund:test:s:deco:${a}`);
    await wallet.spend(a, 1, 'description', `test:s:desc1:${a}`);
    await wallet.spend(a, 1, 'description', `test:s:desc2:${a}`);
    // Neither a purchase nor a use: staff corrections stay out of both figures.
    await wallet.spend(a, 2, 'admin_adjustment', `test:s:adj:${a}`);
    // Bob's own movements and images must never reach Alice's figures.
    await wallet.grant(bob.userId, 50, 'pack_purchase', `test:s:bob:${bob.userId}`);
    await wallet.spend(bob.userId, 4, 'description', `test:s:bobdesc:${bob.userId}`);

    // Alice orders one automatic and one supervised decoration through the API.
    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: alice.token,
      body: { propertyName: 'Pis Eixample' },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    for (let i = 0; i < 2; i++)
      form.append(
        'files',
        new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
        `p${i}.jpg`,
      );
    const uploaded = await fetch(`${t.url}/data/project/${created.body.id}/images`, {
      method: 'POST',
      headers: alice.headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const imageIds = ((await uploaded.json()) as UploadImagesResponse).images.map((i) => i.id);
    const ordered = await call<OrderDecorationsResponse>(
      t,
      'POST',
      `project/${created.body.id}/decorations`,
      {
        token: alice.token,
        body: {
          items: [
            { imageId: imageIds[0], roomType: 'bedroom', style: 'modern', type: 'automatic' },
            { imageId: imageIds[1], roomType: 'bedroom', style: 'modern', type: 'supervised' },
          ],
        },
      },
    );
    expect(ordered.status).toBe(201);
    const [automatic, supervised] = ordered.body.decorations;

    const stats = async (user: SignedIn) =>
      (await call<WalletStatistics>(t, 'GET', 'wallet/statistics', { token: user.token })).body;
    await waitFor('both decorations rendered', async () => {
      const detail = (
        await call<ProjectDetail>(t, 'GET', `project/${created.body.id}`, { token: alice.token })
      ).body;
      const [draft] = (await db.query(`SELECT awaiting_review FROM decorations WHERE id = $1`, [
        supervised.id,
      ])) as { awaiting_review: boolean }[];
      return (
        detail.decorations.find((d) => d.id === automatic.id)?.state === 'ready' && draft.awaiting_review
      );
    });
    const spentOnImages = COSTS.automaticDecorationCredits + COSTS.supervisedDecorationCredits;
    const [{ created_at: since }] = (await db.query(`SELECT created_at FROM users WHERE id = $1`, [a])) as {
      created_at: Date;
    }[];
    const expected: WalletStatistics = {
      creditsPurchased: 30,
      creditsUsed: 3 - 3 + 2 + spentOnImages,
      automaticImages: 1,
      // The supervised draft waits for staff review and is not delivered yet.
      supervisedImages: 0,
      descriptions: 2,
      creditsEarnedByReferrals: 5,
      since: since.toISOString(),
    };
    expect(await stats(alice)).toEqual(expected);

    // What the review module will do on approval; it does not exist yet, so the test plays staff.
    await db.query(
      `UPDATE decorations SET state = 'ready', awaiting_review = false WHERE id = $1 AND awaiting_review`,
      [supervised.id],
    );
    expect(await stats(alice)).toEqual({ ...expected, supervisedImages: 1 });

    const bobs = await stats(bob);
    expect(bobs).toMatchObject({
      creditsPurchased: 50,
      creditsUsed: 4,
      automaticImages: 0,
      supervisedImages: 0,
      descriptions: 1,
      creditsEarnedByReferrals: 0,
    });
    expect((await call(t, 'GET', 'wallet/statistics')).status).toBe(401);
  });
});
