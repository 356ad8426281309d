import { startTestApp, type TestApp } from '../../../test/harness';
import { PASSWORD, RELAXED_LIMITS, call, signUp, sleep, uniqueEmail } from '../../../test/fixtures';
import { AppError } from '../../infra/http/app-error';
import { FreeTryAllowance } from '../free-try/free-try-allowance.service';

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
  /** A sign-in from the client at `ip` (the test app trusts X-Forwarded-For). */
  const loginFrom = (t: TestApp, ip: string, login: string, password: string) =>
    call(t, 'POST', 'user/login', { body: { login, password }, headers: { 'x-forwarded-for': ip } });

  it('slows down the client that types wrong passwords, with a short Retry-After, and a success clears it', () =>
    withApp({ RATE_LIMIT_LOGIN_PER_EMAIL: '3', TRUST_PROXY: 'true' }, async (t) => {
      const { email } = await signUp(t);
      const wrong = () => loginFrom(t, '203.0.113.7', email, 'Wrong-Pass-1');
      expect(await statuses(2, wrong)).toEqual([401, 401]);
      expect((await loginFrom(t, '203.0.113.7', email, PASSWORD)).status).toBe(200);
      // Three wrong passwords are free; the fourth starts a 1-second wait before the next try.
      expect(await statuses(4, wrong)).toEqual([401, 401, 401, 401]);
      const waiting = await loginFrom(t, '203.0.113.7', email, PASSWORD);
      expect(waiting).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      const retryAfter = Number(waiting.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      // Slowed down, not locked out for the window: after the wait the owner's right password works.
      await sleep(retryAfter * 1000 + 100);
      expect((await loginFrom(t, '203.0.113.7', email, PASSWORD)).status).toBe(200);
      // Another e-mail from the same address is not affected by this e-mail's count.
      expect((await loginFrom(t, '203.0.113.7', uniqueEmail(), PASSWORD)).status).toBe(401);
    }));

  it("never locks the owner out: a stranger's wrong passwords slow down only the stranger's client", () =>
    withApp(
      { RATE_LIMIT_LOGIN_PER_EMAIL: '10', RATE_LIMIT_LOGIN_PER_IP: '50', TRUST_PROXY: 'true' },
      async (t) => {
        const { email } = await signUp(t);
        // Ten and more wrong passwords for the owner's e-mail from elsewhere (the default limits).
        const stranger = await statuses(14, () => loginFrom(t, '198.51.100.66', email, 'Wrong-Pass-1'));
        expect(stranger.slice(0, 10)).toEqual(Array(10).fill(401));
        expect(stranger.slice(10)).toContain(429);
        expect((await loginFrom(t, '198.51.100.66', email, PASSWORD)).status).toBe(429);
        // The owner, from their own client, signs in at once.
        expect((await loginFrom(t, '192.0.2.10', email, PASSWORD)).status).toBe(200);
      },
    ));

  it('sends Retry-After with every 429, down to the seconds left in the window', () =>
    withApp(
      { RATE_LIMIT_LOGIN_PER_IP: '1', RATE_LIMIT_VALIDATION_PER_IP: '1', RATE_LIMIT_RESET_PER_IP: '1' },
      async (t) => {
        const answers = [
          ...(await statuses(2, () =>
            call(t, 'POST', 'user/login', { body: { login: uniqueEmail(), password: PASSWORD } }),
          )),
        ];
        expect(answers).toEqual([401, 429]);
        const limited = [
          await call(t, 'POST', 'user/login', { body: { login: uniqueEmail(), password: PASSWORD } }),
          ...(await Promise.all(
            [0, 1].map(() => call(t, 'POST', 'user/validation/resend', { body: { email: uniqueEmail() } })),
          )),
          ...(await Promise.all([0, 1].map(() => call(t, 'GET', `user/forgotPassword/${uniqueEmail()}`)))),
        ].filter((answer) => answer.status === 429);
        expect(limited).toHaveLength(3);
        for (const answer of limited) {
          const seconds = Number(answer.headers.get('retry-after'));
          expect(seconds).toBeGreaterThan(800);
          expect(seconds).toBeLessThanOrEqual(900);
        }
      },
    ));

  it('tells when a used-up free-try allowance comes back (FREE_TRY_LIMIT carries the Retry-After)', () =>
    withApp({ FREE_TRY_PER_IP: '1' }, async (t) => {
      const allowance = t.app.get(FreeTryAllowance);
      await allowance.reserve('203.0.113.9', null);
      const refusal = await allowance.reserve('203.0.113.9', null).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'FREE_TRY_LIMIT', status: 429 });
      expect((refusal as AppError).hint.retryAfterSeconds).toBeGreaterThan(0);
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
      // The registration was the e-mail's first of three.
      const tries = await statuses(3, (i) =>
        i === 1
          ? call(t, 'POST', 'user/validation/resend', { body: { email } })
          : call(t, 'POST', 'user/validation', { body: { email, token: '000000' } }),
      );
      expect(tries.slice(0, 2)).not.toContain(429);
      expect(tries[2]).toBe(429);
      // One registration and three tries so far from this IP; three more e-mails use up the rest.
      const others = await statuses(4, () =>
        call(t, 'POST', 'user/validation', { body: { email: uniqueEmail(), token: '000000' } }),
      );
      expect(others).toEqual([400, 400, 400, 429]);
    }));

  it('counts a repeated registration of an unverified e-mail against that e-mail, like a resend', () =>
    withApp({ RATE_LIMIT_VALIDATION_PER_EMAIL: '2' }, async (t) => {
      const email = uniqueEmail();
      const register = () =>
        call(t, 'POST', 'user/register', {
          body: { name: 'A', email, password: PASSWORD, acceptTerms: true },
        });
      // The first registration and each repeat mail the address.
      expect(await statuses(3, register)).toEqual([201, 201, 429]);
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

  it('counts a registration of a verified e-mail against that e-mail too, as for a new one', () =>
    withApp({ RATE_LIMIT_VALIDATION_PER_EMAIL: '2' }, async (t) => {
      // signUp's registration and code entry use up the e-mail's two tries.
      const { email } = await signUp(t);
      const again = await call(t, 'POST', 'user/register', {
        body: { name: 'A', email, password: PASSWORD, acceptTerms: true },
      });
      expect(again).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    }));

  it('limits every /data call per IP', () =>
    withApp({ RATE_LIMIT_API_PER_IP: '5' }, async (t) => {
      const calls = await statuses(7, () => call(t, 'GET', 'user/userLanguage/es'));
      expect(calls).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await call(t, 'POST', 'user/profile');
      expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }));
});
