import { Body, Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { adminEraseRequestSchema, type AdminEraseRequest } from '@estancia/contracts';
import { AdminOnly } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { AccountErasure } from './account-erasure.service';

/**
 * DELETE /data/admin/users/:id with `{ reason }`: the staff console's GDPR erasure of a user (admins only),
 * beside the customer's own "delete my account" that it reuses; the rest of the `users` resource lives in
 * the identity module.
 */
@Controller('admin/users')
export class AdminAccountErasureController {
  constructor(private readonly erasure: AccountErasure) {}

  @AdminOnly()
  @Delete(':id')
  @HttpCode(200)
  erase(
    @Param('id') id: string,
    @Body(validate(adminEraseRequestSchema)) body: AdminEraseRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<{ id: string }> {
    return this.erasure.eraseByStaff(auth.userId, id, body.reason);
  }
}
