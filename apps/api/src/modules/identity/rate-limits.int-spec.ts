import { startTestApp, type TestApp } from '../../../test/harness';
import { PASSWORD, RELAXED_LIMITS, call, signUp, uniqueEmail } from '../../../test/fixtures';

/** Each scenario gets its own app (own Redis prefix) so the counters of one never leak into another. */
async function withApp(limits: Record<string, string>, run: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await startTestApp({ ...RELAXED_LIMITS, ...limits });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const statuses = async (
  n: number,
  attempt: (i: number) => Promise<{ status: number }>,
): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(i)).status);
  return out;
};

describe('rate limits (stored in Redis)', () => {
  it('limits login attempts per e-mail, and a success clears that count', () =>
    withApp({ RATE_LIMIT_LOGIN_PER_EMAIL: '3' }, async (t) => {
      const { email } = await signUp(t);
      const wrong = () => call(t, 'POST', 'user/login', { body: { login: email, password: 'Wrong-Pass-1' } });
      expect(await statuses(2, wrong)).toEqual([401, 401]);
      expect(
        (await call(t, 'POST', 'user/login', { body: { login: email, password: PASSWORD } })).status,
      ).toBe(200);
      expect(await statuses(4, wrong)).toEqual([401, 401, 401, 429]);
      const limited = await call(t, 'POST', 'user/login', { body: { login: email, password: PASSWORD } });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
      // Another e-mail from the same address is not affected by this e-mail's count.
      expect(
        (await call(t, 'POST', 'user/login', { body: { login: uniqueEmail(), password: PASSWORD } })).status,
      ).toBe(401);
    }));

  it('limits login attempts per IP across e-mails, staff sign-in included', () =>
    withApp({ RATE_LIMIT_LOGIN_PER_IP: '4' }, async (t) => {
      const attempt = (i: number) =>
        i % 2
          ? call(t, 'POST', 'user/login', { body: { login: uniqueEmail(), password: PASSWORD } })
          : call(t, 'POST', 'admin/session', { body: { username: uniqueEmail(), password: PASSWORD } });
      expect(await statuses(6, attempt)).toEqual([401, 401, 401, 401, 429, 429]);
    }));

  it('limits verification tries and resends per e-mail and per IP', () =>
    withApp({ RATE_LIMIT_VALIDATION_PER_EMAIL: '3', RATE_LIMIT_VALIDATION_PER_IP: '7' }, async (t) => {
      const email = uniqueEmail();
      await call(t, 'POST', 'user/register', {
        body: { name: 'A', email, password: PASSWORD, acceptTerms: true },
      });
      const tries = await statuses(4, (i) =>
        i === 2
          ? call(t, 'POST', 'user/validation/resend', { body: { email } })
          : call(t, 'POST', 'user/validation', { body: { email, token: '000000' } }),
      );
      expect(tries.slice(0, 3)).not.toContain(429);
      expect(tries[3]).toBe(429);
      // One registration and four tries so far from this IP; two more e-mails use up the rest.
      const others = await statuses(3, () =>
        call(t, 'POST', 'user/validation', { body: { email: uniqueEmail(), token: '000000' } }),
      );
      expect(others).toEqual([400, 400, 429]);
    }));

  it('counts a repeated registration of an unverified e-mail against that e-mail, like a resend', () =>
    withApp({ RATE_LIMIT_VALIDATION_PER_EMAIL: '2' }, async (t) => {
      const email = uniqueEmail();
      const register = () =>
        call(t, 'POST', 'user/register', {
          body: { name: 'A', email, password: PASSWORD, acceptTerms: true },
        });
      // The first registration creates the account; each repeat mails the address again.
      expect(await statuses(4, register)).toEqual([201, 201, 201, 429]);
      const resend = await call(t, 'POST', 'user/validation/resend', { body: { email } });
      expect(resend).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    }));

  it('limits password-reset requests per e-mail and per IP', () =>
    withApp({ RATE_LIMIT_RESET_PER_EMAIL: '2', RATE_LIMIT_RESET_PER_IP: '4' }, async (t) => {
      const email = uniqueEmail();
      const forgot = (address: string) => call(t, 'GET', `user/forgotPassword/${address}`);
      expect(await statuses(3, () => forgot(email))).toEqual([200, 200, 429]);
      expect(await statuses(2, () => forgot(uniqueEmail()))).toEqual([200, 429]);
      const reset = await call(t, 'POST', 'user/changePassword', {
        body: { rowId: 'x', password: 'Nueva-Clave-99' },
      });
      expect(reset.status).toBe(429);
    }));

  it('limits every /data call per IP', () =>
    withApp({ RATE_LIMIT_API_PER_IP: '5' }, async (t) => {
      const calls = await statuses(7, () => call(t, 'GET', 'user/userLanguage/es'));
      expect(calls).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await call(t, 'POST', 'user/profile');
      expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    }));
});
