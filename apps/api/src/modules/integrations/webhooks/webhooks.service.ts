import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  WEBHOOK_SECRET_PREFIX,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookPayload,
  type WebhooksResponse,
} from '@estancia/contracts';
import { DomainEvents, type DomainEvent } from '../../../infra/events/domain-events';
import { AppError } from '../../../infra/http/app-error';
import { JobQueue } from '../../../infra/queue/job-queue.service';
import { PlanRights } from '../../billing/plan-rights.service';
import { isUuid } from '../../projects/projects.service';
import { WebhookSender } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

/** How many deliveries the page lists. */
export const LISTED_DELIVERIES = 50;

/**
 * Webhook endpoints of the integrator API and the deliveries of events to them. An event goes to the
 * endpoints of the user it belongs to that subscribed to it, only while the user's plan has API access;
 * each delivery is attempted by the `webhook.deliver` job (WebhookDeliveryJob) until it is delivered or
 * its retry window is over.
 */
@Injectable()
export class Webhooks implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly rights: PlanRights,
    private readonly jobs: JobQueue,
    private readonly sender: WebhookSender,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((event) => this.deliverEvent(event));
  }

  async list(userId: string): Promise<WebhooksResponse> {
    const [endpoints, deliveries] = await Promise.all([
      this.webhooks.endpoints(userId),
      this.webhooks.latestDeliveries(userId, LISTED_DELIVERIES),
    ]);
    return { endpoints, deliveries };
  }

  async create(
    userId: string,
    url: string,
    events: readonly WebhookEvent[],
  ): Promise<CreatedWebhookEndpoint> {
    await this.requireAccess(userId);
    const vetted = await this.sender.vet(url);
    if ('refused' in vetted)
      throw new AppError(ErrorCode.URL_NOT_ALLOWED, { url: ErrorCode.URL_NOT_ALLOWED });
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const endpoint = await this.webhooks.insertEndpoint(userId, url, [...new Set(events)], secret);
    return { ...endpoint, secret };
  }

  async remove(userId: string, endpointId: string): Promise<void> {
    if (!isUuid(endpointId) || !(await this.webhooks.deleteEndpoint(userId, endpointId)))
      throw new AppError(ErrorCode.NOT_FOUND);
  }

  /** Sends the same event (same id) again now, even if it was delivered or failed. */
  async resend(userId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.requireAccess(userId);
    const resent = isUuid(deliveryId) ? await this.webhooks.resend(userId, deliveryId) : null;
    if (!resent) throw new AppError(ErrorCode.NOT_FOUND);
    const { due, ...delivery } = resent;
    await this.schedule(delivery.id, due);
    return delivery;
  }

  /**
   * Enqueues the attempt due at `due`. The job id names the delivery and the time, so scheduling the same
   * attempt twice (a worker's start, a job that fired early) adds one job.
   */
  async schedule(deliveryId: string, due: Date): Promise<void> {
    await this.jobs.add(
      'webhook.deliver',
      { deliveryId },
      { jobId: `${deliveryId}_${due.getTime()}`, delay: Math.max(0, due.getTime() - Date.now()) },
    );
  }

  /** The subscriber of every domain event: one delivery per subscribed endpoint, all with the same event id. */
  private async deliverEvent(event: DomainEvent): Promise<void> {
    if (!(await this.rights.forUser(event.userId)).apiAccess) return;
    const payload: WebhookPayload = {
      id: randomUUID(),
      type: event.name,
      createdAt: event.occurredAt.toISOString(),
      data: { ...event.data },
    };
    const deliveries = await this.webhooks.insertDeliveries(event.userId, payload);
    for (const delivery of deliveries) {
      // A failed enqueue leaves the delivery pending: a worker's start schedules it again.
      await this.schedule(delivery.id, delivery.nextAttemptAt).catch((error: unknown) =>
        this.logger.error(`Webhook delivery ${delivery.id} not scheduled: ${String(error)}`),
      );
    }
  }

  private async requireAccess(userId: string): Promise<void> {
    if (!(await this.rights.forUser(userId)).apiAccess) throw new AppError(ErrorCode.API_ACCESS_REQUIRED);
  }
}
