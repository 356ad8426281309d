import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  advanceReformRequestSchema,
  type AdvanceReformRequest,
  type ReformRequest,
} from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../infra/http/access';
import { setContentRange } from '../../infra/http/simple-rest';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { ReformRequestsService } from './reform-requests.service';

/** Staff console: the `reform-requests` resource (ra-data-simple-rest), admins only, and its status steps. */
@Controller('admin/reform-requests')
export class ReformRequestsController {
  constructor(private readonly reformRequests: ReformRequestsService) {}

  @AdminOnly()
  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<ReformRequest[]> {
    const page = await this.reformRequests.list(query);
    setContentRange(res, 'reform-requests', page.skip, page.rows.length, page.total);
    return page.rows;
  }

  @AdminOnly()
  @Get(':id')
  show(@Param('id') id: string): Promise<ReformRequest> {
    return this.reformRequests.show(id);
  }

  @AdminOnly()
  @Post(':id/status')
  @HttpCode(200)
  advance(
    @Param('id') id: string,
    @Body(validate(advanceReformRequestSchema)) body: AdvanceReformRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<ReformRequest> {
    return this.reformRequests.advance(id, body.status, auth.userId);
  }
}
