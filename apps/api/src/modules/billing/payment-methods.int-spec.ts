import {
  checkoutResponseSchema,
  checkoutSessionSchema,
  paymentMethodResponseSchema,
  SANDBOX_CARDS,
  type CheckoutResponse,
  type CheckoutSession,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { WalletService } from '../wallet/wallet.service';
import { BillingCustomers } from './billing-customers';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const card = (number: string, expMonth = 11) => ({ number, expMonth, expYear: NEXT_YEAR, cvc: '123' });

describe('saved payment method, extra decorations and subscription checkout (sandbox gateway)', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
  });
  afterAll(() => t.close());

  const paymentMethod = async (user: SignedIn) => {
    const res = await call(t, 'GET', 'billing/payment-method', { token: user.token });
    expect(res.status).toBe(200);
    return paymentMethodResponseSchema.parse(res.body).paymentMethod;
  };
  const setup = async (user: SignedIn): Promise<CheckoutResponse> => {
    const res = await call(t, 'POST', 'billing/payment-method/setup', { token: user.token });
    expect(res.status).toBe(201);
    return checkoutResponseSchema.parse(res.body);
  };
  const pay = (user: SignedIn, sessionId: string, body: unknown = {}) =>
    call<CheckoutSession>(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token: user.token, body });
  const saveCard = async (user: SignedIn, number: string, expMonth?: number): Promise<void> => {
    const { sessionId } = await setup(user);
    const paid = await pay(user, sessionId, { card: card(number, expMonth) });
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('paid');
  };
  const extra = (user: SignedIn, quantity: number) =>
    call<CheckoutSession & { code?: string }>(t, 'POST', 'billing/extra-decorations', {
      token: user.token,
      body: { quantity, consent: true },
    });
  const subscribe = (userId: string) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end)
       VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '20 days')`,
      [userId],
    );
  const count = async (sql: string, params: unknown[]): Promise<number> =>
    ((await db.query(sql, params)) as { n: number }[])[0].n;
  const paymentsOf = (userId: string) =>
    count(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1`, [userId]);

  it('a setup session charges nothing and saves the card; a new setup replaces it; delete removes it', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    expect(await paymentMethod(user)).toBeNull();
    const { sessionId, checkoutUrl } = await setup(user);
    expect(checkoutUrl.endsWith(`/sandbox-checkout/${sessionId}`)).toBe(true);
    const page = await call(t, 'GET', `billing/checkout/${sessionId}`, { token: user.token });
    expect(checkoutSessionSchema.parse(page.body)).toMatchObject({
      kind: 'card_setup',
      amountCents: 0,
      credits: 0,
      state: 'open',
    });
    expect((await pay(user, sessionId, { card: card('4242 4242 4242 4242', 3) })).body.state).toBe('paid');
    expect(await paymentMethod(user)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 3,
      expYear: NEXT_YEAR,
    });

    await saveCard(user, '378282246310005', 9);
    expect(await paymentMethod(user)).toEqual({
      brand: 'amex',
      last4: '0005',
      expMonth: 9,
      expYear: NEXT_YEAR,
    });
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_methods WHERE user_id = $1`, [user.userId]),
    ).toBe(1);
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await paymentsOf(user.userId)).toBe(0);

    const removed = await call(t, 'DELETE', 'billing/payment-method', { token: user.token });
    expect(removed.status).toBe(204);
    expect(await paymentMethod(user)).toBeNull();
    const customerRef = await t.app.get(BillingCustomers).find(user.userId);
    // detached at the provider too: it can no longer be charged
    expect(
      await count(`SELECT count(*)::int AS n FROM sandbox_cards WHERE customer_ref = $1`, [customerRef]),
    ).toBe(0);
    const again = await call(t, 'DELETE', 'billing/payment-method', { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it("another user's setup session is NOT_FOUND, and their card is not shown", async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const { sessionId } = await setup(owner);
    expect((await pay(stranger, sessionId, { card: card(SANDBOX_CARDS.pays) })).status).toBe(404);
    expect((await call(t, 'GET', `billing/checkout/${sessionId}`, { token: stranger.token })).status).toBe(
      404,
    );
    await saveCard(owner, SANDBOX_CARDS.pays);
    expect(await paymentMethod(stranger)).toBeNull();
    expect((await call(t, 'DELETE', 'billing/payment-method', { token: stranger.token })).status).toBe(404);
    expect(await paymentMethod(owner)).not.toBeNull();
  });

  it('extra decorations need an active subscription, then a saved card', async () => {
    const user = await signIn(t);
    const none = await extra(user, 2);
    expect([none.status, none.body.code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
    await subscribe(user.userId);
    const noCard = await extra(user, 2);
    expect([noCard.status, noCard.body.code]).toEqual([409, 'PAYMENT_METHOD_REQUIRED']);
    const noConsent = await call(t, 'POST', 'billing/extra-decorations', {
      token: user.token,
      body: { quantity: 2, consent: false },
    });
    expect(noConsent.status).toBe(400);
    expect(
      await count(`SELECT count(*)::int AS n FROM checkout_sessions WHERE user_id = $1`, [user.userId]),
    ).toBe(0);
  });

  it('extra decorations charged to the saved card raise the balance once, at 1 EUR each', async () => {
    const user = await signIn(t);
    await subscribe(user.userId);
    await saveCard(user, SANDBOX_CARDS.pays);
    const before = await wallet.balance(user.userId);
    const bought = await extra(user, 3);
    expect(bought.status).toBe(200);
    expect(checkoutSessionSchema.parse(bought.body)).toMatchObject({
      kind: 'extra_decorations',
      quantity: 3,
      credits: 3,
      amountCents: 300,
      state: 'paid',
    });
    expect(await wallet.balance(user.userId)).toBe(before + 3);
    const rows = (await db.query(
      `SELECT kind, credits, amount_cents, session_id FROM payments WHERE user_id = $1`,
      [user.userId],
    )) as unknown[];
    expect(rows).toEqual([
      { kind: 'extra_decorations', credits: 3, amount_cents: 300, session_id: bought.body.id },
    ]);
    const ledger = await wallet.ledger(user.userId);
    expect(ledger.filter((e) => e.reason === 'decoration_purchase')).toEqual([
      expect.objectContaining({ delta: 3, idempotencyKey: `checkout:${bought.body.id}` }),
    ]);
  });

  it('a card saved with the declining test card is refused at the charge: PAYMENT_DECLINED, nothing moved', async () => {
    const user = await signIn(t);
    await subscribe(user.userId);
    // a setup with the declining card saves it: only charges decline
    await saveCard(user, SANDBOX_CARDS.declines);
    expect(await paymentMethod(user)).toMatchObject({ last4: '0002' });
    const before = await wallet.balance(user.userId);
    const refused = await extra(user, 2);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_DECLINED');
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await paymentsOf(user.userId)).toBe(0);
    const states = (await db.query(
      `SELECT state FROM checkout_sessions WHERE user_id = $1 AND kind = 'extra_decorations'`,
      [user.userId],
    )) as unknown[];
    expect(states).toEqual([{ state: 'declined' }]);
  });

  it('a paid subscription checkout counts its coupon and saves the card, but grants nothing itself', async () => {
    await db.query(
      `INSERT INTO coupons (code, percent_off, applies_to) VALUES ('SUB20', 20, 'subscription')`,
    );
    const user = await signIn(t);
    const res = await call(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'subscription', plan: 'STARTER', cycle: 'monthly', coupon: 'SUB20' },
    });
    expect(res.status).toBe(201);
    const { sessionId } = checkoutResponseSchema.parse(res.body);
    const paid = await pay(user, sessionId, { card: card('5555555555554444') });
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('paid');
    expect(await count(`SELECT times_redeemed AS n FROM coupons WHERE code = 'SUB20'`, [])).toBe(1);
    expect(await paymentMethod(user)).toMatchObject({ brand: 'mastercard', last4: '4444' });
    // the subscription's payment and credits come with its invoice, not with the session
    expect(await count(`SELECT count(*)::int AS n FROM payments WHERE session_id = $1`, [sessionId])).toBe(0);
    expect((await pay(user, sessionId)).body.state).toBe('paid');
    expect(await count(`SELECT times_redeemed AS n FROM coupons WHERE code = 'SUB20'`, [])).toBe(1);
    const again = await call(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'subscription', plan: 'PRO', cycle: 'monthly' },
    });
    expect(again.body.code).toBe('SUBSCRIPTION_EXISTS');
  });
});
