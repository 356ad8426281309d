import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WalletService } from '../wallet/wallet.service';
import { PAYMENT_GATEWAY, type GatewayEvent, type PaymentGateway } from './payment-gateway.port';

/** What handling an event did; `applied: false` for a duplicate or a session no longer open. */
export interface EventOutcome {
  applied: boolean;
}

/**
 * The one confirmation path for payments: gateway webhooks and the sandbox's pay/decline buttons
 * both end here, so every gateway behaves the same way.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly wallet: WalletService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /**
   * Applies one gateway event exactly once, in one transaction: the event id is recorded (a
   * redelivery finds it and does nothing), the session leaves `open` only through a conditional
   * update, and for a payment the payment row and the credits are written in the same transaction.
   */
  async handle(event: GatewayEvent): Promise<EventOutcome> {
    const granted = await this.dataSource.transaction(async (m) => {
      // A concurrent delivery of the same event waits on this unique key, then inserts nothing.
      const recorded = (await m.query(
        `INSERT INTO payment_events (gateway, event_id) VALUES ($1, $2)
           ON CONFLICT (gateway, event_id) DO NOTHING RETURNING event_id`,
        [this.gateway.name, event.id],
      )) as unknown[];
      if (recorded.length === 0) return null;
      // Each UPDATE ... RETURNING below sits in a CTE: TypeORM answers a bare UPDATE as [rows, count].
      if (event.type === 'checkout.declined') {
        const [declined] = (await m.query(
          `WITH declined AS (
             UPDATE checkout_sessions SET state = 'declined', completed_at = now()
              WHERE id = $1 AND gateway = $2 AND state = 'open' RETURNING id
           ) SELECT id FROM declined`,
          [event.sessionId, this.gateway.name],
        )) as unknown[];
        return declined ? { userId: null } : null;
      }
      const [session] = (await m.query(
        `WITH paid AS (
           UPDATE checkout_sessions SET state = 'paid', completed_at = now()
            WHERE id = $1 AND gateway = $2 AND state = 'open'
            RETURNING id, user_id, kind, credits, amount_cents
         ) SELECT * FROM paid`,
        [event.sessionId, this.gateway.name],
      )) as { id: string; user_id: string; kind: 'pack'; credits: number; amount_cents: number }[];
      if (!session) return null;
      await m.query(
        `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits) VALUES ($1, $2, $3, $4, $5)`,
        [session.user_id, session.id, session.amount_cents, session.kind, session.credits],
      );
      await this.wallet.grant(session.user_id, session.credits, 'pack_purchase', `pack:${session.id}`, m);
      return { userId: session.user_id };
    });
    if (granted?.userId) await this.wallet.announce(granted.userId);
    return { applied: granted !== null };
  }
}
