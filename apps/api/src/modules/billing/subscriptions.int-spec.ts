import { randomUUID } from 'node:crypto';
import {
  checkoutResponseSchema,
  subscriptionChangePreviewSchema,
  subscriptionResponseSchema,
  type BillingCycle,
  type CheckoutResponse,
  type PlanCode,
  type SubscriptionChangePreview,
  type SubscriptionResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { UserPayloadService } from '../identity/user-payload.service';
import { WalletService } from '../wallet/wallet.service';
import type { GatewayEvent } from './payment-gateway.port';
import { PaymentsService } from './payments.service';
import { PlanRights } from './plan-rights.service';
import { SandboxSubscriptions } from './sandbox-subscriptions';
import { addMonths } from './subscription-change';
import { SubscriptionRenewals } from './subscription-renewals';

const DAY = 24 * 3600 * 1000;

describe('subscriptions: changes, cancellation, renewals and gateway events', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let payments: PaymentsService;
  let sandbox: SandboxSubscriptions;
  let renewals: SubscriptionRenewals;
  let rights: PlanRights;
  let payloads: UserPayloadService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    payments = t.app.get(PaymentsService);
    sandbox = t.app.get(SandboxSubscriptions);
    renewals = t.app.get(SubscriptionRenewals);
    rights = t.app.get(PlanRights);
    payloads = t.app.get(UserPayloadService);
  });
  afterAll(() => t.close());

  interface Subscriber extends SignedIn {
    customerRef: string;
    subscriptionRef: string;
  }

  /** A customer of the sandbox gateway with a saved card (one that pays unless `declines`). */
  const customer = async (user: SignedIn, declines = false): Promise<string> => {
    const customerRef = `cus_test_${randomUUID()}`;
    const methodRef = `pm_test_${randomUUID()}`;
    await db.query(
      `INSERT INTO billing_customers (user_id, gateway, customer_ref) VALUES ($1, 'sandbox', $2)`,
      [user.userId, customerRef],
    );
    await db.query(
      `INSERT INTO sandbox_cards (customer_ref, method_ref, brand, last4, exp_month, exp_year, declines)
       VALUES ($1, $2, 'visa', '4242', 12, 2040, $3)`,
      [customerRef, methodRef, declines],
    );
    await db.query(
      `INSERT INTO payment_methods (user_id, gateway, method_ref, brand, last4, exp_month, exp_year)
       VALUES ($1, 'sandbox', $2, 'visa', '4242', 12, 2040)`,
      [user.userId, methodRef],
    );
    return customerRef;
  };

  const price = async (plan: PlanCode, cycle: BillingCycle): Promise<number> => {
    const [row] = (await db.query(
      `SELECT monthly_price_cents, annual_price_cents FROM plans WHERE code = $1`,
      [plan],
    )) as { monthly_price_cents: number; annual_price_cents: number }[];
    return cycle === 'annual' ? row.annual_price_cents : row.monthly_price_cents;
  };

  /** A subscribed customer, started the way the sandbox page starts one after a paid checkout. */
  const subscriber = async (
    plan: PlanCode,
    cycle: BillingCycle = 'monthly',
    declines = false,
  ): Promise<Subscriber> => {
    const user = await signIn(t);
    const customerRef = await customer(user, declines);
    const started = await sandbox.start({
      sessionId: randomUUID(),
      customerRef,
      plan,
      cycle,
      priceCents: await price(plan, cycle),
      discountCents: 0,
    });
    await payments.handleAll(started.events);
    return { ...user, customerRef, subscriptionRef: started.subscriptionRef };
  };

  /**
   * Moves the subscription's period back in time, on the provider's side and ours alike, so that
   * `elapsed` of it has passed (more than 1: the period is over).
   */
  const age = async (s: Subscriber, elapsed: number): Promise<void> => {
    const [row] = (await db.query(
      `SELECT period_start, period_end FROM sandbox_subscriptions WHERE ref = $1`,
      [s.subscriptionRef],
    )) as { period_start: Date; period_end: Date }[];
    const ms = Math.round(
      Date.now() -
        row.period_start.getTime() +
        elapsed * (row.period_end.getTime() - row.period_start.getTime()),
    );
    const shift = `${ms} milliseconds`;
    await db.query(
      `UPDATE sandbox_subscriptions SET period_start = period_start - $2::interval, period_end = period_end - $2::interval
        WHERE ref = $1`,
      [s.subscriptionRef, shift],
    );
    await db.query(
      `UPDATE subscriptions
          SET current_period_start = current_period_start - $2::interval,
              current_period_end = current_period_end - $2::interval,
              invoice_period_start = invoice_period_start - $2::interval
        WHERE gateway_ref = $1`,
      [s.subscriptionRef, shift],
    );
  };

  const current = async (user: SignedIn): Promise<SubscriptionResponse['subscription']> => {
    const res = await call<SubscriptionResponse>(t, 'GET', 'billing/subscription', { token: user.token });
    expect(res.status).toBe(200);
    return subscriptionResponseSchema.parse(res.body).subscription;
  };

  const preview = async (
    user: SignedIn,
    plan: PlanCode,
    cycle: BillingCycle,
  ): Promise<SubscriptionChangePreview> => {
    const res = await call<SubscriptionChangePreview>(
      t,
      'GET',
      `billing/subscription/change?plan=${plan}&cycle=${cycle}`,
      { token: user.token },
    );
    expect(res.status).toBe(200);
    return subscriptionChangePreviewSchema.parse(res.body);
  };

  const change = (user: SignedIn, plan: PlanCode, cycle: BillingCycle) =>
    call<SubscriptionResponse & { code?: string }>(t, 'POST', 'billing/subscription/change', {
      token: user.token,
      body: { plan, cycle },
    });

  const invoices = async (userId: string) =>
    (await db.query(
      `SELECT kind, amount_cents, credits, plan_code, cycle, invoice_ref FROM payments WHERE user_id = $1
        ORDER BY created_at`,
      [userId],
    )) as {
      kind: string;
      amount_cents: number;
      credits: number;
      plan_code: string;
      cycle: string;
      invoice_ref: string;
    }[];

  /** Credits the subscription granted (a new account also starts with its welcome credits). */
  const granted = async (userId: string): Promise<number> =>
    (
      (await db.query(
        `SELECT COALESCE(sum(delta), 0)::int AS sum FROM ledger_entries
          WHERE user_id = $1 AND reason = 'subscription_grant'`,
        [userId],
      )) as { sum: number }[]
    )[0].sum;

  /** The ledger sums to the balance: the invariant every test here ends on. */
  const expectLedgerAgrees = async (userId: string): Promise<void> => {
    const [{ sum }] = (await db.query(
      `SELECT COALESCE(sum(delta), 0)::int AS sum FROM ledger_entries WHERE user_id = $1`,
      [userId],
    )) as { sum: number }[];
    expect(await wallet.balance(userId)).toBe(sum);
  };

  it('a new subscription gives the plan, its rights and its included decorations', async () => {
    const s = await subscriber('PRO');
    const sub = await current(s);
    expect(sub).toMatchObject({
      plan: 'PRO',
      planName: 'Pro',
      cycle: 'monthly',
      status: 'active',
      isActive: true,
    });
    expect(sub?.priceCents).toBe(4900);
    expect(sub?.scheduledChange).toBeNull();
    expect((await rights.forUser(s.userId)).planCode).toBe('PRO');
    expect((await payloads.require(s.userId)).userSubscription).toEqual({
      isActive: true,
      subscription: { name: 'PRO' },
    });
    expect(await granted(s.userId)).toBe(40);
    expect(await invoices(s.userId)).toMatchObject([
      { kind: 'subscription', amount_cents: 4900, credits: 40 },
    ]);
  });

  it('a subscription bought through checkout and the sandbox page (with a coupon) can be upgraded with its card', async () => {
    const user = await signIn(t);
    const opened = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'subscription', plan: 'PRO', cycle: 'monthly', coupon: 'BIENVENIDA10' },
    });
    expect(opened.status).toBe(201);
    const { sessionId } = checkoutResponseSchema.parse(opened.body);
    const paid = await call(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token: user.token });
    expect(paid.status).toBe(200);
    expect(await current(user)).toMatchObject({ plan: 'PRO', cycle: 'monthly', isActive: true });
    expect(await invoices(user.userId)).toMatchObject([
      { kind: 'subscription', amount_cents: 4900 - 490, credits: 40 },
    ]);
    expect(await granted(user.userId)).toBe(40);

    const res = await change(user, 'ULTIMATE', 'monthly');
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ plan: 'ULTIMATE' });
    expect(await granted(user.userId)).toBe(100);
  });

  it('an upgrade half-way through the period charges half the difference and keeps the end date', async () => {
    const s = await subscriber('PRO');
    await age(s, 0.5);
    const before = await current(s);
    const quote = await preview(s, 'ULTIMATE', 'monthly');
    expect(quote.effective).toBe('now');
    expect(Math.abs(quote.amountCents - 2500)).toBeLessThanOrEqual(2);
    expect(quote.creditsNow).toBe(60);

    const res = await change(s, 'ULTIMATE', 'monthly');
    expect(res.status).toBe(200);
    const after = subscriptionResponseSchema.parse(res.body).subscription;
    expect(after).toMatchObject({
      plan: 'ULTIMATE',
      cycle: 'monthly',
      isActive: true,
      scheduledChange: null,
    });
    expect(after?.currentPeriodEnd).toBe(before?.currentPeriodEnd);
    expect(after?.currentPeriodStart).toBe(before?.currentPeriodStart);
    const paid = await invoices(s.userId);
    expect(paid).toHaveLength(2);
    expect(paid[1]).toMatchObject({ kind: 'subscription', plan_code: 'ULTIMATE', credits: 60 });
    expect(Math.abs(paid[1].amount_cents - 2500)).toBeLessThanOrEqual(2);
    expect(await granted(s.userId)).toBe(100);
    expect((await rights.forUser(s.userId)).apiAccess).toBe(true);
    await expectLedgerAgrees(s.userId);
  });

  it('monthly to annual charges the annual price less the unused month and starts a new period now', async () => {
    const s = await subscriber('PRO');
    await age(s, 0.5);
    const quote = await preview(s, 'PRO', 'annual');
    expect(quote.effective).toBe('now');
    expect(Math.abs(quote.amountCents - (49000 - 2450))).toBeLessThanOrEqual(2);
    expect(quote.creditsNow).toBe(480 - 40);

    const startedAt = Date.now();
    const res = await change(s, 'PRO', 'annual');
    expect(res.status).toBe(200);
    const after = subscriptionResponseSchema.parse(res.body).subscription;
    expect(after).toMatchObject({ plan: 'PRO', cycle: 'annual', priceCents: 49000, isActive: true });
    const start = Date.parse(after?.currentPeriodStart ?? '');
    expect(start).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(after?.currentPeriodEnd ?? '')).toBe(addMonths(new Date(start), 12).getTime());
    expect(await granted(s.userId)).toBe(480);
    await expectLedgerAgrees(s.userId);
  });

  it('a downgrade waits for the period end: rights stay until then, then the lower plan and its credits', async () => {
    const s = await subscriber('ULTIMATE');
    const before = await current(s);
    const quote = await preview(s, 'PRO', 'monthly');
    expect(quote).toMatchObject({ effective: 'period_end', amountCents: 0, creditsNow: 0 });
    expect(quote.effectiveAt).toBe(before?.currentPeriodEnd);

    const res = await change(s, 'PRO', 'monthly');
    expect(res.status).toBe(200);
    const scheduled = subscriptionResponseSchema.parse(res.body).subscription;
    expect(scheduled).toMatchObject({ plan: 'ULTIMATE', isActive: true });
    expect(scheduled?.scheduledChange).toEqual({
      plan: 'PRO',
      cycle: 'monthly',
      from: before?.currentPeriodEnd,
    });
    expect((await rights.forUser(s.userId)).planCode).toBe('ULTIMATE');
    expect(await invoices(s.userId)).toHaveLength(1);

    await age(s, 1.01);
    await renewals.renewDue(new Date());
    const renewed = await current(s);
    expect(renewed).toMatchObject({ plan: 'PRO', cycle: 'monthly', isActive: true, scheduledChange: null });
    expect((await rights.forUser(s.userId)).planCode).toBe('PRO');
    expect(await granted(s.userId)).toBe(100 + 40);
    expect((await invoices(s.userId))[1]).toMatchObject({
      plan_code: 'PRO',
      amount_cents: 4900,
      credits: 40,
    });
    await expectLedgerAgrees(s.userId);
  });

  it('choosing the current plan again clears a scheduled change', async () => {
    const s = await subscriber('ULTIMATE');
    await change(s, 'STARTER', 'monthly');
    expect((await current(s))?.scheduledChange?.plan).toBe('STARTER');
    expect(await preview(s, 'ULTIMATE', 'monthly')).toMatchObject({
      effective: 'period_end',
      amountCents: 0,
    });
    const res = await change(s, 'ULTIMATE', 'monthly');
    expect(subscriptionResponseSchema.parse(res.body).subscription?.scheduledChange).toBeNull();
  });

  it('cancel keeps the services until the end date, resume takes it back, and the end ends it', async () => {
    const s = await subscriber('PRO');
    const before = await current(s);
    const cancelled = await call<SubscriptionResponse>(t, 'POST', 'billing/subscription/cancel', {
      token: s.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      isActive: true,
      currentPeriodEnd: before?.currentPeriodEnd,
    });
    expect((await rights.forUser(s.userId)).planCode).toBe('PRO');

    const resumed = await call<SubscriptionResponse>(t, 'POST', 'billing/subscription/resume', {
      token: s.token,
    });
    expect(resumed.body.subscription).toMatchObject({ cancelAtPeriodEnd: false, isActive: true });

    await call(t, 'POST', 'billing/subscription/cancel', { token: s.token });
    await age(s, 1.01);
    await renewals.renewDue(new Date());
    expect(await current(s)).toBeNull();
    expect(await rights.forUser(s.userId)).toMatchObject({ planCode: null, watermark: true });
    expect((await payloads.require(s.userId)).userSubscription.isActive).toBe(false);
    expect(await granted(s.userId)).toBe(40);
    expect(await invoices(s.userId)).toHaveLength(1);
    const res = await change(s, 'ULTIMATE', 'monthly');
    expect(res.body.code).toBe('NO_ACTIVE_SUBSCRIPTION');
  });

  it('an upgrade clears a pending cancellation', async () => {
    const s = await subscriber('PRO');
    await call(t, 'POST', 'billing/subscription/cancel', { token: s.token });
    const res = await change(s, 'ULTIMATE', 'monthly');
    expect(res.body.subscription).toMatchObject({ plan: 'ULTIMATE', cancelAtPeriodEnd: false });
  });

  it('a declined upgrade changes nothing; without a saved card it is refused before charging', async () => {
    const s = await subscriber('PRO', 'monthly', true);
    const before = await current(s);
    const [{ version }] = (await db.query(`SELECT version FROM sandbox_subscriptions WHERE ref = $1`, [
      s.subscriptionRef,
    ])) as { version: string }[];
    const res = await change(s, 'ULTIMATE', 'monthly');
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('PAYMENT_DECLINED');
    expect(await current(s)).toEqual(before);
    expect(await invoices(s.userId)).toHaveLength(1);
    expect(await granted(s.userId)).toBe(40);
    const [after] = (await db.query(`SELECT version, plan_code FROM sandbox_subscriptions WHERE ref = $1`, [
      s.subscriptionRef,
    ])) as { version: string; plan_code: string }[];
    expect(after).toEqual({ version, plan_code: 'PRO' });

    await db.query(`DELETE FROM payment_methods WHERE user_id = $1`, [s.userId]);
    const noCard = await change(s, 'ULTIMATE', 'monthly');
    expect(noCard.status).toBe(409);
    expect(noCard.body.code).toBe('PAYMENT_METHOD_REQUIRED');
    // A downgrade charges nothing and needs no card.
    expect((await change(s, 'STARTER', 'monthly')).status).toBe(200);
  });

  it('a refused renewal leaves the subscription past due, without rights or credits', async () => {
    const s = await subscriber('PRO', 'monthly', true);
    await age(s, 1.01);
    await renewals.renewDue(new Date());
    const sub = await current(s);
    expect(sub).toMatchObject({ status: 'past_due', isActive: false });
    expect((await rights.forUser(s.userId)).planCode).toBeNull();
    expect(await granted(s.userId)).toBe(40);
  });

  it('an invoice delivered 10 times at once is recorded and credited once', async () => {
    const s = await subscriber('PRO');
    const [row] = (await db.query(`SELECT current_period_end FROM subscriptions WHERE gateway_ref = $1`, [
      s.subscriptionRef,
    ])) as { current_period_end: Date }[];
    const invoiceRef = `in_test_${randomUUID()}`;
    const event: GatewayEvent = {
      id: `test:${invoiceRef}`,
      type: 'invoice.paid',
      invoice: {
        invoiceRef,
        subscriptionRef: s.subscriptionRef,
        customerRef: s.customerRef,
        reason: 'cycle',
        plan: 'PRO',
        cycle: 'monthly',
        previousPlan: null,
        previousCycle: null,
        amountCents: 4900,
        discountCents: 0,
        periodStart: row.current_period_end,
        periodEnd: addMonths(row.current_period_end, 1),
        invoiceUrl: null,
      },
    };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => payments.handle(event)));
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    // The same invoice under another event id (a provider's second event type for it) adds nothing.
    await payments.handle({ ...event, id: `test:${invoiceRef}:again` });
    expect(await granted(s.userId)).toBe(80);
    expect((await invoices(s.userId)).filter((p) => p.invoice_ref === invoiceRef)).toHaveLength(1);
    await expectLedgerAgrees(s.userId);
  });

  it('a renewal grants the period once even when the sweep runs twice at once', async () => {
    const s = await subscriber('PRO');
    await age(s, 1.01);
    const now = new Date();
    await Promise.all([renewals.renewDue(now), renewals.renewDue(now)]);
    await renewals.renewDue(now);
    expect(await granted(s.userId)).toBe(80);
    expect(await invoices(s.userId)).toHaveLength(2);
    expect(await current(s)).toMatchObject({ plan: 'PRO', isActive: true });
    await expectLedgerAgrees(s.userId);
  });

  it('another user sees no subscription and can change nothing', async () => {
    const owner = await subscriber('PRO');
    const stranger = await signIn(t);
    expect(await current(stranger)).toBeNull();
    const quote = await call<{ code: string }>(
      t,
      'GET',
      'billing/subscription/change?plan=ULTIMATE&cycle=monthly',
      {
        token: stranger.token,
      },
    );
    expect(quote.status).toBe(409);
    expect(quote.body.code).toBe('NO_ACTIVE_SUBSCRIPTION');
    expect((await change(stranger, 'STARTER', 'monthly')).body.code).toBe('NO_ACTIVE_SUBSCRIPTION');
    for (const action of ['cancel', 'resume']) {
      const res = await call<{ code: string }>(t, 'POST', `billing/subscription/${action}`, {
        token: stranger.token,
      });
      expect(res.body.code).toBe('NO_ACTIVE_SUBSCRIPTION');
    }
    expect(await current(owner)).toMatchObject({
      plan: 'PRO',
      cancelAtPeriodEnd: false,
      scheduledChange: null,
    });
  });

  it('rejects an unknown plan or cycle', async () => {
    const s = await subscriber('PRO');
    const res = await call<{ code: string }>(t, 'GET', 'billing/subscription/change?plan=GOLD&cycle=weekly', {
      token: s.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  describe('events in any order reach the same state', () => {
    /** A small seeded generator (mulberry32), so a failing order can be replayed. */
    const random = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const shuffle = <T>(items: T[], next: () => number): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    };

    /**
     * Subscribe to PRO, upgrade to ULTIMATE, schedule a downgrade to STARTER, renew: the events a
     * gateway would send, for a fresh customer.
     */
    const p0 = new Date(Date.now() - 40 * DAY);
    const history = (run: number, customerRef: string, subscriptionRef: string): GatewayEvent[] => {
      const p1 = addMonths(p0, 1);
      const p2 = addMonths(p1, 1);
      const snapshot = (
        version: number,
        plan: PlanCode,
        periodStart: Date,
        periodEnd: Date,
      ): GatewayEvent => ({
        id: `perm:${run}:snapshot:${version}`,
        type: 'subscription.updated',
        subscription: {
          subscriptionRef,
          customerRef,
          plan,
          cycle: 'monthly',
          status: 'active',
          periodStart,
          periodEnd,
          cancelAtPeriodEnd: false,
          version,
        },
      });
      const invoice = (
        name: string,
        reason: 'create' | 'cycle' | 'update',
        plan: PlanCode,
        previousPlan: PlanCode | null,
        amountCents: number,
        periodStart: Date,
        periodEnd: Date,
      ): GatewayEvent => ({
        id: `perm:${run}:invoice:${name}`,
        type: 'invoice.paid',
        invoice: {
          invoiceRef: `in_perm_${run}_${name}`,
          subscriptionRef,
          customerRef,
          reason,
          plan,
          cycle: 'monthly',
          previousPlan,
          previousCycle: previousPlan ? 'monthly' : null,
          amountCents,
          discountCents: 0,
          periodStart,
          periodEnd,
          invoiceUrl: null,
        },
      });
      return [
        snapshot(1, 'PRO', p0, p1),
        invoice('create', 'create', 'PRO', null, 4900, p0, p1),
        snapshot(2, 'ULTIMATE', p0, p1),
        invoice('upgrade', 'update', 'ULTIMATE', 'PRO', 2500, p0, p1),
        snapshot(3, 'STARTER', p0, p1),
        invoice('renewal', 'cycle', 'STARTER', null, 1900, p1, p2),
        snapshot(4, 'STARTER', p1, p2),
      ];
    };

    const finalState = async (userId: string) => {
      const rows = (await db.query(
        `SELECT plan_code, cycle, status, cancel_at_period_end, next_plan_code, next_cycle, version::int AS version,
                current_period_start, current_period_end, invoice_period_start
           FROM subscriptions WHERE user_id = $1`,
        [userId],
      )) as Record<string, unknown>[];
      return { rows, balance: await granted(userId), payments: (await invoices(userId)).length };
    };

    /** Plays `events` of the history for a fresh customer in 20 shuffles (fixed seed), in order and reversed. */
    const replay = async (take: number, seed: number): Promise<unknown[]> => {
      const next = random(seed);
      const orders = [(events: GatewayEvent[]) => events, (events: GatewayEvent[]) => [...events].reverse()];
      for (let i = 0; i < 20; i++) orders.push((events) => shuffle(events, next));
      const states: unknown[] = [];
      for (const [run, order] of orders.entries()) {
        const user = await signIn(t);
        const customerRef = `cus_perm_${randomUUID()}`;
        await db.query(
          `INSERT INTO billing_customers (user_id, gateway, customer_ref) VALUES ($1, 'sandbox', $2)`,
          [user.userId, customerRef],
        );
        const events = order(
          history(seed * 100 + run, customerRef, `sub_perm_${randomUUID()}`).slice(0, take),
        );
        await payments.handleAll(events);
        // Delivered again in another order: all duplicates.
        await payments.handleAll([...events].reverse());
        states.push(await finalState(user.userId));
        await expectLedgerAgrees(user.userId);
      }
      return states;
    };

    it('the whole history, through the renewal to the lower plan', async () => {
      const states = await replay(7, 20261122);
      expect(states[0]).toMatchObject({
        rows: [
          {
            plan_code: 'STARTER',
            cycle: 'monthly',
            status: 'active',
            next_plan_code: 'STARTER',
            version: 4,
            current_period_start: addMonths(p0, 1),
            current_period_end: addMonths(p0, 2),
            invoice_period_start: addMonths(p0, 1),
          },
        ],
        balance: 40 + 60 + 10,
        payments: 3,
      });
      for (const state of states) expect(state).toEqual(states[0]);
    });

    it('up to the scheduled downgrade: the upgrade invoice beats the first one of the same period', async () => {
      const states = await replay(5, 7);
      expect(states[0]).toMatchObject({
        rows: [
          {
            plan_code: 'ULTIMATE',
            next_plan_code: 'STARTER',
            version: 3,
            current_period_start: p0,
            current_period_end: addMonths(p0, 1),
          },
        ],
        balance: 40 + 60,
        payments: 2,
      });
      for (const state of states) expect(state).toEqual(states[0]);
    });
  });
});
