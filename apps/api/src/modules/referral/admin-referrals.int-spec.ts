import {
  adminReferralSchema,
  adminTopReferrerSchema,
  LIMITS,
  type AdminReferral,
  type AdminTopReferrer,
} from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { ReferralService } from './referral.service';

type Customer = Awaited<ReturnType<typeof signUp>>;

describe('console: referrals and top referrers', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  let ana: Customer;
  let bea: Customer;
  let carla: Customer;
  let dani: Customer;
  let eva: Customer;
  let beaPayment: string;

  /** A paid pack as the payment confirmation writes it, rewarding the referrer in the same transaction. */
  const purchase = (userId: string): Promise<string> =>
    db.transaction(async (m) => {
      const [session] = (await m.query(
        `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, state, gateway, completed_at)
         VALUES ($1, 'pack', 'standard', 10, 4900, 'paid', 'sandbox', now()) RETURNING id`,
        [userId],
      )) as { id: string }[];
      const [payment] = (await m.query(
        `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits)
         VALUES ($1, $2, 4900, 'pack', 10) RETURNING id`,
        [userId, session.id],
      )) as { id: string }[];
      await t.app.get(ReferralService).rewardFirstPurchase(m, userId, payment.id);
      return payment.id;
    });

  const list = async (query: Record<string, unknown> = {}) => {
    const params = new URLSearchParams(
      Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])),
    );
    const res = await call<AdminReferral[]>(t, 'GET', `admin/referrals?${params.toString()}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    return {
      rows: res.body.map((row) => adminReferralSchema.parse(row)),
      range: res.headers.get('content-range'),
    };
  };
  const top = async (query = '') => {
    const res = await call<AdminTopReferrer[]>(t, 'GET', `admin/top-referrers${query}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    return {
      rows: res.body.map((row) => adminTopReferrerSchema.parse(row)),
      range: res.headers.get('content-range'),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    admin = await signIn(t, 'admin');
    ana = await signUp(t, { name: 'Ana Referrer' });
    bea = await signUp(t, { name: 'Bea', referralCode: ana.user.referralCode });
    carla = await signUp(t, { name: 'Carla', referralCode: ana.user.referralCode });
    dani = await signUp(t, { name: 'Dani', referralCode: carla.user.referralCode });
    eva = await signUp(t, { name: 'Eva' });
    // bea's first purchase pays ana's reward; carla and dani have not bought, eva was referred by nobody.
    beaPayment = await purchase(bea.user.id);
    await purchase(eva.user.id);
  });
  afterAll(() => t.close());

  it('lists who referred whom, newest first, with the reward paid or pending', async () => {
    const { rows, range } = await list();
    expect(range).toBe('referrals 0-2/3');
    expect(rows.map((r) => r.id)).toEqual([dani.user.id, carla.user.id, bea.user.id]);
    const paid = rows.find((r) => r.id === bea.user.id)!;
    expect(paid).toMatchObject({
      referrer: { id: ana.user.id, name: 'Ana Referrer', email: ana.email },
      referred: { id: bea.user.id, name: 'Bea', email: bea.email },
      status: 'paid',
      reward: { credits: LIMITS.referralRewardCredits, paymentId: beaPayment },
    });
    expect(rows.find((r) => r.id === carla.user.id)).toMatchObject({
      referrer: { id: ana.user.id },
      status: 'pending',
      reward: null,
    });
    expect(rows.find((r) => r.id === dani.user.id)).toMatchObject({
      referrer: { id: carla.user.id },
      status: 'pending',
    });
    // Oldest first on request.
    expect((await list({ sort: ['referredAt', 'ASC'] })).rows.map((r) => r.id)).toEqual([
      bea.user.id,
      carla.user.id,
      dani.user.id,
    ]);
  });

  it('filters by referrer, referred customer, status and ids', async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await list({ filter })).rows.map((r) => r.id).sort();
    expect(await ids({ referrerId: ana.user.id })).toEqual([bea.user.id, carla.user.id].sort());
    expect(await ids({ referrerId: carla.user.id })).toEqual([dani.user.id]);
    expect(await ids({ referredId: carla.user.id })).toEqual([carla.user.id]);
    expect(await ids({ status: 'paid' })).toEqual([bea.user.id]);
    expect(await ids({ status: 'pending' })).toEqual([carla.user.id, dani.user.id].sort());
    expect(await ids({ referrerId: ana.user.id, status: 'pending' })).toEqual([carla.user.id]);
    expect(await ids({ id: [bea.user.id, dani.user.id, 'junk'] })).toEqual(
      [bea.user.id, dani.user.id].sort(),
    );
    expect(await ids({ status: 'other' })).toEqual([]);
    expect(await ids({ referrerId: 'not-a-uuid' })).toEqual([]);
    const page = await list({ range: [1, 1] });
    expect(page.range).toBe('referrals 1-1/3');
    expect(page.rows.map((r) => r.id)).toEqual([carla.user.id]);
  });

  it('shows one referral; anyone not referred is NOT_FOUND like an unknown id', async () => {
    const one = await call<AdminReferral>(t, 'GET', `admin/referrals/${bea.user.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(adminReferralSchema.parse(one.body)).toMatchObject({ id: bea.user.id, status: 'paid' });
    for (const id of [eva.user.id, ana.user.id, randomUUID(), 'junk']) {
      const res = await call(t, 'GET', `admin/referrals/${id}`, { token: admin.token });
      expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('ranks referrers by customers referred, then by credits earned', async () => {
    // A third referrer with as many referred customers as carla but a paid reward ranks above her.
    const fran = await signUp(t, { name: 'Fran' });
    const gina = await signUp(t, { referralCode: fran.user.referralCode });
    await purchase(gina.user.id);

    const { rows, range } = await top();
    expect(range).toBe('top-referrers 0-2/3');
    expect(rows).toEqual([
      {
        id: ana.user.id,
        name: 'Ana Referrer',
        email: ana.email,
        referred: 2,
        rewarded: 1,
        credits: LIMITS.referralRewardCredits,
      },
      {
        id: fran.user.id,
        name: 'Fran',
        email: fran.email,
        referred: 1,
        rewarded: 1,
        credits: LIMITS.referralRewardCredits,
      },
      { id: carla.user.id, name: 'Carla', email: carla.email, referred: 1, rewarded: 0, credits: 0 },
    ]);
    expect((await top('?range=[0,0]')).rows.map((r) => r.id)).toEqual([ana.user.id]);
    expect(
      (await top(`?filter=${encodeURIComponent(JSON.stringify({ id: [carla.user.id] }))}`)).rows.map(
        (r) => r.id,
      ),
    ).toEqual([carla.user.id]);

    const one = await call<AdminTopReferrer>(t, 'GET', `admin/top-referrers/${fran.user.id}`, {
      token: admin.token,
    });
    expect(one.body).toMatchObject({ id: fran.user.id, referred: 1, rewarded: 1 });
    // Someone who referred nobody is no referrer.
    const none = await call(t, 'GET', `admin/top-referrers/${eva.user.id}`, { token: admin.token });
    expect(none).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses decorators and customers, and asks for a session', async () => {
    const decorator = await signIn(t, 'decorator');
    const customer = await signIn(t);
    const paths = [
      'admin/referrals',
      `admin/referrals/${bea.user.id}`,
      'admin/top-referrers',
      `admin/top-referrers/${ana.user.id}`,
    ];
    for (const path of paths) {
      for (const user of [decorator, customer])
        expect((await call(t, 'GET', path, { token: user.token })).status).toBe(403);
      expect((await call(t, 'GET', path)).status).toBe(401);
    }
  });
});
