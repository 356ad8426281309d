import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import { AppError } from '../../infra/http/app-error';
import type { AuthedRequest } from './request-context';
import type { AuthUser } from './session.service';

/** The signed-in caller (set by the global access guard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const auth = ctx.switchToHttp().getRequest<AuthedRequest>().auth;
  if (!auth) throw new AppError(ErrorCode.UNAUTHENTICATED);
  return auth;
});

/** On a `@Public()` route: the caller when a valid token came along, else undefined. */
export const OptionalUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthUser | undefined =>
    ctx.switchToHttp().getRequest<AuthedRequest>().auth,
);
