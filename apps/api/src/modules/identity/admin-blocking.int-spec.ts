import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminUser, SessionResponse } from '@estancia/contracts';
import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  PASSWORD,
  RELAXED_LIMITS,
  apiKeyFor,
  call,
  signInStaff,
  signUp,
  uniqueEmail,
} from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { SessionService } from './session.service';

const CLIENT_ID = 'estancia-test.apps.googleusercontent.com';
const KID = 'local-test-key';

/** A self-signed certificate for a local RSA key, as Google publishes its signing keys. */
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

describe('staff console: blocking and unblocking an account', () => {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let certServer: Server;
  let t: TestApp;
  let db: DataSource;
  let admin: SessionResponse & { email: string };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const certificate = selfSignedCertificate(signingKey);
    certServer = createServer((_, res) => {
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
    admin = await signInStaff(t, 'admin');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
    await new Promise((resolve) => certServer.close(resolve));
  });

  const block = (id: string, reason = 'Chargeback fraud', token = admin.token) =>
    call<AdminUser & { code?: string }>(t, 'POST', `admin/users/${id}/block`, { token, body: { reason } });
  const unblock = (id: string, token = admin.token) =>
    call<AdminUser & { code?: string }>(t, 'POST', `admin/users/${id}/unblock`, { token });
  const login = (email: string) =>
    call<SessionResponse & { code?: string }>(t, 'POST', 'user/login', {
      body: { login: email, password: PASSWORD },
    });
  const profile = (token: string) => call(t, 'POST', 'user/profile', { token });
  const wallet = (secret: string) =>
    fetch(`${t.url}/api/v1/wallet`, { headers: { authorization: `Bearer ${secret}` } }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { code?: string; balance?: number },
    }));
  const audit = (recordId: string) =>
    db.query(`SELECT actor_id, action, before, after FROM audit_log WHERE record_id = $1 ORDER BY id`, [
      recordId,
    ]) as Promise<{ actor_id: string; action: string; before: unknown; after: unknown }[]>;

  /** A real Socket.IO client of the customer app, connected to the hub. */
  async function connect(token: string): Promise<Socket> {
    const socket = io(`${t.url}/hub`, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  let subs = 0;
  const idToken = (claims: { sub?: string; email?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return jwt.sign(
      {
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: `google-${Date.now()}-${++subs}`,
        email: uniqueEmail('google'),
        email_verified: true,
        name: 'Gina Google',
        iat: now,
        exp: now + 3600,
        ...claims,
      },
      signingKey,
      { algorithm: 'RS256', keyid: KID },
    );
  };
  const google = (token: string) =>
    call<SessionResponse & { code?: string }>(t, 'POST', 'user/oauthauthenticate', { body: { token } });

  it('stops the tokens, the open socket, the sign-in and the API keys at once, with one audit row', async () => {
    const customer = await signUp(t, { name: 'Blanca Bloc' });
    const holder = await apiKeyFor(t, { customer: { token: customer.token, userId: customer.user.id } });
    const other = await login(customer.email);
    expect(other.status).toBe(200);
    expect((await wallet(holder.secret)).status).toBe(200);
    const socket = await connect(customer.token);
    // The app is told why before the connection closes, so it can show the blocked page.
    const events: string[] = [];
    socket.on('AccountBlocked', () => events.push('AccountBlocked'));
    const closed = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => {
        events.push('disconnect');
        resolve(reason);
      }),
    );

    const res = await block(customer.user.id, 'Chargeback fraud');
    const blockedAt = Date.now();
    expect(res).toMatchObject({
      status: 200,
      body: { id: customer.user.id, blocked: true, blockedReason: 'Chargeback fraud' },
    });
    expect(res.body.blockedAt).toEqual(expect.any(String));

    // The open connection is closed by the server, well within 5 s.
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - blockedAt).toBeLessThan(5000);
    expect(events).toEqual(['AccountBlocked', 'disconnect']);
    // Every call of the blocked account's tokens says so, rather than a bare sign-out.
    for (const token of [customer.token, other.body.token])
      expect(await profile(token)).toMatchObject({ status: 401, body: { code: 'ACCOUNT_BLOCKED' } });
    await expect(connect(customer.token)).rejects.toThrow(/ACCOUNT_BLOCKED/);
    expect(await login(customer.email)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await call(t, 'POST', 'user/login', {
      body: { login: customer.email, password: 'Nope-1234' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    expect(await wallet(holder.secret)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });

    // Defense in depth: even a session opened after the block is refused while it lasts.
    const sessions = t.app.get(SessionService);
    expect(await sessions.authenticate(await sessions.open(customer.user.id))).toBeNull();

    expect(await audit(customer.user.id)).toEqual([
      {
        actor_id: admin.user.id,
        action: 'users.block',
        before: { blocked: false, blockedReason: null },
        after: { blocked: true, blockedReason: 'Chargeback fraud' },
      },
    ]);

    // Unblocking lets them sign in again; the API key works again; the old tokens stay ended.
    const lifted = await unblock(customer.user.id);
    expect(lifted).toMatchObject({
      status: 200,
      body: { blocked: false, blockedAt: null, blockedReason: null },
    });
    const again = await login(customer.email);
    expect(again.status).toBe(200);
    expect((await profile(again.body.token)).status).toBe(200);
    expect(await profile(customer.token)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    (await connect(again.body.token)).disconnect();
    expect(await wallet(holder.secret)).toMatchObject({ status: 200, body: { balance: expect.any(Number) } });
    expect((await audit(customer.user.id)).map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'users.block',
        { blocked: false, blockedReason: null },
        { blocked: true, blockedReason: 'Chargeback fraud' },
      ],
      [
        'users.unblock',
        { blocked: true, blockedReason: 'Chargeback fraud' },
        { blocked: false, blockedReason: null },
      ],
    ]);
  });

  it('refuses Google sign-in of a blocked account, by its Google id or by its e-mail', async () => {
    const sub = `google-blocked-${Date.now()}`;
    const email = uniqueEmail('google');
    const created = await google(idToken({ sub, email }));
    expect(created.status).toBe(200);
    expect((await block(created.body.user.id)).status).toBe(200);
    expect(await google(idToken({ sub, email }))).toMatchObject({
      status: 403,
      body: { code: 'ACCOUNT_BLOCKED' },
    });

    // A password account is not linked to Google while blocked.
    const customer = await signUp(t);
    expect((await block(customer.user.id)).status).toBe(200);
    expect(await google(idToken({ email: customer.email }))).toMatchObject({
      status: 403,
      body: { code: 'ACCOUNT_BLOCKED' },
    });
    const [row] = (await db.query(`SELECT google_sub FROM users WHERE id = $1`, [customer.user.id])) as {
      google_sub: string | null;
    }[];
    expect(row.google_sub).toBeNull();

    expect((await unblock(created.body.user.id)).status).toBe(200);
    expect(await google(idToken({ sub, email }))).toMatchObject({ status: 200 });
  });

  it('blocks staff too: the console sign-in answers ACCOUNT_BLOCKED', async () => {
    const decorator = await signInStaff(t, 'decorator');
    expect((await call(t, 'GET', 'admin/reviews', { token: decorator.token })).status).toBe(200);
    expect((await block(decorator.user.id)).status).toBe(200);
    expect((await call(t, 'GET', 'admin/reviews', { token: decorator.token })).status).toBe(401);
    const res = await call(t, 'POST', 'admin/session', {
      body: { username: decorator.email, password: PASSWORD },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });
  });

  it('refuses an admin blocking themselves, a missing reason and unknown accounts, writing nothing', async () => {
    const customer = await signUp(t);
    expect(await block(admin.user.id)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await profile(admin.token)).status).toBe(200);
    expect(
      await call(t, 'POST', `admin/users/${customer.user.id}/block`, {
        token: admin.token,
        body: { reason: '' },
      }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    for (const id of [randomUUID(), 'nope']) {
      expect(await block(id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect(await unblock(id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect(await audit(admin.user.id)).toEqual([]);
    expect(await audit(customer.user.id)).toEqual([]);
    expect((await profile(customer.token)).status).toBe(200);
  });
});
