import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionResponse } from '@estancia/contracts';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { PASSWORD, RELAXED_LIMITS, call, signUp, uniqueEmail } from '../../../test/fixtures';

const CLIENT_ID = 'estancia-test.apps.googleusercontent.com';
const KID = 'local-test-key';

/** A self-signed certificate for a local RSA key, like the ones Google publishes for its signing keys. */
function selfSignedCertificate(privateKey: KeyObject): string {
  const dir = mkdtempSync(join(tmpdir(), 'estancia-google-'));
  try {
    const keyPath = join(dir, 'key.pem');
    writeFileSync(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    return execFileSync(
      'openssl',
      ['req', '-x509', '-new', '-key', keyPath, '-subj', '/CN=estancia-test', '-days', '1'],
      {
        encoding: 'utf8',
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Google sign-in (user/oauthauthenticate)', () => {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let certServer: Server;
  let certRequests = 0;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    const certificate = selfSignedCertificate(signingKey);
    // Google's certificate endpoint: a JSON map of key id to PEM certificate, cached per max-age.
    certServer = createServer((_, res) => {
      certRequests++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify({ [KID]: certificate }));
    });
    await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
    const { port } = certServer.address() as AddressInfo;
    t = await startTestApp({
      ...RELAXED_LIMITS,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CERTS_URL: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => certServer.close(resolve));
  });

  interface Claims {
    sub?: string;
    email?: string;
    name?: string;
    email_verified?: boolean;
    aud?: string;
    iat?: number;
    exp?: number;
  }
  let subs = 0;
  function idToken(claims: Claims = {}, key: KeyObject = signingKey): string {
    const now = Math.floor(Date.now() / 1000);
    return jwt.sign(
      {
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: `google-${Date.now()}-${++subs}`,
        email: uniqueEmail('google'),
        email_verified: true,
        name: 'Núria Google',
        iat: now,
        exp: now + 3600,
        ...claims,
      },
      key,
      { algorithm: 'RS256', keyid: KID },
    );
  }
  const oauth = (body: Record<string, unknown>) =>
    call<SessionResponse>(t, 'POST', 'user/oauthauthenticate', { body });

  it('creates a verified account without a password, with the sign-up credit, in the chosen language', async () => {
    const email = uniqueEmail('google');
    const res = await oauth({ token: idToken({ email: email.toUpperCase() }), language: 'ca' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email,
      name: 'Núria Google',
      language: 'ca',
      credits: 1,
      hasPassword: false,
    });
    expect((await call(t, 'POST', 'user/profile', { token: res.body.token })).status).toBe(200);
    const [row] = await db.query(`SELECT verified_at FROM users WHERE email = $1`, [email]);
    expect(row.verified_at).not.toBeNull();
    expect(certRequests).toBeGreaterThan(0);
  });

  it('signs the same Google account in again without a second sign-up credit', async () => {
    const sub = `google-again-${Date.now()}`;
    const email = uniqueEmail('google');
    const first = await oauth({ token: idToken({ sub, email }) });
    const second = await oauth({ token: idToken({ sub, email }) });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.user.credits).toBe(1);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it('links an existing password account with the same e-mail, completing its verification', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', 'user/register', {
      body: { name: 'Pere', email, password: PASSWORD, acceptTerms: true },
    });
    const res = await oauth({ token: idToken({ email }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, name: 'Pere', hasPassword: true, credits: 1 });
    expect((await call(t, 'POST', 'user/login', { body: { login: email, password: PASSWORD } })).status).toBe(
      200,
    );
  });

  it('records a referral code and rejects an unknown one for a new account', async () => {
    const referrer = await signUp(t);
    const unknown = await oauth({ token: idToken(), referralCode: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'REFERRAL_CODE_UNKNOWN',
      fields: { referralCode: 'REFERRAL_CODE_UNKNOWN' },
    });
    const res = await oauth({ token: idToken(), referralCode: referrer.user.referralCode });
    const [row] = await db.query(`SELECT referred_by_user_id FROM users WHERE id = $1`, [res.body.user.id]);
    expect(row.referred_by_user_id).toBe(referrer.user.id);
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['a token for another audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['a token signed by another key', () => idToken({}, strangerKey)],
    ['an e-mail Google has not verified', () => idToken({ email_verified: false })],
    ['an expired token', () => idToken({ iat: now() - 7200, exp: now() - 3600 })],
    ['something that is not a token', () => 'not-a-google-token'],
  ])('refuses %s with GOOGLE_LOGIN_FAILED', async (_, token) => {
    const res = await oauth({ token: token() });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'GOOGLE_LOGIN_FAILED' });
  });

  it('refuses to take over an account already linked to another Google account', async () => {
    const email = uniqueEmail('google');
    expect((await oauth({ token: idToken({ email }) })).status).toBe(200);
    const res = await oauth({ token: idToken({ email }) });
    expect(res.body).toMatchObject({ code: 'GOOGLE_LOGIN_FAILED' });
  });

  it('answers GOOGLE_LOGIN_DISABLED when no client id is configured', async () => {
    const disabled = await startTestApp({ ...RELAXED_LIMITS, GOOGLE_CLIENT_ID: '' });
    try {
      const res = await call(disabled, 'POST', 'user/oauthauthenticate', { body: { token: idToken() } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'GOOGLE_LOGIN_DISABLED' });
    } finally {
      await disabled.close();
    }
  });
});
