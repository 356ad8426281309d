import { checkoutResponseSchema, type CheckoutResponse } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { PaymentsService } from './payments.service';
import { sandboxEvent } from './sandbox-gateway';

/**
 * A coupon's max_redemptions and max_redemptions_per_customer, as Stripe keeps them: a checkout opened with
 * the coupon reserves a use (refused past the limits), paying it redeems the use, an abandoned one frees it
 * when it expires. Concurrent checkouts race on the coupon's row lock, so the last use goes to one of them.
 */
describe('coupon limits at checkout and payment', () => {
  let t: TestApp;
  let db: DataSource;
  let payments: PaymentsService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    payments = t.app.get(PaymentsService);
  });
  afterAll(() => t.close());

  const coupon = (code: string, max: number | null, perCustomer: number | null = null) =>
    db.query(
      `INSERT INTO coupons (code, percent_off, max_redemptions, max_redemptions_per_customer, applies_to)
       VALUES ($1, 50, $2, $3, 'any')`,
      [code, max, perCustomer],
    );
  const open = (user: SignedIn, code: string) =>
    call<CheckoutResponse & { code?: string; fields?: Record<string, string> }>(
      t,
      'POST',
      'billing/checkout',
      {
        token: user.token,
        body: { kind: 'pack', code: 'starter', coupon: code },
      },
    );
  const preview = (user: SignedIn, code: string) =>
    call<{ code: string }>(t, 'GET', `billing/coupons/${code}?kind=pack`, { token: user.token });
  /** Opens one checkout per entry of `users`, all at once; answers those that opened and the refusals. */
  const openAtOnce = async (users: SignedIn[], code: string) => {
    const answers = await Promise.all(users.map((user) => open(user, code)));
    const refused = answers.filter((res) => res.status !== 201);
    return {
      opened: answers
        .filter((res) => res.status === 201)
        .map((res) => checkoutResponseSchema.parse(res.body)),
      refusals: refused.map((res) => `${res.status} ${res.body.code} ${res.body.fields?.coupon}`),
    };
  };
  const payAtOnce = (sessionIds: string[]) =>
    Promise.all(sessionIds.map((id) => payments.handle(sandboxEvent(id, 'paid'))));
  const timesRedeemed = async (code: string): Promise<number> =>
    (
      (await db.query(`SELECT times_redeemed AS n FROM coupons WHERE code = $1`, [code])) as { n: number }[]
    )[0].n;
  /** Payments made with the coupon at a discount. */
  const discounted = async (code: string): Promise<number> =>
    (
      (await db.query(
        `SELECT count(*)::int AS n FROM payments p JOIN checkout_sessions s ON s.id = p.session_id
           JOIN coupons c ON c.id = s.coupon_id
          WHERE c.code = $1 AND p.discount_cents > 0`,
        [code],
      )) as { n: number }[]
    )[0].n;

  it('gives a one-use coupon to exactly one of 15 concurrent checkouts by one customer', async () => {
    await coupon('SOLO15', 1);
    const buyer = await signIn(t);
    const { opened, refusals } = await openAtOnce(Array(15).fill(buyer), 'SOLO15');
    expect(opened).toHaveLength(1);
    expect(refusals).toEqual(Array(14).fill('409 COUPON_EXHAUSTED COUPON_EXHAUSTED'));
    await payAtOnce(opened.map((o) => o.sessionId));
    expect(await discounted('SOLO15')).toBe(1);
    expect(await timesRedeemed('SOLO15')).toBe(1);
    // used up for good now it is paid: at checkout and in the coupon field's check
    expect((await open(buyer, 'SOLO15')).body.code).toBe('COUPON_EXHAUSTED');
    expect(await preview(buyer, 'SOLO15')).toMatchObject({ status: 409, body: { code: 'COUPON_EXHAUSTED' } });
  });

  it('gives a one-use coupon to exactly one of 10 customers checking out at once', async () => {
    await coupon('TEN1', 1);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signIn(t)));
    const { opened, refusals } = await openAtOnce(buyers, 'TEN1');
    expect(opened).toHaveLength(1);
    expect(refusals).toEqual(Array(9).fill('409 COUPON_EXHAUSTED COUPON_EXHAUSTED'));
    await payAtOnce(opened.map((o) => o.sessionId));
    expect(await discounted('TEN1')).toBe(1);
    expect(await timesRedeemed('TEN1')).toBe(1);
  });

  it('keeps to the limit per customer while other customers still use the coupon', async () => {
    await coupon('ONEEACH', 3, 1);
    const [ana, bea, carla, dani] = await Promise.all(Array.from({ length: 4 }, () => signIn(t)));
    const first = await openAtOnce(Array(15).fill(ana), 'ONEEACH');
    expect(first.opened).toHaveLength(1);
    expect(first.refusals).toEqual(Array(14).fill('409 COUPON_ALREADY_USED COUPON_ALREADY_USED'));
    await payAtOnce(first.opened.map((o) => o.sessionId));
    expect((await open(ana, 'ONEEACH')).body.code).toBe('COUPON_ALREADY_USED');
    expect(await preview(ana, 'ONEEACH')).toMatchObject({
      status: 409,
      body: { code: 'COUPON_ALREADY_USED' },
    });
    expect((await preview(bea, 'ONEEACH')).status).toBe(200);

    const beas = await open(bea, 'ONEEACH');
    expect(beas.status).toBe(201);
    const others = await openAtOnce([bea, carla, dani], 'ONEEACH');
    // bea's open checkout holds her one use; the third use overall goes to one of carla and dani
    expect(others.opened).toHaveLength(1);
    expect(others.refusals.sort()).toEqual([
      '409 COUPON_ALREADY_USED COUPON_ALREADY_USED',
      '409 COUPON_EXHAUSTED COUPON_EXHAUSTED',
    ]);
    await payAtOnce([
      checkoutResponseSchema.parse(beas.body).sessionId,
      ...others.opened.map((o) => o.sessionId),
    ]);
    expect(await discounted('ONEEACH')).toBe(3);
    expect(await timesRedeemed('ONEEACH')).toBe(3);
  });

  it('frees the use of a checkout declined or abandoned past its expiry, and honours one paid after all', async () => {
    await coupon('LASTONE', 1, 1);
    const [ana, bea] = await Promise.all([signIn(t), signIn(t)]);
    // a declined card gives the use back at once
    const declined = checkoutResponseSchema.parse((await open(ana, 'LASTONE')).body);
    expect((await open(bea, 'LASTONE')).body.code).toBe('COUPON_EXHAUSTED');
    await payments.handle(sandboxEvent(declined.sessionId, 'declined'));
    const abandoned = await open(ana, 'LASTONE');
    expect(abandoned.status).toBe(201);
    // held while open: no one else, and not ana again
    expect((await open(bea, 'LASTONE')).body.code).toBe('COUPON_EXHAUSTED');
    expect((await open(ana, 'LASTONE')).body.code).toBe('COUPON_ALREADY_USED');
    const { sessionId } = checkoutResponseSchema.parse(abandoned.body);
    // Past its expiry (not yet swept) it holds nothing.
    await db.query(`UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      sessionId,
    ]);
    const taken = await open(bea, 'LASTONE');
    expect(taken.status).toBe(201);
    await payAtOnce([checkoutResponseSchema.parse(taken.body).sessionId]);
    // A payment the gateway still reports for the expired one: the money is taken, the sale stands at its
    // price and the count stays at the limit.
    await payAtOnce([sessionId]);
    expect(await discounted('LASTONE')).toBe(2);
    expect(await timesRedeemed('LASTONE')).toBe(1);
  });
});
