import type { AdminUser, LedgerEntry, SessionResponse } from '@estancia/contracts';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';
import { PASSWORD, RELAXED_LIMITS, call, signInStaff, signUp, uniqueEmail } from '../../../test/fixtures';

describe('staff console: sign-in, users and ledger', () => {
  let t: TestApp;
  let admin: SessionResponse;
  let decorator: SessionResponse;
  let customer: SessionResponse & { email: string };
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    admin = await signInStaff(t, 'admin');
    decorator = await signInStaff(t, 'decorator');
    customer = await signUp(t, { name: 'Zoe Customer' });
  });
  afterAll(() => t.close());

  const query = (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    ).toString();

  describe('POST admin/session', () => {
    it('signs in decorators and admins with their role in the payload', () => {
      expect(admin.user.role).toBe('admin');
      expect(decorator.user.role).toBe('decorator');
    });

    it('refuses a customer with the right password as STAFF_ONLY', async () => {
      const res = await call(t, 'POST', 'admin/session', {
        body: { username: customer.email, password: PASSWORD },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'STAFF_ONLY' });
    });

    it('answers wrong credentials like the customer login', async () => {
      const res = await call(t, 'POST', 'admin/session', {
        body: { username: uniqueEmail(), password: PASSWORD },
      });
      expect(res).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    });
  });

  describe('access', () => {
    it.each(['admin/users', `admin/users/${randomUUID()}`, 'admin/ledger'])(
      '%s is for admins: decorators get FORBIDDEN, customers STAFF_ONLY, anonymous callers 401',
      async (path) => {
        expect(await call(t, 'GET', path, { token: decorator.token })).toMatchObject({
          status: 403,
          body: { code: 'FORBIDDEN' },
        });
        expect(await call(t, 'GET', path, { token: customer.token })).toMatchObject({
          status: 403,
          body: { code: 'STAFF_ONLY' },
        });
        expect((await call(t, 'GET', path)).status).toBe(401);
      },
    );

    it('refuses a decorator even for their own user and ledger', async () => {
      const ledger = `admin/ledger?${query({ filter: { userId: decorator.user.id } })}`;
      for (const path of [`admin/users/${decorator.user.id}`, ledger]) {
        expect(await call(t, 'GET', path, { token: decorator.token })).toMatchObject({
          status: 403,
          body: { code: 'FORBIDDEN' },
        });
      }
    });
  });

  describe('GET admin/users', () => {
    it('lists with Content-Range, newest first by default', async () => {
      const res = await call<AdminUser[]>(t, 'GET', `admin/users?${query({ range: [0, 1] })}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('users 0-1/3');
      expect(res.body.map((u) => u.id)).toEqual([customer.user.id, decorator.user.id]);
      expect(res.body[0]).toEqual({
        id: customer.user.id,
        name: 'Zoe Customer',
        email: customer.email,
        role: 'customer',
        credits: 1,
        company: '',
        phone: '',
        language: 'es',
        referralCode: customer.user.referralCode,
        verified: true,
        createdAt: customer.user.createdAt,
        plan: null,
        blocked: false,
        blockedAt: null,
        blockedReason: null,
        referredBy: null,
      });
      const second = await call<AdminUser[]>(t, 'GET', `admin/users?${query({ range: [2, 3] })}`, {
        token: admin.token,
      });
      expect(second.headers.get('content-range')).toBe('users 2-2/3');
      expect(second.body.map((u) => u.id)).toEqual([admin.user.id]);
    });

    it('searches name and e-mail with q, case-insensitively and literally', async () => {
      const byName = await call<AdminUser[]>(
        t,
        'GET',
        `admin/users?${query({ filter: { q: 'zoe cust' } })}`,
        { token: admin.token },
      );
      expect(byName.body.map((u) => u.id)).toEqual([customer.user.id]);
      const byEmail = await call<AdminUser[]>(
        t,
        'GET',
        `admin/users?${query({ filter: { q: customer.email.toUpperCase() } })}`,
        {
          token: admin.token,
        },
      );
      expect(byEmail.body.map((u) => u.id)).toEqual([customer.user.id]);
      const wildcard = await call<AdminUser[]>(t, 'GET', `admin/users?${query({ filter: { q: '%' } })}`, {
        token: admin.token,
      });
      expect(wildcard.body).toEqual([]);
      expect(wildcard.headers.get('content-range')).toBe('users 0-0/0');
    });

    it('sorts by credits, e-mail and name, and serves getMany with filter id', async () => {
      await t.app
        .get(WalletService)
        .grant(decorator.user.id, 7, 'admin_adjustment', `test:${decorator.user.id}`);
      const byCredits = await call<AdminUser[]>(
        t,
        'GET',
        `admin/users?${query({ sort: ['credits', 'DESC'] })}`,
        { token: admin.token },
      );
      expect(byCredits.body.map((u) => u.credits)).toEqual([7, 1, 0]);
      const byEmail = await call<AdminUser[]>(t, 'GET', `admin/users?${query({ sort: ['email', 'ASC'] })}`, {
        token: admin.token,
      });
      expect(byEmail.body.map((u) => u.email)).toEqual([...byEmail.body.map((u) => u.email)].sort());
      const many = await call<AdminUser[]>(
        t,
        'GET',
        `admin/users?${query({ filter: { id: [admin.user.id, customer.user.id, 'junk'] } })}`,
        {
          token: admin.token,
        },
      );
      expect(many.body.map((u) => u.id).sort()).toEqual([admin.user.id, customer.user.id].sort());
    });

    it('refuses a malformed list query', async () => {
      const res = await call(t, 'GET', 'admin/users?range=oops', { token: admin.token });
      expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    });
  });

  describe('GET admin/users/:id', () => {
    it('shows one user', async () => {
      const res = await call<AdminUser>(t, 'GET', `admin/users/${customer.user.id}`, {
        token: admin.token,
      });
      expect(res.body).toMatchObject({ id: customer.user.id, email: customer.email, credits: 1 });
    });

    it('answers NOT_FOUND for an unknown id and for something that is not an id', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await call(t, 'GET', `admin/users/${id}`, { token: admin.token });
        expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      }
    });
  });

  describe('GET admin/ledger', () => {
    it('lists one user’s entries newest first with Content-Range', async () => {
      const wallet = t.app.get(WalletService);
      await wallet.grant(customer.user.id, 5, 'pack_purchase', `test:pack:${customer.user.id}`);
      await wallet.spend(customer.user.id, 2, 'decoration', `test:deco:${customer.user.id}`);
      const res = await call<LedgerEntry[]>(
        t,
        'GET',
        `admin/ledger?${query({ filter: { userId: customer.user.id } })}`,
        {
          token: admin.token,
        },
      );
      expect(res.headers.get('content-range')).toBe('ledger 0-2/3');
      expect(res.body.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
        ['decoration', -2, 4],
        ['pack_purchase', 5, 6],
        ['signup_bonus', 1, 1],
      ]);
      expect(res.body.every((e) => e.userId === customer.user.id)).toBe(true);
    });

    it('lists nothing for an unknown or malformed user id', async () => {
      for (const userId of [randomUUID(), 'nope']) {
        const res = await call<LedgerEntry[]>(t, 'GET', `admin/ledger?${query({ filter: { userId } })}`, {
          token: admin.token,
        });
        expect(res.body).toEqual([]);
        expect(res.headers.get('content-range')).toBe('ledger 0-0/0');
      }
    });
  });
});
