import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import {
  platformFlagsUpdateSchema,
  type AdminPlatformStatus,
  type HealthPing,
  type PlatformConfig,
  type PlatformFlagsUpdate,
  type PlatformStatus,
} from '@estancia/contracts';
import { AdminOnly, Public } from '../../infra/http/access';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { PlatformService } from './platform.service';

@Controller()
export class PlatformController {
  constructor(private readonly platform: PlatformService) {}

  /** The apps' "API healthy" poll (spec section 7). */
  @Public()
  @Get('project/healthCheck')
  @Header('Cache-Control', 'no-store')
  health(): Promise<HealthPing> {
    return this.platform.health();
  }

  /** The background poll for the high-demand banners and maintenance mode. */
  @Public()
  @Get('platform/status')
  @Header('Cache-Control', 'no-store')
  status(): Promise<PlatformStatus> {
    return this.platform.status();
  }

  @Public()
  @Get('platform/config')
  config(): PlatformConfig {
    return this.platform.publicConfig();
  }

  @AdminOnly()
  @Get('admin/platform/status')
  adminStatus(): Promise<AdminPlatformStatus> {
    return this.platform.adminStatus();
  }

  @AdminOnly()
  @Put('admin/platform/status')
  update(
    @Body(validate(platformFlagsUpdateSchema)) body: PlatformFlagsUpdate,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminPlatformStatus> {
    return this.platform.update(body, user.userId);
  }
}
