import {
  LIMITS,
  PAYMENTS_PAGE_SIZE,
  paymentHistoryResponseSchema,
  referralSummarySchema,
  type PaymentHistoryResponse,
  type ReferralSummary,
} from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';
import { ReferralService } from './referral.service';

type Customer = Awaited<ReturnType<typeof signUp>>;

/** The text shown by a PDF's uncompressed content streams (pdfkit writes WinAnsi text as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  // WinAnsi is Latin-1 here apart from the euro sign.
  const winAnsi = (bytes: Buffer) => bytes.toString('latin1').replace(/\x80/g, '€');
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map(([, array]) =>
      [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => winAnsi(Buffer.from(hex, 'hex'))).join(''),
    )
    .join('\n');
}

describe('referral rewards and the payment history', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let referrals: ReferralService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    referrals = t.app.get(ReferralService);
  });
  afterAll(() => t.close());

  /**
   * A paid pack as the payment confirmation writes it (session + payment) with the referral
   * reward in the same transaction; answers the payment and the referrer that was rewarded.
   */
  const purchase = (
    userId: string,
    pack: { code: string; credits: number; cents: number } = { code: 'standard', credits: 10, cents: 4900 },
  ): Promise<{ paymentId: string; invoiceNumber: string; referrer: string | null }> =>
    db.transaction(async (m) => {
      const [session] = (await m.query(
        `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, state, gateway, completed_at)
         VALUES ($1, 'pack', $2, $3, $4, 'paid', 'sandbox', now()) RETURNING id`,
        [userId, pack.code, pack.credits, pack.cents],
      )) as { id: string }[];
      const [payment] = (await m.query(
        `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits)
         VALUES ($1, $2, $3, 'pack', $4) RETURNING id, invoice_number`,
        [userId, session.id, pack.cents, pack.credits],
      )) as { id: string; invoice_number: string }[];
      const referrer = await referrals.rewardFirstPurchase(m, userId, payment.id);
      return { paymentId: payment.id, invoiceNumber: payment.invoice_number, referrer };
    });

  const history = async (user: Customer, page = 1): Promise<PaymentHistoryResponse> => {
    const res = await call<PaymentHistoryResponse>(t, 'GET', `billing/payments?page=${page}`, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    return paymentHistoryResponseSchema.parse(res.body);
  };
  const rewardEntries = async (userId: string) =>
    (await db.query(
      `SELECT delta, idempotency_key FROM ledger_entries WHERE user_id = $1 AND reason = 'referral_reward'`,
      [userId],
    )) as { delta: number; idempotency_key: string }[];

  it('rewards the referrer once, on the first purchase only, and both histories show it', async () => {
    const ana = await signUp(t, { name: 'Ana Referrer' });
    const bea = await signUp(t, { referralCode: ana.user.referralCode });
    // A user without a name is shown by the e-mail's local part.
    await db.query(`UPDATE users SET name = '' WHERE id = $1`, [bea.user.id]);
    const before = await wallet.balance(ana.user.id);

    const first = await purchase(bea.user.id);
    expect(first.referrer).toBe(ana.user.id);
    const second = await purchase(bea.user.id);
    expect(second.referrer).toBeNull();

    expect(await wallet.balance(ana.user.id)).toBe(before + LIMITS.referralRewardCredits);
    expect(await rewardEntries(ana.user.id)).toEqual([
      { delta: LIMITS.referralRewardCredits, idempotency_key: `referral:${bea.user.id}` },
    ]);
    expect(await rewardEntries(bea.user.id)).toEqual([]);

    const anaHistory = await history(ana);
    expect(anaHistory).toMatchObject({ total: 1, page: 1, pageSize: PAYMENTS_PAGE_SIZE });
    expect(anaHistory.items[0]).toMatchObject({
      kind: 'referral',
      amountCents: 0,
      credits: LIMITS.referralRewardCredits,
      counterpart: bea.email.split('@')[0],
      invoiceUrl: null,
    });

    const beaHistory = await history(bea);
    expect(beaHistory.total).toBe(3);
    expect(beaHistory.items.map((i) => i.kind).sort()).toEqual(['pack', 'pack', 'referral']);
    expect(beaHistory.items.find((i) => i.kind === 'referral')).toMatchObject({
      credits: 0,
      counterpart: 'Ana Referrer',
      invoiceUrl: null,
    });
    expect(beaHistory.items.filter((i) => i.kind === 'pack')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: first.paymentId,
          amountCents: 4900,
          credits: 10,
          packCode: 'standard',
          invoiceUrl: `/data/billing/payments/${first.paymentId}/invoice`,
        }),
      ]),
    );

    const summary = await call<ReferralSummary>(t, 'GET', 'referral', { token: ana.token });
    expect(summary.status).toBe(200);
    expect(referralSummarySchema.parse(summary.body)).toEqual({
      code: ana.user.referralCode,
      shareUrl: expect.stringMatching(new RegExp(`/register/\\?ref=${ana.user.referralCode}$`)) as string,
      referredUsers: 1,
      rewardedUsers: 1,
      creditsEarned: LIMITS.referralRewardCredits,
      rewardCredits: LIMITS.referralRewardCredits,
    });
  });

  it('two concurrent first purchases reward once', async () => {
    const carla = await signUp(t);
    const dani = await signUp(t, { referralCode: carla.user.referralCode });
    const before = await wallet.balance(carla.user.id);
    const results = await Promise.all([
      purchase(dani.user.id),
      purchase(dani.user.id),
      purchase(dani.user.id),
    ]);
    expect(results.filter((r) => r.referrer === carla.user.id)).toHaveLength(1);
    expect(await wallet.balance(carla.user.id)).toBe(before + LIMITS.referralRewardCredits);
    const rows = (await db.query(`SELECT credits FROM referral_rewards WHERE referrer_user_id = $1`, [
      carla.user.id,
    ])) as { credits: number }[];
    expect(rows).toEqual([{ credits: LIMITS.referralRewardCredits }]);
  });

  it('a user without a referrer rewards nobody', async () => {
    const eva = await signUp(t);
    expect((await purchase(eva.user.id)).referrer).toBeNull();
    expect(
      await db.query(`SELECT 1 FROM referral_rewards WHERE referred_user_id = $1`, [eva.user.id]),
    ).toEqual([]);
    const summary = await call<ReferralSummary>(t, 'GET', 'referral', { token: eva.token });
    expect(summary.body).toMatchObject({ referredUsers: 0, rewardedUsers: 0, creditsEarned: 0 });
  });

  it('pages the history newest first and shows only the caller’s rows', async () => {
    const fran = await signUp(t);
    const other = await signUp(t);
    await purchase(other.user.id);
    const ids: string[] = [];
    for (let i = 0; i < PAYMENTS_PAGE_SIZE + 2; i++) ids.push((await purchase(fran.user.id)).paymentId);
    const page1 = await history(fran, 1);
    const page2 = await history(fran, 2);
    expect(page1.total).toBe(PAYMENTS_PAGE_SIZE + 2);
    expect(page1.items).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(page2.items).toHaveLength(2);
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual([...ids].reverse());
    const dates = page1.items.map((i) => Date.parse(i.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await history(fran, 3)).items).toEqual([]);
    const bad = await call(t, 'GET', 'billing/payments?page=0', { token: fran.token });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await call(t, 'GET', 'billing/payments')).status).toBe(401);
  });

  describe('invoices', () => {
    it('is a PDF with the invoice number, line and VAT, in the buyer’s language', async () => {
      const gina = await signUp(t, { name: 'Gina Puig', language: 'ca' });
      await db.query(`UPDATE users SET company = 'Finques Puig SL' WHERE id = $1`, [gina.user.id]);
      const paid = await purchase(gina.user.id, { code: 'premium', credits: 25, cents: 12100 });
      const res = await fetch(`${t.url}/data/billing/payments/${paid.paymentId}/invoice`, {
        headers: { authorization: `Bearer ${gina.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(paid.invoiceNumber).toMatch(/^EST-\d{4}-\d{6}$/);
      expect(text).toContain(paid.invoiceNumber);
      expect(text).toContain('Estancia');
      expect(text).toContain('Gina Puig');
      expect(text).toContain('Finques Puig SL');
      expect(text).toContain(gina.email);
      const [{ name }] = (await db.query(`SELECT name FROM packs WHERE code = 'premium'`)) as {
        name: string;
      }[];
      expect(text).toContain(`Paquet ${name}: 25 crèdits`);
      expect(text).toContain('IVA inclòs (21 %)');
      // 121,00 € includes 21,00 € of VAT.
      expect(text).toMatch(/121,00\s€/);
      expect(text).toMatch(/21,00\s€/);
    });

    it('is NOT_FOUND for another user’s payment, an unknown id or a referral row', async () => {
      const owner = await signUp(t);
      const stranger = await signUp(t);
      const paid = await purchase(owner.user.id);
      for (const id of [paid.paymentId, randomUUID(), 'not-an-id', `referral:${owner.user.id}`]) {
        const res = await call(t, 'GET', `billing/payments/${encodeURIComponent(id)}/invoice`, {
          token: stranger.token,
        });
        expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      }
    });

    it('points to the gateway’s hosted invoice when there is one', async () => {
      const hugo = await signUp(t);
      const paid = await purchase(hugo.user.id);
      await db.query(`UPDATE payments SET invoice_url = 'https://invoice.example.com/in_1' WHERE id = $1`, [
        paid.paymentId,
      ]);
      expect((await history(hugo)).items[0].invoiceUrl).toBe('https://invoice.example.com/in_1');
    });
  });
});
