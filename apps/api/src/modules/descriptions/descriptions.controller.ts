import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  descriptionFactsSchema,
  type Description,
  type DescriptionFacts,
  type DescriptionVersion,
  type ProjectDescriptions,
} from '@estancia/contracts';
import type { Response } from 'express';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { DescriptionsService, type Written } from './descriptions.service';

/** 201 with the written version; 202 with the pending one when the writer is slow (the text comes by the hub). */
const answer = (res: Response, written: Written): DescriptionVersion => {
  res.status(written.finished ? 201 : 202);
  return written.version;
};

@Controller()
export class DescriptionsController {
  constructor(private readonly descriptions: DescriptionsService) {}

  @Get('project/:id/descriptions')
  list(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<ProjectDescriptions> {
    return this.descriptions.list(auth.userId, id);
  }

  @Post('project/:id/descriptions')
  async generate(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(descriptionFactsSchema)) body: DescriptionFacts,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DescriptionVersion> {
    return answer(res, await this.descriptions.generate(auth.userId, id, body));
  }

  @Post('description/:id/regenerate')
  async regenerate(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DescriptionVersion> {
    return answer(res, await this.descriptions.regenerate(auth.userId, id));
  }

  @Post('description/:id/restore/:versionId')
  @HttpCode(200)
  restore(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
  ): Promise<Description> {
    return this.descriptions.restore(auth.userId, id, versionId);
  }
}
