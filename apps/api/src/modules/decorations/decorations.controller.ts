import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  orderDecorationsRequestSchema,
  redoDecorationRequestSchema,
  type Decoration,
  type DecorationVersion,
  type Locale,
  type OrderDecorationsRequest,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type RedoDecorationRequest,
} from '@estancia/contracts';
import type { Response } from 'express';
import { RequestedLocale } from '../../infra/http/caller-locale';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { DecorationsService } from './decorations.service';
import { attachmentDisposition } from './download-name';
import { DownloadsService, sendDownload } from './downloads.service';

@Controller()
export class DecorationsController {
  constructor(
    private readonly decorations: DecorationsService,
    private readonly downloads: DownloadsService,
  ) {}

  @Get('project/:id')
  detail(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<ProjectDetail> {
    return this.decorations.detail(auth.userId, id);
  }

  @Post('project/:id/decorations')
  @HttpCode(201)
  order(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(orderDecorationsRequestSchema)) body: OrderDecorationsRequest,
  ): Promise<OrderDecorationsResponse> {
    return this.decorations.order(auth.userId, id, body);
  }

  @Get('project/:id/download')
  async zip(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Query('ids') ids: string | undefined,
    @RequestedLocale() locale: Locale | null,
    @Res() res: Response,
  ): Promise<void> {
    const list = (ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const zip = await this.downloads.zip(auth.userId, id, list, locale);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', attachmentDisposition(zip.name));
    res.setHeader('Cache-Control', 'private, no-store');
    await zip.write(res);
  }

  @Post('decoration/:id/redo')
  @HttpCode(201)
  redo(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(redoDecorationRequestSchema)) body: RedoDecorationRequest,
  ): Promise<Decoration> {
    return this.decorations.redo(auth.userId, id, body);
  }

  @Get('decoration/:id/versions')
  versions(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<DecorationVersion[]> {
    return this.decorations.versions(auth.userId, id);
  }

  @Post('decoration/:id/versions/:versionId/restore')
  @HttpCode(200)
  restore(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
  ): Promise<Decoration> {
    return this.decorations.restore(auth.userId, id, versionId);
  }

  @Get('decoration/:id/download')
  async download(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @RequestedLocale() locale: Locale | null,
    @Res() res: Response,
  ): Promise<void> {
    sendDownload(res, await this.downloads.one(auth.userId, id, locale));
  }
}
