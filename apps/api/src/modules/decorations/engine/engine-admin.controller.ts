import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  engineRouteUpdateSchema,
  engineTestRequestSchema,
  engineUseSchema,
  type EngineCapabilities,
  type EngineChoice,
  type EngineRouteUpdate,
  type EngineSettings,
  type EngineStats,
  type EngineTestResult,
  type EngineUse,
} from '@estancia/contracts';
import { z } from 'zod';
import { AdminOnly } from '../../../infra/http/access';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { EngineAdminService } from './engine-admin.service';
import { EngineRouter } from './engine-router.service';

const daysSchema = z.coerce.number().int().min(1).max(365).default(30);

@Controller()
export class EngineAdminController {
  constructor(
    private readonly admin: EngineAdminService,
    private readonly router: EngineRouter,
  ) {}

  /** What the customer app may offer with the engine that decorates automatic orders now. */
  @Get('platform/engine')
  async capabilities(): Promise<EngineCapabilities> {
    return { emptiesRooms: await this.router.emptiesRooms('automatic') };
  }

  @AdminOnly()
  @Get('admin/engines')
  settings(): Promise<EngineSettings> {
    return this.admin.settings();
  }

  @AdminOnly()
  @Put('admin/engines/routes/:use')
  saveRoute(
    @Param('use', validate(engineUseSchema)) use: EngineUse,
    @Body(validate(engineRouteUpdateSchema)) body: EngineRouteUpdate,
    @CurrentUser() user: AuthUser,
  ): Promise<EngineSettings> {
    return this.admin.saveRoute(use, body, user.userId);
  }

  @AdminOnly()
  @Post('admin/engines/test')
  test(@Body(validate(engineTestRequestSchema)) body: EngineChoice): Promise<EngineTestResult> {
    return this.admin.test(body);
  }

  @AdminOnly()
  @Get('admin/engines/stats')
  stats(@Query('days', validate(daysSchema)) days: number): Promise<EngineStats> {
    return this.admin.stats(days);
  }
}
