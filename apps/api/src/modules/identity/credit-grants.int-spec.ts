import type { AdminCreditGrantResponse, SessionResponse } from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, signInStaff, signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';

describe('staff credit grants: POST admin/users/:id/credits', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let admin: SessionResponse;
  let decorator: SessionResponse;
  let customer: SessionResponse & { email: string };
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    admin = await signInStaff(t, 'admin');
    decorator = await signInStaff(t, 'decorator');
    customer = await signUp(t, { name: 'Rosa Client' });
  });
  afterAll(() => t.close());

  /** `key: null` sends no Idempotency-Key header. */
  const grant = (token: string, userId: string, body: unknown, key: string | null = randomUUID()) =>
    call<AdminCreditGrantResponse & { code?: string; fields?: Record<string, string> }>(
      t,
      'POST',
      `admin/users/${userId}/credits`,
      { token, body, headers: key === null ? {} : { 'Idempotency-Key': key } },
    );

  it('grants once per key, records who and why, and tells the user', async () => {
    const before = await wallet.balance(customer.user.id);
    const socket: Socket = io(`${t.url}/hub`, {
      auth: { token: customer.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const confirmations: { credits: number }[] = [];
    socket.on('UserConfirmation', (user: { credits: number }) => confirmations.push(user));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((resolve) => socket.emit('AddGroup', customer.user.id, resolve));
    try {
      const key = randomUUID();
      const [first, second] = await Promise.all([
        grant(admin.token, customer.user.id, { amount: 7, note: 'Compensation for ticket 42' }, key),
        grant(admin.token, customer.user.id, { amount: 7, note: 'Compensation for ticket 42' }, key),
      ]);
      expect(first).toMatchObject({ status: 200, body: { balance: before + 7 } });
      expect(second).toMatchObject({ status: 200, body: { balance: before + 7 } });
      expect(await wallet.balance(customer.user.id)).toBe(before + 7);

      const rows = (await db.query(
        `SELECT l.delta, l.reason, g.granted_by_user_id, g.note
           FROM ledger_entries l JOIN credit_grants g ON g.ledger_entry_id = l.id
          WHERE l.user_id = $1`,
        [customer.user.id],
      )) as unknown[];
      expect(rows).toEqual([
        {
          delta: 7,
          reason: 'admin_adjustment',
          granted_by_user_id: admin.user.id,
          note: 'Compensation for ticket 42',
        },
      ]);
      for (let until = Date.now() + 5000; !confirmations.length && Date.now() < until;)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(confirmations.at(-1)).toMatchObject({ credits: before + 7 });

      // The same key for a different amount is a conflict, not a second grant.
      const reused = await grant(admin.token, customer.user.id, { amount: 8, note: 'Again' }, key);
      expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT' } });
      // A new key is a new grant.
      expect((await grant(admin.token, customer.user.id, { amount: 1, note: 'Goodwill' })).body.balance).toBe(
        before + 8,
      );
    } finally {
      socket.disconnect();
    }
  });

  it('is for admins only: customers get STAFF_ONLY, decorators FORBIDDEN', async () => {
    const before = await wallet.balance(customer.user.id);
    const body = { amount: 5, note: 'Nope' };
    expect(await grant(customer.token, customer.user.id, body)).toMatchObject({
      status: 403,
      body: { code: 'STAFF_ONLY' },
    });
    expect(await grant(decorator.token, customer.user.id, body)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await call(t, 'POST', `admin/users/${customer.user.id}/credits`, { body })).status).toBe(401);
    expect(await wallet.balance(customer.user.id)).toBe(before);
  });

  it('validates the amount, the note and the Idempotency-Key header', async () => {
    const before = await wallet.balance(customer.user.id);
    for (const body of [
      { amount: 0, note: 'zero' },
      { amount: 10_001, note: 'too many' },
      { amount: 1.5, note: 'fraction' },
      { amount: 3, note: '' },
      { amount: 3, note: 'x'.repeat(201) },
      { amount: 3 },
    ]) {
      expect(await grant(admin.token, customer.user.id, body)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    expect(await grant(admin.token, customer.user.id, { amount: 3, note: 'no key' }, null)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { 'Idempotency-Key': 'required' } },
    });
    expect(await wallet.balance(customer.user.id)).toBe(before);
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    for (const id of [randomUUID(), 'not-a-uuid'])
      expect(await grant(admin.token, id, { amount: 3, note: 'ghost' })).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
  });
});
