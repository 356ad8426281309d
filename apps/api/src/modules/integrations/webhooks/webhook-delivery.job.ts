import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { INTEGRATION_HEADERS, WEBHOOK_RETRY_HOURS } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import type { JobOf } from '../../../infra/queue/jobs';
import { OnJob } from '../../../infra/queue/on-job.decorator';
import { retryDelayMs } from './retry-schedule';
import { signatureHeader } from './webhook-signature';
import { WebhookSender } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';
import { Webhooks } from './webhooks.service';

/** A job may fire this much before its time by another machine's clock and still find its delivery due. */
const EARLY_SLACK_MS = 5_000;

/**
 * The `webhook.deliver` job: one attempt of one delivery. The attempt is claimed in the database first,
 * so a duplicate job sends nothing (a delivered or failed delivery is never due, an attempt in flight
 * holds a lease); a failure schedules the next attempt as a delayed job of its own.
 */
@Injectable()
export class WebhookDeliveryJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: WebhooksRepository,
    private readonly webhooks: Webhooks,
    private readonly sender: WebhookSender,
  ) {}

  @OnJob('webhook.deliver')
  async deliver({ deliveryId }: JobOf<'webhook.deliver'>): Promise<void> {
    // The lease outlasts the attempt's timeout: a duplicate cannot start while this one runs.
    const leaseMs = this.config.WEBHOOK_TIMEOUT_SECONDS * 1000 + 30_000;
    const delivery = await this.deliveries.claim(deliveryId, leaseMs, EARLY_SLACK_MS);
    if (!delivery) {
      // Not due (yet): make sure its attempt is scheduled; the job id keeps that to one job.
      const due = await this.deliveries.dueLater(deliveryId);
      if (due) await this.webhooks.schedule(deliveryId, due);
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const answer = await this.sender.post(
      delivery.url,
      {
        'content-type': 'application/json',
        [INTEGRATION_HEADERS.event]: delivery.event,
        [INTEGRATION_HEADERS.delivery]: delivery.id,
        [INTEGRATION_HEADERS.signature]: signatureHeader(delivery.secret, body),
      },
      body,
    );
    if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
      await this.deliveries.recordDelivered(delivery.id, answer.status, answer.response);
      return;
    }
    const next = await this.deliveries.recordFailure(
      delivery.id,
      answer.status,
      answer.response,
      retryDelayMs(delivery.attempts, this.config.WEBHOOK_RETRY_DELAYS_MS),
      WEBHOOK_RETRY_HOURS,
    );
    if (next) await this.webhooks.schedule(delivery.id, next);
    else
      this.logger.warn(`Webhook delivery ${delivery.id} failed for good after ${delivery.attempts} attempts`);
  }

  /** Deliveries whose job was lost (an enqueue that failed, a Redis emptied) are scheduled again at start. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    const pending = await this.deliveries.pending();
    for (const { id, due } of pending) await this.webhooks.schedule(id, due);
    if (pending.length) this.logger.log(`Scheduled ${pending.length} pending webhook deliveries`);
  }
}
