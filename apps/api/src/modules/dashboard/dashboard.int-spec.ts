import { adminDashboardSchema, type AdminDashboard } from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';

describe('console: the admins’ dashboard', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  let tz: string;

  /** `HH:MM` on the calendar day `daysAgo` days before today, both in the business time zone. */
  const at = async (daysAgo: number, time: string): Promise<Date> => {
    const [row] = (await db.query(
      `SELECT (((now() AT TIME ZONE $1)::date - $2::int) + $3::time) AT TIME ZONE $1 AS at`,
      [tz, daysAgo, time],
    )) as { at: Date }[];
    return row.at;
  };
  const dayString = async (daysAgo: number): Promise<string> => {
    const [row] = (await db.query(
      `SELECT to_char((now() AT TIME ZONE $1)::date - $2::int, 'YYYY-MM-DD') AS d`,
      [tz, daysAgo],
    )) as { d: string }[];
    return row.d;
  };

  let users = 0;
  const user = async (createdAt: Date, role = 'customer'): Promise<string> => {
    const [row] = (await db.query(
      `INSERT INTO users (email, role, referral_code, verified_at, created_at) VALUES ($1, $2, $3, $4, $4)
       RETURNING id`,
      [
        `dash${++users}.${randomUUID().slice(0, 8)}@example.com`,
        role,
        `DASH${users}${randomUUID().slice(0, 6)}`,
        createdAt,
      ],
    )) as { id: string }[];
    return row.id;
  };
  const payment = async (
    userId: string,
    paid: { kind: 'pack' | 'subscription' | 'decoration'; cents: number; credits: number; code?: string },
    createdAt: Date,
  ): Promise<string> => {
    let sessionId: string | null = null;
    if (paid.kind !== 'subscription') {
      const [session] = (await db.query(
        `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, state, gateway, completed_at)
         VALUES ($1, $2, $3, $4, $5, 'paid', 'sandbox', $6) RETURNING id`,
        [userId, paid.kind, paid.kind === 'pack' ? paid.code : null, paid.credits, paid.cents, createdAt],
      )) as { id: string }[];
      sessionId = session.id;
    }
    const [row] = (await db.query(
      `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits, invoice_ref, plan_code, cycle, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        userId,
        sessionId,
        paid.cents,
        paid.kind,
        paid.credits,
        sessionId ? null : `in_${randomUUID()}`,
        paid.kind === 'subscription' ? paid.code : null,
        paid.kind === 'subscription' ? 'monthly' : null,
        createdAt,
      ],
    )) as { id: string }[];
    return row.id;
  };
  const refund = (paymentId: string, cents: number, createdAt: Date) =>
    db.query(
      `INSERT INTO payment_refunds (payment_id, amount_cents, credits_taken, reason, idempotency_key, created_by, created_at)
       VALUES ($1, $2, 0, 'test', $3, $4, $5)`,
      [paymentId, cents, randomUUID(), admin.userId, createdAt],
    );
  const ledger = (userId: string, delta: number, reason: string, createdAt: Date) =>
    db.query(
      `INSERT INTO ledger_entries (user_id, delta, balance_after, reason, idempotency_key, created_at)
       VALUES ($1, $2, 100, $3, $4, $5)`,
      [userId, delta, reason, `test:${randomUUID()}`, createdAt],
    );
  const decoration = async (
    userId: string,
    type: 'automatic' | 'supervised',
    createdAt: Date,
    state: 'pending' | 'ready' | 'failed' = 'pending',
  ): Promise<string> => {
    const [project] = (await db.query(
      `INSERT INTO projects (user_id, property_name) VALUES ($1, $2) RETURNING id`,
      [userId, `Piso ${randomUUID()}`],
    )) as { id: string }[];
    const [image] = (await db.query(
      `INSERT INTO project_images (project_id, user_id, original_key, preview_key, thumbnail_key, width, height, bytes)
       VALUES ($1, $2, 'a.jpg', 'b.jpg', 'c.jpg', 300, 200, 1000) RETURNING id`,
      [project.id, userId],
    )) as { id: string }[];
    const [row] = (await db.query(
      `INSERT INTO decorations (project_id, image_id, user_id, type, room_type, style, state, created_at)
       VALUES ($1, $2, $3, $4, 'livingroom', 'modern', $5, $6) RETURNING id`,
      [project.id, image.id, userId, type, state, createdAt],
    )) as { id: string }[];
    return row.id;
  };
  const review = (decorationId: string, state: 'drafting' | 'queued' | 'delivered') =>
    db.query(
      `INSERT INTO reviews (decoration_id, state, ordered_at, deadline_at, delivered_at)
       VALUES ($1, $2, now(), now() + interval '2 days', CASE WHEN $2 = 'delivered' THEN now() END)`,
      [decorationId, state],
    );
  const subscription = (userId: string, status: string, periodEnd: string) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end)
       VALUES ($1, 'PRO', 'monthly', $2, now() + $3::interval)`,
      [userId, status, periodEnd],
    );

  const dashboard = (query = '?days=7', token = admin.token) =>
    call<AdminDashboard & { code?: string }>(t, 'GET', `admin/dashboard${query}`, { token });

  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    tz = t.config.BUSINESS_TIME_ZONE;
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  it('counts each figure on its day in the business time zone, oldest first', async () => {
    // Sign-ups: customers only; 00:30 in Madrid is the evening before in UTC, and still counts on its own day.
    const ana = await user(await at(1, '00:30'));
    const bea = await user(await at(1, '13:00'));
    const carla = await user(await at(8, '10:00'));
    await user(await at(6, '00:05'));
    await user(await at(7, '23:55'));
    await user(await at(1, '11:00'), 'decorator');
    const dani = await user(new Date());

    // Payments and refunds: revenue is what was paid that day minus what was refunded that day.
    const standard = await payment(
      ana,
      { kind: 'pack', cents: 4900, credits: 10, code: 'standard' },
      await at(1, '10:00'),
    );
    await payment(ana, { kind: 'subscription', cents: 2900, credits: 30, code: 'PRO' }, await at(1, '12:00'));
    await payment(bea, { kind: 'decoration', cents: 1500, credits: 0 }, new Date());
    const old = await payment(
      carla,
      { kind: 'pack', cents: 1900, credits: 5, code: 'starter' },
      await at(8, '09:00'),
    );
    await payment(carla, { kind: 'pack', cents: 990, credits: 2, code: 'starter' }, await at(7, '23:59'));
    await refund(standard, 900, new Date());
    await refund(old, 1000, await at(2, '16:00'));

    // Credits: grants are positive admin adjustments; spending is decorations and descriptions net of refunds.
    await ledger(ana, 10, 'admin_adjustment', await at(2, '09:00'));
    await ledger(ana, -3, 'admin_adjustment', await at(2, '09:30'));
    await ledger(ana, 10, 'pack_purchase', await at(1, '10:00'));
    await ledger(ana, -4, 'decoration', await at(1, '10:05'));
    await ledger(ana, -2, 'decoration', await at(1, '10:06'));
    await ledger(ana, 2, 'decoration_refund', await at(1, '10:07'));
    await ledger(bea, -1, 'description', new Date());
    await ledger(bea, 1, 'description', new Date());
    await ledger(bea, -3, 'decoration', new Date());
    await ledger(bea, 5, 'admin_adjustment', await at(7, '23:30'));
    await ledger(bea, 5, 'referral_reward', new Date());

    // Decorations ordered, by type; the review queue holds open reviews of decorations that can still be delivered.
    await decoration(bea, 'automatic', new Date());
    await decoration(bea, 'automatic', new Date());
    await decoration(bea, 'automatic', await at(7, '12:00'));
    await review(await decoration(ana, 'supervised', await at(3, '12:00')), 'queued');
    await review(await decoration(ana, 'supervised', await at(2, '00:15'), 'failed'), 'drafting');
    await review(await decoration(ana, 'supervised', await at(1, '00:30'), 'ready'), 'delivered');
    await review(await decoration(dani, 'supervised', new Date()), 'drafting');

    // Subscribers now: active and not past their period.
    await subscription(ana, 'active', '20 days');
    await subscription(bea, 'canceled', '20 days');
    await subscription(carla, 'active', '-1 day');
    await subscription(dani, 'trialing', '5 days');

    const res = await dashboard();
    expect(res.status).toBe(200);
    const body = adminDashboardSchema.parse(res.body);
    const empty = {
      signups: 0,
      revenueCents: 0,
      creditsSold: 0,
      creditsGranted: 0,
      creditsSpent: 0,
      automatic: 0,
      supervised: 0,
    };
    expect(body.days).toEqual([
      // the signIn customer of beforeAll is not there: signIn made an admin only
      { date: await dayString(6), ...empty, signups: 1 },
      { date: await dayString(5), ...empty },
      { date: await dayString(4), ...empty },
      { date: await dayString(3), ...empty, supervised: 1 },
      { date: await dayString(2), ...empty, revenueCents: -1000, creditsGranted: 10, supervised: 1 },
      {
        date: await dayString(1),
        ...empty,
        signups: 2,
        revenueCents: 7800,
        creditsSold: 40,
        creditsSpent: 4,
        supervised: 1,
      },
      {
        date: await dayString(0),
        ...empty,
        signups: 1,
        revenueCents: 600,
        // bea's referral reward is credits given
        creditsGranted: 5,
        creditsSpent: 3,
        automatic: 2,
        supervised: 1,
      },
    ]);
    expect(body.revenueByProduct).toEqual([
      { product: 'pack:standard', payments: 1, revenueCents: 4000 },
      { product: 'plan:PRO', payments: 1, revenueCents: 2900 },
      { product: 'decoration', payments: 1, revenueCents: 1500 },
      { product: 'pack:starter', payments: 0, revenueCents: -1000 },
    ]);
    // The product totals and the daily revenue agree.
    expect(body.revenueByProduct.reduce((sum, p) => sum + p.revenueCents, 0)).toBe(
      body.days.reduce((sum, d) => sum + d.revenueCents, 0),
    );
    expect(body).toMatchObject({ subscribers: 2, payingCustomers: 2, reviewQueueDepth: 2 });
  });

  it('covers 30 days by default and 7 to 366 on request', async () => {
    const byDefault = await dashboard('');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.days).toHaveLength(30);
    expect(byDefault.body.days[29].date).toBe(await dayString(0));
    expect(byDefault.body.days[0].date).toBe(await dayString(29));
    // The older payments now fall inside: carla's two starter packs, one of them partly refunded.
    expect(byDefault.body.revenueByProduct).toContainEqual({
      product: 'pack:starter',
      payments: 2,
      revenueCents: 1890,
    });
    expect(byDefault.body.payingCustomers).toBe(3);
    expect((await dashboard('?days=366')).body.days).toHaveLength(366);
    for (const query of ['?days=6', '?days=367', '?days=abc', '?days=7.5'])
      expect(await dashboard(query)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('leaves fully refunded customers out of the paying ones, and counts sign-up and referral credits as given', async () => {
    const before = await dashboard();
    const today = (body: AdminDashboard) => body.days[body.days.length - 1];
    const now = new Date();
    // Refunded in full (in two refunds): not a paying customer. Refunded in part: still one.
    const refundedInFull = await user(now);
    const full = await payment(
      refundedInFull,
      { kind: 'pack', cents: 4900, credits: 10, code: 'standard' },
      now,
    );
    await refund(full, 4000, now);
    await refund(full, 900, now);
    const refundedInPart = await user(now);
    const part = await payment(
      refundedInPart,
      { kind: 'pack', cents: 4900, credits: 10, code: 'standard' },
      now,
    );
    await refund(part, 900, now);
    // Given: the sign-up gift, a referral reward net of one taken back, a staff grant; not purchases.
    await ledger(refundedInFull, 5, 'signup_bonus', now);
    await ledger(refundedInPart, 5, 'signup_bonus', now);
    await ledger(refundedInPart, 5, 'referral_reward', now);
    await ledger(refundedInPart, -3, 'referral_reward_reversed', now);
    await ledger(refundedInPart, 2, 'admin_adjustment', now);
    await ledger(refundedInPart, 10, 'pack_purchase', now);

    const after = await dashboard();
    expect(after.status).toBe(200);
    expect(after.body.payingCustomers - before.body.payingCustomers).toBe(1);
    expect(today(after.body).creditsGranted - today(before.body).creditsGranted).toBe(5 + 5 + 5 - 3 + 2);
    expect(today(after.body).revenueCents - today(before.body).revenueCents).toBe(4900 + 4900 - 4900 - 900);
  });

  it('is for admins only', async () => {
    const decorator = await signIn(t, 'decorator');
    const customer = await signIn(t);
    expect((await dashboard('', decorator.token)).status).toBe(403);
    expect((await dashboard('', customer.token)).status).toBe(403);
    expect((await call(t, 'GET', 'admin/dashboard')).status).toBe(401);
  });
});
