import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  adminBlockRequestSchema,
  adminCreditGrantRequestSchema,
  adminCreditRemovalRequestSchema,
  adminRoleChangeSchema,
  staffLoginRequestSchema,
  type AdminBlockRequest,
  type AdminCreditGrantRequest,
  type AdminCreditGrantResponse,
  type AdminCreditRemovalRequest,
  type AdminRoleChange,
  type AdminUser,
  type SessionResponse,
} from '@estancia/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { AdminOnly, Public } from '../../infra/http/access';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { validate } from '../../infra/http/zod.pipe';
import { ADMIN_USER_SORTABLE, type AdminUserSortField } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { CreditGrantsService } from './credit-grants.service';
import { CurrentUser } from './current-user.decorator';
import { IdentityService } from './identity.service';
import { clientIp } from './request-context';
import type { AuthUser } from './session.service';

/**
 * Staff console: sign-in (any staff) and the `users` resource (ra-data-simple-rest, admins only) with its
 * actions. DELETE users/:id (GDPR erasure) lives with the account module's erasure.
 */
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly identity: IdentityService,
    private readonly users: AdminUsersService,
    private readonly creditGrants: CreditGrantsService,
  ) {}

  @Public()
  @Post('session')
  @HttpCode(200)
  session(
    @Body(validate(staffLoginRequestSchema)) body: z.output<typeof staffLoginRequestSchema>,
    @Req() req: Request,
  ): Promise<SessionResponse> {
    return this.identity.staffLogin(body, clientIp(req));
  }

  /**
   * Filters: q (name or e-mail), role, plan (a code or 'none'), verified, blocked, createdFrom/createdTo
   * (inclusive days), id (one or many: getMany).
   */
  @AdminOnly()
  @Get('users')
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminUser[]> {
    const list = parseListQuery<AdminUserSortField>(
      query,
      Object.keys(ADMIN_USER_SORTABLE) as AdminUserSortField[],
      { field: 'createdAt', order: 'DESC' },
    );
    const { rows, total } = await this.users.list(list);
    setContentRange(res, 'users', list.skip, rows.length, total);
    return rows;
  }

  @AdminOnly()
  @Get('users/:id')
  show(@Param('id') id: string): Promise<AdminUser> {
    return this.users.show(id);
  }

  /** Gives credits with a note; `Idempotency-Key` (required) makes a double submit grant once. */
  @AdminOnly()
  @Post('users/:id/credits')
  @HttpCode(200)
  grantCredits(
    @Param('id') id: string,
    @Body(validate(adminCreditGrantRequestSchema)) body: AdminCreditGrantRequest,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminCreditGrantResponse> {
    return this.creditGrants.grant(auth.userId, id, body, key);
  }

  /** Takes credits back with a note, never below zero; `Idempotency-Key` required, as for a grant. */
  @AdminOnly()
  @Post('users/:id/credit-removals')
  @HttpCode(200)
  removeCredits(
    @Param('id') id: string,
    @Body(validate(adminCreditRemovalRequestSchema)) body: AdminCreditRemovalRequest,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminCreditGrantResponse> {
    return this.creditGrants.remove(auth.userId, id, body, key);
  }

  @AdminOnly()
  @Post('users/:id/role')
  @HttpCode(200)
  changeRole(
    @Param('id') id: string,
    @Body(validate(adminRoleChangeSchema)) body: AdminRoleChange,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminUser> {
    return this.users.changeRole(auth.userId, id, body.role);
  }

  @AdminOnly()
  @Post('users/:id/block')
  @HttpCode(200)
  block(
    @Param('id') id: string,
    @Body(validate(adminBlockRequestSchema)) body: AdminBlockRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminUser> {
    return this.users.block(auth.userId, id, body.reason);
  }

  @AdminOnly()
  @Post('users/:id/unblock')
  @HttpCode(200)
  unblock(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminUser> {
    return this.users.unblock(auth.userId, id);
  }

  @AdminOnly()
  @Post('users/:id/verification-email')
  @HttpCode(200)
  resendVerification(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminUser> {
    return this.users.resendVerification(auth.userId, id);
  }

  @AdminOnly()
  @Post('users/:id/password-reset-email')
  @HttpCode(200)
  sendPasswordReset(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminUser> {
    return this.users.sendPasswordReset(auth.userId, id);
  }
}
