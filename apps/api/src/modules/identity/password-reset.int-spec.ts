import type { INestApplicationContext } from '@nestjs/common';
import type { SessionResponse } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  PASSWORD,
  RELAXED_LIMITS,
  call,
  latestMail,
  signUp,
  uniqueEmail,
  type RunningApp,
  waitFor,
} from '../../../test/fixtures';
import { createWorker } from '../../app.factory';
import { JobQueue } from '../../infra/queue/job-queue.service';

const NEW_PASSWORD = 'Otra-Clave-2025';

/** The queue's reset jobs are all done (none waiting or running). */
const resetJobsDone = (app: RunningApp) =>
  waitFor('the password-reset jobs', async () =>
    (await app.app.get(JobQueue).pending('password-reset.send')) === 0 ? true : undefined,
  );

describe('forgot and reset password', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PUBLIC_URL: 'https://app.estancia.test' });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const forgot = (email: string) => call(t, 'GET', `user/forgotPassword/${encodeURIComponent(email)}`);
  const reset = (rowId: string, password = NEW_PASSWORD) =>
    call(t, 'POST', 'user/changePassword', { body: { rowId, password } });
  const login = (email: string, password: string) =>
    call<SessionResponse>(t, 'POST', 'user/login', { body: { login: email, password } });

  /** The link of the newest reset e-mail to `email` that is none of `before`: the worker mails it shortly after. */
  async function resetLink(email: string, before: string[] = []): Promise<string> {
    return waitFor('the reset e-mail', async () => {
      const link = (await latestMail(t, email, 'passwordReset'))?.text.match(/https?:\/\/\S+/)?.[0];
      return link && !before.includes(link) ? link : undefined;
    });
  }
  const rowIdOf = (link: string) => new URL(link).searchParams.get('resetToken') ?? '';

  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const { email } = await signUp(t, { language: 'en' });
    const unknown = uniqueEmail();
    const known = await forgot(email);
    const missing = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(missing.status).toBe(known.status);
    expect(missing.body).toEqual(known.body);
    expect(known.body).toEqual({ status: 'sent' });
    await resetLink(email);
    await resetJobsDone(t);
    expect(await latestMail(t, unknown, 'passwordReset')).toBeUndefined();
    const mail = await latestMail(t, email, 'passwordReset');
    expect(mail?.subject).toBe('Reset your Estancia password');
    expect(mail?.html).toMatch(/<a\s+href="https:\/\/app\.estancia\.test\/login\/\?resetToken=/);
  });

  it('e-mails a link to the web login page whose token is stored only hashed', async () => {
    const { email, user } = await signUp(t);
    await forgot(email.toUpperCase());
    const link = await resetLink(email);
    expect(link).toMatch(/^https:\/\/app\.estancia\.test\/login\/\?resetToken=[\w-]{43,}$/);
    const rows = (await db.query(`SELECT id FROM password_resets WHERE user_id = $1`, [user.id])) as {
      id: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(rowIdOf(link));
  });

  it('resets once, ends every session, and only the new password signs in', async () => {
    const { email, token } = await signUp(t);
    await forgot(email);
    const rowId = rowIdOf(await resetLink(email));
    expect((await reset(rowId)).body).toEqual({ status: 'changed' });
    expect((await call(t, 'POST', 'user/profile', { token })).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    const again = await reset(rowId, 'Tercera-Clave-3');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a common or breached new password and leaves the link usable', async () => {
    const { email } = await signUp(t);
    await forgot(email);
    const rowId = rowIdOf(await resetLink(email));
    expect(await reset(rowId, 'Qwerty123!')).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_TOO_COMMON', fields: { password: 'PASSWORD_TOO_COMMON' } },
    });
    expect((await login(email, 'Qwerty123!')).status).toBe(401);
    expect((await reset(rowId)).body).toEqual({ status: 'changed' });
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const { email } = await signUp(t);
    await forgot(email);
    const rowId = rowIdOf(await resetLink(email));
    const answers = await Promise.all([reset(rowId, 'Primera-Clave-1'), reset(rowId, 'Segunda-Clave-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link, an unknown one, and a link superseded by a completed reset', async () => {
    const { email, user } = await signUp(t);
    await forgot(email);
    const expiredLink = await resetLink(email);
    const expired = rowIdOf(expiredLink);
    await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await reset(expired)).body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect((await reset('made-up-row-id')).body).toMatchObject({ code: 'RESET_LINK_INVALID' });

    await forgot(email);
    const olderLink = await resetLink(email, [expiredLink]);
    await forgot(email);
    const newer = rowIdOf(await resetLink(email, [expiredLink, olderLink]));
    const older = rowIdOf(olderLink);
    expect((await reset(newer)).status).toBe(200);
    expect((await reset(older, 'Tercera-Clave-3')).body).toMatchObject({ code: 'RESET_LINK_INVALID' });
  });

  it('validates the new password and the e-mail', async () => {
    expect((await reset('whatever', 'short')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'passwordRules' },
    });
    expect(
      (await call(t, 'POST', 'user/changePassword', { body: { password: NEW_PASSWORD } })).body,
    ).toMatchObject({
      fields: { rowId: 'required' },
    });
    expect((await forgot('not-an-email')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'email' },
    });
  });

  it('verifies an account that resets its password before entering the code', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', 'user/register', {
      body: { name: 'A', email, password: PASSWORD, acceptTerms: true },
    });
    await forgot(email);
    expect((await reset(rowIdOf(await resetLink(email)))).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('only enqueues in the request: the worker mails a known e-mail and does nothing for an unknown one', async () => {
    // An api process without workers: the request's whole work is visible before any job runs.
    const api = await startTestApp({ ...RELAXED_LIMITS, ROLE: 'api' });
    let worker: INestApplicationContext | undefined;
    try {
      // The verification code is read from the outbox row, written before any delivery job runs.
      const { email, user } = await signUp(api);
      const unknown = uniqueEmail('nobody');
      const known = await call(api, 'GET', `user/forgotPassword/${encodeURIComponent(email)}`);
      const missing = await call(api, 'GET', `user/forgotPassword/${encodeURIComponent(unknown)}`);
      expect([known.status, known.body]).toEqual([200, { status: 'sent' }]);
      expect([missing.status, missing.body]).toEqual([known.status, known.body]);
      const apiDb = api.app.get(DataSource);
      const count = async (sql: string, params: unknown[]) =>
        ((await apiDb.query(sql, params)) as { n: number }[])[0].n;
      const resets = () =>
        count(`SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1`, [user.id]);
      expect(await resets()).toBe(0);
      expect(await latestMail(api, email, 'passwordReset')).toBeUndefined();
      expect(await api.app.get(JobQueue).pending('password-reset.send')).toBe(2);

      worker = await createWorker({ ...api.config, ROLE: 'worker' });
      const mail = await waitFor('the reset e-mail', () => latestMail(api, email, 'passwordReset'));
      expect(mail.text).toContain('/login/?resetToken=');
      await resetJobsDone(api);
      expect(await resets()).toBe(1);
      expect(await latestMail(api, unknown, 'passwordReset')).toBeUndefined();
      expect(await count(`SELECT count(*)::int AS n FROM outbox WHERE "to" = $1`, [unknown])).toBe(0);
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
