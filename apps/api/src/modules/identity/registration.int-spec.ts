import type { INestApplicationContext } from '@nestjs/common';
import { LIMITS, type SessionResponse } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  PASSWORD,
  RELAXED_LIMITS,
  call,
  latestMail,
  signUp,
  uniqueEmail,
  verificationCode,
  waitFor,
  type RunningApp,
} from '../../../test/fixtures';
import { createWorker } from '../../app.factory';
import { JobQueue } from '../../infra/queue/job-queue.service';

describe('registration and e-mail verification', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) =>
    call(t, 'POST', 'user/register', { body: { acceptTerms: true, ...body } });
  const validate = (email: string, token: string) =>
    call(t, 'POST', 'user/validation', { body: { email, token } });
  const login = (email: string, password = PASSWORD) =>
    call(t, 'POST', 'user/login', { body: { login: email, password } });
  /** How many verification e-mails the outbox holds for `email`. */
  const codeMails = async (email: string, on: DataSource = db): Promise<number> =>
    (
      (await on.query(`SELECT count(*)::int AS n FROM outbox WHERE "to" = $1 AND template = 'verification'`, [
        email,
      ])) as { n: number }[]
    )[0].n;
  /** The queue's resend jobs are all done (none waiting or running). */
  const resendJobsDone = (app: RunningApp) =>
    waitFor('the resend jobs', async () =>
      (await app.app.get(JobQueue).pending('verification.resend')) === 0 ? true : undefined,
    );

  it('registers an account that waits for its e-mailed code, in the chosen language', async () => {
    const email = uniqueEmail();
    const res = await register({
      name: 'Jordi',
      email: email.toUpperCase(),
      password: PASSWORD,
      company: 'Finques',
      language: 'ca',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { email, verificationRequired: true } });
    const mail = await latestMail(t, email, 'verification');
    expect(mail?.subject).toMatch(/^El teu codi de verificació d'Estancia: \d{6}$/);
    expect(mail?.text).toContain('Hola, Jordi:');
    expect(mail?.text).toContain(`${LIMITS.verificationCodeTtlMinutes} minuts`);
    const [row] = await db.query(
      `SELECT verified_at, password_hash, language, role FROM users WHERE email = $1`,
      [email],
    );
    expect(row).toMatchObject({ verified_at: null, language: 'ca', role: 'customer' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const [code] = await db.query(
      `SELECT code_hash FROM verification_codes vc JOIN users u ON u.id = vc.user_id WHERE u.email = $1`,
      [email],
    );
    expect(code.code_hash).not.toContain(await verificationCode(t, email));
  });

  it('grants the sign-up credit once, as a ledger entry keyed by the user', async () => {
    const { user } = await signUp(t);
    expect(user.credits).toBe(LIMITS.signupFreeCredits);
    const ledger = await db.query(
      `SELECT delta, balance_after, reason, idempotency_key FROM ledger_entries WHERE user_id = $1`,
      [user.id],
    );
    expect(ledger).toEqual([
      { delta: 1, balance_after: 1, reason: 'signup_bonus', idempotency_key: `signup:${user.id}` },
    ]);
  });

  it('answers the spec user payload after verification and login', async () => {
    const { user, token } = await signUp(t, { name: 'Ana', language: 'en' });
    expect(token.split('.')).toHaveLength(3);
    expect(user).toMatchObject({
      name: 'Ana',
      company: '',
      phone: '',
      language: 'en',
      role: 'customer',
      hasPassword: true,
      credits: 1,
      userSubscription: { isActive: false, subscription: null },
    });
    expect(user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(Date.parse(user.createdAt)).not.toBeNaN();
  });

  it('flags the e-mail field when a verified account has the e-mail', async () => {
    const { email } = await signUp(t);
    const again = await register({ name: 'B', email: email.toUpperCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      fields: { email: 'EMAIL_ALREADY_EXISTS' },
    });
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM outbox WHERE "to" = $1 AND template = 'verification'`,
      [email],
    );
    expect(count).toBe(1);
    // The owner is told, in their language, and the writes the attempt made for its timing were undone.
    const notices = await db.query(
      `SELECT subject FROM outbox WHERE "to" = $1 AND template = 'registrationAttempt'`,
      [email],
    );
    expect(notices).toHaveLength(1);
    const [{ decoys }] = await db.query(
      `SELECT count(*)::int AS decoys FROM users WHERE email LIKE '%@taken.invalid'`,
    );
    expect(decoys).toBe(0);
  });

  it('refuses a common or breached password with a translated PASSWORD_TOO_COMMON, taken e-mail or not', async () => {
    const { email } = await signUp(t);
    for (const address of [uniqueEmail(), email]) {
      const weak = await call(t, 'POST', 'user/register', {
        body: { name: 'Ana', email: address, password: 'Password1!', acceptTerms: true },
        headers: { 'accept-language': 'es' },
      });
      expect(weak).toMatchObject({
        status: 400,
        body: { code: 'PASSWORD_TOO_COMMON', fields: { password: 'PASSWORD_TOO_COMMON' } },
      });
      expect((weak.body as { message: string }).message).toMatch(/demasiado común/);
    }
    // Built from the person's own name and e-mail: as weak as a dictionary word.
    const own = await register({ name: 'Ana Ferrer', email: 'ana.ferrer@example.com', password: 'Ferrer1!' });
    expect(own.body).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect((await db.query(`SELECT 1 FROM users WHERE email = 'ana.ferrer@example.com'`)).length).toBe(0);
  });

  describe('registering again before verifying', () => {
    const codeRows = (email: string) =>
      db.query(
        `SELECT vc.consumed_at FROM verification_codes vc JOIN users u ON u.id = vc.user_id WHERE u.email = $1`,
        [email],
      ) as Promise<{ consumed_at: Date | null }[]>;

    it('keeps the account, e-mails a fresh code that replaces the old one, and takes the new details', async () => {
      const email = uniqueEmail();
      expect(
        (await register({ name: 'Primero', email, password: 'Olvidada-1!', language: 'es' })).status,
      ).toBe(201);
      const [before] = await db.query(`SELECT id, referral_code FROM users WHERE email = $1`, [email]);
      const first = await verificationCode(t, email);

      const again = await register({
        name: 'Segon',
        email: email.toUpperCase(),
        password: PASSWORD,
        language: 'ca',
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ data: { email, verificationRequired: true } });
      const [after] = await db.query(`SELECT id, referral_code, name, language FROM users WHERE email = $1`, [
        email,
      ]);
      expect(after).toEqual({ ...before, name: 'Segon', language: 'ca' });
      // One sign-up credit for the one account.
      const [{ credits }] = await db.query(
        `SELECT count(*)::int AS credits FROM ledger_entries WHERE user_id = $1`,
        [before.id],
      );
      expect(credits).toBe(1);

      const mail = await latestMail(t, email, 'verification');
      expect(mail?.subject).toMatch(/^El teu codi de verificació d'Estancia: \d{6}$/);
      expect(mail?.text).toContain('Hola, Segon:');
      expect(await codeRows(email)).toHaveLength(1);
      const second = await verificationCode(t, email);
      if (second !== first)
        expect((await validate(email, first)).body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
      expect((await validate(email, second)).body).toEqual({ status: 'verified' });
      // The password of the latest registration is the one that signs in.
      expect((await login(email, 'Olvidada-1!')).status).toBe(401);
      expect((await login(email)).status).toBe(200);
    });

    it('answers every one of simultaneous registrations of an e-mail, with one account and one live code', async () => {
      const email = uniqueEmail();
      const answers = await Promise.all(
        [1, 2, 3].map(() => register({ name: 'A', email, password: PASSWORD })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM users WHERE email = $1`, [
        email,
      ]);
      expect(count).toBe(1);
      expect(await codeRows(email)).toHaveLength(1);
    });

    it('validates the repeat like a first registration', async () => {
      const email = uniqueEmail();
      await register({ name: 'A', email, password: PASSWORD });
      const unticked = await register({ name: 'A', email, password: PASSWORD, acceptTerms: false });
      expect(unticked.status).toBe(400);
      expect(unticked.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { acceptTerms: 'acceptTerms' },
      });
      const unknownReferral = await register({
        name: 'A',
        email,
        password: PASSWORD,
        referralCode: 'NOPE1234',
      });
      expect(unknownReferral.body).toMatchObject({ code: 'REFERRAL_CODE_UNKNOWN' });
      expect(await codeRows(email)).toHaveLength(1);
    });
  });

  it('validates the body with the shared schema and flags each field', async () => {
    const res = await register({
      name: '',
      email: 'not-an-email',
      password: 'short',
      language: 'fr',
      acceptTerms: undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        name: 'required',
        email: 'email',
        password: 'passwordRules',
        language: 'invalid',
        acceptTerms: 'acceptTerms',
      },
    });
    const long = await register({ name: 'A', email: uniqueEmail(), password: `Aa1!${'x'.repeat(130)}` });
    expect(long.body).toMatchObject({ fields: { password: 'passwordTooLong' } });
  });

  it('rejects an unknown referral code and records a known one, however it is typed', async () => {
    const unknown = await register({
      name: 'A',
      email: uniqueEmail(),
      password: PASSWORD,
      referralCode: 'NOPE1234',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'REFERRAL_CODE_UNKNOWN',
      fields: { referralCode: 'REFERRAL_CODE_UNKNOWN' },
    });
    const referrer = await signUp(t);
    const referred = await signUp(t, { referralCode: ` ${referrer.user.referralCode.toLowerCase()} ` });
    const [row] = await db.query(`SELECT referred_by_user_id FROM users WHERE id = $1`, [referred.user.id]);
    expect(row.referred_by_user_id).toBe(referrer.user.id);
    expect(referred.user.referralCode).not.toBe(referrer.user.referralCode);
  });

  it('tells an unverified account to enter its code only after the right password', async () => {
    const email = uniqueEmail();
    await register({ name: 'A', email, password: PASSWORD });
    const unverified = await login(email);
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    // A wrong password on that account answers exactly like one on a verified account or an unknown e-mail.
    const unverifiedWrong = await login(email, 'Wrong-Password-1');
    const { email: verified } = await signUp(t);
    const wrongPassword = await login(verified, 'Wrong-Password-1');
    const unknown = await login(uniqueEmail());
    for (const res of [unverifiedWrong, wrongPassword, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unknown.body);
    }
    expect(unknown.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // No session was opened for the unverified account.
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
      [email],
    );
    expect(count).toBe(0);
  });

  it('keeps the staff console closed to an unverified customer', async () => {
    const email = uniqueEmail();
    await register({ name: 'A', email, password: PASSWORD });
    const res = await call(t, 'POST', 'admin/session', { body: { username: email, password: PASSWORD } });
    expect(res).toMatchObject({ status: 403, body: { code: 'STAFF_ONLY' } });
  });

  it('stores the language sent with login', async () => {
    const { email, user } = await signUp(t, { language: 'es' });
    const res = await call<SessionResponse>(t, 'POST', 'user/login', {
      body: { login: email, password: PASSWORD, language: 'en' },
    });
    expect(res.body.user.language).toBe('en');
    expect(user.language).toBe('es');
  });

  describe('verification code', () => {
    async function registered(): Promise<string> {
      const email = uniqueEmail();
      expect((await register({ name: 'A', email, password: PASSWORD })).status).toBe(201);
      return email;
    }
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('refuses a wrong code and accepts the right one once', async () => {
      const email = await registered();
      const code = await verificationCode(t, email);
      const bad = await validate(email, wrong(code));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
        fields: { token: 'VERIFICATION_CODE_INVALID' },
      });
      expect((await validate(email, code)).body).toEqual({ status: 'verified' });
      // A verified account answers as an unknown e-mail would: nothing tells it is registered.
      const again = await validate(email, code);
      const unknown = await validate(uniqueEmail(), code);
      expect([again.status, again.body]).toEqual([unknown.status, unknown.body]);
      expect(again.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
      expect((await login(email)).status).toBe(200);
    });

    it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
      const email = await registered();
      const code = await verificationCode(t, email);
      const codes: string[] = [];
      for (let i = 1; i <= LIMITS.verificationCodeMaxAttempts; i++)
        codes.push(((await validate(email, wrong(code))).body as { code: string }).code);
      expect(codes).toEqual([...Array(4).fill('VERIFICATION_CODE_INVALID'), 'VERIFICATION_CODE_BURNED']);
      expect((await validate(email, code)).body).toMatchObject({ code: 'VERIFICATION_CODE_BURNED' });
      expect((await login(email)).body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });

    it('counts simultaneous wrong tries exactly', async () => {
      const email = await registered();
      const code = await verificationCode(t, email);
      await Promise.all(Array.from({ length: 8 }, () => validate(email, wrong(code))));
      const [row] = await db.query(
        `SELECT attempts FROM verification_codes vc JOIN users u ON u.id = vc.user_id WHERE u.email = $1`,
        [email],
      );
      expect(row.attempts).toBe(LIMITS.verificationCodeMaxAttempts);
      expect((await validate(email, code)).body).toMatchObject({ code: 'VERIFICATION_CODE_BURNED' });
    });

    it('refuses an expired code', async () => {
      const email = await registered();
      const code = await verificationCode(t, email);
      await db.query(
        `UPDATE verification_codes SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
      expect((await validate(email, code)).body).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED' });
    });

    it('resends a new code that replaces the old one, and a burned code can be replaced', async () => {
      const email = await registered();
      const first = await verificationCode(t, email);
      for (let i = 0; i < LIMITS.verificationCodeMaxAttempts; i++) await validate(email, wrong(first));
      const resent = await call(t, 'POST', 'user/validation/resend', { body: { email } });
      expect(resent.body).toEqual({ status: 'sent' });
      // The worker mails the new code shortly after the request answers.
      await waitFor('the resent code', async () => (await codeMails(email)) === 2);
      const second = await verificationCode(t, email);
      if (second !== first)
        expect((await validate(email, first)).body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
      expect((await validate(email, second)).body).toEqual({ status: 'verified' });
      // Verified now: the same answer as for anyone, and no mail.
      const afterVerified = await call(t, 'POST', 'user/validation/resend', { body: { email } });
      expect([afterVerified.status, afterVerified.body]).toEqual([200, { status: 'sent' }]);
      await resendJobsDone(t);
      expect(await codeMails(email)).toBe(2);
    });

    it('only enqueues a resend in the request: the worker mails an unverified account, nobody else', async () => {
      // An api process without workers: the request's whole work is visible before any job runs.
      const api = await startTestApp({ ...RELAXED_LIMITS, ROLE: 'api' });
      let worker: INestApplicationContext | undefined;
      try {
        const verified = (await signUp(api)).email;
        const pending = uniqueEmail('pending');
        await call(api, 'POST', 'user/register', {
          body: { name: 'P', email: pending, password: PASSWORD, acceptTerms: true },
        });
        const unknown = uniqueEmail('nobody');
        const answers = [];
        for (const email of [verified, pending, unknown])
          answers.push(await call(api, 'POST', 'user/validation/resend', { body: { email } }));
        expect(answers.map((a) => [a.status, a.body])).toEqual(Array(3).fill([200, { status: 'sent' }]));
        const mails = (email: string) => codeMails(email, api.app.get(DataSource));
        expect([await mails(verified), await mails(pending), await mails(unknown)]).toEqual([1, 1, 0]);
        expect(await api.app.get(JobQueue).pending('verification.resend')).toBe(3);

        worker = await createWorker({ ...api.config, ROLE: 'worker' });
        await resendJobsDone(api);
        expect([await mails(verified), await mails(pending), await mails(unknown)]).toEqual([1, 2, 0]);
      } finally {
        await worker?.close();
        await api.close();
      }
    });

    it('answers a resend for an unknown e-mail like any other and sends nothing', async () => {
      const email = uniqueEmail();
      expect((await call(t, 'POST', 'user/validation/resend', { body: { email } })).body).toEqual({
        status: 'sent',
      });
      expect(await latestMail(t, email, 'verification')).toBeUndefined();
    });

    it('refuses codes for unknown e-mails and badly formed codes', async () => {
      expect((await validate(uniqueEmail(), '123456')).body).toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      });
      expect((await validate(uniqueEmail(), '12345')).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { token: 'codeFormat' },
      });
    });
  });
});
