import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  createWebhookEndpointRequestSchema,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhooksResponse,
} from '@estancia/contracts';
import { validate } from '../../../infra/http/zod.pipe';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { AuthUser } from '../../identity/session.service';
import { Webhooks } from './webhooks.service';

/** The API integration page's webhooks (signed-in customer app session). */
@Controller('integrations/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: Webhooks) {}

  @Get()
  list(@CurrentUser() auth: AuthUser): Promise<WebhooksResponse> {
    return this.webhooks.list(auth.userId);
  }

  @Post()
  create(
    @Body(validate(createWebhookEndpointRequestSchema)) body: { url: string; events: WebhookEvent[] },
    @CurrentUser() auth: AuthUser,
  ): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.create(auth.userId, body.url, body.events);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<void> {
    await this.webhooks.remove(auth.userId, id);
  }

  @Post('deliveries/:id/resend')
  resend(@Param('id') id: string, @CurrentUser() auth: AuthUser): Promise<WebhookDelivery> {
    return this.webhooks.resend(auth.userId, id);
  }
}
