import type { Request } from 'express';
import type { AuthUser } from './session.service';

/** The request as the identity guard leaves it: `auth` is set when a valid token came with it. */
export type AuthedRequest = Request & { auth?: AuthUser };

/** The bearer token of the Authorization header, if any. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** The caller's address as Express sees it (honours X-Forwarded-For only when `trust proxy` is set). */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
