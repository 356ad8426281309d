import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddGroupAck, User } from '@estancia/contracts';
import { RealtimeClient, type HubSocket } from './realtime-client';

type Listener = (...args: unknown[]) => void;

/** Stands in for a socket.io client socket: the test decides when it connects, fails or closes. */
class FakeSocket {
  connected = false;
  connectCalls = 0;
  disconnectCalls = 0;
  emitted: { event: string; args: unknown[] }[] = [];
  private listeners = new Map<string, Listener[]>();

  constructor(readonly token: string) {}

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  connect() {
    this.connectCalls++;
    return this;
  }
  disconnect() {
    this.disconnectCalls++;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
  serverAccepts() {
    this.connected = true;
    this.fire('connect');
  }
  serverRefuses() {
    this.fire('connect_error', new Error('refused'));
  }
  serverCloses() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
}

function setup(handlers = {}) {
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  const onBlocked = vi.fn();
  const client = new RealtimeClient({
    createSocket: (token) => {
      const socket = new FakeSocket(token);
      sockets.push(socket);
      return socket as unknown as HubSocket;
    },
    handlers,
    log,
    onBlocked,
    reconnectMs: 5000,
  });
  return { client, sockets, log, onBlocked, socket: () => sockets[sockets.length - 1] };
}

describe('real-time client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects with the token and joins the group named by the user id', () => {
    const { client, socket } = setup();
    client.connect('42', 'token-1');
    expect(socket().token).toBe('token-1');
    expect(socket().connectCalls).toBe(1);
    socket().serverAccepts();
    expect(socket().emitted[0].event).toBe('AddGroup');
    expect(socket().emitted[0].args[0]).toBe('42');
  });

  it('does not connect again while connected', () => {
    const { client, sockets, socket } = setup();
    client.connect('42', 'token-1');
    socket().serverAccepts();
    client.connect('42', 'token-1');
    expect(sockets).toHaveLength(1);
    expect(socket().connectCalls).toBe(1);
  });

  it('retries every 5 seconds after a failure and logs it without telling the user', () => {
    const { client, socket, log } = setup();
    client.connect('42', 'token-1');
    socket().serverRefuses();
    expect(log).toHaveBeenCalled();
    vi.advanceTimersByTime(4999);
    expect(socket().connectCalls).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket().connectCalls).toBe(2);
    socket().serverRefuses();
    vi.advanceTimersByTime(5000);
    expect(socket().connectCalls).toBe(3);
    socket().serverAccepts();
    vi.advanceTimersByTime(20_000);
    expect(socket().connectCalls).toBe(3);
  });

  it('reports a blocked account pushed by the hub and does not reconnect when the server closes', () => {
    const { client, socket, onBlocked } = setup();
    client.connect('42', 'token-1');
    socket().serverAccepts();
    socket().fire('AccountBlocked');
    socket().connected = false;
    socket().fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(20_000);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(socket().connectCalls).toBe(1);
  });

  it('reports a handshake refused with ACCOUNT_BLOCKED and stops retrying', () => {
    const { client, socket, onBlocked } = setup();
    client.connect('42', 'token-1');
    socket().fire(
      'connect_error',
      Object.assign(new Error('ACCOUNT_BLOCKED'), { data: { code: 'ACCOUNT_BLOCKED' } }),
    );
    vi.advanceTimersByTime(20_000);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(socket().connectCalls).toBe(1);
  });

  it('reconnects after a close it did not ask for', () => {
    const { client, socket } = setup();
    client.connect('42', 'token-1');
    socket().serverAccepts();
    socket().serverCloses();
    expect(socket().connectCalls).toBe(2);
  });

  it('stays closed after a deliberate disconnect, and stops pending retries', () => {
    const { client, socket } = setup();
    client.connect('42', 'token-1');
    socket().serverAccepts();
    client.disconnect();
    expect(socket().disconnectCalls).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(socket().connectCalls).toBe(1);

    client.connect('42', 'token-1');
    socket().serverRefuses();
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(socket().connectCalls).toBe(2);
  });

  it('acts on disconnect only when connected', () => {
    const { client, socket } = setup();
    client.disconnect();
    client.connect('42', 'token-1');
    client.disconnect();
    expect(socket().disconnectCalls).toBe(0);
    // The handshake that was in flight completes: it is closed at once instead of joining the group.
    socket().serverAccepts();
    expect(socket().emitted).toEqual([]);
    expect(socket().disconnectCalls).toBe(1);
  });

  it('opens a new socket when the token changes (a password change issues a new one)', () => {
    const { client, sockets } = setup();
    client.connect('42', 'token-1');
    sockets[0].serverAccepts();
    client.connect('42', 'token-2');
    expect(sockets).toHaveLength(2);
    expect(sockets[0].disconnectCalls).toBe(1);
    expect(sockets[1].token).toBe('token-2');
    // The old socket's close does not trigger a reconnect of anything.
    expect(sockets[0].connectCalls).toBe(1);
  });

  it('passes server events to the handlers and logs a refused AddGroup', () => {
    const onUser = vi.fn();
    const { client, socket, log } = setup({ UserConfirmation: onUser });
    client.connect('42', 'token-1');
    socket().serverAccepts();
    const ack = socket().emitted[0].args[1] as (result: AddGroupAck) => void;
    ack({ ok: false, code: 'FORBIDDEN' });
    expect(log).toHaveBeenCalledWith('AddGroup refused: FORBIDDEN');
    const user = { id: '42', credits: 9 } as User;
    socket().fire('UserConfirmation', user);
    expect(onUser).toHaveBeenCalledWith(user);
  });
});
