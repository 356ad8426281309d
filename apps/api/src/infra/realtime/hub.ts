import type { AppConfig } from '../config/config';

/** The room every socket of one user joins (the spec's `AddGroup`). */
export const userRoom = (userId: string): string => `user:${userId}`;

/** Every socket joins the room of the session its token names, so ending the session can close it. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/** Redis channel prefix shared by the Socket.IO adapter (api) and the emitter (worker). */
export const hubChannelKey = (config: AppConfig): string => `${config.REDIS_PREFIX}:socket.io`;

/** Origins allowed to call the API and the hub from another site; empty means same-origin only. */
export const corsOrigins = (config: AppConfig): string[] =>
  config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
