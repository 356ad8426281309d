import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  ErrorCode,
  HUB_NAMESPACE,
  type AddGroupAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@estancia/contracts';
import type { Namespace, Socket } from 'socket.io';
import { MetricsService } from '../metrics/metrics.service';
import { HubAuthenticator, type HubCaller } from './hub-authenticator.port';
import { Realtime } from './realtime.service';
import { sessionRoom, userRoom } from './hub';

interface HubSocketData {
  user?: HubCaller;
  token?: string;
}
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, HubSocketData>;

/** The bearer token from `auth.token` (what our apps send) or an `Authorization: Bearer` header. */
export function handshakeToken(handshake: {
  auth?: Record<string, unknown>;
  headers: Record<string, unknown>;
}): string | null {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** The longest delay setTimeout accepts (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Socket.IO namespace `/hub`: only signed-in users connect, and each joins only its own room. */
@WebSocketGateway({ namespace: HUB_NAMESPACE })
export class HubGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Hub');

  constructor(
    private readonly authenticator: HubAuthenticator,
    private readonly realtime: Realtime,
    private readonly metrics: MetricsService,
  ) {}

  afterInit(
    hub: Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, HubSocketData>,
  ): void {
    // Middleware runs before the connection exists, so a refused socket never joins anything.
    hub.use((socket: HubSocket, next) => {
      const token = handshakeToken(socket.handshake);
      const refuse = (code: string = ErrorCode.UNAUTHENTICATED) =>
        next(Object.assign(new Error(code), { data: { code } }));
      if (!token) return refuse();
      this.authenticator.authenticate(token).then(
        (user) => {
          // A blocked account's app is told so (ACCOUNT_BLOCKED) rather than just refused.
          if (!user) return void this.authenticator.refusal(token).then(refuse, () => refuse());
          socket.data.user = user;
          socket.data.token = token;
          next();
        },
        (error: unknown) => {
          this.logger.warn(
            `Handshake check failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          refuse();
        },
      );
    });
    this.realtime.attach(hub);
    // Read at each scrape: the namespace's own count cannot drift as paired increments could.
    this.metrics.countSocketsWith(() => hub.sockets.size);
  }

  /**
   * Joins the socket to its session's room, which logout and password changes close
   * (`Realtime.closeSessions`). A session revoked between the handshake check and the join would miss
   * that close, so it is checked once more after joining.
   */
  async handleConnection(socket: HubSocket): Promise<void> {
    const { user, token } = socket.data;
    if (!user || !token) {
      socket.disconnect(true);
      return;
    }
    await socket.join(sessionRoom(user.sessionId));
    const current = await this.authenticator.authenticate(token).catch(() => null);
    if (current?.sessionId !== user.sessionId) {
      socket.disconnect(true);
      return;
    }
    this.closeAtExpiry(socket, user.expiresAt);
  }

  /** A token is good until its `exp`: the socket opened with it closes then, like its HTTP calls stop. */
  private closeAtExpiry(socket: HubSocket, expiresAt: number | undefined): void {
    if (expiresAt === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = expiresAt - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      // setTimeout holds at most ~24.8 days; a longer token is re-armed on the way.
      timer = setTimeout(schedule, Math.min(left, MAX_TIMER_MS));
      timer.unref?.();
    };
    socket.once('disconnect', () => clearTimeout(timer));
    schedule();
  }

  @SubscribeMessage('AddGroup')
  async addGroup(@ConnectedSocket() socket: HubSocket, @MessageBody() userId: unknown): Promise<AddGroupAck> {
    const { user, token } = socket.data;
    if (!user || typeof userId !== 'string' || userId !== user.userId)
      return { ok: false, code: ErrorCode.FORBIDDEN };
    // A session revoked since the handshake (logout, password change) may not join again.
    const current = token ? await this.authenticator.authenticate(token) : null;
    if (!current || current.userId !== user.userId) return { ok: false, code: ErrorCode.UNAUTHENTICATED };
    await socket.join(userRoom(userId));
    return { ok: true };
  }
}
