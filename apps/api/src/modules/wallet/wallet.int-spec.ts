import { randomUUID } from 'node:crypto';
import type { User, Wallet } from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { AppError } from '../../infra/http/app-error';
import { RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { WalletService } from './wallet.service';

describe('credit wallet', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
  });
  afterAll(() => t.close());

  /** A customer with exactly `credits` credits (the sign-up credit included). */
  async function customerWith(credits: number): Promise<User & { token: string }> {
    const { user, token } = await signUp(t);
    if (credits > 1) await wallet.grant(user.id, credits - 1, 'pack_purchase', `test:topup:${user.id}`);
    if (credits < 1) await wallet.spend(user.id, 1, 'decoration', `test:drain:${user.id}`);
    return { ...user, token };
  }

  const ledgerSum = async (userId: string): Promise<number> =>
    (
      (await db.query(`SELECT COALESCE(sum(delta), 0)::int AS sum FROM ledger_entries WHERE user_id = $1`, [
        userId,
      ])) as { sum: number }[]
    )[0].sum;

  const failure = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => 'succeeded',
      (error: unknown) => error,
    );

  it('200 concurrent spends of 1 credit on a balance of 10 give exactly 10 successes', async () => {
    const user = await customerWith(10);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        wallet.spend(user.id, 1, 'decoration', `test:race:${user.id}:${i}`),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await wallet.balance(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
    const spends = (await db.query(
      `SELECT balance_after FROM ledger_entries WHERE user_id = $1 AND delta = -1 ORDER BY balance_after`,
      [user.id],
    )) as { balance_after: number }[];
    expect(spends.map((s) => s.balance_after)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('moves credits once for the same idempotency key, even when the calls race', async () => {
    const user = await customerWith(5);
    const key = `test:once:${user.id}`;
    const first = await wallet.spend(user.id, 2, 'decoration', key);
    const again = await wallet.spend(user.id, 2, 'decoration', key);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entry: first.entry, replayed: true });
    expect(await wallet.balance(user.id)).toBe(3);

    const raceKey = `test:race-once:${user.id}`;
    const raced = await Promise.all(
      Array.from({ length: 20 }, () => wallet.grant(user.id, 4, 'pack_purchase', raceKey)),
    );
    expect(raced.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(raced.map((r) => r.entry.id)).size).toBe(1);
    expect(await wallet.balance(user.id)).toBe(7);
    expect(await ledgerSum(user.id)).toBe(7);
  });

  it('answers IDEMPOTENCY_CONFLICT when a used key comes with another amount, user or direction', async () => {
    const user = await customerWith(5);
    const other = await customerWith(5);
    const key = `test:conflict:${user.id}`;
    await wallet.spend(user.id, 1, 'decoration', key);
    for (const attempt of [
      () => wallet.spend(user.id, 2, 'decoration', key),
      () => wallet.spend(other.id, 1, 'decoration', key),
      () => wallet.refund(user.id, 1, 'decoration_refund', key),
      () => wallet.spend(user.id, 1, 'description', key),
    ]) {
      const error = await failure(attempt());
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    }
    expect(await wallet.balance(user.id)).toBe(4);
    expect(await wallet.balance(other.id)).toBe(5);
  });

  it('writes nothing when credits are too few', async () => {
    const user = await customerWith(2);
    const error = await failure(wallet.spend(user.id, 3, 'decoration', `test:short:${user.id}`));
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await wallet.balance(user.id)).toBe(2);
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM ledger_entries WHERE idempotency_key = $1`,
      [`test:short:${user.id}`],
    );
    expect(count).toBe(0);
    // The same key is free to succeed once the balance allows it.
    await wallet.grant(user.id, 1, 'pack_purchase', `test:short-topup:${user.id}`);
    expect((await wallet.spend(user.id, 3, 'decoration', `test:short:${user.id}`)).entry.balanceAfter).toBe(
      0,
    );
  });

  it('refunds and lists the ledger newest first, summing to the balance', async () => {
    const user = await customerWith(3);
    await wallet.spend(user.id, 2, 'decoration', `test:d:${user.id}`);
    await wallet.refund(user.id, 2, 'decoration_refund', `refund:test:d:${user.id}`);
    const ledger = await wallet.ledger(user.id);
    expect(ledger.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['decoration_refund', 2, 3],
      ['decoration', -2, 1],
      ['pack_purchase', 2, 3],
      ['signup_bonus', 1, 1],
    ]);
    expect(await ledgerSum(user.id)).toBe(await wallet.balance(user.id));
  });

  it('moves credits inside the caller’s transaction: a rollback undoes both balance and ledger', async () => {
    const user = await customerWith(4);
    const key = `test:tx:${user.id}`;
    await failure(
      db.transaction(async (m) => {
        await wallet.spend(user.id, 3, 'decoration', key, m);
        expect(await wallet.balance(user.id, m)).toBe(1);
        throw new Error('the caller’s own write failed');
      }),
    );
    expect(await wallet.balance(user.id)).toBe(4);
    await db.transaction((m) => wallet.spend(user.id, 3, 'decoration', key, m));
    expect(await wallet.balance(user.id)).toBe(1);
    await expect(wallet.spend(user.id, 1, 'decoration', 'test:no-tx', db.manager)).rejects.toThrow(
      /inside a transaction/,
    );
  });

  it('refuses non-positive or fractional amounts as programming errors', async () => {
    const user = await customerWith(1);
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(wallet.grant(user.id, amount, 'admin_adjustment', `test:bad:${amount}`)).rejects.toThrow(
        RangeError,
      );
    }
  });

  it('keeps the ledger append-only and the balance non-negative in the database itself', async () => {
    const user = await customerWith(1);
    await expect(
      db.query(`UPDATE ledger_entries SET delta = 100 WHERE user_id = $1`, [user.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM ledger_entries WHERE user_id = $1`, [user.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`UPDATE wallets SET balance = -1 WHERE user_id = $1`, [user.id])).rejects.toThrow(
      /wallets_balance_not_negative/,
    );
  });

  it('answers GET /data/wallet with the signed-in user’s balance', async () => {
    const user = await customerWith(6);
    const res = await call<Wallet>(t, 'GET', 'wallet', { token: user.token });
    expect(res).toMatchObject({ status: 200, body: { balance: 6 } });
    expect((await call(t, 'GET', 'wallet')).status).toBe(401);
  });

  it('finds no credits to spend for an unknown user', async () => {
    const error = await failure(wallet.spend(randomUUID(), 1, 'decoration', `test:ghost:${randomUUID()}`));
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });

  it('pushes UserConfirmation with the fresh credits to the user’s room after a change', async () => {
    const user = await customerWith(2);
    const socket: Socket = io(`${t.url}/hub`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const joined = await new Promise<unknown>((resolve) => socket.emit('AddGroup', user.id, resolve));
      expect(joined).toEqual({ ok: true });
      const confirmation = new Promise<User>((resolve) => socket.once('UserConfirmation', resolve));
      await wallet.grant(user.id, 3, 'pack_purchase', `test:push:${user.id}`);
      const pushed = await confirmation;
      expect(pushed).toMatchObject({ id: user.id, credits: 5 });
    } finally {
      socket.disconnect();
    }
  });
});
