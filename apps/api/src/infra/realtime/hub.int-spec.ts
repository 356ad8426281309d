import type { INestApplicationContext } from '@nestjs/common';
import type { AddGroupAck, ClientToServerEvents, ServerToClientEvents } from '@estancia/contracts';
import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import type { SessionResponse } from '@estancia/contracts';
import { PASSWORD, call } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { createApp, createWorker } from '../../app.factory';
import { Realtime } from './realtime.service';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('real-time hub /hub', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const clients: Client[] = [];

  const connect = (
    auth: Record<string, string> = {},
    extraHeaders: Record<string, string> = {},
    url = t.url,
  ): Client => {
    const client: Client = io(`${url}/hub`, {
      auth,
      extraHeaders,
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(client);
    return client;
  };
  const connected = (client: Client) =>
    new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
  const refused = (client: Client) =>
    new Promise<Error>((resolve, reject) => {
      client.once('connect', () => reject(new Error('connected without a valid token')));
      client.once('connect_error', resolve);
    });
  const addGroup = (client: Client, userId: string) =>
    new Promise<AddGroupAck>((resolve) => client.emit('AddGroup', userId, resolve));
  const joined = async (token: string, userId: string, url = t.url): Promise<Client> => {
    const client = connect({ token }, {}, url);
    await connected(client);
    expect(await addGroup(client, userId)).toEqual({ ok: true });
    return client;
  };
  /** Resolves with the reason once the server closes the socket; fails after `ms`. */
  const closedWithin = (client: Client, ms: number) =>
    new Promise<string>((resolve, reject) => {
      if (!client.connected) return resolve('already closed');
      const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
      client.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  /** A second session of the same account (another device), signed in over HTTP. */
  const anotherSession = async (user: SignedIn): Promise<string> => {
    const login = await call<SessionResponse>(t, 'POST', 'user/login', {
      body: { login: user.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    return login.body.token;
  };
  /**
   * Proves `closed` gets nothing more: an event for the user reaches the still-open `control` socket,
   * and events reach one client in order, so anything for `closed` would have arrived by then.
   */
  const receivesNothingMore = async (closed: Client, control: Client, userId: string) => {
    const late: string[] = [];
    closed.on('SendProjectDecorationConfirm', (id) => late.push(id));
    const controlGotIt = new Promise((resolve) => control.once('SendProjectDecorationConfirm', resolve));
    t.app.get(Realtime).toUser(userId, 'SendProjectDecorationConfirm', 'after-close');
    expect(await controlGotIt).toBe('after-close');
    expect(late).toEqual([]);
    expect(closed.connected).toBe(false);
  };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => t.close());

  it('refuses a handshake without a token', async () => {
    expect((await refused(connect())).message).toBe('UNAUTHENTICATED');
  });

  it('refuses a handshake with a bad or foreign-signed token', async () => {
    expect((await refused(connect({ token: 'not-a-jwt' }))).message).toBe('UNAUTHENTICATED');
    const [header, payload] = alice.token.split('.');
    expect((await refused(connect({ token: `${header}.${payload}.forgedsignature` }))).message).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('accepts the token in auth.token or in an Authorization: Bearer header', async () => {
    await connected(connect({ token: alice.token }));
    await connected(connect({}, { authorization: `Bearer ${alice.token}` }));
  });

  it('joins only the caller’s own user room', async () => {
    const client = connect({ token: alice.token });
    await connected(client);
    expect(await addGroup(client, bob.userId)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(await addGroup(client, alice.userId)).toEqual({ ok: true });
  });

  it('delivers an event to the right user only, and a broadcast to everyone', async () => {
    const a = await joined(alice.token, alice.userId);
    const b = await joined(bob.token, bob.userId);
    // A socket of Alice's that tried to join Bob's room must not get Bob's events either.
    const intruder = connect({ token: alice.token });
    await connected(intruder);
    await addGroup(intruder, bob.userId);

    const seen: Record<string, string[]> = { a: [], b: [], intruder: [] };
    a.on('SendProjectDecorationConfirm', (id) => seen.a.push(id));
    intruder.on('SendProjectDecorationConfirm', (id) => seen.intruder.push(id));
    const bobGotHis = new Promise<void>((resolve) =>
      b.on('SendProjectDecorationConfirm', (id) => {
        seen.b.push(id);
        if (id === 'for-bob') resolve();
      }),
    );
    const aliceGotHers = new Promise<void>((resolve) =>
      a.on('SendProjectDecorationConfirm', (id) => id === 'for-alice' && resolve()),
    );
    const realtime = t.app.get(Realtime);
    realtime.toUser(alice.userId, 'SendProjectDecorationConfirm', 'for-alice');
    realtime.toUser(bob.userId, 'SendProjectDecorationConfirm', 'for-bob');
    await Promise.all([aliceGotHers, bobGotHis]);
    // Events reach one socket in order, so anything misrouted would have arrived before these.
    expect(seen).toEqual({ a: ['for-alice'], b: ['for-bob'], intruder: [] });

    const everyone = [a, b, intruder].map(
      (client) => new Promise((resolve) => client.once('PlatformStatus', resolve)),
    );
    const status = { isHighDemandFree: true, isHighDemandAuto: false, isMaintenanceMode: false };
    realtime.broadcast('PlatformStatus', status);
    expect(await Promise.all(everyone)).toEqual([status, status, status]);
  });

  it('delivers an event emitted by a worker process, where no socket server runs', async () => {
    const a = await joined(alice.token, alice.userId);
    let worker: INestApplicationContext | undefined;
    try {
      worker = await createWorker({ ...t.config, ROLE: 'worker' });
      const received = new Promise<string>((resolve) => a.once('SendProjectDecorationRetryConfirm', resolve));
      worker.get(Realtime).toUser(alice.userId, 'SendProjectDecorationRetryConfirm', 'from-worker');
      expect(await received).toBe('from-worker');
    } finally {
      await worker?.close();
    }
  });

  it('refuses to join once the session was revoked, even before its sockets are closed', async () => {
    const carol = await signIn(t);
    // Joined once, so the connection's own check after joining is behind us.
    const client = await joined(carol.token, carol.userId);
    // Revoked behind the service's back, so nothing closes the socket: AddGroup checks again itself.
    await t.app
      .get(DataSource)
      .query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [carol.userId]);
    expect(await addGroup(client, carol.userId)).toEqual({ ok: false, code: 'UNAUTHENTICATED' });
    expect((await refused(connect({ token: carol.token }))).message).toBe('UNAUTHENTICATED');
  });

  it('closes the session’s sockets within 5 s of logout, and they get no further events', async () => {
    const dan = await signIn(t);
    const otherDevice = await anotherSession(dan);
    const client = await joined(dan.token, dan.userId);
    const control = await joined(otherDevice, dan.userId);
    const closed = closedWithin(client, 5000);
    const out = await fetch(`${t.url}/data/user/logout`, { method: 'POST', headers: dan.headers });
    expect(out.ok).toBe(true);
    expect(await closed).toBe('io server disconnect');
    // Only the session that logged out: the other device stays connected.
    expect(control.connected).toBe(true);
    await receivesNothingMore(client, control, dan.userId);
  });

  it('closes a socket that never joined its group too', async () => {
    const eve = await signIn(t);
    const client = connect({ token: eve.token });
    await connected(client);
    const closed = closedWithin(client, 5000);
    await fetch(`${t.url}/data/user/logout`, { method: 'POST', headers: eve.headers });
    expect(await closed).toBe('io server disconnect');
  });

  it('closes every session’s sockets on a password change; the new token connects', async () => {
    const fay = await signIn(t);
    const otherDevice = await anotherSession(fay);
    const here = await joined(fay.token, fay.userId);
    const there = await joined(otherDevice, fay.userId);
    const closed = [closedWithin(here, 5000), closedWithin(there, 5000)];
    const changed = await call<SessionResponse>(t, 'POST', 'user/updatePassword', {
      token: fay.token,
      body: { currentPassword: PASSWORD, password: 'Nueva-Clave-2025' },
    });
    expect(changed.status).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await refused(connect({ token: otherDevice }))).message).toBe('UNAUTHENTICATED');
    const fresh = await joined(changed.body.token, fay.userId);
    await receivesNothingMore(there, fresh, fay.userId);
  });

  it('closes a socket held by another api process (the Redis adapter carries the close)', async () => {
    const gil = await signIn(t);
    const otherApi = await createApp(t.config);
    try {
      await otherApi.listen(0, '127.0.0.1');
      const { port } = otherApi.getHttpServer().address() as { port: number };
      const elsewhere = await joined(gil.token, gil.userId, `http://127.0.0.1:${port}`);
      const closed = closedWithin(elsewhere, 5000);
      // Logged out through the first process; the socket lives in the second.
      await fetch(`${t.url}/data/user/logout`, { method: 'POST', headers: gil.headers });
      expect(await closed).toBe('io server disconnect');
    } finally {
      for (const client of clients.splice(0)) client.disconnect();
      await otherApi.close();
    }
  });

  it('closes a socket when its token expires, though the session lives on', async () => {
    const hal = await signIn(t);
    const claims = JSON.parse(Buffer.from(hal.token.split('.')[1], 'base64url').toString()) as {
      sid: string;
    };
    // The same session, in a token that expires in 3 s.
    const short = jwt.sign({ sid: claims.sid }, t.config.JWT_SECRET, {
      algorithm: 'HS256',
      subject: hal.userId,
      expiresIn: 3,
    });
    const client = await joined(short, hal.userId);
    const control = await joined(hal.token, hal.userId);
    expect(await closedWithin(client, 8000)).toBe('io server disconnect');
    await receivesNothingMore(client, control, hal.userId);
    await expect(connected(connect({ token: short }))).rejects.toThrow(/UNAUTHENTICATED/);
  });

  it('closes sockets on a worker’s request too (the Redis emitter carries it)', async () => {
    const hal = await signIn(t);
    const client = await joined(hal.token, hal.userId);
    const sessionId = (
      JSON.parse(Buffer.from(hal.token.split('.')[1], 'base64url').toString()) as { sid: string }
    ).sid;
    let worker: INestApplicationContext | undefined;
    try {
      worker = await createWorker({ ...t.config, ROLE: 'worker' });
      const closed = closedWithin(client, 5000);
      worker.get(Realtime).closeSessions([sessionId]);
      expect(await closed).toBe('io server disconnect');
    } finally {
      await worker?.close();
    }
  });
});
