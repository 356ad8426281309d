import type { INestApplicationContext } from '@nestjs/common';
import type { AddGroupAck, ClientToServerEvents, ServerToClientEvents } from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { createWorker } from '../../app.factory';
import { Realtime } from './realtime.service';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('real-time hub /hub', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const clients: Client[] = [];

  const connect = (auth: Record<string, string> = {}, extraHeaders: Record<string, string> = {}): Client => {
    const client: Client = io(`${t.url}/hub`, {
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
  const joined = async (token: string, userId: string): Promise<Client> => {
    const client = connect({ token });
    await connected(client);
    expect(await addGroup(client, userId)).toEqual({ ok: true });
    return client;
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

  it('refuses to join once the session was revoked', async () => {
    const carol = await signIn(t);
    const client = connect({ token: carol.token });
    await connected(client);
    const out = await fetch(`${t.url}/data/user/logout`, { method: 'POST', headers: carol.headers });
    expect(out.ok).toBe(true);
    expect(await addGroup(client, carol.userId)).toEqual({ ok: false, code: 'UNAUTHENTICATED' });
    expect((await refused(connect({ token: carol.token }))).message).toBe('UNAUTHENTICATED');
  });
});
