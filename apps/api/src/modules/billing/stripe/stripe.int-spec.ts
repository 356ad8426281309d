import { checkoutResponseSchema, type CheckoutResponse, type CheckoutSession } from '@estancia/contracts';
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
});
