import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import {
  adminPackUpdateSchema,
  adminPlanUpdateSchema,
  type AdminPack,
  type AdminPackUpdate,
  type AdminPlan,
  type AdminPlanUpdate,
} from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../../infra/http/access';
import { parseListQuery, setContentRange } from '../../../infra/http/simple-rest';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { AdminOffersService } from './admin-offers.service';

/**
 * The four records of a resource in display order, narrowed by `filter.id` (getMany) when given. The
 * schemas below drop what ra-data-simple-rest sends back but nobody edits (id, gateway prices, counts).
 */
function fixedList<T extends { id: string }>(query: unknown, res: Response, resource: string, all: T[]): T[] {
  const list = parseListQuery(query, ['id'], { field: 'id', order: 'ASC' });
  const wanted = list.filter.id === undefined ? null : [list.filter.id].flat().map(String);
  const rows = all.filter((row) => !wanted || wanted.includes(row.id));
  const page = rows.slice(list.skip, list.skip + list.take);
  setContentRange(res, resource, list.skip, page.length, rows.length);
  return page;
}

/** Staff console (admins): the `plans` and `packs` resources (id = code; edited, never created or deleted). */
@Controller('admin')
@AdminOnly()
export class AdminOffersController {
  constructor(private readonly offers: AdminOffersService) {}

  @Get('plans')
  async plans(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminPlan[]> {
    return fixedList(query, res, 'plans', await this.offers.plans());
  }

  @Get('plans/:code')
  plan(@Param('code') code: string): Promise<AdminPlan> {
    return this.offers.plan(code);
  }

  @Put('plans/:code')
  updatePlan(
    @Param('code') code: string,
    @Body(validate(adminPlanUpdateSchema)) body: AdminPlanUpdate,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminPlan> {
    return this.offers.updatePlan(auth.userId, code, body);
  }

  @Get('packs')
  async packs(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminPack[]> {
    return fixedList(query, res, 'packs', await this.offers.packs());
  }

  @Get('packs/:code')
  pack(@Param('code') code: string): Promise<AdminPack> {
    return this.offers.pack(code);
  }

  @Put('packs/:code')
  updatePack(
    @Param('code') code: string,
    @Body(validate(adminPackUpdateSchema)) body: AdminPackUpdate,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminPack> {
    return this.offers.updatePack(auth.userId, code, body);
  }
}
