import {
  BILLING_CYCLES,
  PLAN_CODES,
  SUBSCRIPTION_STATUSES,
  type BillingCycle,
  type PlanCode,
  type SubscriptionStatus,
} from '@estancia/contracts';
import type Stripe from 'stripe';
import type { GatewayEvent, PaidInvoice, SavedCard, SubscriptionSnapshot } from '../payment-gateway.port';

/** A plan on one billing cycle, as Stripe bills it. */
export interface PlanTerm {
  plan: PlanCode;
  cycle: BillingCycle;
}

/**
 * Each plan and cycle is one Stripe product with a fixed id, so every invoice line and subscription
 * item names what it bills (inline prices cannot carry metadata; their product can).
 */
export const productRefOf = ({ plan, cycle }: PlanTerm): string => `estancia_${plan}_${cycle}`;

const PRODUCT_REF = new RegExp(`^estancia_(${PLAN_CODES.join('|')})_(${BILLING_CYCLES.join('|')})$`);

export const planOfProduct = (product: string | { id: string } | null | undefined): PlanTerm | null => {
  const ref = typeof product === 'string' ? product : product?.id;
  const match = ref ? PRODUCT_REF.exec(ref) : null;
  return match ? { plan: match[1] as PlanCode, cycle: match[2] as BillingCycle } : null;
};

export const planOfMetadata = (metadata: Stripe.Metadata | null | undefined): PlanTerm | null => {
  const plan = metadata?.plan as PlanCode | undefined;
  const cycle = metadata?.cycle as BillingCycle | undefined;
  return plan && cycle && PLAN_CODES.includes(plan) && BILLING_CYCLES.includes(cycle)
    ? { plan, cycle }
    : null;
};

export const intervalOf = (cycle: BillingCycle): 'month' | 'year' => (cycle === 'annual' ? 'year' : 'month');

/**
 * Event ids of an off-session charge: the charge call and the PaymentIntent's webhook report the
 * same outcome under the same id, so whichever comes second is a no-op.
 */
export const chargeEventId = (paymentIntentRef: string, outcome: 'paid' | 'declined'): string =>
  `stripe:${paymentIntentRef}:${outcome}`;

const refOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const date = (seconds: number | string): Date => new Date(Number(seconds) * 1000);

export const cardOf = (method: string | Stripe.PaymentMethod | null | undefined): SavedCard | null => {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { methodRef: method.id, brand, last4, expMonth: exp_month, expYear: exp_year };
};

/**
 * The subscription as it stands, with `plan`/`cycle` as billed at the next renewal: a change of
 * cycle waiting for the period's end sits in the schedule's next phase (its metadata names it).
 */
