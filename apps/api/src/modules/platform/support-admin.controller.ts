import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { AdminContactRequest, AdminProblemReport } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../infra/http/access';
import { setContentRange } from '../../infra/http/simple-rest';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { CONTACT_INBOX, PROBLEM_INBOX, SupportInbox } from './support-inbox.service';

/** Staff console (admins): the `contact-requests` and `problem-reports` resources and their status buttons. */
@Controller('admin')
@AdminOnly()
export class SupportAdminController {
  constructor(private readonly inbox: SupportInbox) {}

  @Get('contact-requests')
  async contactRequests(
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminContactRequest[]> {
    const page = await this.inbox.list(CONTACT_INBOX, query);
    setContentRange(res, 'contact-requests', page.skip, page.rows.length, page.total);
    return page.rows;
  }

  @Get('contact-requests/:id')
  contactRequest(@Param('id') id: string): Promise<AdminContactRequest> {
    return this.inbox.show(CONTACT_INBOX, id);
  }

  @Post('contact-requests/:id/start')
  @HttpCode(200)
  startContactRequest(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminContactRequest> {
    return this.inbox.advance(CONTACT_INBOX, id, 'in_progress', auth.userId);
  }

  @Post('contact-requests/:id/finish')
  @HttpCode(200)
  finishContactRequest(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminContactRequest> {
    return this.inbox.advance(CONTACT_INBOX, id, 'done', auth.userId);
  }

  @Get('problem-reports')
  async problemReports(
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminProblemReport[]> {
    const page = await this.inbox.list(PROBLEM_INBOX, query);
    setContentRange(res, 'problem-reports', page.skip, page.rows.length, page.total);
    return page.rows;
  }

  @Get('problem-reports/:id')
  problemReport(@Param('id') id: string): Promise<AdminProblemReport> {
    return this.inbox.show(PROBLEM_INBOX, id);
  }

  @Post('problem-reports/:id/start')
  @HttpCode(200)
  startProblemReport(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminProblemReport> {
    return this.inbox.advance(PROBLEM_INBOX, id, 'in_progress', auth.userId);
  }

  @Post('problem-reports/:id/finish')
  @HttpCode(200)
  finishProblemReport(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<AdminProblemReport> {
    return this.inbox.advance(PROBLEM_INBOX, id, 'done', auth.userId);
  }
}
