import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ErrorCode,
  FieldIssue,
  freeTryEmailRequestSchema,
  freeTryVerifyRequestSchema,
  LIMITS,
  redecorateFreeTryRequestSchema,
  startFreeTryFieldsSchema,
  type FreeTry,
  type FreeTryDownload,
  type InspirationExample,
  type PurchaseFreeTryResponse,
} from '@estancia/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { Public } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import { clientIp } from '../identity/request-context';
import type { AuthUser } from '../identity/session.service';
import type { UploadedFile as Upload } from '../projects/project-images.service';
import { FreeDownloads } from './free-downloads.service';
import { FreeTryService } from './free-try.service';
import { InspirationGallery } from './inspiration.service';
import { visitorId, visitorLanguage } from './visitor';

/** One photo in memory, refused past the 2 MB limit as soon as it is exceeded (like a project photo). */
const SinglePhoto = FileInterceptor('file', {
  limits: { fileSize: LIMITS.maxImageBytes + 1, files: 1, fields: 10, parts: 12 },
});

@Injectable()
class FreePhotoInterceptor extends SinglePhoto implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      // The free page takes one photo (spec section 5).
      if (error instanceof BadRequestException && /too many files/i.test(error.message))
        throw new AppError(ErrorCode.TOO_MANY_PHOTOS);
      if (error instanceof BadRequestException)
        throw new AppError(ErrorCode.VALIDATION_FAILED, { file: FieldIssue.INVALID });
      throw error;
    }
  }
}

/** The visitor's free try (public, the try's id is the capability) and its HD download paths. */
@Controller('free-try')
export class FreeTryController {
  constructor(
    private readonly tries: FreeTryService,
    private readonly downloads: FreeDownloads,
    private readonly gallery: InspirationGallery,
  ) {}

  @Public()
  @Get('inspiration')
  @Header('Cache-Control', 'public, max-age=3600')
  inspiration(): Promise<InspirationExample[]> {
    return this.gallery.list();
  }

  @Public()
  @Post()
  @UseInterceptors(FreePhotoInterceptor)
  start(
    @UploadedFile() file: Upload | undefined,
    @Body(validate(startFreeTryFieldsSchema)) fields: z.output<typeof startFreeTryFieldsSchema>,
    @Req() req: Request,
  ): Promise<FreeTry> {
    return this.tries.start(file, fields, { ip: clientIp(req), visitor: visitorId(req) });
  }

  @Public()
  @Post(':id/redecorate')
  @HttpCode(200)
  redecorate(
    @Param('id') id: string,
    @Body(validate(redecorateFreeTryRequestSchema)) body: z.output<typeof redecorateFreeTryRequestSchema>,
  ): Promise<FreeTry> {
    return this.tries.redecorate(id, body);
  }

  @Public()
  @Post(':id/email')
  @HttpCode(204)
  sendCode(
    @Param('id') id: string,
    @Body(validate(freeTryEmailRequestSchema)) body: z.output<typeof freeTryEmailRequestSchema>,
    @Req() req: Request,
  ): Promise<void> {
    return this.downloads.sendCode(id, body.email, clientIp(req), visitorLanguage(req));
  }

  @Public()
  @Post(':id/email/verify')
  @HttpCode(200)
  verify(
    @Param('id') id: string,
    @Body(validate(freeTryVerifyRequestSchema)) body: z.output<typeof freeTryVerifyRequestSchema>,
    @Req() req: Request,
  ): Promise<FreeTryDownload> {
    return this.downloads.verify(id, body.email, body.code, clientIp(req), visitorLanguage(req));
  }

  @Post(':id/claim')
  @HttpCode(200)
  claim(
    @Param('id') id: string,
    @CurrentUser() auth: AuthUser,
    @Req() req: Request,
  ): Promise<FreeTryDownload> {
    // The file is named in the language the page is shown in, as for a visitor.
    return this.downloads.claim(id, auth.userId, visitorLanguage(req));
  }

  @Post(':id/purchase')
  @HttpCode(200)
  purchase(
    @Param('id') id: string,
    @CurrentUser() auth: AuthUser,
    @Req() req: Request,
  ): Promise<PurchaseFreeTryResponse> {
    return this.downloads.purchase(id, auth.userId, visitorLanguage(req));
  }
}
