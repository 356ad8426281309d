import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  aiPreviewRequestSchema,
  saveEditRequestSchema,
  type AiPreview,
  type AiPreviewRequest,
  type EditDocument,
  type EditSession,
  type RenderEditResponse,
} from '@estancia/contracts';
import { StaffOnly } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { EditsService } from './edits.service';

interface SaveEdit {
  document: EditDocument;
  basedOn?: string | null;
}

/** The owner's editor on a ready decoration. */
@Controller('decoration/:id/edit')
export class EditsController {
  constructor(private readonly edits: EditsService) {}

  @Get()
  session(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<EditSession> {
    return this.edits.session(auth.userId, id);
  }

  @Put()
  save(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(saveEditRequestSchema)) body: SaveEdit,
  ): Promise<EditSession> {
    return this.edits.save(auth.userId, id, body.document, body.basedOn);
  }

  @Post('render')
  @HttpCode(201)
  render(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<RenderEditResponse> {
    return this.edits.render(auth.userId, id);
  }

  /** The engine's actual result for one AI layer, before the edit is rendered. */
  @Post('ai-preview')
  @HttpCode(200)
  aiPreview(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(aiPreviewRequestSchema)) body: AiPreviewRequest,
  ): Promise<AiPreview> {
    return this.edits.aiPreview(auth.userId, id, body);
  }
}

/** Staff fixing a review's draft: anyone may look, only the claim holder saves and renders. */
@StaffOnly()
@Controller('admin/reviews/:id/edit')
export class ReviewEditsController {
  constructor(private readonly edits: EditsService) {}

  @Get()
  session(@Param('id') id: string): Promise<EditSession> {
    return this.edits.reviewSession(id);
  }

  @Put()
  save(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(saveEditRequestSchema)) body: SaveEdit,
  ): Promise<EditSession> {
    return this.edits.saveForReview(auth.userId, id, body.document, body.basedOn);
  }

  @Post('render')
  @HttpCode(201)
  render(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<RenderEditResponse> {
    return this.edits.renderForReview(auth.userId, id);
  }

  @Post('ai-preview')
  @HttpCode(200)
  aiPreview(
    @Param('id') id: string,
    @Body(validate(aiPreviewRequestSchema)) body: AiPreviewRequest,
  ): Promise<AiPreview> {
    return this.edits.aiPreviewForReview(id, body);
  }
}
