import { randomUUID } from 'node:crypto';
import {
  checkoutResponseSchema,
  type AdminPayment,
  type AdminPlan,
  type CheckoutResponse,
  type CheckoutSession,
} from '@estancia/contracts';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../../test/fixtures';
import { FakeStripe } from '../../../../test/stripe-server';
import { WalletService } from '../../wallet/wallet.service';

const WEBHOOK_SECRET = 'whsec_test';

describe('selling through Stripe (a loopback server speaking its API)', () => {
  const fake = new FakeStripe('sk_test_x');
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    t = await startTestApp({
      ...RELAXED_LIMITS,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
    });
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const post = (
    event: object,
    timestamp = Math.floor(Date.now() / 1000),
    tamper?: (body: string) => string,
  ) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp,
    });
    return fetch(`${t.url}/data/billing/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: tamper ? tamper(payload) : payload,
    });
  };

  const checkout = async (user: SignedIn, body: object): Promise<CheckoutResponse> => {
    const res = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', { token: user.token, body });
    expect(res.status).toBe(201);
    return checkoutResponseSchema.parse(res.body);
  };

  const gatewayRefOf = async (sessionId: string): Promise<string> =>
    (
      (await db.query(`SELECT gateway_ref FROM checkout_sessions WHERE id = $1`, [sessionId])) as {
        gateway_ref: string;
      }[]
    )[0].gateway_ref;

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    ((await db.query(`SELECT count(*)::int AS n FROM (${sql}) q`, params)) as { n: number }[])[0].n;

  it('a pack paid on Stripe’s page is credited once however often the webhook is delivered', async () => {
    const user = await signIn(t);
    const opened = await checkout(user, { kind: 'pack', code: 'standard' });
    const ref = await gatewayRefOf(opened.sessionId);
    expect(ref).toMatch(/^cs_/);
    expect(opened.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${ref}`);
    const [customer] = fake.calls('POST', '/v1/customers').map((r) => r.body);
    expect(customer).toMatchObject({ email: user.email, metadata: { userId: user.userId } });

    const [{ credits }] = (await db.query(`SELECT credits FROM packs WHERE code = 'standard'`)) as {
      credits: number;
    }[];
    const before = await wallet.balance(user.userId);
    const completed = fake.event('checkout.session.completed', fake.completeCheckout(ref));

    // a tampered body and a replayed (stale) delivery are refused, and nothing moves
    const tampered = await post(completed, undefined, (body) => body.replace('"paid"', '"unpaid"'));
    const stale = await post(completed, Math.floor(Date.now() / 1000) - 301);
    for (const res of [tampered, stale]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await count(`SELECT 1 FROM payment_events WHERE gateway = 'stripe'`, [])).toBe(0);

    const deliveries = await Promise.all(Array.from({ length: 10 }, () => post(completed)));
    expect(deliveries.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await wallet.balance(user.userId)).toBe(before + credits);
    expect(await count(`SELECT 1 FROM payments WHERE user_id = $1`, [user.userId])).toBe(1);
    const session = await call<CheckoutSession>(t, 'GET', `billing/checkout/${opened.sessionId}`, {
      token: user.token,
    });
    expect(session.body.state).toBe('paid');
    // the card Checkout kept for later
    const [card] = (await db.query(`SELECT gateway, brand, last4 FROM payment_methods WHERE user_id = $1`, [
      user.userId,
    ])) as { gateway: string; brand: string; last4: string }[];
    expect(card).toEqual({ gateway: 'stripe', brand: 'visa', last4: '4242' });
  });

  it('a subscription appears from its webhooks, and extra decorations are charged to the saved card once', async () => {
    const user = await signIn(t);
    const opened = await checkout(user, { kind: 'subscription', plan: 'PRO', cycle: 'monthly' });
    const session = fake.completeCheckout(await gatewayRefOf(opened.sessionId));
    const subscriptionRef = session.subscription as string;
    const sub = fake.subscriptions.get(subscriptionRef)!;
    const [invoice] = fake.invoicesOf(subscriptionRef);
    const before = await wallet.balance(user.userId);

    // Stripe's order is not guaranteed: the invoice may come before the subscription's own event
    const events = [
      fake.event('invoice.paid', invoice),
      fake.event('customer.subscription.updated', sub),
      fake.event('checkout.session.completed', session),
    ];
    for (const event of [...events, ...events]) expect((await post(event)).status).toBe(200);

    const [row] = (await db.query(
      `SELECT plan_code, cycle, status, current_period_end FROM active_subscriptions WHERE user_id = $1 AND gateway_ref = $2`,
      [user.userId, subscriptionRef],
    )) as { plan_code: string; cycle: string; status: string; current_period_end: Date }[];
    expect(row).toEqual({
      plan_code: 'PRO',
      cycle: 'monthly',
      status: 'active',
      current_period_end: new Date(sub.items.data[0].current_period_end * 1000),
    });
    const [payment] = (await db.query(
      `SELECT kind, amount_cents, invoice_ref, invoice_url, credits FROM payments WHERE user_id = $1`,
      [user.userId],
    )) as { kind: string; amount_cents: number; invoice_ref: string; invoice_url: string; credits: number }[];
    expect(payment).toMatchObject({
      kind: 'subscription',
      amount_cents: invoice.amount_paid,
      invoice_ref: invoice.id,
      invoice_url: invoice.invoice_pdf,
    });
    expect(await count(`SELECT 1 FROM payments WHERE user_id = $1`, [user.userId])).toBe(1);
    expect(await wallet.balance(user.userId)).toBe(before + payment.credits);
    expect(await count(`SELECT 1 FROM payment_methods WHERE user_id = $1`, [user.userId])).toBe(1);

    // extra decorations: charged off-session, credited at once; the PaymentIntent's webhook changes nothing
    const balance = await wallet.balance(user.userId);
    const extra = await call<CheckoutSession>(t, 'POST', 'billing/extra-decorations', {
      token: user.token,
      body: { quantity: 2, consent: true },
    });
    expect(extra.status).toBe(200);
    expect(extra.body.state).toBe('paid');
    const intent = [...fake.paymentIntents.values()].at(-1)!;
    expect(intent).toMatchObject({
      customer: sub.customer,
      off_session: true,
      metadata: { sessionId: extra.body.id },
    });
    expect((await post(fake.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await wallet.balance(user.userId)).toBe(balance + 2);
    expect(await count(`SELECT 1 FROM payments WHERE session_id = $1`, [extra.body.id])).toBe(1);

    // a refused card: PAYMENT_DECLINED and nothing credited
    fake.declineCard(intent.payment_method as string);
    const refused = await call(t, 'POST', 'billing/extra-decorations', {
      token: user.token,
      body: { quantity: 1, consent: true },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_DECLINED');
    expect(await wallet.balance(user.userId)).toBe(balance + 2);
  });

  it('refuses an event of another API version instead of losing the renewal it carries', async () => {
    expect(Stripe.API_VERSION).toBe('2026-02-25.clover'); // the version the fake's objects are shaped after
    const user = await signIn(t);
    const opened = await checkout(user, { kind: 'subscription', plan: 'PRO', cycle: 'monthly' });
    const session = fake.completeCheckout(await gatewayRefOf(opened.sessionId));
    const subscriptionRef = session.subscription as string;
    const [invoice] = fake.invoicesOf(subscriptionRef);
    // How an endpoint pinned to 2024-06-20 receives a paid invoice: the subscription at the top, no parent.
    const { parent: _parent, ...rest } = invoice as Record<string, unknown>;
    const legacy = {
      ...fake.event('invoice.paid', { ...rest, subscription: subscriptionRef }),
      api_version: '2024-06-20',
    };
    const res = await post(legacy);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { api_version: 'unsupported' },
    });
    expect(await count(`SELECT 1 FROM payments WHERE user_id = $1`, [user.userId])).toBe(0);
    // the same invoice in the pinned version is taken
    expect((await post(fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await count(`SELECT 1 FROM payments WHERE user_id = $1`, [user.userId])).toBe(1);
  });

  // ---- the staff console on Stripe: catalogue prices and refunds ----

  const put = async <T>(admin: SignedIn, path: string, change: object): Promise<T> => {
    const current = await call<T>(t, 'GET', path, { token: admin.token });
    const res = await call<T>(t, 'PUT', path, { token: admin.token, body: { ...current.body, ...change } });
    expect(res.status).toBe(200);
    return res.body;
  };
  const refund = (admin: SignedIn, paymentId: string, amountCents: number) =>
    call<AdminPayment & { code?: string }>(t, 'POST', `admin/payments/${paymentId}/refunds`, {
      token: admin.token,
      body: { amountCents, reason: 'Refund asked by the customer' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
  /** A subscription paid on Stripe's page, with its webhooks delivered. */
  const subscribeOnStripe = async (user: SignedIn, plan: string) => {
    const opened = await checkout(user, { kind: 'subscription', plan, cycle: 'monthly' });
    const session = fake.completeCheckout(await gatewayRefOf(opened.sessionId));
    const sub = fake.subscriptions.get(session.subscription as string)!;
    for (const event of [
      fake.event('checkout.session.completed', session),
      fake.event('customer.subscription.updated', sub),
      fake.event('invoice.paid', fake.invoicesOf(sub.id as string)[0]),
    ])
      expect((await post(event)).status).toBe(200);
    return sub;
  };
  const latestCheckout = () => fake.calls('POST', '/v1/checkout/sessions').at(-1)!.body;

  it('a plan price change is a new Stripe price on the plan’s product, the old archived; sold periods keep theirs, renewals take it', async () => {
    const admin = await signIn(t, 'admin');
    const early = await signIn(t);
    const earlySub = await subscribeOnStripe(early, 'PRO');
    const pricesBefore = fake.calls('POST', '/v1/prices').length;

    const first = await put<AdminPlan>(admin, 'admin/plans/PRO', { monthlyPriceCents: 5900 });
    const created = fake.calls('POST', '/v1/prices').slice(pricesBefore);
    expect(created.map((r) => r.body)).toEqual([
      {
        product: 'estancia_PRO_monthly',
        currency: 'eur',
        unit_amount: '5900',
        recurring: { interval: 'month' },
        metadata: { product: 'plan', code: 'PRO', cycle: 'monthly' },
      },
    ]);
    expect(first.gatewayPrices.monthly).toMatch(/^price_/);
    expect(first.gatewayPrices.annual).toBeNull();
    expect(fake.calls('POST', '/v1/prices/*')).toEqual([]);

    const second = await put<AdminPlan>(admin, 'admin/plans/PRO', { monthlyPriceCents: 6900 });
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(pricesBefore + 2);
    expect(fake.calls('POST', '/v1/prices/*').map((r) => [r.path, r.body])).toEqual([
      [`/v1/prices/${first.gatewayPrices.monthly}`, { active: 'false' }],
    ]);
    expect(fake.prices.get(first.gatewayPrices.monthly!)!.active).toBe(false);
    expect(fake.prices.get(second.gatewayPrices.monthly!)).toMatchObject({
      active: true,
      unit_amount: 6900,
      product: 'estancia_PRO_monthly',
      type: 'recurring',
    });
    // only the price changed: saving the name again creates nothing
    await put<AdminPlan>(admin, 'admin/plans/PRO', { name: 'Pro' });
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(pricesBefore + 2);

    // the earlier subscriber's paid period stays as sold; their subscription renews on each new price, with no
    // proration, so nothing is charged now
    const moves = fake
      .calls('POST', '/v1/subscriptions/*')
      .filter((r) => r.path === `/v1/subscriptions/${earlySub.id as string}`);
    expect(moves.map((r) => [r.body.items, r.body.proration_behavior])).toEqual([
      [[{ id: expect.stringMatching(/^si_/), price: first.gatewayPrices.monthly }], 'none'],
      [[{ id: expect.stringMatching(/^si_/), price: second.gatewayPrices.monthly }], 'none'],
    ]);
    expect(fake.subscriptions.get(earlySub.id as string)!.items.data[0].price.unit_amount).toBe(6900);
    expect(fake.invoicesOf(earlySub.id as string).map((i) => i.amount_paid)).toEqual([4900]);
    const [earlyPayment] = (await db.query(`SELECT amount_cents FROM payments WHERE user_id = $1`, [
      early.userId,
    ])) as { amount_cents: number }[];
    expect(earlyPayment.amount_cents).toBe(4900);

    // a new subscription is sold on the live price, and mapped back to the plan from its product
    const late = await signIn(t);
    await subscribeOnStripe(late, 'PRO');
    expect(latestCheckout().line_items).toEqual([{ quantity: '1', price: second.gatewayPrices.monthly }]);
    const [latePayment] = (await db.query(
      `SELECT p.amount_cents, s.plan_code, s.cycle FROM payments p JOIN subscriptions s ON s.user_id = p.user_id
        WHERE p.user_id = $1`,
      [late.userId],
    )) as { amount_cents: number; plan_code: string; cycle: string }[];
    expect(latePayment).toEqual({ amount_cents: 6900, plan_code: 'PRO', cycle: 'monthly' });

    // an upgrade moves the subscription onto the target plan's live price
    const ultimate = await put<AdminPlan>(admin, 'admin/plans/ULTIMATE', { monthlyPriceCents: 10900 });
    const upgraded = await call(t, 'POST', 'billing/subscription/change', {
      token: late.token,
      body: { plan: 'ULTIMATE', cycle: 'monthly' },
    });
    expect(upgraded.status).toBe(200);
    expect(fake.calls('POST', '/v1/subscriptions/*').at(-1)!.body.items).toEqual([
      { id: expect.stringMatching(/^si_/), price: ultimate.gatewayPrices.monthly },
    ]);
  });

  it('a pack sells on its Stripe price with the coupon as a discount, and refunds go through Stripe', async () => {
    const admin = await signIn(t, 'admin');
    const pack = await put<{ priceCents: number; gatewayPrice: string }>(admin, 'admin/packs/starter', {
      priceCents: 3000,
    });
    expect(fake.calls('POST', '/v1/prices').at(-1)!.body).toEqual({
      product: 'estancia_pack_starter',
      currency: 'eur',
      unit_amount: '3000',
      metadata: { product: 'pack', code: 'starter', cycle: 'once' },
    });
    expect(fake.products.get('estancia_pack_starter')).toBeDefined();
    await db.query(`INSERT INTO coupons (code, percent_off, applies_to) VALUES ('TENOFF', 10, 'any')`);

    const buyer = await signIn(t);
    const opened = await checkout(buyer, { kind: 'pack', code: 'starter', coupon: 'TENOFF' });
    const body = latestCheckout();
    expect(body.line_items).toEqual([{ quantity: '1', price: pack.gatewayPrice }]);
    const coupon = fake.coupons.get(body.discounts[0].coupon)!;
    expect(coupon.amount_off).toBe(300);
    const session = fake.completeCheckout(await gatewayRefOf(opened.sessionId));
    expect(session.amount_total).toBe(2700);
    expect((await post(fake.event('checkout.session.completed', session))).status).toBe(200);
    const [payment] = (await db.query(
      `SELECT id, amount_cents, invoice_ref FROM payments WHERE user_id = $1`,
      [buyer.userId],
    )) as { id: string; amount_cents: number; invoice_ref: string }[];
    // the PaymentIntent is kept: refunds go through it
    expect(payment).toEqual({ id: payment.id, amount_cents: 2700, invoice_ref: session.payment_intent });

    const balance = await wallet.balance(buyer.userId);
    const partial = await refund(admin, payment.id, 1350);
    expect(partial.status).toBe(200);
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body).toMatchObject({
      payment_intent: session.payment_intent,
      amount: '1350',
    });
    expect(partial.body.refunds[0].creditsTaken).toBe(5);
    expect(await wallet.balance(buyer.userId)).toBe(balance - 5);

    // Stripe refuses (the rest was refunded in Stripe's dashboard meanwhile): GATEWAY_ERROR, nothing recorded
    fake.paymentIntents.get(session.payment_intent as string)!.amount_refunded = 2700;
    const refused = await refund(admin, payment.id, 1350);
    expect([refused.status, refused.body.code]).toEqual([502, 'GATEWAY_ERROR']);
    expect(await count(`SELECT 1 FROM payment_refunds WHERE payment_id = $1`, [payment.id])).toBe(1);
    expect(await count(`SELECT 1 FROM audit_log WHERE record_id = $1`, [payment.id])).toBe(1);
    expect(await wallet.balance(buyer.userId)).toBe(balance - 5);
  });

  it('finds the charge of older payments and of subscription invoices to refund them', async () => {
    const admin = await signIn(t, 'admin');
    const buyer = await signIn(t);
    const opened = await checkout(buyer, { kind: 'pack', code: 'premium' });
    const session = fake.completeCheckout(await gatewayRefOf(opened.sessionId));
    expect((await post(fake.event('checkout.session.completed', session))).status).toBe(200);
    // a payment recorded before its PaymentIntent was kept: found through the Checkout session
    const [pack] = (await db.query(`UPDATE payments SET invoice_ref = NULL WHERE user_id = $1 RETURNING id`, [
      buyer.userId,
    ])) as [{ id: string }[], number];
    const packRefund = await refund(admin, pack[0].id, 22900);
    expect(packRefund.status).toBe(200);
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body.payment_intent).toBe(session.payment_intent);

    const subscriber = await signIn(t);
    const sub = await subscribeOnStripe(subscriber, 'STARTER');
    const [invoice] = (await db.query(`SELECT id, invoice_ref FROM payments WHERE user_id = $1`, [
      subscriber.userId,
    ])) as { id: string; invoice_ref: string }[];
    expect(invoice.invoice_ref).toBe(fake.invoicesOf(sub.id as string)[0].id);
    const invoiceRefund = await refund(admin, invoice.id, 500);
    expect(invoiceRefund.status).toBe(200);
    const paid = [...fake.invoicePayments.values()].find((p) => p.invoice === invoice.invoice_ref)!;
    expect(fake.calls('POST', '/v1/refunds').at(-1)!.body).toMatchObject({
      payment_intent: paid.payment.payment_intent,
      amount: '500',
    });
  });
});
