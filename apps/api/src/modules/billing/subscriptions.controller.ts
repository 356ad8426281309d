import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  subscriptionChangeRequestSchema,
  type SubscriptionChangePreview,
  type SubscriptionChangeRequest,
  type SubscriptionResponse,
} from '@estancia/contracts';
import { validate } from '../../infra/http/zod.pipe';
import { CurrentUser } from '../identity/current-user.decorator';
import type { AuthUser } from '../identity/session.service';
import { SubscriptionsService } from './subscriptions.service';

/** The customer's own subscription: see it, preview and make a change of plan, cancel and resume. */
@Controller('billing/subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get()
  current(@CurrentUser() auth: AuthUser): Promise<SubscriptionResponse> {
    return this.subscriptions.current(auth.userId);
  }

  @Get('change')
  preview(
    @Query(validate(subscriptionChangeRequestSchema)) query: SubscriptionChangeRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<SubscriptionChangePreview> {
    return this.subscriptions.preview(auth.userId, query);
  }

  @Post('change')
  @HttpCode(200)
  change(
    @Body(validate(subscriptionChangeRequestSchema)) body: SubscriptionChangeRequest,
    @CurrentUser() auth: AuthUser,
  ): Promise<SubscriptionResponse> {
    return this.subscriptions.change(auth.userId, body);
  }

  @Post('cancel')
  @HttpCode(200)
  cancel(@CurrentUser() auth: AuthUser): Promise<SubscriptionResponse> {
    return this.subscriptions.setCancelAtPeriodEnd(auth.userId, true);
  }

  @Post('resume')
  @HttpCode(200)
  resume(@CurrentUser() auth: AuthUser): Promise<SubscriptionResponse> {
    return this.subscriptions.setCancelAtPeriodEnd(auth.userId, false);
  }
}
