import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ServerToClientEvents } from '@estancia/contracts';
import { HUB_NAMESPACE } from '@estancia/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import type { Namespace } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { closeClient, dropFailedPublishes, PUBLISHER_REDIS, reportOutages } from '../redis/redis-outage';
import { hubChannelKey, sessionRoom, userRoom } from './hub';

type EventName = keyof ServerToClientEvents;

/** What both the local namespace and the Redis emitter can do; the public methods keep the event map's types. */
interface HubTarget {
  to(room: string): { emit(event: string, ...args: unknown[]): unknown };
  in(rooms: string[]): { disconnectSockets(close: boolean): unknown };
  emit(event: string, ...args: unknown[]): unknown;
}

/**
 * Pushes server events to users. In an api process it uses the hub's namespace (the Redis adapter
 * fans out to the other processes); where no socket server runs (a worker) it publishes the same
 * events through the Redis emitter.
 */
@Injectable()
export class Realtime implements OnApplicationShutdown {
  private hub?: HubTarget;
  private namespace?: Namespace;
  private emitter?: { target: HubTarget; redis: Redis };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Called by the gateway once the namespace exists. */
  attach(hub: Namespace): void {
    this.namespace = hub;
    this.hub = hub as unknown as HubTarget;
  }

  /**
   * On shutdown: refuses new hub handshakes in this process and closes its connections at the transport
   * (engine.io), so each client sees `transport close` and reconnects by itself, through the balancer to
   * another process. A Socket.IO `disconnect()` would reach the client as `io server disconnect`, after
   * which it does not reconnect. Answers how many connections were closed.
   */
  closeLocalConnections(): number {
    const hub = this.namespace;
    if (!hub) return 0;
    hub.server.engine.opts.allowRequest = (_req, answer) => answer('shutting down', false);
    const sockets = [...hub.sockets.values()];
    for (const socket of sockets) socket.conn.close();
    return sockets.length;
  }

  toUser<E extends EventName>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.target()
      .to(userRoom(userId))
      .emit(event, ...args);
  }

  /** An event for the connections opened with these sessions' tokens (e.g. before closing them). */
  toSessions<E extends EventName>(
    sessionIds: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (!sessionIds.length) return;
    const target = this.target();
    for (const id of sessionIds) target.to(sessionRoom(id)).emit(event, ...args);
  }

  broadcast<E extends EventName>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.target().emit(event, ...args);
  }

  /**
   * Closes the hub connections opened with these sessions' tokens, in every api process (the Redis
   * adapter or emitter carries the request); the clients get `io server disconnect`. Called once the
   * sessions are revoked and committed, so a reconnect with the same token is refused.
   */
  closeSessions(sessionIds: readonly string[]): void {
    if (!sessionIds.length) return;
    this.target().in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  private target(): HubTarget {
    if (this.hub) return this.hub;
    if (!this.emitter) {
      // An event published during an outage is dropped, not replayed late.
      const redis = reportOutages(
        dropFailedPublishes(new Redis(this.config.REDIS_URL, PUBLISHER_REDIS)),
        'hub emitter',
        new Logger('Realtime'),
      );
      const emitter = new Emitter<ServerToClientEvents>(redis, { key: hubChannelKey(this.config) }).of(
        HUB_NAMESPACE,
      );
      this.emitter = { target: emitter as unknown as HubTarget, redis };
    }
    return this.emitter.target;
  }

  async onApplicationShutdown(): Promise<void> {
    const redis = this.emitter?.redis;
    this.emitter = undefined;
    if (redis) await closeClient(redis);
  }
}
