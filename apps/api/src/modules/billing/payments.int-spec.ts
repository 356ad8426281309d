import {
  checkoutResponseSchema,
  checkoutSessionSchema,
  type CheckoutResponse,
  type CheckoutSession,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { WalletService } from '../wallet/wallet.service';
import { Payments1795319958920 } from '../../infra/database/migrations/1795319958920-payments';
import { BillingFlows1795319958930 } from '../../infra/database/migrations/1795319958930-billing-flows';
import { StaffConsole1795319959800 } from '../../infra/database/migrations/1795319959800-staff-console';
import { PaymentsService } from './payments.service';
import { SANDBOX_SIGNATURE_HEADER, sandboxEvent, signSandboxPayload } from './sandbox-gateway';

describe('pack checkout through the sandbox payment gateway', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let payments: PaymentsService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    payments = t.app.get(PaymentsService);
  });
  afterAll(() => t.close());

  const packCredits = async (code: string): Promise<{ credits: number; price_cents: number }> =>
    (
      (await db.query(`SELECT credits, price_cents FROM packs WHERE code = $1`, [code])) as {
        credits: number;
        price_cents: number;
      }[]
    )[0];

  const checkout = async (user: SignedIn, code = 'standard'): Promise<CheckoutResponse> => {
    const res = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code },
    });
    expect(res.status).toBe(201);
    return checkoutResponseSchema.parse(res.body);
  };

  const sandbox = (user: SignedIn, sessionId: string, action: 'pay' | 'decline') =>
    call<CheckoutSession>(t, 'POST', `billing/sandbox/${sessionId}/${action}`, { token: user.token });

  const paymentsOf = async (
    userId: string,
  ): Promise<{ session_id: string; credits: number; amount_cents: number }[]> =>
    (await db.query(`SELECT session_id, credits, amount_cents FROM payments WHERE user_id = $1`, [
      userId,
    ])) as {
      session_id: string;
      credits: number;
      amount_cents: number;
    }[];

  /** The ledger sums to the balance: the invariant every test here ends on. */
  const expectLedgerAgrees = async (userId: string): Promise<void> => {
    const [{ sum }] = (await db.query(
      `SELECT COALESCE(sum(delta), 0)::int AS sum FROM ledger_entries WHERE user_id = $1`,
      [userId],
    )) as { sum: number }[];
    expect(await wallet.balance(userId)).toBe(sum);
  };

  const webhook = (body: string, signature?: string) =>
    fetch(`${t.url}/data/billing/webhook/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature && { [SANDBOX_SIGNATURE_HEADER]: signature }),
      },
      body,
    });

  it('buying a pack grants its credits once and records one payment', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const pack = await packCredits('standard');
    const { sessionId, checkoutUrl } = await checkout(user);
    expect(checkoutUrl.endsWith(`/sandbox-checkout/${sessionId}`)).toBe(true);

    const page = await call<CheckoutSession>(t, 'GET', `billing/sandbox/${sessionId}`, { token: user.token });
    expect(page.status).toBe(200);
    expect(checkoutSessionSchema.parse(page.body)).toMatchObject({
      id: sessionId,
      kind: 'pack',
      packCode: 'standard',
      credits: pack.credits,
      amountCents: pack.price_cents,
      currency: 'EUR',
      state: 'open',
      completedAt: null,
    });

    const paid = await sandbox(user, sessionId, 'pay');
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('paid');
    expect(paid.body.completedAt).not.toBeNull();
    expect(await wallet.balance(user.userId)).toBe(before + pack.credits);
    expect(await paymentsOf(user.userId)).toEqual([
      { session_id: sessionId, credits: pack.credits, amount_cents: pack.price_cents },
    ]);
    const ledger = await wallet.ledger(user.userId);
    expect(ledger.filter((e) => e.reason === 'pack_purchase')).toEqual([
      expect.objectContaining({ delta: pack.credits, idempotencyKey: `checkout:${sessionId}` }),
    ]);
    await expectLedgerAgrees(user.userId);
  });

  it('paying twice grants once; a paid session stays paid', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const pack = await packCredits('starter');
    const { sessionId } = await checkout(user, 'starter');
    const [first, second] = await Promise.all([
      sandbox(user, sessionId, 'pay'),
      sandbox(user, sessionId, 'pay'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await sandbox(user, sessionId, 'pay')).body.state).toBe('paid');
    expect((await sandbox(user, sessionId, 'decline')).body.state).toBe('paid');
    expect(await wallet.balance(user.userId)).toBe(before + pack.credits);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    await expectLedgerAgrees(user.userId);
  });

  it('the same event delivered 10 times concurrently grants once', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const pack = await packCredits('premium');
    const { sessionId } = await checkout(user, 'premium');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => payments.handle(sandboxEvent(sessionId, 'paid'))),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect(await wallet.balance(user.userId)).toBe(before + pack.credits);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM payment_events WHERE event_id = $1`, [
      `sandbox:${sessionId}:paid`,
    ])) as { n: number }[];
    expect(n).toBe(1);
    await expectLedgerAgrees(user.userId);
  });

  it('a decline moves nothing, and the declined session cannot then be paid', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const { sessionId } = await checkout(user);
    const declined = await sandbox(user, sessionId, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.state).toBe('declined');
    const retried = await sandbox(user, sessionId, 'pay');
    expect(retried.body.state).toBe('declined');
    // even the gateway's own paid event for it is a no-op
    expect((await payments.handle(sandboxEvent(sessionId, 'paid'))).applied).toBe(false);
    expect(await wallet.balance(user.userId)).toBe(before);
    expect(await paymentsOf(user.userId)).toEqual([]);
    await expectLedgerAgrees(user.userId);
  });

  it("another user's session looks missing: NOT_FOUND for the page, pay and decline", async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const { sessionId } = await checkout(owner);
    const page = await call(t, 'GET', `billing/sandbox/${sessionId}`, { token: stranger.token });
    expect(page.status).toBe(404);
    expect(page.body.code).toBe('NOT_FOUND');
    expect((await sandbox(stranger, sessionId, 'pay')).status).toBe(404);
    expect((await sandbox(stranger, sessionId, 'decline')).status).toBe(404);
    expect((await sandbox(stranger, 'not-a-uuid', 'pay')).status).toBe(404);
    expect((await call(t, 'GET', `billing/sandbox/${sessionId}`)).status).toBe(401);
    const still = await call<CheckoutSession>(t, 'GET', `billing/sandbox/${sessionId}`, {
      token: owner.token,
    });
    expect(still.body.state).toBe('open');
  });

  it('refuses unknown packs (NOT_FOUND) and kinds not sold through checkout (VALIDATION_FAILED)', async () => {
    const user = await signIn(t);
    const unknown = await call(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code: 'gold' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    await db.query(`UPDATE packs SET active = false WHERE code = 'business'`);
    try {
      const inactive = await call(t, 'POST', 'billing/checkout', {
        token: user.token,
        body: { kind: 'pack', code: 'business' },
      });
      expect(inactive.status).toBe(404);
    } finally {
      await db.query(`UPDATE packs SET active = true WHERE code = 'business'`);
    }
    const unsold = await call(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'extra_decorations', quantity: 2 },
    });
    expect(unsold.status).toBe(400);
    expect(unsold.body.code).toBe('VALIDATION_FAILED');
    expect(
      (await call(t, 'POST', 'billing/checkout', { body: { kind: 'pack', code: 'starter' } })).status,
    ).toBe(401);
  });

  it('the webhook refuses a bad or missing signature and pays with a good one', async () => {
    const user = await signIn(t);
    const before = await wallet.balance(user.userId);
    const pack = await packCredits('standard');
    const { sessionId } = await checkout(user);
    const body = JSON.stringify(sandboxEvent(sessionId, 'paid'));
    const secret = t.config.JWT_SECRET;

    expect((await webhook(body)).status).toBe(400);
    expect((await webhook(body, 'f'.repeat(64))).status).toBe(400);
    expect(
      (await webhook(body, signSandboxPayload('another-secret-of-at-least-32-chars!', body))).status,
    ).toBe(400);
    // a signature over different bytes does not carry over to a tampered body
    const tampered = body.replace('checkout.paid', 'checkout.declined');
    expect((await webhook(tampered, signSandboxPayload(secret, body))).status).toBe(400);
    expect((await fetch(`${t.url}/data/billing/webhook/stripe`, { method: 'POST', body })).status).toBe(404);
    expect(await wallet.balance(user.userId)).toBe(before);

    const good = await webhook(body, signSandboxPayload(secret, body));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true });
    // a retry of the same delivery is acknowledged and changes nothing
    expect((await webhook(body, signSandboxPayload(secret, body))).status).toBe(200);
    const page = await call<CheckoutSession>(t, 'GET', `billing/sandbox/${sessionId}`, { token: user.token });
    expect(page.body.state).toBe('paid');
    expect(await wallet.balance(user.userId)).toBe(before + pack.credits);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    await expectLedgerAgrees(user.userId);
  });
  it('migrates down and up again', async () => {
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // The later billing-flows migration builds on these tables: it goes down first and up last.
      const flows = new BillingFlows1795319958930();
      const migration = new Payments1795319958920();
      // Refunds (staff console) reference payments: that migration goes down first and up last.
      const staffConsole = new StaffConsole1795319959800();
      await staffConsole.down(runner);
      await flows.down(runner);
      await migration.down(runner);
      const [gone] = (await runner.query(`SELECT to_regclass('checkout_sessions') AS t`)) as {
        t: string | null;
      }[];
      expect(gone.t).toBeNull();
      await migration.up(runner);
      await flows.up(runner);
      await staffConsole.up(runner);
      const [back] = (await runner.query(`SELECT to_regclass('payments') AS t`)) as { t: string | null }[];
      expect(back.t).toBe('payments');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
