import { Body, Controller, Get, Put } from '@nestjs/common';
import { downloadOptionsSchema, type DownloadOptions } from '@estancia/contracts';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { DownloadOptionsService } from './download-options.service';

/** GET and PUT /data/user/download-options (Account page). */
@Controller('user/download-options')
export class DownloadOptionsController {
  constructor(private readonly options: DownloadOptionsService) {}

  @Get()
  get(@CurrentUser() auth: AuthUser): Promise<DownloadOptions> {
    return this.options.get(auth.userId);
  }

  @Put()
  set(
    @CurrentUser() auth: AuthUser,
    @Body(validate(downloadOptionsSchema)) body: DownloadOptions,
  ): Promise<DownloadOptions> {
    return this.options.set(auth.userId, body);
  }
}