export const snapshotOf = (sub: Stripe.Subscription, version: number): SubscriptionSnapshot | null => {
  const item = sub.items.data[0];
  if (!item) return null;
  const current =
    planOfProduct(item.price.product as string | Stripe.Product) ?? planOfMetadata(sub.metadata);
  if (!current) return null;
  const schedule = typeof sub.schedule === 'object' ? sub.schedule : null;
  const upcoming = schedule?.phases.find((phase) => Number(phase.start_date) >= item.current_period_end);
  const next = planOfMetadata(upcoming?.metadata) ?? current;
  return {
    subscriptionRef: sub.id,
    customerRef: refOf(sub.customer)!,
    plan: next.plan,
    cycle: next.cycle,
    status: (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
      ? (sub.status as SubscriptionStatus)
      : 'incomplete',
    periodStart: date(item.current_period_start),
    periodEnd: date(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    version,
  };
};

const INVOICE_REASONS: Partial<Record<string, PaidInvoice['reason']>> = {
  subscription_create: 'create',
  subscription_cycle: 'cycle',
  subscription_update: 'update',
};

const planOfLine = (line: Stripe.InvoiceLineItem): PlanTerm | null =>
  planOfProduct(line.pricing?.price_details?.product) ?? null;

/**
 * A paid subscription invoice: what it bills is its positive line (the new plan's charge), what an
 * upgrade came from is its negative line (the unused time of the old plan, credited back).
 */
export const paidInvoiceOf = (invoice: Stripe.Invoice): PaidInvoice | null => {
  const details = invoice.parent?.subscription_details;
  const subscriptionRef = refOf(details?.subscription);
  const reason = INVOICE_REASONS[invoice.billing_reason ?? ''];
  if (!subscriptionRef || !reason) return null;
  const lines = invoice.lines.data;
  const charged = lines.find((line) => line.amount > 0) ?? lines[0];
  const credited = lines.find((line) => line.amount < 0);
  const billed = (charged && planOfLine(charged)) ?? planOfMetadata(details?.metadata);
  if (!charged || !billed) return null;
  const previous = credited ? planOfLine(credited) : null;
  return {
    invoiceRef: invoice.id!,
    subscriptionRef,
    customerRef: refOf(invoice.customer)!,
    reason,
    plan: billed.plan,
    cycle: billed.cycle,
    previousPlan: previous?.plan ?? null,
    previousCycle: previous?.cycle ?? null,
    amountCents: invoice.amount_paid,
    discountCents: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    periodStart: date(charged.period.start),
    periodEnd: date(charged.period.end),
    invoiceUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
  };
};

/** Our checkout session id, from the metadata we set (or the reference Checkout echoes). */
const sessionIdOf = (session: Stripe.Checkout.Session): string | null =>
  session.metadata?.sessionId ?? session.client_reference_id ?? null;

/** What the mapper reads back from Stripe when an event carries only ids. */
export interface StripeReader {
  /** The card a completed checkout saved, if any. */
  checkoutCard(session: Stripe.Checkout.Session): Promise<SavedCard | null>;
  /** The subscription as it stands now, with its schedule. */
  subscription(ref: string): Promise<Stripe.Subscription>;
  paymentMethod(ref: string): Promise<Stripe.PaymentMethod>;
}

/**
 * Normalises one verified Stripe event; null for an event we do not act on.
 *
 * Subscription snapshots are read back from Stripe rather than taken from the event: Stripe does
 * not deliver events in order and several can share one `created` second, so the event's copy may
 * be stale. The fresh copy is the state at the time it was read, so `version` is that time in ms:
 * of two handlings the one that read later wins, whatever order they commit in.
 */
export async function toGatewayEvent(
  event: Stripe.Event,
  read: StripeReader,
  now: () => number = Date.now,
): Promise<GatewayEvent | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const sessionId = sessionIdOf(session);
      // A delayed payment method completes the page unpaid; async_payment_succeeded follows.
      if (!sessionId || session.payment_status === 'unpaid') return null;
      return {
        id: event.id,
        type: 'checkout.paid',
        sessionId,
        subscriptionRef: refOf(session.subscription),
        card: await read.checkoutCard(session),
        paymentRef: refOf(session.payment_intent),
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const sessionId = sessionIdOf(event.data.object);
      if (!sessionId) return null;
      const type = event.type === 'checkout.session.expired' ? 'checkout.expired' : 'checkout.declined';
      return { id: event.id, type, sessionId };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      // Only our off-session charges carry the session; a Checkout's intent is reported by its session.
      const intent = event.data.object;
      const sessionId = intent.metadata?.sessionId;
      if (!sessionId) return null;
      return event.type === 'payment_intent.succeeded'
        ? { id: chargeEventId(intent.id, 'paid'), type: 'checkout.paid', sessionId, paymentRef: intent.id }
        : { id: chargeEventId(intent.id, 'declined'), type: 'checkout.declined', sessionId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const version = now();
      const snapshot = snapshotOf(await read.subscription(event.data.object.id), version);
      return snapshot && { id: event.id, type: 'subscription.updated', subscription: snapshot };
    }
    case 'invoice.paid': {
      const invoice = paidInvoiceOf(event.data.object);
      return invoice && { id: event.id, type: 'invoice.paid', invoice };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionRef = refOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionRef) return null;
      return {
        id: event.id,
        type: 'invoice.payment_failed',
        subscriptionRef,
        customerRef: refOf(invoice.customer)!,
        amountCents: invoice.amount_due,
      };
    }
    case 'payment_method.attached': {
      // Read back: a card detached since (the customer removed it) must not come back.
      const method = await read.paymentMethod(event.data.object.id);
      const customerRef = refOf(method.customer);
      const card = cardOf(method);
      return customerRef && card ? { id: event.id, type: 'card.saved', customerRef, card } : null;
    }
    default:
      return null;
  }
}
