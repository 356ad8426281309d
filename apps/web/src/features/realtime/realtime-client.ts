import type { Socket } from 'socket.io-client';
import {
  ErrorCode,
  TIMINGS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@estancia/contracts';

export type HubSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  'connected' | 'connect' | 'disconnect' | 'on' | 'emit' | 'removeAllListeners'
>;

export interface RealtimeClientDeps {
  /** Creates a socket that does not connect by itself and never reconnects by itself. */
  createSocket: (token: string) => HubSocket;
  /** Server events the app listens to. */
  handlers: Partial<ServerToClientEvents>;
  /** The hub refused the token because the account is blocked: no retry follows. */
  onBlocked?: () => void;
  /** Failures are logged only: the user sees no message (spec section 8). */
  log: (message: string, error?: unknown) => void;
  reconnectMs?: number;
}

/**
 * The real-time hub connection: opened when a user signs in, joins the user's own group, retries every
 * 5 s after a failure and reconnects after a close unless it was closed on purpose.
 */
export class RealtimeClient {
  private socket: HubSocket | null = null;
  private token = '';
  private userId = '';
  private connecting = false;
  private deliberate = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: RealtimeClientDeps) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  connect(userId: string, token: string): void {
    this.deliberate = false;
    if (this.socket && this.token === token && this.userId === userId) {
      if (this.socket.connected || this.connecting || this.retryTimer !== undefined) return;
    } else {
      this.dropSocket();
      this.token = token;
      this.userId = userId;
      this.socket = this.wire(this.deps.createSocket(token));
    }
    this.open();
  }

  /** Closes on purpose: no reconnect follows. Acts on the socket only when it is connected. */
  disconnect(): void {
    this.deliberate = true;
    this.cancelRetry();
    if (this.socket?.connected) this.socket.disconnect();
  }

  private open(): void {
    this.cancelRetry();
    if (!this.socket || this.deliberate) return;
    this.connecting = true;
    this.socket.connect();
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, this.deps.reconnectMs ?? TIMINGS.realtimeReconnectMs);
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private dropSocket(): void {
    this.cancelRetry();
    if (!this.socket) return;
    this.socket.removeAllListeners();
    if (this.socket.connected) this.socket.disconnect();
    this.socket = null;
    this.connecting = false;
  }

  private wire(socket: HubSocket): HubSocket {
    socket.on('connect', () => {
      this.connecting = false;
      // Signed out while the handshake was in flight.
      if (this.deliberate) {
        socket.disconnect();
        return;
      }
      socket.emit('AddGroup', String(this.userId), (result) => {
        if (!result.ok) this.deps.log(`AddGroup refused: ${result.code}`);
      });
    });
    socket.on('connect_error', (error) => {
      this.connecting = false;
      if ((error as { data?: { code?: unknown } }).data?.code === ErrorCode.ACCOUNT_BLOCKED) {
        this.deliberate = true;
        this.deps.onBlocked?.();
        return;
      }
      this.deps.log('Real-time connection failed; retrying', error);
      if (!this.deliberate) this.scheduleRetry();
    });
    socket.on('disconnect', (reason) => {
      this.connecting = false;
      if (this.deliberate) return;
      this.deps.log(`Real-time connection closed (${reason}); reconnecting`);
      this.open();
    });
    // Told before the server closes the connection: no reconnect, the blocked page instead.
    socket.on('AccountBlocked', () => {
      this.deliberate = true;
      this.deps.onBlocked?.();
    });
    for (const [event, handler] of Object.entries(this.deps.handlers)) {
      socket.on(
        event as keyof ServerToClientEvents,
        handler as ServerToClientEvents[keyof ServerToClientEvents],
      );
    }
    return socket;
  }
}
