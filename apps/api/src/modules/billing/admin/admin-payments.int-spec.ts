import { randomUUID } from 'node:crypto';
import {
  adminPaymentSchema,
  adminSubscriptionSchema,
  checkoutResponseSchema,
  type AdminPayment,
  type AdminSubscription,
  type CheckoutResponse,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, subscribe, waitFor } from '../../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../../test/harness';
import { WalletService } from '../../wallet/wallet.service';
import { creditsOwedBack } from './admin-payments.service';

type Answer = AdminPayment & { code?: string; fields?: Record<string, string> };

describe('admin payments, refunds and subscriptions (sandbox gateway)', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  /** Buys a pack on the sandbox page, as a customer does; answers the payment's id. */
  const buyPack = async (user: SignedIn, code = 'starter', coupon?: string): Promise<string> => {
    const opened = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code, ...(coupon && { coupon }) },
    });
    expect(opened.status).toBe(201);
    const { sessionId } = checkoutResponseSchema.parse(opened.body);
    expect(
      (await call(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token: user.token, body: {} })).status,
    ).toBe(200);
    const [{ id }] = (await db.query(`SELECT id FROM payments WHERE session_id = $1`, [sessionId])) as {
      id: string;
    }[];
    return id;
  };
  /** `key: null` sends no Idempotency-Key header. */
  const refund = (paymentId: string, body: unknown, key: string | null = randomUUID(), token = admin.token) =>
    call<Answer>(t, 'POST', `admin/payments/${paymentId}/refunds`, {
      token,
      body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  const spend = (userId: string, amount: number) =>
    wallet.spend(userId, amount, 'decoration', `test:${randomUUID()}`);
  const list = (params: Record<string, unknown>) => {
    const query = new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    );
    return call<AdminPayment[]>(t, 'GET', `admin/payments?${query}`, { token: admin.token });
  };
  const count = async (sql: string, params: unknown[]): Promise<number> =>
    ((await db.query(`SELECT count(*)::int AS n FROM (${sql}) q`, params)) as { n: number }[])[0].n;

  it('takes back only what is left unspent: pack of 10, 6 spent, refunded in full', async () => {
    const ana = await signIn(t);
    const paymentId = await buyPack(ana);
    // the sign-up credit and the pack's 10, of which 7 are spent: 4 left, all from the pack
    await spend(ana.userId, 7);
    expect(await wallet.balance(ana.userId)).toBe(4);

    const socket: Socket = io(`${t.url}/hub`, {
      auth: { token: ana.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const confirmations: { credits: number }[] = [];
    socket.on('UserConfirmation', (user: { credits: number }) => confirmations.push(user));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((resolve) => socket.emit('AddGroup', ana.userId, resolve));
    try {
      const res = await refund(paymentId, { amountCents: 2900, reason: 'Customer changed their mind' });
      expect(res.status).toBe(200);
      const payment = adminPaymentSchema.parse(res.body);
      expect(payment).toMatchObject({ id: paymentId, amountCents: 2900, refundedCents: 2900, credits: 10 });
      expect(payment.refunds).toEqual([
        {
          id: expect.any(String),
          amountCents: 2900,
          creditsTaken: 4,
          reason: 'Customer changed their mind',
          by: { id: admin.userId, name: expect.any(String) },
          createdAt: expect.any(String),
        },
      ]);
      expect(await wallet.balance(ana.userId)).toBe(0);
      // the customer's open app hears of the new balance
      await waitFor('the new balance pushed', async () => confirmations.some((c) => c.credits === 0), 5000);
    } finally {
      socket.disconnect();
    }
    const ledger = (await db.query(
      `SELECT delta, reason, balance_after FROM ledger_entries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [ana.userId],
    )) as object[];
    expect(ledger).toEqual([{ delta: -4, reason: 'payment_refund', balance_after: 0 }]);
    const [row] = (await db.query(
      `SELECT gateway_ref, created_by FROM payment_refunds WHERE payment_id = $1`,
      [paymentId],
    )) as { gateway_ref: string; created_by: string }[];
    expect(row).toEqual({ gateway_ref: expect.stringMatching(/^re_sbx_/), created_by: admin.userId });
    expect(
      await db.query(`SELECT action, actor_id, before, after FROM audit_log WHERE record_id = $1`, [
        paymentId,
      ]),
    ).toEqual([
      {
        action: 'payments.refund',
        actor_id: admin.userId,
        before: { refundedCents: 0 },
        after: {
          refundedCents: 2900,
          refund: { amountCents: 2900, creditsTaken: 4, reason: 'Customer changed their mind' },
        },
      },
    ]);

    // nothing is left to refund
    const again = await refund(paymentId, { amountCents: 1, reason: 'Twice' });
    expect([again.status, again.body.code]).toEqual([409, 'REFUND_EXCEEDS_PAYMENT']);
  });

  it('takes back credits in proportion to partial refunds, rounding down on the running total', async () => {
    const bea = await signIn(t);
    const paymentId = await buyPack(bea);
    expect(await wallet.balance(bea.userId)).toBe(11);
    const taken: number[] = [];
    for (const amountCents of [1450, 725, 700, 25]) {
      const res = await refund(paymentId, { amountCents, reason: 'Partial' });
      expect(res.status).toBe(200);
      taken.push(res.body.refunds.at(-1)!.creditsTaken);
    }
    // 10 credits × 50%, 75%, 99.1%, 100%: floor(5), floor(7.5), floor(9.9), 10
    expect(taken).toEqual([5, 2, 2, 1]);
    expect(await wallet.balance(bea.userId)).toBe(1);
    expect(creditsOwedBack({ credits: 10, amountCents: 2900, refundedCents: 0 }, 1)).toBe(0);
  });

  it('refuses more than is left, without the gateway, a ledger row or an audit row', async () => {
    const cleo = await signIn(t);
    const paymentId = await buyPack(cleo);
    expect((await refund(paymentId, { amountCents: 1000, reason: 'First part' })).status).toBe(200);
    const before = await wallet.balance(cleo.userId);
    const over = await refund(paymentId, { amountCents: 1901, reason: 'Too much' });
    expect([over.status, over.body.code]).toEqual([409, 'REFUND_EXCEEDS_PAYMENT']);
    expect(await wallet.balance(cleo.userId)).toBe(before);
    expect(await count(`SELECT 1 FROM payment_refunds WHERE payment_id = $1`, [paymentId])).toBe(1);
    expect(await count(`SELECT 1 FROM audit_log WHERE record_id = $1`, [paymentId])).toBe(1);
    // what is left can still be refunded
    expect((await refund(paymentId, { amountCents: 1900, reason: 'The rest' })).body.refundedCents).toBe(
      2900,
    );
  });

  it('needs an Idempotency-Key; the same key refunds once, reused for another amount it conflicts', async () => {
    const dani = await signIn(t);
    const paymentId = await buyPack(dani, 'standard');
    const missing = await refund(paymentId, { amountCents: 100, reason: 'No key' }, null);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'Idempotency-Key': 'required' },
    });
    const key = randomUUID();
    const [a, b] = await Promise.all([
      refund(paymentId, { amountCents: 1000, reason: 'Double click' }, key),
      refund(paymentId, { amountCents: 1000, reason: 'Double click' }, key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.refundedCents).toBe(1000);
    expect(await count(`SELECT 1 FROM payment_refunds WHERE payment_id = $1`, [paymentId])).toBe(1);
    const conflict = await refund(paymentId, { amountCents: 2000, reason: 'Other' }, key);
    expect([conflict.status, conflict.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    // bad bodies and unknown payments
    expect((await refund(paymentId, { amountCents: 0, reason: 'Zero' })).body.code).toBe('VALIDATION_FAILED');
    expect((await refund(paymentId, { amountCents: 10, reason: ' ' })).body.code).toBe('VALIDATION_FAILED');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await refund(id, { amountCents: 10, reason: 'Ghost' });
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('refunds a subscription invoice too, taking back its unspent share of the period’s credits', async () => {
    const eva = await signIn(t);
    await subscribe(t, eva.userId, 'STARTER');
    const [invoice] = (await db.query(`SELECT id, credits, amount_cents FROM payments WHERE user_id = $1`, [
      eva.userId,
    ])) as { id: string; credits: number; amount_cents: number }[];
    expect(invoice.credits).toBe(10);
    const before = await wallet.balance(eva.userId);
    const res = await refund(invoice.id, { amountCents: invoice.amount_cents / 2, reason: 'Half a month' });
    expect(res.status).toBe(200);
    expect(res.body.refunds[0].creditsTaken).toBe(5);
    expect(await wallet.balance(eva.userId)).toBe(before - 5);
  });

  it('lists payments with filters and sorts, shows one, and serves its invoice PDF', async () => {
    const fede = await signIn(t);
    const packId = await buyPack(fede, 'premium');
    await subscribe(t, fede.userId, 'PRO');

    const mine = await list({ filter: { userId: fede.userId }, sort: ['amountCents', 'ASC'] });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-range')).toBe('payments 0-1/2');
    expect(mine.body.map((p) => [p.kind, p.amountCents, p.packCode, p.planCode])).toEqual([
      ['subscription', 4900, null, 'PRO'],
      ['pack', 22900, 'premium', null],
    ]);
    expect(mine.body[1]).toMatchObject({ userEmail: fede.email, gateway: 'sandbox', refundedCents: 0 });
    const packs = await list({ filter: { userId: fede.userId, kind: 'pack' } });
    expect(packs.body.map((p) => p.id)).toEqual([packId]);
    const byEmail = await list({ filter: { q: fede.email.toUpperCase() } });
    expect(byEmail.body).toHaveLength(2);
    const byNumber = await list({ filter: { q: mine.body[1].invoiceNumber.toLowerCase() } });
    expect(byNumber.body.map((p) => p.id)).toEqual([packId]);
    const refunded = await list({ filter: { refunded: true }, range: [0, 99] });
    expect(refunded.body.length).toBeGreaterThan(0);
    expect(refunded.body.every((p) => p.refundedCents > 0)).toBe(true);
    expect(refunded.body.map((p) => p.id)).not.toContain(packId);
    // a day either side, whatever the database's time zone
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await list({ filter: { userId: fede.userId, createdFrom: day(-1), createdTo: day(1) } })).body,
    ).toHaveLength(2);
    expect((await list({ filter: { userId: fede.userId, createdFrom: day(2) } })).body).toHaveLength(0);
    expect((await list({ filter: { userId: fede.userId, createdTo: '2000-01-01' } })).body).toHaveLength(0);
    // a page of the whole list, newest first
    const page = await list({ range: [0, 1] });
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('content-range')).toMatch(/^payments 0-1\/\d+$/);
    expect(Date.parse(page.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page.body[1].createdAt));

    const shown = await call<AdminPayment>(t, 'GET', `admin/payments/${packId}`, { token: admin.token });
    expect(adminPaymentSchema.parse(shown.body)).toMatchObject({ id: packId, credits: 100, refunds: [] });
    expect((await call(t, 'GET', 'admin/payments/nope', { token: admin.token })).status).toBe(404);

    const pdf = await fetch(`${t.url}/data/admin/payments/${packId}/invoice`, { headers: admin.headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // the very document the customer downloads
    const theirs = await fetch(`${t.url}/data/billing/payments/${packId}/invoice`, { headers: fede.headers });
    expect((await theirs.arrayBuffer()).byteLength).toBe(bytes.byteLength);
    const none = await fetch(`${t.url}/data/admin/payments/00000000-0000-4000-8000-000000000000/invoice`, {
      headers: admin.headers,
    });
    expect(none.status).toBe(404);
  });

  it('lists subscriptions with filters', async () => {
    const gala = await signIn(t);
    await subscribe(t, gala.userId, 'ULTIMATE');
    const res = await call<AdminSubscription[]>(
      t,
      'GET',
      `admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ userId: gala.userId }))}`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('subscriptions 0-0/1');
    expect(adminSubscriptionSchema.parse(res.body[0])).toMatchObject({
      userId: gala.userId,
      userEmail: gala.email,
      planCode: 'ULTIMATE',
      cycle: 'monthly',
      status: 'active',
      gateway: 'sandbox',
      cancelAtPeriodEnd: false,
    });
    const ultimate = await call<AdminSubscription[]>(
      t,
      'GET',
      `admin/subscriptions?filter=${encodeURIComponent('{"plan":"ULTIMATE","status":"active"}')}&sort=${encodeURIComponent('["currentPeriodEnd","DESC"]')}`,
      { token: admin.token },
    );
    expect(ultimate.body.map((s) => s.userId)).toEqual([gala.userId]);
    const shown = await call<AdminSubscription>(t, 'GET', `admin/subscriptions/${res.body[0].id}`, {
      token: admin.token,
    });
    expect(shown.body.id).toBe(res.body[0].id);
    expect((await call(t, 'GET', 'admin/subscriptions/nope', { token: admin.token })).status).toBe(404);
  });

  it('refuses a decorator and a customer on every route, refunding nothing', async () => {
    const decorator = await signIn(t, 'decorator');
    const customer = await signIn(t);
    const paymentId = await buyPack(customer);
    const balance = await wallet.balance(customer.userId);
    for (const who of [decorator, customer]) {
      for (const path of [
        'admin/payments',
        `admin/payments/${paymentId}`,
        `admin/payments/${paymentId}/invoice`,
        'admin/subscriptions',
      ]) {
        expect([path, (await call(t, 'GET', path, { token: who.token })).status]).toEqual([path, 403]);
      }
      const res = await refund(paymentId, { amountCents: 2900, reason: 'Myself' }, randomUUID(), who.token);
      expect(res.status).toBe(403);
    }
    expect(await count(`SELECT 1 FROM payment_refunds WHERE payment_id = $1`, [paymentId])).toBe(0);
    expect(await wallet.balance(customer.userId)).toBe(balance);
  });
});
