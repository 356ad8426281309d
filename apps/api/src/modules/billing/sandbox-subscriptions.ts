import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, type BillingCycle, type PlanCode, type SubscriptionStatus } from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../infra/http/app-error';
import type { ChangeSubscription, GatewayEvent, PaidInvoice } from './payment-gateway.port';
import { changeTerms, loadPlanTerms, periodEndOf } from './subscription-change';

/** Event ids start with the gateway's name, like the sandbox's checkout events. */
const EVENT_PREFIX = 'sandbox';

interface SandboxSubscriptionRow {
  ref: string;
  customer_ref: string;
  plan_code: PlanCode;
  cycle: BillingCycle;
  paid_plan_code: PlanCode;
  paid_cycle: BillingCycle;
  status: SubscriptionStatus;
  period_start: Date;
  period_end: Date;
  cancel_at_period_end: boolean;
  version: string | number;
}

const COLUMNS = `ref, customer_ref, plan_code, cycle, paid_plan_code, paid_cycle, status, period_start, period_end,
  cancel_at_period_end, version`;

/** The snapshot event of a subscription's state; its id is unique per version, so per change. */
const snapshotEvent = (row: SandboxSubscriptionRow): GatewayEvent => ({
  id: `${EVENT_PREFIX}:${row.ref}:v${Number(row.version)}`,
  type: 'subscription.updated',
  subscription: {
    subscriptionRef: row.ref,
    customerRef: row.customer_ref,
    plan: row.plan_code,
    cycle: row.cycle,
    status: row.status,
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    version: Number(row.version),
  },
});

const invoiceEvent = (invoice: PaidInvoice): GatewayEvent => ({
  id: `${EVENT_PREFIX}:${invoice.invoiceRef}:paid`,
  type: 'invoice.paid',
  invoice,
});

const newInvoiceRef = (): string => `in_sandbox_${randomUUID()}`;

/**
 * The sandbox gateway's subscriptions, kept as a provider keeps them (sandbox_subscriptions): it
 * charges the customer's sandbox card, moves periods and answers the events Stripe would send.
 * `plan_code`/`cycle` is what is billed next; `paid_plan_code`/`paid_cycle` what the current period
 * was paid for. Every change bumps `version`, sent as the snapshot's version.
 */
