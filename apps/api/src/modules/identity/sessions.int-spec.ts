import type { SessionResponse, User } from '@estancia/contracts';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { PASSWORD, RELAXED_LIMITS, call, signUp } from '../../../test/fixtures';
import { SessionService } from './session.service';

describe('sessions, tokens and the signed-in account', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const profile = (token?: string) => call<SessionResponse>(t, 'POST', 'user/profile', { token });
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('answers the profile with the same token and the user payload', async () => {
    const { token, user } = await signUp(t);
    const res = await profile(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token, user });
  });

  it('refuses a call without a token, and a malformed Authorization header', async () => {
    expect((await profile()).body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const res = await call(t, 'POST', 'user/profile', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  describe('refuses forged and stale tokens with 401 UNAUTHENTICATED', () => {
    let session: SessionResponse;
    let claims: jwt.JwtPayload;
    beforeAll(async () => {
      session = await signUp(t);
      claims = jwt.decode(session.token) as jwt.JwtPayload;
    });

    it.each([
      ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
      [
        'wrong signature',
        () => jwt.sign({ sid: claims.sid }, 'another-secret-of-at-least-32-chars!!', { subject: claims.sub }),
      ],
      [
        'another algorithm with the secret as key (HS512)',
        () => jwt.sign({ sid: claims.sid }, t.config.JWT_SECRET, { algorithm: 'HS512', subject: claims.sub }),
      ],
      [
        'expired',
        () =>
          jwt.sign({ sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 10 }, t.config.JWT_SECRET, {
            subject: claims.sub,
          }),
      ],
      ['garbage', () => 'not.a.token'],
    ])('%s', async (_, forge) => {
      expect((await profile(session.token)).status).toBe(200);
      const res = await profile(forge());
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('a session past its expiry even when the token still claims to be valid', async () => {
      const other = await signUp(t);
      const { sid } = jwt.decode(other.token) as { sid: string };
      await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sid]);
      expect((await profile(other.token)).status).toBe(401);
    });

    it('a token signed correctly for a session that belongs to someone else', async () => {
      const other = await signUp(t);
      const forged = jwt.sign({ sid: claims.sid }, t.config.JWT_SECRET, { subject: other.user.id });
      expect((await profile(forged)).status).toBe(401);
    });
  });

  it('logout kills the token at once and leaves other sessions alive', async () => {
    const first = await signUp(t);
    const second = await call<SessionResponse>(t, 'POST', 'user/login', {
      body: { login: first.email, password: PASSWORD },
    });
    expect((await call(t, 'POST', 'user/logout', { token: first.token })).body).toEqual({ status: 'ok' });
    expect((await profile(first.token)).status).toBe(401);
    expect((await call(t, 'POST', 'user/logout', { token: first.token })).status).toBe(401);
    expect((await profile(second.body.token)).status).toBe(200);
    expect(await t.app.get(SessionService).authenticate(first.token)).toBeNull();
  });

  describe('updatePassword', () => {
    it('needs the right current password', async () => {
      const { token } = await signUp(t);
      const res = await call(t, 'POST', 'user/updatePassword', {
        token,
        body: { currentPassword: 'Wrong-Password-1', password: 'Nueva-Clave-99' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        fields: { currentPassword: 'CURRENT_PASSWORD_WRONG' },
      });
      expect((await profile(token)).status).toBe(200);
    });

    it('applies the password rule to the new password', async () => {
      const { token } = await signUp(t);
      const res = await call(t, 'POST', 'user/updatePassword', {
        token,
        body: { currentPassword: PASSWORD, password: 'simple' },
      });
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'passwordRules' } });
    });

    it('refuses a common or breached new password, in the caller’s language, and keeps the old one', async () => {
      const { token, email } = await signUp(t);
      const res = await call(t, 'POST', 'user/updatePassword', {
        token,
        body: { currentPassword: PASSWORD, password: 'Welcome1!' },
        headers: { 'accept-language': 'ca' },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { code: 'PASSWORD_TOO_COMMON', fields: { password: 'PASSWORD_TOO_COMMON' } },
      });
      expect((res.body as { message: string }).message).toMatch(/massa comuna/);
      expect((await profile(token)).status).toBe(200);
      const again = await call(t, 'POST', 'user/login', { body: { login: email, password: PASSWORD } });
      expect(again.status).toBe(200);
    });

    it('kills every older token and answers a new one; only the new password signs in', async () => {
      const first = await signUp(t);
      const other = await call<SessionResponse>(t, 'POST', 'user/login', {
        body: { login: first.email, password: PASSWORD },
      });
      const res = await call<SessionResponse>(t, 'POST', 'user/updatePassword', {
        token: first.token,
        body: { currentPassword: PASSWORD, password: 'Nueva-Clave-99' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(first.user.id);
      expect((await profile(first.token)).status).toBe(401);
      expect((await profile(other.body.token)).status).toBe(401);
      expect((await profile(res.body.token)).status).toBe(200);
      expect(
        (await call(t, 'POST', 'user/login', { body: { login: first.email, password: PASSWORD } })).status,
      ).toBe(401);
      expect(
        (await call(t, 'POST', 'user/login', { body: { login: first.email, password: 'Nueva-Clave-99' } }))
          .status,
      ).toBe(200);
    });
  });

  it('updates name, company and phone, validating the phone', async () => {
    const { token } = await signUp(t);
    const bad = await call(t, 'POST', 'user/updateProfile', {
      token,
      body: { name: 'Laia', phone: 'call me' },
    });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { phone: 'phone' } });
    const res = await call<{ user: User }>(t, 'POST', 'user/updateProfile', {
      token,
      body: { name: ' Laia ', company: 'Habitatges SL', phone: '+34 600 123 456' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Laia', company: 'Habitatges SL', phone: '+34 600 123 456' });
    expect((await profile(token)).body.user.name).toBe('Laia');
    expect((await call(t, 'POST', 'user/updateProfile', { body: { name: 'X' } })).status).toBe(401);
  });

  it('stores the language of a signed-in caller and ignores anything else, always answering JSON', async () => {
    const { token } = await signUp(t, { language: 'es' });
    expect((await call(t, 'GET', 'user/userLanguage/ca', { token })).body).toEqual({ status: 'ok' });
    expect((await profile(token)).body.user.language).toBe('ca');
    expect((await call(t, 'GET', 'user/userLanguage/xx', { token })).body).toEqual({ status: 'ok' });
    expect((await profile(token)).body.user.language).toBe('ca');
    const anonymous = await call(t, 'GET', 'user/userLanguage/en');
    expect(anonymous).toMatchObject({ status: 200, body: { status: 'ok' } });
    const badToken = await call(t, 'GET', 'user/userLanguage/en', { token: 'bad.token.here' });
    expect(badToken.status).toBe(200);
  });

  describe('userSubscription in the payload', () => {
    async function withSubscription(status: string, periodEnd: string): Promise<User> {
      const { token, user } = await signUp(t);
      await db.query(
        `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end) VALUES ($1, 'PRO', 'monthly', $2, now() + $3::interval)`,
        [user.id, status, periodEnd],
      );
      return (await profile(token)).body.user;
    }

    it('is active for an active or trialing subscription within its period', async () => {
      expect((await withSubscription('active', '10 days')).userSubscription).toEqual({
        isActive: true,
        subscription: { name: 'PRO' },
      });
      expect((await withSubscription('trialing', '1 day')).userSubscription.isActive).toBe(true);
    });

    it('is inactive when the period ended or the subscription is canceled or unpaid', async () => {
      for (const [status, end] of [
        ['active', '-1 day'],
        ['canceled', '10 days'],
        ['past_due', '10 days'],
      ]) {
        expect((await withSubscription(status, end)).userSubscription).toEqual({
          isActive: false,
          subscription: null,
        });
      }
    });
  });
});
