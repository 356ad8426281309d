import { randomUUID } from 'node:crypto';
import {
  adminPackSchema,
  adminPlanSchema,
  checkoutResponseSchema,
  type AdminPack,
  type AdminPlan,
  type CheckoutResponse,
  type PackList,
  type PlanList,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, subscribe } from '../../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../../test/harness';
import { SubscriptionRenewals } from '../subscription-renewals';

const DAY_MS = 86_400_000;

describe('admin plans and packs: edits, gateway prices, availability (sandbox gateway)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const get = <T>(path: string, token = admin.token) => call<T>(t, 'GET', path, { token });
  const put = <T>(path: string, body: unknown, token = admin.token) =>
    call<T>(t, 'PUT', path, { token, body });
  const plan = async (code: string): Promise<AdminPlan> =>
    adminPlanSchema.parse((await get(`admin/plans/${code}`)).body);
  const pack = async (code: string): Promise<AdminPack> =>
    adminPackSchema.parse((await get(`admin/packs/${code}`)).body);
  const auditRows = (recordId: string) =>
    db.query(
      `SELECT action, resource, actor_id, before, after FROM audit_log WHERE record_id = $1 ORDER BY id`,
      [recordId],
    ) as Promise<{ action: string; resource: string; actor_id: string; before: object; after: object }[]>;
  const prices = (code: string) =>
    db.query(
      // the prices of one save share its transaction's time: monthly first, then annual
      `SELECT cycle, amount_cents, gateway, ref, archived_at IS NOT NULL AS archived
         FROM gateway_prices WHERE code = $1 ORDER BY created_at, cycle DESC`,
      [code],
    ) as Promise<{ cycle: string; amount_cents: number; gateway: string; ref: string; archived: boolean }[]>;

  /** Buys a monthly subscription on the sandbox page, as a customer does. */
  const subscribeByCheckout = async (user: SignedIn, code: string) => {
    const opened = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'subscription', plan: code, cycle: 'monthly' },
    });
    expect(opened.status).toBe(201);
    const { sessionId } = checkoutResponseSchema.parse(opened.body);
    const paid = await call(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token: user.token, body: {} });
    expect(paid.status).toBe(200);
    return sessionId;
  };

  it('lists the four plans and packs as ra-data-simple-rest expects, each with its figures', async () => {
    const plans = await get<AdminPlan[]>('admin/plans');
    expect(plans.status).toBe(200);
    expect(plans.headers.get('content-range')).toBe('plans 0-3/4');
    expect(plans.body.map((p) => adminPlanSchema.parse(p).id)).toEqual([
      'STARTER',
      'PRO',
      'ULTIMATE',
      'BUSINESS',
    ]);
    expect(plans.body[1]).toMatchObject({
      monthlyPriceCents: 4900,
      annualPriceCents: 49000,
      active: true,
      availableFrom: null,
      gatewayPrices: { monthly: null, annual: null },
      subscribers: 0,
    });
    const packs = await get<AdminPack[]>('admin/packs');
    expect(packs.headers.get('content-range')).toBe('packs 0-3/4');
    expect(packs.body.map((p) => adminPackSchema.parse(p).id)).toEqual([
      'starter',
      'standard',
      'premium',
      'business',
    ]);
    // getMany, and a code that is not one of the four
    const some = await get<AdminPlan[]>(
      `admin/plans?filter=${encodeURIComponent('{"id":["PRO","BUSINESS"]}')}`,
    );
    expect(some.body.map((p) => p.id)).toEqual(['PRO', 'BUSINESS']);
    for (const path of ['admin/plans/GOLD', 'admin/packs/huge', 'admin/plans/pro']) {
      const res = await get<{ code: string }>(path);
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('a price change leaves what was sold as it was; new checkouts pay the new price', async () => {
    const ana = await signIn(t);
    await subscribe(t, ana.userId, 'PRO');
    const soldBefore = (await db.query(
      `SELECT s.id, s.plan_code, s.cycle, s.current_period_end, p.amount_cents, p.invoice_number
         FROM subscriptions s JOIN payments p ON p.user_id = s.user_id WHERE s.user_id = $1`,
      [ana.userId],
    )) as object[];
    expect(soldBefore).toHaveLength(1);
    expect(soldBefore[0]).toMatchObject({ plan_code: 'PRO', amount_cents: 4900 });
    expect((await plan('PRO')).subscribers).toBe(1);

    // ra-data-simple-rest sends the whole record back, read-only fields included
    const record = await plan('PRO');
    const saved = await put<AdminPlan>('admin/plans/PRO', { ...record, monthlyPriceCents: 5900 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: 'PRO',
      monthlyPriceCents: 5900,
      annualPriceCents: 49000,
      subscribers: 1,
    });
    expect(saved.body.gatewayPrices.monthly).toMatch(/^price_sbx_/);
    expect(saved.body.gatewayPrices.annual).toBeNull();

    const soldAfter = (await db.query(
      `SELECT s.id, s.plan_code, s.cycle, s.current_period_end, p.amount_cents, p.invoice_number
         FROM subscriptions s JOIN payments p ON p.user_id = s.user_id WHERE s.user_id = $1`,
      [ana.userId],
    )) as object[];
    expect(soldAfter).toEqual(soldBefore);

    const bea = await signIn(t);
    const sessionId = await subscribeByCheckout(bea, 'PRO');
    const [{ amount_cents }] = (await db.query(`SELECT amount_cents FROM payments WHERE user_id = $1`, [
      bea.userId,
    ])) as { amount_cents: number }[];
    expect(amount_cents).toBe(5900);
    const [session] = (await db.query(`SELECT amount_cents FROM checkout_sessions WHERE id = $1`, [
      sessionId,
    ])) as { amount_cents: number }[];
    expect(session.amount_cents).toBe(5900);
    // The public catalogue shows the new price.
    const catalogue = await call<PlanList>(t, 'GET', 'billing/plans');
    expect(catalogue.body.find((p) => p.code === 'PRO')?.monthlyPriceCents).toBe(5900);
  });

  it('each changed price gets one new gateway price and archives the old; an unchanged one gets none', async () => {
    const first = await plan('ULTIMATE');
    await put('admin/plans/ULTIMATE', { ...first, monthlyPriceCents: 10900 });
    expect(await prices('ULTIMATE')).toEqual([
      {
        cycle: 'monthly',
        amount_cents: 10900,
        gateway: 'sandbox',
        ref: expect.stringMatching(/^price_sbx_/),
        archived: false,
      },
    ]);
    const firstRef = (await prices('ULTIMATE'))[0].ref;

    // both figures change: one new price each, the monthly one replacing the first
    const second = await plan('ULTIMATE');
    await put('admin/plans/ULTIMATE', { ...second, monthlyPriceCents: 11900, annualPriceCents: 119000 });
    const rows = await prices('ULTIMATE');
    expect(rows.map((r) => [r.cycle, r.amount_cents, r.archived])).toEqual([
      ['monthly', 10900, true],
      ['monthly', 11900, false],
      ['annual', 119000, false],
    ]);
    expect(rows[0].ref).toBe(firstRef);
    const live = await plan('ULTIMATE');
    expect(live.gatewayPrices).toEqual({ monthly: rows[1].ref, annual: rows[2].ref });

    // rights and name only: no price is created
    await put('admin/plans/ULTIMATE', { ...live, name: 'Ultimate+', descriptionsPerMonth: 50 });
    expect(await prices('ULTIMATE')).toHaveLength(3);
    expect(await plan('ULTIMATE')).toMatchObject({ name: 'Ultimate+', descriptionsPerMonth: 50 });

    // a pack price change works the same way, on its one figure
    const standard = await pack('standard');
    const savedPack = await put<AdminPack>('admin/packs/standard', {
      ...standard,
      priceCents: 8900,
      credits: 32,
    });
    expect(savedPack.status).toBe(200);
    expect(savedPack.body).toMatchObject({
      priceCents: 8900,
      credits: 32,
      gatewayPrice: expect.stringMatching(/^price_sbx_/),
    });
    expect((await prices('standard')).map((r) => [r.cycle, r.amount_cents, r.archived])).toEqual([
      ['once', 8900, false],
    ]);
  });

  it('writes exactly one audit row per save, holding only the changed fields', async () => {
    const before = await plan('BUSINESS');
    await put('admin/plans/BUSINESS', {
      ...before,
      includedDecorations: 320,
      customLimits: true,
      decorationsPerOrder: 60,
    });
    await put('admin/plans/BUSINESS', { ...(await plan('BUSINESS')), watermark: true });
    const rows = await auditRows('BUSINESS');
    expect(rows).toEqual([
      {
        action: 'plans.update',
        resource: 'plans',
        actor_id: admin.userId,
        before: { includedDecorations: 300, decorationsPerOrder: null },
        after: { includedDecorations: 320, decorationsPerOrder: 60 },
      },
      {
        action: 'plans.update',
        resource: 'plans',
        actor_id: admin.userId,
        before: { watermark: false },
        after: { watermark: true },
      },
    ]);

    const premium = await pack('premium');
    await put('admin/packs/premium', { ...premium, properties: '5-25' });
    expect(await auditRows('premium')).toEqual([
      {
        action: 'packs.update',
        resource: 'packs',
        actor_id: admin.userId,
        before: { properties: '5-20' },
        after: { properties: '5-25' },
      },
    ]);

    // a refused save writes nothing
    const refused = await put<{ code: string; fields: Record<string, string> }>('admin/plans/BUSINESS', {
      ...(await plan('BUSINESS')),
      availableFrom: '2030-01-02T00:00:00Z',
      availableUntil: '2030-01-01T00:00:00Z',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { availableUntil: 'invalid' } });
    const badPrice = await put<{ code: string; fields: Record<string, string> }>('admin/packs/premium', {
      ...(await pack('premium')),
      priceCents: 0,
    });
    expect(badPrice.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { priceCents: 'invalid' } });
    expect(await auditRows('BUSINESS')).toHaveLength(2);
    expect(await auditRows('premium')).toHaveLength(1);
  });

  it('outside its dates or inactive, an offer is off sale; its subscribers and renewals carry on', async () => {
    const cleo = await signIn(t);
    // on the sandbox page, so the card that pays the renewal is saved
    await subscribeByCheckout(cleo, 'STARTER');
    const now = Date.now();

    // STARTER's sale ended yesterday
    const starter = await plan('STARTER');
    const ended = await put('admin/plans/STARTER', {
      ...starter,
      availableFrom: new Date(now - 30 * DAY_MS).toISOString(),
      availableUntil: new Date(now - DAY_MS).toISOString(),
    });
    expect(ended.status).toBe(200);
    // premium goes on sale tomorrow; business is withdrawn
    await put('admin/packs/premium', {
      ...(await pack('premium')),
      availableFrom: new Date(now + DAY_MS).toISOString(),
    });
    await put('admin/packs/business', { ...(await pack('business')), active: false });

    const plans = await call<PlanList>(t, 'GET', 'billing/plans');
    expect(plans.body.map((p) => p.code)).toEqual(['PRO', 'ULTIMATE', 'BUSINESS']);
    const packs = await call<PackList>(t, 'GET', 'billing/packs');
    expect(packs.body.map((p) => p.code)).toEqual(['starter', 'standard']);

    const buyer = await signIn(t);
    for (const body of [
      { kind: 'subscription', plan: 'STARTER', cycle: 'monthly' },
      { kind: 'pack', code: 'premium' },
      { kind: 'pack', code: 'business' },
    ]) {
      const res = await call<{ code: string }>(t, 'POST', 'billing/checkout', { token: buyer.token, body });
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    const allowed = await call(t, 'POST', 'billing/checkout', {
      token: buyer.token,
      body: { kind: 'pack', code: 'starter' },
    });
    expect(allowed.status).toBe(201);

    // the existing STARTER subscriber keeps the plan, and it renews
    const current = await call<{ subscription: { plan: string; isActive: boolean } }>(
      t,
      'GET',
      'billing/subscription',
      {
        token: cleo.token,
      },
    );
    expect(current.body.subscription).toMatchObject({ plan: 'STARTER', isActive: true });
    await t.app.get(SubscriptionRenewals).renewDue(new Date(now + 40 * DAY_MS));
    const invoices = (await db.query(
      `SELECT plan_code FROM payments WHERE user_id = $1 AND kind = 'subscription' ORDER BY created_at`,
      [cleo.userId],
    )) as { plan_code: string }[];
    expect(invoices.map((i) => i.plan_code)).toEqual(['STARTER', 'STARTER']);

    // back on sale when the dates are cleared
    await put('admin/plans/STARTER', {
      ...(await plan('STARTER')),
      availableFrom: null,
      availableUntil: null,
    });
    expect((await call<PlanList>(t, 'GET', 'billing/plans')).body.map((p) => p.code)).toContain('STARTER');
  });

  it('refuses a decorator and a customer on every route, changing nothing', async () => {
    const decorator = await signIn(t, 'decorator');
    const customer = await signIn(t);
    const record = await plan('PRO');
    const routes: ['GET' | 'PUT', string, unknown?][] = [
      ['GET', 'admin/plans'],
      ['GET', 'admin/plans/PRO'],
      ['PUT', 'admin/plans/PRO', { ...record, monthlyPriceCents: 100 }],
      ['GET', 'admin/packs'],
      ['GET', 'admin/packs/starter'],
      ['PUT', 'admin/packs/starter', { ...(await pack('starter')), priceCents: 100 }],
    ];
    for (const who of [decorator, customer]) {
      for (const [method, path, body] of routes) {
        const res = await call(t, method, path, {
          token: who.token,
          body,
          headers: { 'Idempotency-Key': randomUUID() },
        });
        expect([path, res.status]).toEqual([path, 403]);
      }
    }
    expect((await plan('PRO')).monthlyPriceCents).toBe(record.monthlyPriceCents);
    expect((await pack('starter')).priceCents).toBe(2900);
  });
});
