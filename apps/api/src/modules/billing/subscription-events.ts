import { Injectable, Logger } from '@nestjs/common';
import type { BillingCycle, PlanCode } from '@estancia/contracts';
import type { EntityManager } from 'typeorm';
import { ReferralService } from '../referral/referral.service';
import { WalletService } from '../wallet/wallet.service';
import { NOTHING_APPLIED, type AppliedEvent, type GatewayEventHandler } from './payment-events';
import type { GatewayEvent, PaidInvoice, SubscriptionSnapshot } from './payment-gateway.port';
import { creditsPerPeriod, loadPlanTerms } from './subscription-change';

type SubscriptionEvent = Extract<
  GatewayEvent,
  { type: 'subscription.updated' | 'invoice.paid' | 'invoice.payment_failed' }
>;

interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_code: PlanCode;
  cycle: BillingCycle;
  version: string | number;
  invoice_period_start: Date | null;
}

/**
 * Subscription snapshots and invoices, applied so that the final state does not depend on the
 * order they arrive in: snapshots (status, cancellation, the plan billed next) count only when
 * newer than the last one applied; today's plan and period follow the latest paid invoice, and
 * every invoice records its payment and grants its credits once, whenever it arrives.
 */
@Injectable()
export class SubscriptionEvents implements GatewayEventHandler<SubscriptionEvent> {
  private readonly logger = new Logger(SubscriptionEvents.name);

  constructor(
    private readonly wallet: WalletService,
    private readonly referrals: ReferralService,
  ) {}

  async apply(m: EntityManager, event: SubscriptionEvent, gateway: string): Promise<AppliedEvent> {
    const customerRef =
      event.type === 'subscription.updated'
        ? event.subscription.customerRef
        : event.type === 'invoice.paid'
          ? event.invoice.customerRef
          : event.customerRef;
    const userId = await this.userOf(m, gateway, customerRef);
    if (!userId) {
      // A customer we never created (another environment on the same account): nothing of ours.
      this.logger.warn(`${event.type} ${event.id} names unknown customer ${customerRef}`);
      return NOTHING_APPLIED;
    }
    switch (event.type) {
      case 'subscription.updated':
        return this.snapshot(m, userId, event.subscription, gateway);
      case 'invoice.paid':
        return this.invoicePaid(m, userId, event.invoice, gateway);
      case 'invoice.payment_failed':
        return this.paymentFailed(m, event.subscriptionRef, gateway);
    }
  }

  private async snapshot(
    m: EntityManager,
    userId: string,
    s: SubscriptionSnapshot,
    gateway: string,
  ): Promise<AppliedEvent> {
    const [created] = (await m.query(
      `INSERT INTO subscriptions (user_id, gateway, gateway_ref, plan_code, cycle, status, current_period_start,
                                  current_period_end, cancel_at_period_end, next_plan_code, next_cycle, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $4, $5, $10)
       ON CONFLICT (gateway, gateway_ref) DO NOTHING RETURNING id`,
      [
        userId,
        gateway,
        s.subscriptionRef,
        s.plan,
        s.cycle,
        s.status,
        s.periodStart,
        s.periodEnd,
        s.cancelAtPeriodEnd,
        s.version,
      ],
    )) as { id: string }[];
    if (created) return { applied: true, announce: [userId] };
    const row = await this.lock(m, gateway, s.subscriptionRef);
    if (s.version <= Number(row.version)) return NOTHING_APPLIED;
    // Until an invoice is applied the snapshot is all we know of today's plan and period; after
    // that they follow the invoices, so a snapshot cannot undo a paid upgrade or renewal.
    await m.query(
      `UPDATE subscriptions
          SET status = $2, cancel_at_period_end = $3, next_plan_code = $4, next_cycle = $5, version = $6,
              plan_code = CASE WHEN invoice_period_start IS NULL THEN $4 ELSE plan_code END,
              cycle = CASE WHEN invoice_period_start IS NULL THEN $5 ELSE cycle END,
              current_period_start = CASE WHEN invoice_period_start IS NULL THEN $7 ELSE current_period_start END,
              current_period_end = CASE WHEN invoice_period_start IS NULL THEN $8 ELSE current_period_end END,
              updated_at = now()
        WHERE id = $1`,
      [row.id, s.status, s.cancelAtPeriodEnd, s.plan, s.cycle, s.version, s.periodStart, s.periodEnd],
    );
    return { applied: true, announce: [row.user_id] };
  }

