import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Role } from '@estancia/contracts';
import jwt from 'jsonwebtoken';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import type { HubAuthenticator } from '../../infra/realtime/hub-authenticator.port';
import { Realtime } from '../../infra/realtime/realtime.service';

/** Who is calling: the signed-in user, their current role and the session their token belongs to. */
export interface AuthUser {
  userId: string;
  role: Role;
  sessionId: string;
  /** When the bearer token expires (epoch ms), for a connection that must end with it. */
  expiresAt?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * JWT sessions with revocation: every token names a `sessions` row (`sid`), so logging out or
 * changing the password stops a token at once instead of when it expires, and closes the real-time
 * connections opened with it. Also the hub's `HubAuthenticator`.
 */
@Injectable()
export class SessionService implements HubAuthenticator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly realtime: Realtime,
  ) {}

  /** Opens a session and returns its signed token (HS256). */
  async open(userId: string, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const ttlSeconds = this.config.JWT_TTL_HOURS * 3600;
    const [row] = (await manager.query(
      `INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + make_interval(secs => $2)) RETURNING id`,
      [userId, ttlSeconds],
    )) as { id: string }[];
    return jwt.sign({ sid: row.id }, this.config.JWT_SECRET, {
      algorithm: 'HS256',
      subject: userId,
      expiresIn: ttlSeconds,
    });
  }

  /**
   * The caller behind a token, or null. Refuses unsigned (`alg: none`) and foreign-signed tokens,
   * expired tokens, tokens whose session was revoked, and blocked accounts (blocking also revokes their
   * sessions: this is the second lock); the role is read fresh from the account.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, this.config.JWT_SECRET, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    if (typeof claims === 'string') return null;
    const sessionId: unknown = claims.sid;
    const userId = claims.sub;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId) || !userId || !UUID.test(userId)) return null;
    const [row] = (await this.dataSource.query(
      `SELECT u.role FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND u.blocked_at IS NULL`,
      [sessionId, userId],
    )) as { role: Role }[];
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
    return row ? { userId, role: row.role, sessionId, expiresAt } : null;
  }

  /**
   * Why `authenticate` refused a token: ACCOUNT_BLOCKED when it is a genuine token of a blocked account
   * (so the app can say so instead of silently signing out), else UNAUTHENTICATED.
   */
  async refusal(token: string): Promise<ErrorCode> {
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, this.config.JWT_SECRET, { algorithms: ['HS256'] });
    } catch {
      return ErrorCode.UNAUTHENTICATED;
    }
    const userId = typeof claims === 'string' ? undefined : claims.sub;
    if (!userId || !UUID.test(userId)) return ErrorCode.UNAUTHENTICATED;
    const [row] = (await this.dataSource.query(
      `SELECT 1 FROM users WHERE id = $1 AND blocked_at IS NOT NULL`,
      [userId],
    )) as unknown[];
    return row ? ErrorCode.ACCOUNT_BLOCKED : ErrorCode.UNAUTHENTICATED;
  }

  /**
   * Blocking: tells the open apps of these sessions that the account is blocked, then closes their hub
   * connections (after the commit, like closeConnections).
   */
  closeBlockedConnections(sessionIds: readonly string[]): void {
    this.realtime.toSessions(sessionIds, 'AccountBlocked');
    this.realtime.closeSessions(sessionIds);
  }

  /** Logout: ends the session and closes its open hub connections (in every api process). */
  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId],
    );
    this.realtime.closeSessions([sessionId]);
  }

  /**
   * Ends every session of a user (password changed or reset, account deleted) inside the caller's
   * transaction and answers their ids; pass them to `closeConnections` once it commits.
   */
  async revokeAll(userId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const [rows] = (await manager.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    )) as [{ id: string }[], number];
    return rows.map((row) => row.id);
  }

  /**
   * Closes the hub connections of revoked sessions. After the commit: a client that reconnects at
   * once must already find its session revoked.
   */
  closeConnections(sessionIds: readonly string[]): void {
    this.realtime.closeSessions(sessionIds);
  }
}
