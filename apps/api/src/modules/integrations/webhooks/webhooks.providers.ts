import type { Provider } from '@nestjs/common';
import { WebhookDeliveryJob } from './webhook-delivery.job';
import { WebhookSender } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';
import { Webhooks } from './webhooks.service';

/** Everything the integrations module needs for signed webhooks (the controller is registered beside). */
export const webhookProviders: Provider[] = [Webhooks, WebhooksRepository, WebhookSender, WebhookDeliveryJob];
