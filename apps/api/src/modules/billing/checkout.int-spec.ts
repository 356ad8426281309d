import {
  checkoutResponseSchema,
  checkoutSessionSchema,
  couponSchema,
  SANDBOX_CARDS,
  type CheckoutResponse,
  type CheckoutSession,
} from '@estancia/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { APP_CONFIG } from '../../infra/config/config';
import { WalletService } from '../wallet/wallet.service';
import { BillingCustomers } from './billing-customers';
import { CheckoutService } from './checkout.service';
import { PaymentsService } from './payments.service';
import { sandboxEvent } from './sandbox-gateway';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: NEXT_YEAR, cvc: '123' });

describe('checkout of every kind, coupons and expiry (sandbox gateway)', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let payments: PaymentsService;
  let checkoutService: CheckoutService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    payments = t.app.get(PaymentsService);
    checkoutService = t.app.get(CheckoutService);
    await db.query(`
      INSERT INTO coupons (code, percent_off, amount_off_cents, expires_at, max_redemptions, times_redeemed, applies_to)
      VALUES ('PCT25', 25, NULL, NULL, NULL, 0, 'any'),
             ('FIVEOFF', NULL, 500, now() + interval '1 day', 100, 0, 'pack'),
             ('HUGE', NULL, 1000000, NULL, NULL, 0, 'any'),
             ('SUBONLY', 50, NULL, NULL, NULL, 0, 'subscription'),
             ('OLD', 10, NULL, now() - interval '1 minute', NULL, 0, 'any'),
             ('USEDUP', 10, NULL, NULL, 3, 3, 'any'),
             ('ONCE', 10, NULL, NULL, 1, 0, 'any')`);
  });
  afterAll(() => t.close());

  const price = async (sql: string, params: unknown[]): Promise<number> =>
    ((await db.query(sql, params)) as { price: number }[])[0].price;
  const packPrice = (code: string) => price(`SELECT price_cents AS price FROM packs WHERE code = $1`, [code]);

  const open = (user: SignedIn, body: unknown) =>
    call<CheckoutResponse & { code?: string; fields?: Record<string, string> }>(
      t,
      'POST',
      'billing/checkout',
      {
        token: user.token,
        body,
      },
    );
  const opened = async (user: SignedIn, body: unknown): Promise<CheckoutSession> => {
    const res = await open(user, body);
    expect(res.status).toBe(201);
    const { sessionId } = checkoutResponseSchema.parse(res.body);
    return session(user, sessionId);
  };
  const session = async (user: SignedIn, sessionId: string): Promise<CheckoutSession> => {
    const res = await call<CheckoutSession>(t, 'GET', `billing/checkout/${sessionId}`, { token: user.token });
    expect(res.status).toBe(200);
    return checkoutSessionSchema.parse(res.body);
  };
  const pay = (user: SignedIn, sessionId: string, body: unknown = {}) =>
    call<CheckoutSession & { code?: string; fields?: Record<string, string> }>(
      t,
      'POST',
      `billing/sandbox/${sessionId}/pay`,
      { token: user.token, body },
    );
  const count = async (sql: string, params: unknown[]): Promise<number> =>
    ((await db.query(sql, params)) as { n: number }[])[0].n;
  const sessionsOf = (userId: string) =>
    count(`SELECT count(*)::int AS n FROM checkout_sessions WHERE user_id = $1`, [userId]);
  const paymentsOf = (userId: string) =>
    count(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1`, [userId]);
  const redeemed = (code: string) => count(`SELECT times_redeemed AS n FROM coupons WHERE code = $1`, [code]);
  const subscribe = (userId: string) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end)
       VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '20 days')`,
      [userId],
    );

  it('sends the buyer to the sandbox page on the origin their browser is on, never a foreign one', async () => {
    const user = await signIn(t);
    // Opened at 127.0.0.1 while PUBLIC_URL names localhost: the buyer stays where their session is.
    const here = new URL(t.url).origin;
    const opened = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code: 'standard' },
      headers: { origin: here },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.checkoutUrl).toBe(`${here}/sandbox-checkout/${opened.body.sessionId}`);
    const card = await call<CheckoutResponse>(t, 'POST', 'billing/payment-method/setup', {
      token: user.token,
      headers: { origin: here },
    });
    expect(card.body.checkoutUrl).toBe(`${here}/sandbox-checkout/${card.body.sessionId}`);

    // Another site's Origin is not ours: the links fall back to PUBLIC_URL.
    const foreign = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code: 'standard' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(201);
    expect(foreign.body.checkoutUrl).toBe(
      `${t.app.get(APP_CONFIG).PUBLIC_URL.replace(/\/+$/, '')}/sandbox-checkout/${foreign.body.sessionId}`,
    );
    expect(foreign.body.checkoutUrl.startsWith('https://evil.example')).toBe(false);
  });

  it('prices a pack, with percent and amount coupons, and records the discount', async () => {
    const user = await signIn(t);
    const standard = await packPrice('standard');
    const plain = await opened(user, { kind: 'pack', code: 'standard' });
    expect(plain).toMatchObject({
      kind: 'pack',
      packCode: 'standard',
      amountCents: standard,
      discountCents: 0,
      couponCode: null,
      state: 'open',
      quantity: 1,
    });
    const ttl = Date.parse(plain.expiresAt) - Date.parse(plain.createdAt);
    expect(Math.abs(ttl - t.config.CHECKOUT_TTL_MINUTES * 60_000)).toBeLessThan(5000);

    const percent = await opened(user, { kind: 'pack', code: 'standard', coupon: 'pct25' });
    expect(percent).toMatchObject({
      couponCode: 'PCT25',
      discountCents: Math.round(standard * 0.25),
      amountCents: standard - Math.round(standard * 0.25),
    });
    const amount = await opened(user, { kind: 'pack', code: 'standard', coupon: ' fiveoff ' });
    expect(amount).toMatchObject({ couponCode: 'FIVEOFF', discountCents: 500, amountCents: standard - 500 });
    // a discount bigger than the price still leaves Stripe's minimum to pay
    const floor = await opened(user, { kind: 'pack', code: 'standard', coupon: 'HUGE' });
    expect(floor).toMatchObject({ amountCents: 50, discountCents: standard - 50 });
  });

  it('prices a subscription by cycle, and refuses a second one with SUBSCRIPTION_EXISTS', async () => {
    const user = await signIn(t);
    const monthly = await price(`SELECT monthly_price_cents AS price FROM plans WHERE code = 'PRO'`, []);
    const annual = await price(`SELECT annual_price_cents AS price FROM plans WHERE code = 'PRO'`, []);
    expect(await opened(user, { kind: 'subscription', plan: 'PRO', cycle: 'monthly' })).toMatchObject({
      kind: 'subscription',
      planCode: 'PRO',
      cycle: 'monthly',
      amountCents: monthly,
      credits: 0,
    });
    expect(
      await opened(user, { kind: 'subscription', plan: 'PRO', cycle: 'annual', coupon: 'SUBONLY' }),
    ).toMatchObject({
      cycle: 'annual',
      amountCents: annual - annual / 2,
      discountCents: annual / 2,
      couponCode: 'SUBONLY',
    });

    await subscribe(user.userId);
    const before = await sessionsOf(user.userId);
    const again = await open(user, { kind: 'subscription', plan: 'ULTIMATE', cycle: 'monthly' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SUBSCRIPTION_EXISTS');
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('prices the single decoration at 2.99 for one credit, and it pays once', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const decoration = await opened(user, { kind: 'decoration' });
    expect(decoration).toMatchObject({ kind: 'decoration', amountCents: 299, credits: 1, discountCents: 0 });
    expect((await pay(user, decoration.id)).body.state).toBe('paid');
    expect((await pay(user, decoration.id)).body.state).toBe('paid');
    expect(await wallet.balance(user.userId)).toBe(before + 1);
    const rows = (await db.query(
      `SELECT kind, credits, amount_cents, plan_code FROM payments WHERE user_id = $1`,
      [user.userId],
    )) as unknown[];
    expect(rows).toEqual([{ kind: 'decoration', credits: 1, amount_cents: 299, plan_code: null }]);
    const ledger = await wallet.ledger(user.userId);
    expect(ledger.filter((e) => e.reason === 'decoration_purchase')).toEqual([
      expect.objectContaining({ delta: 1, idempotencyKey: `checkout:${decoration.id}` }),
    ]);
  });

  it('refuses an expired, used-up, wrong-scope or unknown coupon with nothing written', async () => {
    const user = await signIn(t);
    // used up is said as such (Stripe's "max redemptions reached"), not as an invalid code
    const usedUp = await open(user, { kind: 'pack', code: 'starter', coupon: 'USEDUP' });
    expect(usedUp.status).toBe(409);
    expect(usedUp.body).toMatchObject({ code: 'COUPON_EXHAUSTED', fields: { coupon: 'COUPON_EXHAUSTED' } });
    const cases: [unknown, string][] = [
      [{ kind: 'pack', code: 'starter', coupon: 'OLD' }, 'OLD'],
      [{ kind: 'pack', code: 'starter', coupon: 'SUBONLY' }, 'SUBONLY'],
      [{ kind: 'subscription', plan: 'PRO', cycle: 'monthly', coupon: 'FIVEOFF' }, 'FIVEOFF'],
      [{ kind: 'pack', code: 'starter', coupon: 'NOPE' }, 'NOPE'],
    ];
    for (const [body] of cases) {
      const res = await open(user, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'COUPON_INVALID', fields: { coupon: 'COUPON_INVALID' } });
    }
    expect(await sessionsOf(user.userId)).toBe(0);
    expect(await redeemed('USEDUP')).toBe(3);
    // the decoration kind takes no coupon at all
    expect((await open(user, { kind: 'decoration', coupon: 'PCT25' })).status).toBe(201);

    const valid = await call(t, 'GET', 'billing/coupons/fiveoff?kind=pack', { token: user.token });
    expect(valid.status).toBe(200);
    expect(couponSchema.parse(valid.body)).toMatchObject({
      code: 'FIVEOFF',
      amountOffCents: 500,
      appliesTo: 'pack',
    });
    for (const [code, kind] of [
      ['FIVEOFF', 'subscription'],
      ['OLD', 'pack'],
      ['NOPE', 'pack'],
    ]) {
      const res = await call(t, 'GET', `billing/coupons/${code}?kind=${kind}`, { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('COUPON_INVALID');
    }
    expect((await call(t, 'GET', 'billing/coupons/USEDUP?kind=pack', { token: user.token })).body.code).toBe(
      'COUPON_EXHAUSTED',
    );
    expect((await call(t, 'GET', 'billing/coupons/PCT25?kind=gift', { token: user.token })).status).toBe(400);
  });

  it('counts a coupon once per paid session, and reserves its last use for the session that opened with it', async () => {
    const user = await signIn(t);
    const first = await opened(user, { kind: 'pack', code: 'starter', coupon: 'ONCE' });
    // the open session holds the one use: a second checkout is refused before any money is taken
    expect((await open(user, { kind: 'pack', code: 'starter', coupon: 'ONCE' })).body.code).toBe(
      'COUPON_EXHAUSTED',
    );
    await Promise.all(Array.from({ length: 5 }, () => payments.handle(sandboxEvent(first.id, 'paid'))));
    expect(await redeemed('ONCE')).toBe(1);
    expect(await paymentsOf(user.userId)).toBe(1);
    expect((await open(user, { kind: 'pack', code: 'starter', coupon: 'ONCE' })).body.code).toBe(
      'COUPON_EXHAUSTED',
    );
  });

  it('a declining card moves nothing and the session shows declined', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const pack = await opened(user, { kind: 'pack', code: 'standard', coupon: 'PCT25' });
    const redeemedBefore = await redeemed('PCT25');
    const declined = await pay(user, pack.id, { card: card('4000 0000 0000 0002') });
    expect(declined.status).toBe(200);
    expect(declined.body.state).toBe('declined');
    expect((await pay(user, pack.id)).body.state).toBe('declined');
    expect((await session(user, pack.id)).state).toBe('declined');
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await paymentsOf(user.userId)).toBe(0);
    expect(await redeemed('PCT25')).toBe(redeemedBefore);
    expect((await call(t, 'GET', 'billing/payment-method', { token: user.token })).body).toEqual({
      paymentMethod: null,
    });
  });

  it('refuses a card that fails Luhn or has expired, and leaves the session open', async () => {
    const user = await signIn(t);
    const pack = await opened(user, { kind: 'pack', code: 'starter' });
    const bad = await pay(user, pack.id, { card: card('4242424242424241') });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'card.number': 'invalid' } });
    const old = await pay(user, pack.id, { card: { ...card(SANDBOX_CARDS.pays), expYear: NEXT_YEAR - 3 } });
    expect(old.status).toBe(400);
    expect(old.body.fields).toMatchObject({ 'card.expYear': 'invalid' });
    expect((await session(user, pack.id)).state).toBe('open');
  });

  it('a card that pays becomes the saved payment method', async () => {
    const user = await signIn(t);
    const pack = await opened(user, { kind: 'pack', code: 'starter' });
    const paid = await pay(user, pack.id, {
      card: { number: '5555 5555 5555 4444', expMonth: 7, expYear: NEXT_YEAR, cvc: '123' },
    });
    expect(paid.body.state).toBe('paid');
    const method = await call(t, 'GET', 'billing/payment-method', { token: user.token });
    expect(method.body).toEqual({
      paymentMethod: { brand: 'mastercard', last4: '4444', expMonth: 7, expYear: NEXT_YEAR },
    });
    const customerRef = await t.app.get(BillingCustomers).find(user.userId);
    const [provider] = (await db.query(
      `SELECT method_ref, declines FROM sandbox_cards WHERE customer_ref = $1`,
      [customerRef],
    )) as { method_ref: string; declines: boolean }[];
    const [stored] = (await db.query(`SELECT method_ref FROM payment_methods WHERE user_id = $1`, [
      user.userId,
    ])) as {
      method_ref: string;
    }[];
    expect(provider).toEqual({ method_ref: stored.method_ref, declines: false });
  });

  it('an expired session is reported expired, cannot be paid, and the sweep expires it once', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const swept = await opened(user, { kind: 'pack', code: 'starter' });
    const read = await opened(user, { kind: 'pack', code: 'starter' });
    const fresh = await opened(user, { kind: 'pack', code: 'starter' });
    const past = (id: string) =>
      db.query(`UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await past(swept.id);
    expect(await checkoutService.expireDue()).toBe(1);
    const [row] = (await db.query(`SELECT state, completed_at FROM checkout_sessions WHERE id = $1`, [
      swept.id,
    ])) as {
      state: string;
      completed_at: Date | null;
    }[];
    expect(row.state).toBe('expired');
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_events WHERE event_id = $1`, [
        `sandbox:${swept.id}:expired`,
      ]),
    ).toBe(1);
    expect(await checkoutService.expireDue()).toBe(0);
    // reading a session past its expiry (before any sweep) stores it as expired too
    await past(read.id);
    expect((await session(user, read.id)).state).toBe('expired');
    expect(
      (await db.query(`SELECT state FROM checkout_sessions WHERE id = $1`, [read.id])) as unknown[],
    ).toEqual([{ state: 'expired' }]);

    const late = await pay(user, swept.id);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('CHECKOUT_EXPIRED');
    // the gateway's own paid event for it moves nothing either
    expect((await payments.handle(sandboxEvent(swept.id, 'paid'))).applied).toBe(false);
    expect((await session(user, fresh.id)).state).toBe('open');
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await paymentsOf(user.userId)).toBe(0);
  });

  it('schedules the expiry sweep as one repeatable job', async () => {
    const connection = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: 3 });
    const queue = new Queue('billing.expire-checkouts', { connection, prefix: t.config.REDIS_PREFIX });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: 'billing.expire-checkouts', every: 60_000 }),
      ]);
    } finally {
      await queue.close();
      await connection.quit();
    }
  });

  it("another user's session is NOT_FOUND on every session endpoint", async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const { id } = await opened(owner, { kind: 'decoration' });
    for (const [method, path] of [
      ['GET', `billing/checkout/${id}`],
      ['GET', `billing/sandbox/${id}`],
      ['POST', `billing/sandbox/${id}/pay`],
      ['POST', `billing/sandbox/${id}/decline`],
      ['GET', 'billing/checkout/not-a-uuid'],
    ] as const) {
      const res = await call(t, method, path, {
        token: stranger.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    expect((await call(t, 'GET', `billing/checkout/${id}`)).status).toBe(401);
    expect((await session(owner, id)).state).toBe('open');
  });

  it('the same customer is kept however many checkouts race to create it', async () => {
    const user = await signIn(t);
    await Promise.all(Array.from({ length: 6 }, () => opened(user, { kind: 'decoration' })));
    expect(
      await count(`SELECT count(*)::int AS n FROM billing_customers WHERE user_id = $1`, [user.userId]),
    ).toBe(1);
  });
});
