import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config';
import { closeClient, dropFailedPublishes, PUBLISHER_REDIS, reportOutages } from '../redis/redis-outage';
import { corsOrigins, hubChannelKey } from './hub';

/** Socket.IO on the Redis adapter, so an event emitted by any api or worker process reaches every socket. */
export class RedisIoAdapter extends IoAdapter {
  private publisher?: Redis;
  private subscriber?: Redis;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const origins = corsOrigins(this.config);
    const server = super.createIOServer(port, {
      ...options,
      ...(origins.length ? { cors: { origin: origins, credentials: true } } : {}),
    }) as Server;
    const logger = new Logger('Hub');
    // An event published during an outage is dropped, not replayed late; the subscriber waits as long as it
    // takes and subscribes again by itself once Redis is back.
    this.publisher ??= reportOutages(
      dropFailedPublishes(new Redis(this.config.REDIS_URL, PUBLISHER_REDIS)),
      'hub publisher',
      logger,
    );
    this.subscriber ??= reportOutages(
      new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null }),
      'hub subscriber',
      logger,
    );
    server.adapter(createAdapter(this.publisher, this.subscriber, { key: hubChannelKey(this.config) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all([this.publisher, this.subscriber].map((client) => client && closeClient(client)));
  }
}
