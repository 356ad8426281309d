import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WalletService } from '../wallet/wallet.service';
import { CheckoutEvents } from './checkout-events';
import { NOTHING_APPLIED, type AppliedEvent } from './payment-events';
import { PAYMENT_GATEWAY, type GatewayEvent, type PaymentGateway } from './payment-gateway.port';
import { SubscriptionEvents } from './subscription-events';

/** What handling an event did; `applied: false` for a duplicate or an event that changed nothing. */
export interface EventOutcome {
  applied: boolean;
}

/**
 * The one confirmation path for payments: gateway webhooks and the sandbox's own calls all end
 * here, so every gateway behaves the same way.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
    private readonly checkoutEvents: CheckoutEvents,
    private readonly subscriptionEvents: SubscriptionEvents,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /**
   * Applies one gateway event exactly once, in one transaction: the event id is recorded (a
   * redelivery finds it and does nothing) and everything the event moves is written in the same
   * transaction. Users whose balance or plan changed are told after the commit.
   */
  async handle(event: GatewayEvent): Promise<EventOutcome> {
    const result = await this.dataSource.transaction(async (m): Promise<AppliedEvent> => {
      // A concurrent delivery of the same event waits on this unique key, then inserts nothing.
      const recorded = (await m.query(
        `INSERT INTO payment_events (gateway, event_id) VALUES ($1, $2)
           ON CONFLICT (gateway, event_id) DO NOTHING RETURNING event_id`,
        [this.gateway.name, event.id],
      )) as unknown[];
      if (recorded.length === 0) return NOTHING_APPLIED;
      switch (event.type) {
        case 'checkout.paid':
        case 'checkout.declined':
        case 'checkout.expired':
        case 'card.saved':
          return this.checkoutEvents.apply(m, event, this.gateway.name);
        case 'subscription.updated':
        case 'invoice.paid':
        case 'invoice.payment_failed':
          return this.subscriptionEvents.apply(m, event, this.gateway.name);
      }
    });
    for (const userId of new Set(result.announce)) await this.wallet.announce(userId);
    return { applied: result.applied };
  }

  /** Handles, in order, the events a gateway call reported at once (the sandbox's). */
  async handleAll(events: GatewayEvent[]): Promise<void> {
    for (const event of events) await this.handle(event);
  }
}
