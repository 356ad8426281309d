import { Injectable } from '@nestjs/common';
import type { LedgerReason } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';
import { ReferralService } from '../referral/referral.service';
import { WalletService } from '../wallet/wallet.service';
import { BillingCustomers } from './billing-customers';
import { CouponsService } from './coupons.service';
import { NOTHING_APPLIED, type AppliedEvent, type GatewayEventHandler } from './payment-events';
import type { GatewayEvent, SavedCard } from './payment-gateway.port';

type CheckoutEvent = Extract<
  GatewayEvent,
  { type: 'checkout.paid' | 'checkout.declined' | 'checkout.expired' | 'card.saved' }
>;

/** Kinds whose payment is recorded and credited when the session is paid (a subscription's comes with its invoice). */
const CREDIT_REASON: Partial<Record<string, LedgerReason>> = {
  pack: 'pack_purchase',
  decoration: 'decoration_purchase',
  extra_decorations: 'decoration_purchase',
};

interface PaidSession {
  id: string;
  user_id: string;
  kind: string;
  credits: number;
  amount_cents: number;
  discount_cents: number;
  coupon_id: string | null;
}

/** Stores the user's one saved card, replacing the one before (inside the event's transaction). */
export async function savePaymentMethod(
  m: EntityManager,
  userId: string,
  gateway: string,
  card: SavedCard,
): Promise<void> {
  await m.query(
    `INSERT INTO payment_methods (user_id, gateway, method_ref, brand, last4, exp_month, exp_year)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET gateway = EXCLUDED.gateway, method_ref = EXCLUDED.method_ref,
       brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month,
       exp_year = EXCLUDED.exp_year, updated_at = now()`,
    [userId, gateway, card.methodRef, card.brand, card.last4, card.expMonth, card.expYear],
  );
}

/**
 * Checkout and card events: a session leaves `open` once, through a conditional update, and a paid
 * one writes its payment, credits, coupon redemption and card in the event's transaction.
 */
@Injectable()
export class CheckoutEvents implements GatewayEventHandler<CheckoutEvent> {
  constructor(
    private readonly wallet: WalletService,
    private readonly coupons: CouponsService,
    private readonly referrals: ReferralService,
    private readonly customers: BillingCustomers,
  ) {}

  async apply(m: EntityManager, event: CheckoutEvent, gateway: string): Promise<AppliedEvent> {
    switch (event.type) {
      case 'checkout.paid':
        return this.paid(m, event, gateway);
      case 'checkout.declined':
        return this.close(m, event.sessionId, gateway, 'declined');
      case 'checkout.expired':
        return this.close(m, event.sessionId, gateway, 'expired');
      case 'card.saved': {
        const userId = await this.customers.userOf(m, gateway, event.customerRef);
        if (!userId) return NOTHING_APPLIED;
        await savePaymentMethod(m, userId, gateway, event.card);
        return { applied: true, announce: [] };
      }
    }
  }

  private async paid(
    m: EntityManager,
    event: Extract<CheckoutEvent, { type: 'checkout.paid' }>,
    gateway: string,
  ): Promise<AppliedEvent> {
    // In a CTE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count]. An expired or
    // declined session stays as it is and nothing moves.
    const [session] = (await m.query(
      `WITH paid AS (
         UPDATE checkout_sessions SET state = 'paid', completed_at = now()
          WHERE id = $1 AND gateway = $2 AND state = 'open'
          RETURNING id, user_id, kind, credits, amount_cents, discount_cents, coupon_id
       ) SELECT * FROM paid`,
      [event.sessionId, gateway],
    )) as PaidSession[];
    if (!session) return NOTHING_APPLIED;
    const announce = [session.user_id];
    const reason = CREDIT_REASON[session.kind];
    if (reason) {
      const [payment] = (await m.query(
        `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits, gateway, discount_cents, plan_code,
                               invoice_ref)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8) RETURNING id`,
        [
          session.user_id,
          session.id,
          session.amount_cents,
          session.kind,
          session.credits,
          gateway,
          session.discount_cents,
          // The gateway's payment id, which a refund goes through.
          event.paymentRef ?? null,
        ],
      )) as { id: string }[];
      if (session.credits > 0) {
        await this.wallet.grant(session.user_id, session.credits, reason, `checkout:${session.id}`, m);
      }
      if (session.amount_cents > 0) {
        const referrer = await this.referrals.rewardFirstPurchase(m, session.user_id, payment.id);
        if (referrer) announce.push(referrer);
      }
    }
    if (session.coupon_id) await this.coupons.redeem(m, session.coupon_id);
    if (event.card) await savePaymentMethod(m, session.user_id, gateway, event.card);
    return { applied: true, announce };
  }

  private async close(
    m: EntityManager,
    sessionId: string,
    gateway: string,
    state: 'declined' | 'expired',
  ): Promise<AppliedEvent> {
    const [closed] = (await m.query(
      `WITH closed AS (
         UPDATE checkout_sessions SET state = $3, completed_at = now()
          WHERE id = $1 AND gateway = $2 AND state = 'open' RETURNING id
       ) SELECT id FROM closed`,
      [sessionId, gateway, state],
    )) as unknown[];
    return closed ? { applied: true, announce: [] } : NOTHING_APPLIED;
  }
}
