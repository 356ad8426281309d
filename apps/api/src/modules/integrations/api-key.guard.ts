import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode, INTEGRATION_HEADERS } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { RateLimiter } from '../identity/rate-limiter.service';
import { bearerToken, type AuthedRequest } from '../identity/request-context';
import { ApiKeys } from './api-keys.service';

/** A request of the public API once its key is known. */
export type KeyedRequest = AuthedRequest & { apiKeyId?: string };

/**
 * The guard of `/api/v1`: the bearer credential must be a live API key of a user whose plan has API
 * access; then the key's rate limit (Redis, shared by every api process), told in RateLimit-* headers
 * and, once over, a 429 with Retry-After. The key's owner becomes `req.auth`, so the app's services and
 * their ownership checks serve the public API unchanged.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeys,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const secret = bearerToken(req);
    if (!secret) throw new AppError(ErrorCode.API_KEY_INVALID);
    const holder = await this.keys.authenticate(secret);
    const limit = this.config.RATE_LIMIT_API_KEY;
    const { count, resetSeconds } = await this.limiter.count(
      'api-key',
      holder.keyId,
      this.config.RATE_LIMIT_API_KEY_WINDOW_SECONDS,
    );
    res.setHeader(INTEGRATION_HEADERS.rateLimitLimit, String(limit));
    res.setHeader(INTEGRATION_HEADERS.rateLimitRemaining, String(Math.max(0, limit - count)));
    if (count > limit) {
      res.setHeader(INTEGRATION_HEADERS.retryAfter, String(resetSeconds));
      throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfterSeconds: resetSeconds });
    }
    req.auth = { userId: holder.userId, role: holder.role, sessionId: `api-key:${holder.keyId}` };
    req.apiKeyId = holder.keyId;
    return true;
  }
}
