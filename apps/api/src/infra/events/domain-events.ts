import { Injectable, Logger } from '@nestjs/common';
import type { WebhookEvent, WebhookEventData } from '@estancia/contracts';

/** A fact that happened to one user's data, after its transaction committed. */
export type DomainEvent = {
  [E in WebhookEvent]: { name: E; userId: string; data: WebhookEventData[E]; occurredAt: Date };
}[WebhookEvent];

export type DomainEventHandler = (event: DomainEvent) => Promise<void>;

/**
 * In-process publisher of domain facts (a decoration ready, a description written...). Domain services
 * publish once their state change committed; subscribers (the webhooks) react in the same process. The
 * infra names no domain: the event names and payloads are the contracts' own.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly handlers: DomainEventHandler[] = [];

  subscribe(handler: DomainEventHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Waits for every subscriber, but never throws: the fact already happened, and a subscriber's trouble
   * must not fail the job or request that made it happen.
   */
  async publish<E extends WebhookEvent>(name: E, userId: string, data: WebhookEventData[E]): Promise<void> {
    const event = { name, userId, data, occurredAt: new Date() } as DomainEvent;
    await Promise.all(
      this.handlers.map((handler) =>
        handler(event).catch((error: unknown) =>
          this.logger.error(`A subscriber of ${name} failed: ${String(error)}`),
        ),
      ),
    );
  }
}
