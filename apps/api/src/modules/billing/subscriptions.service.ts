import { Inject, Injectable } from '@nestjs/common';
import {
  BILLING_CURRENCY,
  ErrorCode,
  type BillingCycle,
  type PlanCode,
  type Subscription,
  type SubscriptionChangePreview,
  type SubscriptionChangeRequest,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import { GatewayPricesRepository } from './gateway-prices.repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { PaymentsService } from './payments.service';
import { changeTerms, loadPlanTerms, type ChangeTerms } from './subscription-change';

interface SubscriptionRow {
  id: string;
  plan_code: PlanCode;
  plan_name: string;
  cycle: BillingCycle;
  status: SubscriptionStatus;
  is_active: boolean;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  next_plan_code: PlanCode | null;
  next_cycle: BillingCycle | null;
  price_cents: number;
}

/** The user's active subscription as the gateway knows it. */
interface ActiveSubscription {
  gatewayRef: string;
  customerRef: string;
  plan: PlanCode;
  cycle: BillingCycle;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * The customer's subscription: what it is, what a change of plan would do, and the changes
 * themselves, made through the gateway and applied from the events it answers (the same path its
 * webhooks take), so the mirror in `subscriptions` is only ever written by PaymentsService.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly gatewayPrices: GatewayPricesRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** The user's latest subscription; null when they never had one or it has ended. */
  async current(userId: string): Promise<SubscriptionResponse> {
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.plan_code, p.name AS plan_name, s.cycle, s.status, s.current_period_start, s.current_period_end,
              s.cancel_at_period_end, s.next_plan_code, s.next_cycle,
              CASE s.cycle WHEN 'annual' THEN p.annual_price_cents ELSE p.monthly_price_cents END AS price_cents,
              a.id IS NOT NULL AS is_active
         FROM subscriptions s
         JOIN plans p ON p.code = s.plan_code
         LEFT JOIN active_subscriptions a ON a.id = s.id
        WHERE s.user_id = $1
          AND NOT (s.status IN ('canceled', 'incomplete_expired') AND s.current_period_end <= now())
        ORDER BY a.id IS NOT NULL DESC, s.current_period_end DESC, s.created_at DESC
        LIMIT 1`,
      [userId],
    )) as SubscriptionRow[];
    return { subscription: row ? toSubscription(row) : null };
  }

  async preview(userId: string, request: SubscriptionChangeRequest): Promise<SubscriptionChangePreview> {
    const active = await this.active(userId);
    const terms = await this.terms(active, request, new Date());
    return {
      plan: request.plan,
      cycle: request.cycle,
      effective: terms.effective,
      effectiveAt: terms.effectiveAt.toISOString(),
      amountCents: terms.amountCents,
      currency: BILLING_CURRENCY,
      creditsNow: terms.creditsNow,
    };
  }

  /**
   * Upgrades now (charging the saved card; PAYMENT_DECLINED changes nothing) or schedules the
   * change for the period's end. Needs a saved card for an upgrade: PAYMENT_METHOD_REQUIRED.
   */
  async change(userId: string, request: SubscriptionChangeRequest): Promise<SubscriptionResponse> {
    const active = await this.active(userId);
    const terms = await this.terms(active, request, new Date());
    if (terms.effective === 'now') {
      const [card] = (await this.dataSource.query(
        `SELECT 1 FROM payment_methods WHERE user_id = $1 AND gateway = $2`,
        [userId, this.gateway.name],
      )) as unknown[];
      if (!card) throw new AppError(ErrorCode.PAYMENT_METHOD_REQUIRED);
    }
    const target = await loadPlanTerms(this.dataSource.manager, request.plan, request.cycle);
    const live = await this.gatewayPrices.live(
      this.gateway.name,
      { product: 'plan', code: request.plan, cycle: request.cycle },
      target.priceCents,
    );
    const events = await this.gateway.changeSubscription({
      subscriptionRef: active.gatewayRef,
      customerRef: active.customerRef,
      plan: request.plan,
      cycle: request.cycle,
      priceCents: target.priceCents,
      priceRef: live?.ref ?? null,
      effective: terms.effective,
    });
    await this.payments.handleAll(events);
    return this.current(userId);
  }

  /** Cancels at the period's end (the services stay until then), or takes that back. */
  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<SubscriptionResponse> {
    const active = await this.active(userId);
    const events = await this.gateway.setCancelAtPeriodEnd({
      subscriptionRef: active.gatewayRef,
      customerRef: active.customerRef,
      cancel,
    });
    await this.payments.handleAll(events);
    return this.current(userId);
  }

  /** The user's subscription that gives rights today, at the configured gateway; else NO_ACTIVE_SUBSCRIPTION. */
  private async active(userId: string): Promise<ActiveSubscription> {
    const [row] = (await this.dataSource.query(
      `SELECT a.gateway_ref, c.customer_ref, a.plan_code, a.cycle, a.current_period_start, a.current_period_end
         FROM active_subscriptions a
         JOIN billing_customers c ON c.user_id = a.user_id AND c.gateway = a.gateway
        WHERE a.user_id = $1 AND a.gateway = $2 AND a.gateway_ref IS NOT NULL`,
      [userId, this.gateway.name],
    )) as {
      gateway_ref: string;
      customer_ref: string;
      plan_code: PlanCode;
      cycle: BillingCycle;
      current_period_start: Date;
      current_period_end: Date;
    }[];
    if (!row) throw new AppError(ErrorCode.NO_ACTIVE_SUBSCRIPTION);
    return {
      gatewayRef: row.gateway_ref,
      customerRef: row.customer_ref,
      plan: row.plan_code,
      cycle: row.cycle,
      periodStart: row.current_period_start,
      periodEnd: row.current_period_end,
    };
  }

  private async terms(
    active: ActiveSubscription,
    request: SubscriptionChangeRequest,
    now: Date,
  ): Promise<ChangeTerms> {
    const from = await loadPlanTerms(this.dataSource.manager, active.plan, active.cycle);
    const to = await loadPlanTerms(this.dataSource.manager, request.plan, request.cycle);
    return changeTerms(from, to, { start: active.periodStart, end: active.periodEnd }, now);
  }
}

const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  plan: row.plan_code,
  planName: row.plan_name,
  cycle: row.cycle,
  status: row.status,
  isActive: row.is_active,
  currentPeriodStart: row.current_period_start.toISOString(),
  currentPeriodEnd: row.current_period_end.toISOString(),
  cancelAtPeriodEnd: row.cancel_at_period_end,
  scheduledChange:
    row.next_plan_code &&
    row.next_cycle &&
    (row.next_plan_code !== row.plan_code || row.next_cycle !== row.cycle)
      ? { plan: row.next_plan_code, cycle: row.next_cycle, from: row.current_period_end.toISOString() }
      : null,
  priceCents: row.price_cents,
  currency: BILLING_CURRENCY,
});
