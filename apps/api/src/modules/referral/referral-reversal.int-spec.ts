import { randomUUID } from 'node:crypto';
import {
  checkoutResponseSchema,
  LIMITS,
  referralSummarySchema,
  type CheckoutResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';

type Customer = Awaited<ReturnType<typeof signUp>>;

/**
 * Buy a pack, earn the referrer a reward, get refunded: a full refund takes the reward back (what the referrer
 * has not spent, never below zero), once, in the refund's transaction, with its ledger row and audit row; the
 * refunded customer is told by e-mail in their language.
 */
describe('a refunded purchase takes back the referral reward it earned', () => {
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

  const reward = LIMITS.referralRewardCredits;

  /** A referrer and the customer who registered with their code (in `language`). */
  const referral = async (language = 'es'): Promise<{ referrer: Customer; referred: Customer }> => {
    const referrer = await signUp(t);
    const summary = await call(t, 'GET', 'referral', { token: referrer.token });
    const { code } = referralSummarySchema.parse(summary.body);
    const referred = await signUp(t, { referralCode: code, language, name: 'Pau Serra' });
    return { referrer, referred };
  };
  /** Buys a pack on the sandbox page; answers the payment's id and price. */
  const buyPack = async (user: Customer): Promise<{ id: string; cents: number }> => {
    const opened = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token: user.token,
      body: { kind: 'pack', code: 'starter' },
    });
    const { sessionId } = checkoutResponseSchema.parse(opened.body);
    await call(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token: user.token, body: {} });
    const [payment] = (await db.query(`SELECT id, amount_cents FROM payments WHERE session_id = $1`, [
      sessionId,
    ])) as { id: string; amount_cents: number }[];
    return { id: payment.id, cents: payment.amount_cents };
  };
  const refund = (paymentId: string, amountCents: number, key = randomUUID()) =>
    call(t, 'POST', `admin/payments/${paymentId}/refunds`, {
      token: admin.token,
      body: { amountCents, reason: 'Customer asked' },
      headers: { 'Idempotency-Key': key },
    });
  const reversals = (userId: string) =>
    db.query(
      `SELECT delta, reason FROM ledger_entries WHERE user_id = $1 AND reason = 'referral_reward_reversed'`,
      [userId],
    ) as Promise<{ delta: number; reason: string }[]>;
  const expectLedgerAgrees = async (userId: string): Promise<void> => {
    const [{ sum }] = (await db.query(
      `SELECT COALESCE(sum(delta), 0)::int AS sum FROM ledger_entries WHERE user_id = $1`,
      [userId],
    )) as { sum: number }[];
    expect(await wallet.balance(userId)).toBe(sum);
  };

  it('a full refund takes the whole reward back, with its ledger and audit rows, and mails the customer', async () => {
    const { referrer, referred } = await referral('ca');
    const before = await wallet.balance(referrer.user.id);
    const payment = await buyPack(referred);
    expect(await wallet.balance(referrer.user.id)).toBe(before + reward);

    expect((await refund(payment.id, payment.cents)).status).toBe(200);
    expect(await wallet.balance(referrer.user.id)).toBe(before);
    expect(await reversals(referrer.user.id)).toEqual([
      { delta: -reward, reason: 'referral_reward_reversed' },
    ]);
    await expectLedgerAgrees(referrer.user.id);
    const [row] = (await db.query(
      `SELECT credits_reversed, reversed_at IS NOT NULL AS reversed FROM referral_rewards WHERE payment_id = $1`,
      [payment.id],
    )) as { credits_reversed: number; reversed: boolean }[];
    expect(row).toEqual({ credits_reversed: reward, reversed: true });
    expect(
      await db.query(`SELECT action, resource, actor_id, after FROM audit_log WHERE record_id = $1`, [
        referred.user.id,
      ]),
    ).toEqual([
      {
        action: 'referrals.reward_reversed',
        resource: 'referrals',
        actor_id: admin.userId,
        after: { paymentId: payment.id, refundId: expect.any(String), creditsTaken: reward },
      },
    ]);
    const summary = referralSummarySchema.parse(
      (await call(t, 'GET', 'referral', { token: referrer.token })).body,
    );
    expect(summary.creditsEarned).toBe(0);

    // The customer's refund e-mail, in Catalan, with the amount and the invoice number.
    const [invoice] = (await db.query(`SELECT invoice_number FROM payments WHERE id = $1`, [payment.id])) as {
      invoice_number: string;
    }[];
    const mails = (await db.query(`SELECT subject, text FROM outbox WHERE "to" = $1 AND template = $2`, [
      referred.email,
      'paymentRefunded',
    ])) as { subject: string; text: string }[];
    const amount = new Intl.NumberFormat('ca', { style: 'currency', currency: 'EUR' }).format(
      payment.cents / 100,
    );
    // the subject is written on one line of plain spaces
    expect(mails).toEqual([
      { subject: `T'hem retornat ${amount.replace(/\s/g, ' ')}`, text: expect.stringContaining(amount) },
    ]);
    expect(mails[0].text).toContain(invoice.invoice_number);
    expect(mails[0].text).toContain('Pau Serra');
  });

  it('takes back only what the referrer has left, never below zero', async () => {
    const { referrer, referred } = await referral();
    const payment = await buyPack(referred);
    const balance = await wallet.balance(referrer.user.id);
    // the referrer spends all but 2 credits
    await wallet.spend(referrer.user.id, balance - 2, 'decoration', `test:${randomUUID()}`);

    expect((await refund(payment.id, payment.cents)).status).toBe(200);
    expect(await wallet.balance(referrer.user.id)).toBe(0);
    expect(await reversals(referrer.user.id)).toEqual([{ delta: -2, reason: 'referral_reward_reversed' }]);
    await expectLedgerAgrees(referrer.user.id);

    // the referred customer's own later purchase earned no reward: refunding it takes nothing from anyone
    const second = await buyPack(referred);
    expect((await refund(second.id, second.cents)).status).toBe(200);
    expect(await reversals(referrer.user.id)).toHaveLength(1);
  });

  it('a partial refund keeps the reward; the refund that completes it takes it back, once', async () => {
    const { referrer, referred } = await referral();
    const payment = await buyPack(referred);
    const rewarded = await wallet.balance(referrer.user.id);

    expect((await refund(payment.id, 100)).status).toBe(200);
    expect(await wallet.balance(referrer.user.id)).toBe(rewarded);
    expect(await reversals(referrer.user.id)).toEqual([]);

    const key = randomUUID();
    expect((await refund(payment.id, payment.cents - 100, key)).status).toBe(200);
    // the same refund retried with its key moves nothing again
    expect((await refund(payment.id, payment.cents - 100, key)).status).toBe(200);
    expect(await wallet.balance(referrer.user.id)).toBe(rewarded - reward);
    expect(await reversals(referrer.user.id)).toHaveLength(1);
    // each refund was mailed once
    const [{ n }] = (await db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE "to" = $1 AND template = 'paymentRefunded'`,
      [referred.email],
    )) as { n: number }[];
    expect(n).toBe(2);
    await expectLedgerAgrees(referrer.user.id);
  });
});
