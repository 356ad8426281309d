import { randomUUID } from 'node:crypto';
import type { CheckoutResponse, CheckoutSession, DescriptionFactsRequest } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, uniqueEmail } from '../../../test/fixtures';
import { signIn, startTestApp, type TestApp } from '../../../test/harness';
import { Accounts } from '../../modules/identity/accounts.service';
import { SessionService } from '../../modules/identity/session.service';
import { WalletService } from '../../modules/wallet/wallet.service';
import { migrate } from './data-source';

/** Few connections and many callers: a path that holds one connection while it waits for another jams it. */
const POOL_MAX = 3;
/** Far more than any burst here needs on a healthy pool; a jammed pool never answers at all. */
const BURST_MS = 20_000;
/** How soon a plain query must answer once a burst is over. */
const AFTER_MS = 3_000;

/** `work`, or a clear failure once `ms` have passed without it (instead of the test hanging). */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${ms} ms (connection pool jammed?)`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe(`a pool of ${POOL_MAX} connections under bursts of lock-taking calls`, () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;

  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PERSON_DETECTOR: 'off',
      DATABASE_POOL_MAX: String(POOL_MAX),
    });
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
  });
  afterAll(() => t?.close());

  /** The database still answers promptly: nothing is left holding or waiting for the pool. */
  const stillAnswers = () => within(AFTER_MS, 'SELECT 1 after the burst', db.query('SELECT 1'));

  /** A verified customer with a session token, made directly (no mail round trips). */
  const customer = async (): Promise<{ userId: string; token: string }> => {
    const user = await db.transaction((m) =>
      t.app.get(Accounts).create(m, {
        email: uniqueEmail('pool'),
        name: 'Núria Soler',
        language: 'es',
        passwordHash: null,
        verified: true,
      }),
    );
    return { userId: user.id, token: await t.app.get(SessionService).open(user.id) };
  };

  const openPack = async (token: string): Promise<string> => {
    const res = await call<CheckoutResponse>(t, 'POST', 'billing/checkout', {
      token,
      body: { kind: 'pack', code: 'starter' },
    });
    expect(res.status).toBe(201);
    return res.body.sessionId;
  };
  const pay = (token: string, sessionId: string) =>
    call<CheckoutSession>(t, 'POST', `billing/sandbox/${sessionId}/pay`, { token, body: {} });
  const paymentsOf = async (sessionId: string) =>
    (
      (await db.query(`SELECT count(*)::int AS n FROM payments WHERE session_id = $1`, [sessionId])) as {
        n: number;
      }[]
    )[0].n;

  it('is as small as DATABASE_POOL_MAX says', () => {
    const pool = (db.driver as unknown as { master: { options: { max: number } } }).master;
    expect(pool.options.max).toBe(POOL_MAX);
  });

  it('takes 25 concurrent pays of one checkout: one payment, every click answered', async () => {
    const buyer = await customer();
    const sessionId = await openPack(buyer.token);
    const answers = await within(
      BURST_MS,
      '25 pays of one checkout',
      Promise.all(Array.from({ length: 25 }, () => pay(buyer.token, sessionId))),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // A click that found the session being settled answers it as it stood.
      expect(['open', 'paid']).toContain(answer.body.state);
    }
    expect(answers.some((a) => a.body.state === 'paid')).toBe(true);
    expect(await paymentsOf(sessionId)).toBe(1);
    await stillAnswers();
    const [row] = (await db.query(`SELECT state, settling_until FROM checkout_sessions WHERE id = $1`, [
      sessionId,
    ])) as { state: string; settling_until: Date | null }[];
    expect(row).toEqual({ state: 'paid', settling_until: null });
    // The pack's credits arrived once.
    const [{ grants }] = (await db.query(
      `SELECT count(*)::int AS grants FROM ledger_entries WHERE idempotency_key = $1`,
      [`checkout:${sessionId}`],
    )) as { grants: number }[];
    expect(grants).toBe(1);
  });

  it('takes 40 customers paying at once: 40 payments', async () => {
    const buyers = [];
    for (let i = 0; i < 40; i++) buyers.push(await customer());
    const sessions = await Promise.all(buyers.map((b) => openPack(b.token)));
    const answers = await within(
      BURST_MS,
      '40 customers paying at once',
      Promise.all(buyers.map((b, i) => pay(b.token, sessions[i]))),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { state: 'paid' } });
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM payments WHERE session_id = ANY($1)`, [
      sessions,
    ])) as { n: number }[];
    expect(n).toBe(40);
    await stillAnswers();
  });

  it('takes concurrent pay and decline clicks on many checkouts of one customer', async () => {
    const buyer = await customer();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => openPack(buyer.token)));
    const clicks = sessions.flatMap((id) => [
      pay(buyer.token, id),
      call<CheckoutSession>(t, 'POST', `billing/sandbox/${id}/decline`, { token: buyer.token }),
      pay(buyer.token, id),
    ]);
    const answers = await within(BURST_MS, 'pay and decline clicks', Promise.all(clicks));
    for (const answer of answers) expect(answer.status).toBe(200);
    for (const id of sessions) expect(await paymentsOf(id)).toBeLessThanOrEqual(1);
    await stillAnswers();
  });

  it('takes a burst of staff refunds of one payment (payment and wallet rows locked)', async () => {
    const buyer = await customer();
    const sessionId = await openPack(buyer.token);
    expect((await pay(buyer.token, sessionId)).status).toBe(200);
    const [{ id: paymentId }] = (await db.query(`SELECT id FROM payments WHERE session_id = $1`, [
      sessionId,
    ])) as { id: string }[];
    const admin = await signIn(t, 'admin');
    const refund = (key: string) =>
      call(t, 'POST', `admin/payments/${paymentId}/refunds`, {
        token: admin.token,
        headers: { 'idempotency-key': key },
        body: { amountCents: 100, reason: 'goodwill' },
      });
    const answers = await within(
      BURST_MS,
      'refunds of one payment',
      Promise.all([
        ...Array.from({ length: 10 }, (_, i) => refund(`pool-refund-${i}`)),
        ...Array.from({ length: 6 }, () => refund('pool-refund-twice')),
      ]),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = $1`, [
      paymentId,
    ])) as { n: number }[];
    expect(n).toBe(11);
    await stillAnswers();
  });

  it('takes bursts of wallet spends and refunds (advisory lock per idempotency key)', async () => {
    const { userId } = await customer();
    await wallet.grant(userId, 20, 'admin_adjustment', `pool:grant:${userId}`);
    const key = `pool:spend:${randomUUID()}`;
    await within(
      BURST_MS,
      'wallet bursts',
      Promise.all([
        // One key spent 15 times at once, inside callers' transactions and alone: one movement.
        ...Array.from({ length: 10 }, () => wallet.spend(userId, 2, 'decoration', key)),
        ...Array.from({ length: 5 }, () =>
          db.transaction((m) => wallet.spend(userId, 2, 'decoration', key, m)),
        ),
        // Distinct keys racing for the rest of the balance: only what it covers is taken.
        ...Array.from({ length: 30 }, (_, i) =>
          wallet.spend(userId, 1, 'decoration', `${key}:${i}`).catch((error: unknown) => error),
        ),
        // The refund of the one spend, asked 10 times at once.
        ...Array.from({ length: 10 }, () => wallet.refund(userId, 2, 'decoration_refund', `refund:${key}`)),
      ]),
    );
    await stillAnswers();
    const [{ sum }] = (await db.query(
      `SELECT sum(delta)::int AS sum FROM ledger_entries WHERE user_id = $1`,
      [userId],
    )) as { sum: number }[];
    expect(sum).toBe(await wallet.balance(userId));
    const [{ once }] = (await db.query(
      `SELECT count(*)::int AS once FROM ledger_entries WHERE idempotency_key IN ($1, $2)`,
      [key, `refund:${key}`],
    )) as { once: number }[];
    expect(once).toBe(2);
    expect(await wallet.balance(userId)).toBeGreaterThanOrEqual(0);
  });

  it('takes a burst of description charges of one customer (advisory lock per user)', async () => {
    const writer = await customer();
    await wallet.grant(writer.userId, 50, 'admin_adjustment', `pool:grant:${writer.userId}`);
    const project = await call<{ id: string }>(t, 'POST', 'project', {
      token: writer.token,
      body: { propertyName: 'Pis de la Ribera' },
    });
    expect(project.status).toBe(201);
    const facts: DescriptionFactsRequest = {
      language: 'es',
      location: 'El Born, Barcelona',
      squareMeters: 70,
      bedrooms: 2,
      bathrooms: 1,
      propertyType: 'apartment',
      features: ['elevator'],
    };
    const answers = await within(
      BURST_MS,
      '10 description charges at once',
      Promise.all(
        Array.from({ length: 10 }, () =>
          call(t, 'POST', `project/${project.body.id}/descriptions`, { token: writer.token, body: facts }),
        ),
      ),
    );
    for (const answer of answers) expect([200, 201, 202]).toContain(answer.status);
    const numbers = (
      (await db.query(
        `SELECT v.number FROM description_versions v JOIN descriptions d ON d.id = v.description_id
          WHERE d.project_id = $1 ORDER BY v.number`,
        [project.body.id],
      )) as { number: number }[]
    ).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    await stillAnswers();
  });

  it('migrates from several processes at once and leaves no migration lock behind', async () => {
    const url = t.config.DATABASE_URL;
    await within(BURST_MS, 'concurrent migrate()', Promise.all([migrate(url), migrate(url), migrate(url)]));
    const held = (await db.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 727001 AND database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
    )) as unknown[];
    expect(held).toEqual([]);
  });
});
