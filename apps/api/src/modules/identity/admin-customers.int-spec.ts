import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AdminLedgerEntry, AdminUser, SessionResponse } from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  PASSWORD,
  RELAXED_LIMITS,
  call,
  latestMail,
  projectWithPhotos,
  signInStaff,
  signUp,
  subscribe,
  uniqueEmail,
  verificationCode,
  waitFor,
} from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';

interface AuditRow {
  actor_id: string;
  actor_name: string;
  action: string;
  resource: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type Customer = SessionResponse & { email: string };

describe('staff console: customers (admin/users) and their actions', () => {
  let t: TestApp;
  let db: DataSource;
  let wallet: WalletService;
  let admin: SessionResponse & { email: string };
  let decorator: SessionResponse & { email: string };
  let customer: Customer;
  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PUBLIC_URL: 'https://app.estancia.test',
      BUSINESS_TIME_ZONE: 'Europe/Madrid',
    });
    db = t.app.get(DataSource);
    wallet = t.app.get(WalletService);
    admin = await signInStaff(t, 'admin');
    decorator = await signInStaff(t, 'decorator');
    customer = await signUp(t, { name: 'Carla Cliente' });
  });
  afterAll(() => t.close());

  const query = (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
    ).toString();
  const list = (params: Record<string, unknown>, token = admin.token) =>
    call<AdminUser[]>(t, 'GET', `admin/users?${query({ range: [0, 499], ...params })}`, { token });
  const ids = async (filter: Record<string, unknown>) =>
    (await list({ filter })).body.map((u) => u.id).sort();
  const audit = (recordId: string) =>
    db.query(`SELECT * FROM audit_log WHERE record_id = $1 ORDER BY id`, [recordId]) as Promise<AuditRow[]>;
  const auditCount = async () =>
    ((await db.query(`SELECT count(*)::int AS n FROM audit_log`)) as { n: number }[])[0].n;
  const post = <T = AdminUser>(
    path: string,
    body?: unknown,
    options: { token?: string; key?: string } = {},
  ) =>
    call<T & { code?: string; fields?: Record<string, string> }>(t, 'POST', `admin/users/${path}`, {
      token: options.token ?? admin.token,
      body,
      headers: options.key ? { 'Idempotency-Key': options.key } : {},
    });
  const newCustomer = (name = 'Nuria Nova') => signUp(t, { name });

  describe('access', () => {
    it('refuses decorators (FORBIDDEN) and customers (STAFF_ONLY) on every customers route, changing nothing', async () => {
      const target = customer.user.id;
      const before = await auditCount();
      const balance = await wallet.balance(target);
      const routes: [string, string, unknown?][] = [
        ['GET', 'admin/users'],
        ['GET', `admin/users/${target}`],
        ['POST', `admin/users/${target}/credits`, { amount: 5, note: 'x' }],
        ['POST', `admin/users/${target}/credit-removals`, { amount: 1, note: 'x' }],
        ['POST', `admin/users/${target}/role`, { role: 'admin' }],
        ['POST', `admin/users/${target}/block`, { reason: 'x' }],
        ['POST', `admin/users/${target}/unblock`],
        ['POST', `admin/users/${target}/verification-email`],
        ['POST', `admin/users/${target}/password-reset-email`],
        ['DELETE', `admin/users/${target}`, { reason: 'x' }],
        ['GET', `admin/projects?${query({ filter: { userId: target } })}`],
        ['GET', `admin/projects/${randomUUID()}`],
      ];
      for (const [method, path, body] of routes) {
        const options = { body, headers: { 'Idempotency-Key': randomUUID() } };
        expect([
          path,
          await call(t, method as 'GET', path, { ...options, token: decorator.token }),
        ]).toMatchObject([path, { status: 403, body: { code: 'FORBIDDEN' } }]);
        expect([
          path,
          await call(t, method as 'GET', path, { ...options, token: customer.token }),
        ]).toMatchObject([path, { status: 403, body: { code: 'STAFF_ONLY' } }]);
        expect([path, (await call(t, method as 'GET', path, options)).status]).toEqual([path, 401]);
      }
      expect(await auditCount()).toBe(before);
      expect(await wallet.balance(target)).toBe(balance);
      expect((await list({ filter: { id: target } })).body[0]).toMatchObject({
        role: 'customer',
        blocked: false,
      });
    });
  });

  describe('GET admin/users', () => {
    it('answers the plan, the block and who referred the customer', async () => {
      const referred = await signUp(t, { name: 'Rita Referida', referralCode: customer.user.referralCode });
      await subscribe(t, referred.user.id, 'PRO');
      const res = await call<AdminUser>(t, 'GET', `admin/users/${referred.user.id}`, { token: admin.token });
      expect(res.body).toEqual({
        id: referred.user.id,
        name: 'Rita Referida',
        email: referred.email,
        role: 'customer',
        credits: expect.any(Number),
        company: '',
        phone: '',
        language: 'es',
        referralCode: referred.user.referralCode,
        verified: true,
        createdAt: referred.user.createdAt,
        plan: 'PRO',
        blocked: false,
        blockedAt: null,
        blockedReason: null,
        referredBy: { id: customer.user.id, name: 'Carla Cliente', email: customer.email },
      });
      const [listed] = (await list({ filter: { id: [referred.user.id] } })).body;
      expect(listed).toEqual(res.body);
    });

    it('filters by plan (a code or none), blocked, verified, role and created days, each alone and together', async () => {
      const pro = await newCustomer('Pau Pro');
      const business = await newCustomer('Berta Business');
      const plain = await newCustomer('Pere Pla');
      const blocked = await newCustomer('Bruno Bloquejat');
      await subscribe(t, pro.user.id, 'PRO');
      await subscribe(t, business.user.id, 'BUSINESS');
      expect((await post(`${blocked.user.id}/block`, { reason: 'Fraud' })).status).toBe(200);
      const unverifiedEmail = uniqueEmail('unverified');
      await call(t, 'POST', 'user/register', {
        body: { name: 'Ulla', email: unverifiedEmail, password: PASSWORD, language: 'en', acceptTerms: true },
      });
      const [{ id: unverified }] = (await db.query(`SELECT id FROM users WHERE email = $1`, [
        unverifiedEmail,
      ])) as { id: string }[];
      // Days in the business's time zone (Madrid, UTC+1 in March): 9th, 10th, 10th, 11th there.
      await db.query(`UPDATE users SET created_at = '2020-03-09T12:00:00Z' WHERE id = $1`, [pro.user.id]);
      await db.query(`UPDATE users SET created_at = '2020-03-09T23:30:00Z' WHERE id = $1`, [
        business.user.id,
      ]);
      await db.query(`UPDATE users SET created_at = '2020-03-10T22:30:00Z' WHERE id = $1`, [plain.user.id]);
      await db.query(`UPDATE users SET created_at = '2020-03-10T23:30:00Z' WHERE id = $1`, [blocked.user.id]);

      const all = (await list({})).body;
      const everyone = all.map((u) => u.id).sort();
      const sorted = (values: string[]) => [...values].sort();
      expect(await ids({ plan: 'PRO' })).toEqual(
        sorted(all.filter((u) => u.plan === 'PRO').map((u) => u.id)),
      );
      expect(await ids({ plan: 'PRO' })).toContain(pro.user.id);
      expect(await ids({ plan: 'PRO' })).not.toContain(business.user.id);
      expect(await ids({ plan: 'BUSINESS' })).toEqual([business.user.id]);
      const none = await ids({ plan: 'none' });
      expect(none).toEqual(sorted(all.filter((u) => u.plan === null).map((u) => u.id)));
      expect(none).toEqual(
        expect.arrayContaining([plain.user.id, blocked.user.id, unverified, admin.user.id]),
      );
      expect(none).not.toContain(pro.user.id);
      expect(await ids({ plan: 'GOLD' })).toEqual([]);

      expect(await ids({ blocked: true })).toEqual([blocked.user.id]);
      expect(await ids({ blocked: 'false' })).toEqual(everyone.filter((id) => id !== blocked.user.id));
      expect(await ids({ verified: false })).toEqual([unverified]);
      expect(await ids({ verified: true })).toEqual(everyone.filter((id) => id !== unverified));
      expect(await ids({ role: 'decorator' })).toEqual([decorator.user.id]);
      expect(await ids({ role: 'admin' })).toEqual([admin.user.id]);
      expect(await ids({ role: 'owner' })).toEqual([]);

      expect(await ids({ createdFrom: '2020-03-10', createdTo: '2020-03-10' })).toEqual(
        sorted([business.user.id, plain.user.id]),
      );
      expect(await ids({ createdFrom: '2020-03-09', createdTo: '2020-03-11' })).toEqual(
        sorted([pro.user.id, business.user.id, plain.user.id, blocked.user.id]),
      );
      expect(await ids({ createdTo: '2020-03-09' })).toEqual([pro.user.id]);
      expect(await ids({ createdFrom: '2020-03-11', createdTo: '2020-12-31' })).toEqual([blocked.user.id]);
      // Together: every condition holds at once.
      expect(await ids({ plan: 'none', createdFrom: '2020-03-10', createdTo: '2020-03-11' })).toEqual(
        sorted([plain.user.id, blocked.user.id]),
      );
      expect(await ids({ plan: 'none', blocked: false, createdFrom: '2020-03-10', q: 'pere' })).toEqual([
        plain.user.id,
      ]);

      const total = await list({ filter: { blocked: true }, range: [0, 0] });
      expect(total.headers.get('content-range')).toBe('users 0-0/1');
      for (const bad of [{ createdFrom: 'yesterday' }, { createdTo: '2020-02-31' }])
        expect(await list({ filter: bad })).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_FAILED' },
        });
    });

    it('sorts by credits both ways across pages, accounts without a wallet counting as 0', async () => {
      const rich = await newCustomer('Rica');
      const most = Math.max(...(await list({})).body.map((u) => u.credits));
      await wallet.grant(rich.user.id, most + 1, 'admin_adjustment', `test:rich:${rich.user.id}`);
      const broke = await newCustomer('Sense');
      await wallet.spend(broke.user.id, 1, 'decoration', `test:broke:${broke.user.id}`);
      for (const order of ['DESC', 'ASC'] as const) {
        const whole = (await list({ sort: ['credits', order] })).body;
        const credits = whole.map((u) => u.credits);
        expect(credits).toEqual([...credits].sort((a, b) => (order === 'DESC' ? b - a : a - b)));
        expect(whole.find((u) => u.id === admin.user.id)?.credits).toBe(0);
        // Page by page (two a page) gives the same order, with no account twice or missing.
        const paged: string[] = [];
        for (let start = 0; start < whole.length; start += 2) {
          const page = await list({ sort: ['credits', order], range: [start, start + 1] });
          expect(page.headers.get('content-range')).toBe(
            `users ${start}-${Math.min(start + 1, whole.length - 1)}/${whole.length}`,
          );
          paged.push(...page.body.map((u) => u.id));
        }
        expect(paged).toEqual(whole.map((u) => u.id));
      }
      expect((await list({ sort: ['credits', 'DESC'] })).body[0].id).toBe(rich.user.id);
    });
  });

  describe('credits', () => {
    it('a removal beyond the balance is refused and changes nothing: balance, ledger, notes, audit', async () => {
      const target = await newCustomer();
      const grant = await post<{ balance: number }>(
        `${target.user.id}/credits`,
        { amount: 5, note: 'Welcome gift' },
        { key: randomUUID() },
      );
      expect(grant).toMatchObject({ status: 200, body: { balance: 6 } });
      const snapshot = async () => ({
        balance: await wallet.balance(target.user.id),
        ledger: await db.query(`SELECT id FROM ledger_entries WHERE user_id = $1 ORDER BY id`, [
          target.user.id,
        ]),
        notes: await db.query(`SELECT count(*)::int AS n FROM credit_grants`),
        audit: await auditCount(),
      });
      const before = await snapshot();
      const refused = await post(
        `${target.user.id}/credit-removals`,
        { amount: 7, note: 'Too many' },
        {
          key: randomUUID(),
        },
      );
      expect(refused).toMatchObject({ status: 409, body: { code: 'CREDIT_REMOVAL_EXCEEDS_BALANCE' } });
      expect(await snapshot()).toEqual(before);
      // A staff account has no wallet at all: still refused, still nothing.
      const none = await post(
        `${decorator.user.id}/credit-removals`,
        { amount: 1, note: 'x' },
        { key: randomUUID() },
      );
      expect(none).toMatchObject({ status: 409, body: { code: 'CREDIT_REMOVAL_EXCEEDS_BALANCE' } });
      expect(await snapshot()).toEqual(before);
    });

    it('removes credits once per key with its note, author and one audit row, and tells the open app', async () => {
      const target = await newCustomer();
      await wallet.grant(target.user.id, 9, 'pack_purchase', `test:pack:${target.user.id}`);
      const socket: Socket = io(`${t.url}/hub`, {
        auth: { token: target.token },
        transports: ['websocket'],
        reconnection: false,
      });
      const confirmations: { credits: number }[] = [];
      socket.on('UserConfirmation', (user: { credits: number }) => confirmations.push(user));
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        await new Promise((resolve) => socket.emit('AddGroup', target.user.id, resolve));
        const key = randomUUID();
        const body = { amount: 4, note: 'Duplicated pack purchase' };
        const [first, second] = await Promise.all([
          post<{ balance: number }>(`${target.user.id}/credit-removals`, body, { key }),
          post<{ balance: number }>(`${target.user.id}/credit-removals`, body, { key }),
        ]);
        expect(first).toMatchObject({ status: 200, body: { balance: 6 } });
        expect(second).toMatchObject({ status: 200, body: { balance: 6 } });
        expect(await wallet.balance(target.user.id)).toBe(6);
        const rows = (await db.query(
          `SELECT l.delta, l.balance_after, l.reason, g.granted_by_user_id, g.note
             FROM ledger_entries l JOIN credit_grants g ON g.ledger_entry_id = l.id WHERE l.user_id = $1`,
          [target.user.id],
        )) as unknown[];
        expect(rows).toEqual([
          {
            delta: -4,
            balance_after: 6,
            reason: 'admin_adjustment',
            granted_by_user_id: admin.user.id,
            note: 'Duplicated pack purchase',
          },
        ]);
        expect(await audit(target.user.id)).toEqual([
          expect.objectContaining({
            actor_id: admin.user.id,
            action: 'users.remove_credits',
            resource: 'users',
            before: { credits: 10 },
            after: { credits: 6, note: 'Duplicated pack purchase' },
          }),
        ]);
        await waitFor('the new balance pushed', async () => confirmations.some((c) => c.credits === 6), 5000);

        // The staff ledger shows the removal's note and author, for this customer only.
        const ledger = await call<AdminLedgerEntry[]>(
          t,
          'GET',
          `admin/ledger?${query({ filter: { userId: target.user.id } })}`,
          { token: admin.token },
        );
        expect(ledger.body.every((e) => e.userId === target.user.id)).toBe(true);
        expect(ledger.body[0]).toMatchObject({
          delta: -4,
          reason: 'admin_adjustment',
          note: 'Duplicated pack purchase',
          grantedBy: { id: admin.user.id, name: 'admin' },
        });
        expect(ledger.body.find((e) => e.reason === 'pack_purchase')).toMatchObject({
          note: null,
          grantedBy: null,
        });
      } finally {
        socket.disconnect();
      }
    });

    it('the grant writes exactly one audit row too, and none when replayed', async () => {
      const target = await newCustomer();
      const key = randomUUID();
      for (let i = 0; i < 2; i++)
        expect(
          await post(`${target.user.id}/credits`, { amount: 3, note: 'Goodwill' }, { key }),
        ).toMatchObject({ status: 200, body: { balance: 4 } });
      expect(await audit(target.user.id)).toEqual([
        expect.objectContaining({
          actor_id: admin.user.id,
          action: 'users.grant_credits',
          before: { credits: 1 },
          after: { credits: 4, note: 'Goodwill' },
        }),
      ]);
    });

    it('validates the removal and needs the Idempotency-Key', async () => {
      const target = await newCustomer();
      for (const body of [{ amount: 0, note: 'x' }, { amount: 1, note: ' ' }, { amount: 1 }])
        expect(await post(`${target.user.id}/credit-removals`, body, { key: randomUUID() })).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_FAILED' },
        });
      expect(await post(`${target.user.id}/credit-removals`, { amount: 1, note: 'x' })).toMatchObject({
        status: 400,
        body: { fields: { 'Idempotency-Key': 'required' } },
      });
      for (const id of [randomUUID(), 'nope'])
        expect(
          await post(`${id}/credit-removals`, { amount: 1, note: 'x' }, { key: randomUUID() }),
        ).toMatchObject({
          status: 404,
          body: { code: 'NOT_FOUND' },
        });
      expect(await audit(target.user.id)).toEqual([]);
    });
  });

  describe('role', () => {
    it('changes the role with one audit row; the new role applies to the next request', async () => {
      const target = await newCustomer();
      expect((await call(t, 'GET', 'admin/users', { token: target.token })).status).toBe(403);
      const res = await post(`${target.user.id}/role`, { role: 'admin' });
      expect(res).toMatchObject({ status: 200, body: { id: target.user.id, role: 'admin' } });
      expect((await call(t, 'GET', 'admin/users', { token: target.token })).status).toBe(200);
      expect(await audit(target.user.id)).toEqual([
        expect.objectContaining({
          actor_id: admin.user.id,
          action: 'users.change_role',
          before: { role: 'customer' },
          after: { role: 'admin' },
        }),
      ]);
      expect((await post(`${target.user.id}/role`, { role: 'customer' })).body.role).toBe('customer');
      expect((await call(t, 'GET', 'admin/users', { token: target.token })).status).toBe(403);
      expect(await audit(target.user.id)).toHaveLength(2);
    });

    it('refuses an admin changing their own role, an unknown role and an unknown account', async () => {
      const before = await auditCount();
      expect(await post(`${admin.user.id}/role`, { role: 'customer' })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      expect(await post(`${customer.user.id}/role`, { role: 'owner' })).toMatchObject({ status: 400 });
      expect(await post(`${randomUUID()}/role`, { role: 'admin' })).toMatchObject({ status: 404 });
      expect(await auditCount()).toBe(before);
      expect(
        (await call<AdminUser>(t, 'GET', `admin/users/${admin.user.id}`, { token: admin.token })).body.role,
      ).toBe('admin');
    });
  });

  describe('e-mails', () => {
    it('resends the verification code to an unverified account (the new code works), with one audit row', async () => {
      const email = uniqueEmail('pending');
      await call(t, 'POST', 'user/register', {
        body: { name: 'Pendent', email, password: PASSWORD, language: 'ca', acceptTerms: true },
      });
      const oldCode = await verificationCode(t, email);
      const [{ id }] = (await db.query(`SELECT id FROM users WHERE email = $1`, [email])) as { id: string }[];
      const res = await post(`${id}/verification-email`);
      expect(res).toMatchObject({ status: 200, body: { id, verified: false } });
      const newCode = await verificationCode(t, email);
      const sent = (await db.query(
        `SELECT count(*)::int AS n FROM outbox WHERE "to" = $1 AND template = 'verification'`,
        [email],
      )) as { n: number }[];
      expect(sent[0].n).toBe(2);
      if (newCode !== oldCode)
        expect(
          (await call(t, 'POST', 'user/validation', { body: { email, token: oldCode } })).body,
        ).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
      expect((await call(t, 'POST', 'user/validation', { body: { email, token: newCode } })).status).toBe(
        200,
      );
      expect(await audit(id)).toEqual([
        expect.objectContaining({
          actor_id: admin.user.id,
          action: 'users.send_verification_email',
          before: null,
          after: { mail: 'verification' },
        }),
      ]);
    });

    it('answers ALREADY_VERIFIED for a verified account and writes nothing', async () => {
      const target = await newCustomer();
      expect(await post(`${target.user.id}/verification-email`)).toMatchObject({
        status: 409,
        body: { code: 'ALREADY_VERIFIED' },
      });
      expect(await audit(target.user.id)).toEqual([]);
    });

    it('mails a password-reset link that works, with one audit row', async () => {
      const target = await newCustomer();
      const res = await post(`${target.user.id}/password-reset-email`);
      expect(res).toMatchObject({ status: 200, body: { id: target.user.id } });
      const mail = await latestMail(t, target.email, 'passwordReset');
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      const rowId = new URL(link).searchParams.get('resetToken');
      expect(rowId).toBeTruthy();
      expect(
        (await call(t, 'POST', 'user/changePassword', { body: { rowId, password: 'Nova-Clau-2026' } })).body,
      ).toEqual({ status: 'changed' });
      expect(
        (await call(t, 'POST', 'user/login', { body: { login: target.email, password: 'Nova-Clau-2026' } }))
          .status,
      ).toBe(200);
      expect(await audit(target.user.id)).toEqual([
        expect.objectContaining({
          actor_id: admin.user.id,
          action: 'users.send_password_reset_email',
          after: { mail: 'password_reset' },
        }),
      ]);
    });
  });

  describe('DELETE admin/users/:id (GDPR erasure)', () => {
    const erase = (
      id: string,
      body: unknown = { reason: 'Asked by e-mail, ticket 77' },
      token = admin.token,
    ) => call<{ id: string; code?: string }>(t, 'DELETE', `admin/users/${id}`, { token, body });

    it('erases the account and its files, keeps its payments unnamed, and writes one audit row', async () => {
      const target = await newCustomer('Esborra Me');
      const headers = { authorization: `Bearer ${target.token}` };
      const project = await projectWithPhotos(t, { token: target.token, headers }, 1);
      await subscribe(t, target.user.id, 'STARTER');
      const folder = join(t.config.STORAGE_DIR, 'projects', project.id);
      expect(existsSync(folder)).toBe(true);

      // The gateway would keep charging: the subscription must be set to end first.
      expect(await erase(target.user.id)).toMatchObject({
        status: 409,
        body: { code: 'SUBSCRIPTION_RENEWS' },
      });
      await db.query(`UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1`, [
        target.user.id,
      ]);
      const paid = (await db.query(`SELECT id FROM payments WHERE user_id = $1`, [target.user.id])) as {
        id: string;
      }[];
      expect(paid).toHaveLength(1);
      const before = await auditCount();

      expect(await erase(target.user.id)).toMatchObject({ status: 200, body: { id: target.user.id } });
      expect(await db.query(`SELECT id FROM users WHERE id = $1`, [target.user.id])).toEqual([]);
      expect(await db.query(`SELECT id FROM projects WHERE user_id = $1`, [target.user.id])).toEqual([]);
      expect(existsSync(folder)).toBe(false);
      // The invoice stays, no longer linked to anyone.
      expect(await db.query(`SELECT id, user_id FROM payments WHERE id = $1`, [paid[0].id])).toEqual([
        { id: paid[0].id, user_id: null },
      ]);
      expect((await call(t, 'POST', 'user/profile', { token: target.token })).status).toBe(401);
      expect(await auditCount()).toBe(before + 1);
      const rows = await audit(target.user.id);
      expect(rows).toEqual([
        expect.objectContaining({
          actor_id: admin.user.id,
          action: 'users.erase',
          before: { role: 'customer', verified: true },
          after: { erased: true, reason: 'Asked by e-mail, ticket 77' },
        }),
      ]);
      // Nothing in the log names the erased person.
      expect(JSON.stringify(rows)).not.toContain(target.email);
      expect(await erase(target.user.id)).toMatchObject({ status: 404 });
    });

    it('refuses erasing oneself, a missing reason, and unknown ids', async () => {
      const before = await auditCount();
      expect(await erase(admin.user.id)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      expect(await erase(customer.user.id, {})).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
      for (const id of [randomUUID(), 'nope']) expect(await erase(id)).toMatchObject({ status: 404 });
      expect(await auditCount()).toBe(before);
      expect((await call(t, 'GET', `admin/users/${customer.user.id}`, { token: admin.token })).status).toBe(
        200,
      );
    });
  });
});
