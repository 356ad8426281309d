import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  contactRequestSchema,
  problemReportRequestSchema,
  type ContactRequestBody,
  type ProblemReportBody,
  type SupportReceipt,
} from '@estancia/contracts';
import type { Request } from 'express';
import { Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import { clientIp } from '../identity/request-context';
import type { AuthUser } from '../identity/session.service';
import { SupportService } from './support.service';

/** The contact-sales form (anyone) and the problem report (signed-in customers). */
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Public()
  @Post('contact')
  @HttpCode(201)
  contact(
    @Body(validate(contactRequestSchema)) body: ContactRequestBody,
    @Req() req: Request,
  ): Promise<SupportReceipt> {
    return this.support.contact(body, clientIp(req));
  }

  @Post('problem-reports')
  @HttpCode(201)
  reportProblem(
    @Body(validate(problemReportRequestSchema)) body: ProblemReportBody,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ): Promise<SupportReceipt> {
    // The browser is the one the report came from when the page did not say.
    const userAgent = body.userAgent || String(req.headers['user-agent'] ?? '').slice(0, 1000);
    return this.support.reportProblem({ ...body, userAgent }, user.userId, clientIp(req));
  }
}
