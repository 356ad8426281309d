import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { deleteAccountRequestSchema, type StatusResponse } from '@estancia/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import { clientIp } from '../identity/request-context';
import type { AuthUser } from '../identity/session.service';
import { AccountErasure } from './account-erasure.service';
import { AccountExport } from './account-export.service';

/** The customer's own account as a whole, beside the other user calls under /data/user. */
@Controller('user')
export class AccountController {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly exporter: AccountExport,
  ) {}

  @Post('deleteAccount')
  @HttpCode(200)
  deleteAccount(
    @CurrentUser() auth: AuthUser,
    @Body(validate(deleteAccountRequestSchema)) body: z.output<typeof deleteAccountRequestSchema>,
    @Req() req: Request,
  ): Promise<StatusResponse> {
    return this.erasure.erase(auth, body, clientIp(req));
  }

  @Get('exportData')
  async exportData(@CurrentUser() auth: AuthUser, @Res() res: Response): Promise<void> {
    const zip = await this.exporter.prepare(auth.userId);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${zip.name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    await zip.write(res);
  }
}
