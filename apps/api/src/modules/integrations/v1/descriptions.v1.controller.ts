import { Body, Get, Param, Post, Res } from '@nestjs/common';
import {
  descriptionFactsSchema,
  descriptionSchema,
  descriptionVersionSchema,
  ErrorCode,
  projectDescriptionsSchema,
  type Description,
  type DescriptionFacts,
  type DescriptionVersion,
  type ProjectDescriptions,
} from '@estancia/contracts';
import type { Response } from 'express';
import { validate } from '../../../infra/http/zod.pipe';
import { DescriptionsService, type Written } from '../../descriptions/descriptions.service';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { Idempotent } from '../idempotency';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';

/** As the app: 201 with the written version; 202 with the pending one when the writer is slow. */
const answer = (res: Response, written: Written): DescriptionVersion => {
  res.status(written.finished ? 201 : 202);
  return written.version;
};

const WRITE_ERRORS = [
  ErrorCode.NOT_FOUND,
  ErrorCode.INSUFFICIENT_CREDITS,
  ErrorCode.DESCRIPTION_LIMIT_REACHED,
  ErrorCode.GENERATION_ERROR,
  ErrorCode.IDEMPOTENCY_KEY_REUSED,
  ErrorCode.IDEMPOTENCY_KEY_IN_USE,
];

/** Property descriptions (write, regenerate, read) over the app's own service. */
@IntegratorApi()
export class DescriptionsV1Controller {
  constructor(private readonly descriptions: DescriptionsService) {}

  @Post('projects/:id/descriptions')
  @Idempotent()
  @ApiDoc({
    tag: 'Descriptions',
    operationId: 'writeDescription',
    summary: 'Write a description',
    description:
      "A property description in the facts' language: the project's first in that language, or a new version when one exists (same facts: a regeneration; other facts: a modification). Answers 201 with the text, or 202 with the pending version when the writer takes longer than 30 seconds (read it later, or take the description.ready webhook).",
    body: descriptionFactsSchema,
    status: 201,
    response: descriptionVersionSchema,
    errors: WRITE_ERRORS,
  })
  async write(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(descriptionFactsSchema)) body: DescriptionFacts,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DescriptionVersion> {
    return answer(res, await this.descriptions.generate(auth.userId, id, body));
  }

  @Get('projects/:id/descriptions')
  @ApiDoc({
    tag: 'Descriptions',
    operationId: 'listDescriptions',
    summary: "List a project's descriptions",
    description:
      "One description per language with all its versions (newest first), and the plan's monthly allowance.",
    response: projectDescriptionsSchema,
    errors: [ErrorCode.NOT_FOUND],
  })
  list(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<ProjectDescriptions> {
    return this.descriptions.list(auth.userId, id);
  }

  @Get('descriptions/:id')
  @ApiDoc({
    tag: 'Descriptions',
    operationId: 'getDescription',
    summary: 'Read a description',
    description: 'The description with all its versions, newest first.',
    response: descriptionSchema,
    errors: [ErrorCode.NOT_FOUND],
  })
  one(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<Description> {
    return this.descriptions.one(auth.userId, id);
  }

  @Post('descriptions/:id/regenerate')
  @Idempotent()
  @ApiDoc({
    tag: 'Descriptions',
    operationId: 'regenerateDescription',
    summary: 'Regenerate a description',
    description:
      'Another text for the same facts; the first 5 regenerations of a description are free. 201 or 202 as when writing.',
    status: 201,
    response: descriptionVersionSchema,
    errors: WRITE_ERRORS,
  })
  async regenerate(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DescriptionVersion> {
    return answer(res, await this.descriptions.regenerate(auth.userId, id));
  }
}
