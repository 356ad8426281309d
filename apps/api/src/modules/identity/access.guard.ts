import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, STAFF_ROLES, type Role } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { API_KEY_ROUTE, IS_PUBLIC, ROLES_KEY } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { RateLimiter } from './rate-limiter.service';
import { bearerToken, clientIp, type AuthedRequest } from './request-context';
import { SessionService } from './session.service';

/**
 * The global HTTP guard: the per-IP API limit, then the access marks of infra/http/access.ts.
 * Public routes still learn who is calling when a valid token comes along; a bad token there is ignored.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    if (req.path.startsWith('/data/'))
      await this.limiter.hit('api-ip', clientIp(req), this.config.RATE_LIMIT_API_PER_IP);

    const targets = [context.getHandler(), context.getClass()];
    // The public API authenticates with an API key in its own guard (modules/integrations).
    if (this.reflector.getAllAndOverride<boolean | undefined>(API_KEY_ROUTE, targets)) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);

    const token = bearerToken(req);
    const auth = token ? await this.sessions.authenticate(token) : null;
    if (auth) req.auth = auth;
    if (isPublic) return true;
    if (!auth) throw await this.unauthenticated(token);
    if (roles && !roles.includes(auth.role)) {
      const staffRoute = roles.every((role) => STAFF_ROLES.includes(role));
      throw new AppError(staffRoute && auth.role === 'customer' ? ErrorCode.STAFF_ONLY : ErrorCode.FORBIDDEN);
    }
    return true;
  }

  /**
   * A 401 either way, so every client signs out; a blocked account's token says ACCOUNT_BLOCKED, so the
   * customer app can show why instead of silently dropping to the visitor pages.
   */
  private async unauthenticated(token: string | null): Promise<AppError> {
    const code = token ? await this.sessions.refusal(token) : ErrorCode.UNAUTHENTICATED;
    return new AppError(code, undefined, { status: 401 });
  }
}
