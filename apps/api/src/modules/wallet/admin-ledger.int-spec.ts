import type { AdminLedgerEntry } from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { WalletService } from './wallet.service';

describe('admin ledger: every movement, with the note and author of console grants', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ana: SignedIn;
  let bea: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    admin = await signIn(t, 'admin');
    [ana, bea] = await Promise.all([signIn(t), signIn(t)]);
  });
  afterAll(() => t.close());

  const list = async (params: Record<string, unknown>) => {
    const query = new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    );
    const res = await call<AdminLedgerEntry[]>(t, 'GET', `admin/ledger?${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res;
  };

  it('gives a console grant its note and who gave it; the product’s own movements have neither', async () => {
    const granted = await call(t, 'POST', `admin/users/${ana.userId}/credits`, {
      token: admin.token,
      body: { amount: 4, note: 'Compensation for ticket 7' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(granted.status).toBe(200);

    const { body } = await list({ filter: { userId: ana.userId } });
    expect(body.map((e) => [e.reason, e.delta, e.note, e.grantedBy?.id ?? null])).toEqual([
      ['admin_adjustment', 4, 'Compensation for ticket 7', admin.userId],
      ['signup_bonus', 1, null, null],
    ]);
    expect(body[0]!.grantedBy?.name).toBeTruthy();
  });

  it('lists every customer’s movements without a user filter, and narrows them by reason', async () => {
    await t.app.get(WalletService).grant(bea.userId, 6, 'pack_purchase', `test:pack:${bea.userId}`);
    const all = await list({ sort: ['createdAt', 'DESC'], range: [0, 99] });
    const users = new Set(all.body.map((e) => e.userId));
    expect(users.has(ana.userId) && users.has(bea.userId)).toBe(true);
    expect(all.headers.get('content-range')).toBe(`ledger 0-${all.body.length - 1}/${all.body.length}`);

    const packs = await list({ filter: { reason: 'pack_purchase' } });
    expect(packs.body.map((e) => [e.userId, e.delta])).toEqual([[bea.userId, 6]]);
    // A reason the ledger does not know matches nothing.
    const unknown = await list({ filter: { reason: 'nope' } });
    expect(unknown.body).toEqual([]);
    expect(unknown.headers.get('content-range')).toBe('ledger 0-0/0');
  });
});
