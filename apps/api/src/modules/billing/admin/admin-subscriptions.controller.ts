import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ErrorCode, type AdminSubscription } from '@estancia/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../../infra/http/access';
import { AppError } from '../../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../../infra/http/simple-rest';
import {
  AdminSubscriptionsRepository,
  SUBSCRIPTION_SORTABLE,
  type SubscriptionSortField,
} from './admin-subscriptions.repository';

/** Staff console (admins): the `subscriptions` resource, read only (the gateway is their source). */
@Controller('admin/subscriptions')
@AdminOnly()
export class AdminSubscriptionsController {
  constructor(private readonly repository: AdminSubscriptionsRepository) {}

  @Get()
  async list(
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminSubscription[]> {
    const list = parseListQuery<SubscriptionSortField>(
      query,
      Object.keys(SUBSCRIPTION_SORTABLE) as SubscriptionSortField[],
      { field: 'createdAt', order: 'DESC' },
    );
    const { rows, total } = await this.repository.list(list);
    setContentRange(res, 'subscriptions', list.skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  async show(@Param('id') id: string): Promise<AdminSubscription> {
    const subscription = await this.repository.find(id);
    if (!subscription) throw new AppError(ErrorCode.NOT_FOUND);
    return subscription;
  }
}