  private async invoicePaid(
    m: EntityManager,
    userId: string,
    invoice: PaidInvoice,
    gateway: string,
  ): Promise<AppliedEvent> {
    const [created] = (await m.query(
      `INSERT INTO subscriptions (user_id, gateway, gateway_ref, plan_code, cycle, status, current_period_start,
                                  current_period_end, next_plan_code, next_cycle, version, invoice_period_start)
       VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $4, $5, 0, $6)
       ON CONFLICT (gateway, gateway_ref) DO NOTHING RETURNING id`,
      [
        userId,
        gateway,
        invoice.subscriptionRef,
        invoice.plan,
        invoice.cycle,
        invoice.periodStart,
        invoice.periodEnd,
      ],
    )) as { id: string }[];
    if (!created) {
      const row = await this.lock(m, gateway, invoice.subscriptionRef);
      if (await this.isLatestInvoice(m, row, invoice)) {
        await m.query(
          `UPDATE subscriptions
              SET plan_code = $2, cycle = $3, current_period_start = $4, current_period_end = $5,
                  invoice_period_start = $4, updated_at = now()
            WHERE id = $1`,
          [row.id, invoice.plan, invoice.cycle, invoice.periodStart, invoice.periodEnd],
        );
      }
    }
    const announce = [userId];
    const credits = await this.invoiceCredits(m, invoice);
    // The invoice ref is unique per gateway: a second delivery under another event id records nothing.
    let paymentId: string | null = null;
    if (invoice.amountCents > 0) {
      const [payment] = (await m.query(
        `INSERT INTO payments (user_id, amount_cents, kind, credits, gateway, invoice_ref, invoice_url, plan_code,
                               cycle, period_start, period_end, discount_cents)
         VALUES ($1, $2, 'subscription', $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (gateway, invoice_ref) DO NOTHING RETURNING id`,
        [
          userId,
          invoice.amountCents,
          credits,
          gateway,
          invoice.invoiceRef,
          invoice.invoiceUrl,
          invoice.plan,
          invoice.cycle,
          invoice.periodStart,
          invoice.periodEnd,
          invoice.discountCents,
        ],
      )) as { id: string }[];
      paymentId = payment?.id ?? null;
    }
    // Keyed by the invoice: granted once however many times (and under whatever ids) it arrives.
    if (credits > 0) {
      await this.wallet.grant(
        userId,
        credits,
        'subscription_grant',
        `invoice:${gateway}:${invoice.invoiceRef}`,
        m,
      );
    }
    if (paymentId) {
      const referrer = await this.referrals.rewardFirstPurchase(m, userId, paymentId);
      if (referrer) announce.push(referrer);
    }
    return { applied: true, announce };
  }

  /**
   * The latest invoice decides today's plan: the one for the latest period; within one period an
   * upgrade's invoice (a higher plan, or a longer cycle) beats the one it upgraded from.
   */
  private async isLatestInvoice(
    m: EntityManager,
    row: SubscriptionRow,
    invoice: PaidInvoice,
  ): Promise<boolean> {
    if (row.invoice_period_start === null) return true;
    const applied = new Date(row.invoice_period_start).getTime();
    const start = invoice.periodStart.getTime();
    if (start !== applied) return start > applied;
    const current = await loadPlanTerms(m, row.plan_code, row.cycle);
    const next = await loadPlanTerms(m, invoice.plan, invoice.cycle);
    if (next.rank !== current.rank) return next.rank > current.rank;
    return creditsPerPeriod(next) >= creditsPerPeriod(current);
  }

  /**
   * A new or renewed period grants its plan's decorations for the whole cycle; an upgrade grants
   * the new plan's allowance less the one already granted for the plan it replaced.
   */
  private async invoiceCredits(m: EntityManager, invoice: PaidInvoice): Promise<number> {
    const plan = await loadPlanTerms(m, invoice.plan, invoice.cycle);
    if (invoice.reason !== 'update' || !invoice.previousPlan) return creditsPerPeriod(plan);
    const previous = await loadPlanTerms(m, invoice.previousPlan, invoice.previousCycle ?? invoice.cycle);
    return Math.max(0, creditsPerPeriod(plan) - creditsPerPeriod(previous));
  }

  /**
   * A renewal charge was refused: the subscription is past due (no rights) unless a later invoice
   * already moved it into a new period or it no longer runs.
   */
  private async paymentFailed(
    m: EntityManager,
    subscriptionRef: string,
    gateway: string,
  ): Promise<AppliedEvent> {
    const [row] = (await m.query(
      `WITH failed AS (
         UPDATE subscriptions SET status = 'past_due', updated_at = now()
          WHERE gateway = $1 AND gateway_ref = $2 AND status IN ('active', 'trialing')
            AND current_period_end <= now()
          RETURNING user_id
       ) SELECT user_id FROM failed`,
      [gateway, subscriptionRef],
    )) as { user_id: string }[];
    return row ? { applied: true, announce: [row.user_id] } : NOTHING_APPLIED;
  }

  private async lock(m: EntityManager, gateway: string, ref: string): Promise<SubscriptionRow> {
    const [row] = (await m.query(
      `SELECT id, user_id, plan_code, cycle, version, invoice_period_start
         FROM subscriptions WHERE gateway = $1 AND gateway_ref = $2 FOR UPDATE`,
      [gateway, ref],
    )) as SubscriptionRow[];
    if (!row) throw new Error(`subscription ${gateway}/${ref} vanished`);
    return row;
  }

  private async userOf(m: EntityManager, gateway: string, customerRef: string): Promise<string | null> {
    const [row] = (await m.query(
      `SELECT user_id FROM billing_customers WHERE gateway = $1 AND customer_ref = $2`,
      [gateway, customerRef],
    )) as { user_id: string }[];
    return row?.user_id ?? null;
  }
}
