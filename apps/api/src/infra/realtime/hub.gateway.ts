import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
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
import { SessionService, type AuthUser } from '../../modules/identity/session.service';
import { Realtime } from './realtime.service';
import { userRoom } from './hub';

interface HubSocketData {
  user?: AuthUser;
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

/** Socket.IO namespace `/hub`: only signed-in users connect, and each joins only its own room. */
@WebSocketGateway({ namespace: HUB_NAMESPACE })
export class HubGateway implements OnGatewayInit {
  private readonly logger = new Logger('Hub');

  constructor(
    private readonly sessions: SessionService,
    private readonly realtime: Realtime,
  ) {}

  afterInit(
    hub: Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, HubSocketData>,
  ): void {
    // Middleware runs before the connection exists, so a refused socket never joins anything.
    hub.use((socket: HubSocket, next) => {
      const token = handshakeToken(socket.handshake);
      const refuse = () =>
        next(
          Object.assign(new Error(ErrorCode.UNAUTHENTICATED), { data: { code: ErrorCode.UNAUTHENTICATED } }),
        );
      if (!token) return refuse();
      this.sessions.authenticate(token).then(
        (user) => {
          if (!user) return refuse();
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
  }

  @SubscribeMessage('AddGroup')
  async addGroup(@ConnectedSocket() socket: HubSocket, @MessageBody() userId: unknown): Promise<AddGroupAck> {
    const { user, token } = socket.data;
    if (!user || typeof userId !== 'string' || userId !== user.userId)
      return { ok: false, code: ErrorCode.FORBIDDEN };
    // A session revoked since the handshake (logout, password change) may not join again.
    const current = token ? await this.sessions.authenticate(token) : null;
    if (!current || current.userId !== user.userId) return { ok: false, code: ErrorCode.UNAUTHENTICATED };
    await socket.join(userRoom(userId));
    return { ok: true };
  }
}
