import { Body, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  decorationSchema,
  decorationVersionSchema,
  ErrorCode,
  orderDecorationsRequestSchema,
  orderDecorationsResponseSchema,
  redoDecorationRequestSchema,
  type Decoration,
  type DecorationVersion,
  type Locale,
  type OrderDecorationsRequest,
  type OrderDecorationsResponse,
  type RedoDecorationRequest,
} from '@estancia/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { RequestedLocale } from '../../../infra/http/caller-locale';
import { validate } from '../../../infra/http/zod.pipe';
import { DecorationsService } from '../../decorations/decorations.service';
import { DownloadsService, sendDownload } from '../../decorations/downloads.service';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { Idempotent } from '../idempotency';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from '../openapi/api-doc';

/** Ordering, reading, redoing and downloading decorations over the app's own services. */
@IntegratorApi()
export class DecorationsV1Controller {
  constructor(
    private readonly decorations: DecorationsService,
    private readonly downloads: DownloadsService,
  ) {}

  @Post('projects/:id/decorations')
  @HttpCode(201)
  @Idempotent()
  @ApiDoc({
    tag: 'Decorations',
    operationId: 'orderDecorations',
    summary: 'Order decorations',
    description:
      'Decorates up to 5 photos of the project, automatic (seconds) or supervised (fixed by a decorator within 48 working hours), and takes their credits from the wallet in one step. Send an Idempotency-Key so that a retry never charges twice. More decorations than the plan allows in one order answer DECORATIONS_LIMIT (`fields.selected`, `fields.limit`); rooms and styles outside the plan answer PLAN_REQUIRED (the field flagged); a subscriber whose balance does not cover the order gets PLAN_EXCEEDED (`fields.needed`, `fields.balance`), anyone else INSUFFICIENT_CREDITS. Nothing is charged on any of them.',
    body: orderDecorationsRequestSchema,
    status: 201,
    response: orderDecorationsResponseSchema,
    errors: [
      ErrorCode.NOT_FOUND,
      ErrorCode.DECORATIONS_LIMIT,
      ErrorCode.PLAN_REQUIRED,
      ErrorCode.INSUFFICIENT_CREDITS,
      ErrorCode.PLAN_EXCEEDED,
      ErrorCode.HIGH_DEMAND,
      ErrorCode.EMPTY_ROOM_UNAVAILABLE,
      ErrorCode.IDEMPOTENCY_KEY_REUSED,
      ErrorCode.IDEMPOTENCY_KEY_IN_USE,
    ],
  })
  order(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(orderDecorationsRequestSchema)) body: OrderDecorationsRequest,
  ): Promise<OrderDecorationsResponse> {
    return this.decorations.order(auth.userId, id, body);
  }

  @Get('decorations/:id')
  @ApiDoc({
    tag: 'Decorations',
    operationId: 'getDecoration',
    summary: 'Read a decoration',
    description:
      'State (pending, ready, failed), progress stage and percentage, room type, style, result links once ready and, for a supervised decoration, its review stage and promised delivery date.',
    response: decorationSchema,
    errors: [ErrorCode.NOT_FOUND],
  })
  one(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<Decoration> {
    return this.decorations.one(auth.userId, id);
  }

  @Post('decorations/:id/redo')
  @HttpCode(201)
  @Idempotent()
  @ApiDoc({
    tag: 'Decorations',
    operationId: 'redoDecoration',
    summary: 'Redo a decoration',
    description:
      'A new version of the decoration, in another room type or style if given; the last 5 versions are kept. Charged as a redo.',
    body: redoDecorationRequestSchema,
    status: 201,
    response: decorationSchema,
    errors: [
      ErrorCode.NOT_FOUND,
      ErrorCode.PLAN_REQUIRED,
      ErrorCode.INSUFFICIENT_CREDITS,
      ErrorCode.PLAN_EXCEEDED,
      ErrorCode.DECORATION_NOT_READY,
      ErrorCode.EMPTY_ROOM_UNAVAILABLE,
      ErrorCode.IDEMPOTENCY_KEY_REUSED,
      ErrorCode.IDEMPOTENCY_KEY_IN_USE,
    ],
  })
  redo(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body(validate(redoDecorationRequestSchema)) body: RedoDecorationRequest,
  ): Promise<Decoration> {
    return this.decorations.redo(auth.userId, id, body);
  }

  @Get('decorations/:id/versions')
  @ApiDoc({
    tag: 'Decorations',
    operationId: 'listDecorationVersions',
    summary: 'List the versions of a decoration',
    description: 'Newest first.',
    response: z.array(decorationVersionSchema),
    errors: [ErrorCode.NOT_FOUND],
  })
  versions(@CurrentUser() auth: AuthUser, @Param('id') id: string): Promise<DecorationVersion[]> {
    return this.decorations.versions(auth.userId, id);
  }

  @Get('decorations/:id/download')
  @ApiDoc({
    tag: 'Decorations',
    operationId: 'downloadDecoration',
    summary: 'Download the result',
    description:
      'The current result as a file, in the format chosen in the account (JPEG unless PNG was chosen), watermarked unless the plan removes the mark.',
    binary: ['image/jpeg', 'image/png'],
    errors: [ErrorCode.NOT_FOUND, ErrorCode.DECORATION_NOT_READY],
  })
  async download(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @RequestedLocale() locale: Locale | null,
    @Res() res: Response,
  ): Promise<void> {
    sendDownload(res, await this.downloads.one(auth.userId, id, locale));
  }
}