@Injectable()
export class SandboxSubscriptions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A paid subscription checkout: creates the provider-side subscription and answers its events
   * (snapshot, then the first invoice paid). `priceCents` is the plan's price, `discountCents` the
   * coupon's part of it.
   */
  async start(input: {
    sessionId: string;
    customerRef: string;
    plan: PlanCode;
    cycle: BillingCycle;
    priceCents: number;
    discountCents: number;
  }): Promise<{ subscriptionRef: string; events: GatewayEvent[] }> {
    const ref = `sub_sandbox_${randomUUID()}`;
    const start = new Date();
    const [row] = (await this.dataSource.query(
      `INSERT INTO sandbox_subscriptions (ref, customer_ref, plan_code, cycle, paid_plan_code, paid_cycle, status,
                                          period_start, period_end, cancel_at_period_end, version)
       VALUES ($1, $2, $3, $4, $3, $4, 'active', $5, $6, false, 1) RETURNING ${COLUMNS}`,
      [ref, input.customerRef, input.plan, input.cycle, start, periodEndOf(start, input.cycle)],
    )) as SandboxSubscriptionRow[];
    const invoice: PaidInvoice = {
      invoiceRef: newInvoiceRef(),
      subscriptionRef: ref,
      customerRef: input.customerRef,
      reason: 'create',
      plan: input.plan,
      cycle: input.cycle,
      previousPlan: null,
      previousCycle: null,
      amountCents: Math.max(0, input.priceCents - input.discountCents),
      discountCents: input.discountCents,
      periodStart: new Date(row.period_start),
      periodEnd: new Date(row.period_end),
      invoiceUrl: null,
    };
    return { subscriptionRef: ref, events: [snapshotEvent(row), invoiceEvent(invoice)] };
  }

  /**
   * `now`: charges the prorated difference to the customer's card (PAYMENT_DECLINED and nothing
   * changed when it is refused) and switches plan at once. `period_end`: bills the new plan from
   * the next renewal (choosing the plan paid for clears a scheduled change). Either way a pending
   * cancellation is lifted, as Stripe does on a plan change.
   */
  async change(input: ChangeSubscription): Promise<GatewayEvent[]> {
    return this.dataSource.transaction(async (m) => {
      const row = await this.lock(m, input.subscriptionRef, input.customerRef);
      if (input.effective === 'period_end') {
        const updated = await this.update(
          m,
          row.ref,
          `plan_code = $2, cycle = $3, cancel_at_period_end = false`,
          [input.plan, input.cycle],
        );
        return [snapshotEvent(updated)];
      }
      const from = await loadPlanTerms(m, row.paid_plan_code, row.paid_cycle);
      const to = { ...(await loadPlanTerms(m, input.plan, input.cycle)), priceCents: input.priceCents };
      const now = new Date();
      const terms = changeTerms(
        from,
        to,
        { start: new Date(row.period_start), end: new Date(row.period_end) },
        now,
      );
      if (terms.amountCents > 0 && !(await this.cardPays(m, row.customer_ref))) {
        throw new AppError(ErrorCode.PAYMENT_DECLINED);
      }
      const updated = await this.update(
        m,
        row.ref,
        `plan_code = $2, cycle = $3, paid_plan_code = $2, paid_cycle = $3, period_start = $4, period_end = $5,
         cancel_at_period_end = false`,
        [input.plan, input.cycle, terms.periodStart, terms.periodEnd],
      );
      const invoice: PaidInvoice = {
        invoiceRef: newInvoiceRef(),
        subscriptionRef: row.ref,
        customerRef: row.customer_ref,
        reason: 'update',
        plan: input.plan,
        cycle: input.cycle,
        previousPlan: row.paid_plan_code,
        previousCycle: row.paid_cycle,
        amountCents: terms.amountCents,
        discountCents: 0,
        periodStart: terms.periodStart,
        periodEnd: terms.periodEnd,
        invoiceUrl: null,
      };
      return [snapshotEvent(updated), invoiceEvent(invoice)];
    });
  }

  async setCancelAtPeriodEnd(input: {
    subscriptionRef: string;
    customerRef: string;
    cancel: boolean;
  }): Promise<GatewayEvent[]> {
    return this.dataSource.transaction(async (m) => {
      const row = await this.lock(m, input.subscriptionRef, input.customerRef);
      // Asking again for what is already so changes nothing; its snapshot is the one already sent.
      if (row.cancel_at_period_end === input.cancel) return [snapshotEvent(row)];
      return [snapshotEvent(await this.update(m, row.ref, `cancel_at_period_end = $2`, [input.cancel]))];
    });
  }

  /**
   * Renews (or ends) every sandbox subscription whose period is over at `now`: one set to cancel
   * ends; one whose card is refused (or gone) becomes past_due; the others are charged the plan
   * billed next and start their next period.
   */
  async renewDue(now: Date): Promise<GatewayEvent[]> {
    const due = (await this.dataSource.query(
      `SELECT ref FROM sandbox_subscriptions WHERE status = 'active' AND period_end <= $1 ORDER BY period_end`,
      [now],
    )) as { ref: string }[];
    const events: GatewayEvent[] = [];
    for (const { ref } of due) events.push(...(await this.renew(ref, now)));
    return events;
  }

  private async renew(ref: string, now: Date): Promise<GatewayEvent[]> {
    return this.dataSource.transaction(async (m) => {
      // A concurrent run that renewed it first leaves it no longer due: nothing happens twice.
      const [row] = (await m.query(
        `SELECT ${COLUMNS} FROM sandbox_subscriptions
          WHERE ref = $1 AND status = 'active' AND period_end <= $2 FOR UPDATE`,
        [ref, now],
      )) as SandboxSubscriptionRow[];
      if (!row) return [];
      if (row.cancel_at_period_end) {
        return [snapshotEvent(await this.update(m, ref, `status = 'canceled'`, []))];
      }
      if (!(await this.cardPays(m, row.customer_ref))) {
        const failed = await this.update(m, ref, `status = 'past_due'`, []);
        const terms = await loadPlanTerms(m, row.plan_code, row.cycle);
        return [
          snapshotEvent(failed),
          {
            id: `${EVENT_PREFIX}:${ref}:v${Number(failed.version)}:payment_failed`,
            type: 'invoice.payment_failed',
            subscriptionRef: ref,
            customerRef: row.customer_ref,
            amountCents: terms.priceCents,
          },
        ];
      }
      const terms = await loadPlanTerms(m, row.plan_code, row.cycle);
      const start = new Date(row.period_end);
      const renewed = await this.update(
        m,
        ref,
        `paid_plan_code = plan_code, paid_cycle = cycle, period_start = $2, period_end = $3`,
        [start, periodEndOf(start, row.cycle)],
      );
      const invoice: PaidInvoice = {
        invoiceRef: newInvoiceRef(),
        subscriptionRef: ref,
        customerRef: row.customer_ref,
        reason: 'cycle',
        plan: row.plan_code,
        cycle: row.cycle,
        previousPlan: null,
        previousCycle: null,
        amountCents: terms.priceCents,
        discountCents: 0,
        periodStart: new Date(renewed.period_start),
        periodEnd: new Date(renewed.period_end),
        invoiceUrl: null,
      };
      return [invoiceEvent(invoice), snapshotEvent(renewed)];
    });
  }

  /** The customer's subscription, locked; another customer's looks like a missing one. */
  private async lock(m: EntityManager, ref: string, customerRef: string): Promise<SandboxSubscriptionRow> {
    const [row] = (await m.query(
      `SELECT ${COLUMNS} FROM sandbox_subscriptions WHERE ref = $1 AND customer_ref = $2 FOR UPDATE`,
      [ref, customerRef],
    )) as SandboxSubscriptionRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  /** Applies `set` (parameters from $2) and bumps the version. */
  private async update(
    m: EntityManager,
    ref: string,
    set: string,
    params: unknown[],
  ): Promise<SandboxSubscriptionRow> {
    // In a CTE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count].
    const [row] = (await m.query(
      `WITH changed AS (
         UPDATE sandbox_subscriptions SET ${set}, version = version + 1 WHERE ref = $1 RETURNING ${COLUMNS}
       ) SELECT * FROM changed`,
      [ref, ...params],
    )) as SandboxSubscriptionRow[];
    return row;
  }

  /** The customer has a card and it is not the test card that declines. */
  private async cardPays(m: EntityManager, customerRef: string): Promise<boolean> {
    const [card] = (await m.query(`SELECT declines FROM sandbox_cards WHERE customer_ref = $1`, [
      customerRef,
    ])) as {
      declines: boolean;
    }[];
    return card !== undefined && !card.declines;
  }
}
