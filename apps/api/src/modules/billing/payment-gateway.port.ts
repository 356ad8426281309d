import type { IncomingHttpHeaders } from 'node:http';
import type { BillingCycle, PackCode, PlanCode, SubscriptionStatus } from '@estancia/contracts';

/** A price the gateway keeps in its catalogue (gateway_prices): its reference and the amount it charges. */
export interface CataloguePrice {
  ref: string;
  amountCents: number;
}

/** One line of what the customer pays for, as the gateway's checkout page shows it. */
export interface CheckoutLine {
  description: string;
  /** What is charged for the line, after any discount. */
  amountCents: number;
  /** The gateway's live price of what the line sells (before the discount), when it has one. */
  price?: CataloguePrice | null;
}

/** What a checkout collects: a one-off payment, the first payment of a subscription, or a card to save. */
export type CheckoutMode =
  | { kind: 'payment' }
  | {
      kind: 'subscription';
      plan: PlanCode;
      cycle: BillingCycle;
      priceCents: number;
      discountCents: number;
      /** The gateway's live price of the plan on this cycle, when it has one for `priceCents`. */
      priceRef?: string | null;
    }
  | { kind: 'setup' };

/** A figure of the catalogue as a gateway price: a plan on a cycle, or a pack sold once. */
export type PriceFigure =
  | { product: 'plan'; code: PlanCode; cycle: BillingCycle }
  | { product: 'pack'; code: PackCode; cycle: 'once' };

export interface PublishPrice {
  figure: PriceFigure;
  /** The plan's or pack's name, for the gateway's product when it is created. */
  name: string;
  amountCents: number;
}

/**
 * A refund of (part of) a payment. The payment is named by what we kept of it: `paymentRef` is
 * `payments.invoice_ref` (the gateway's invoice or payment id), `checkoutRef` the checkout session's
 * `gateway_ref`; the adapter finds the charge from either.
 */
export interface RefundPayment {
  paymentRef: string | null;
  checkoutRef: string | null;
  amountCents: number;
  /** The staff member's reason, kept with the refund at the gateway. */
  reason: string;
  /** Same key, same refund: a retried call never refunds twice at the gateway. */
  idempotencyKey: string;
}

export interface CreateCheckout {
  /** Our checkout_sessions id; the gateway echoes it back in its events. */
  sessionId: string;
  userId: string;
  /** From `ensureCustomer`. */
  customerRef: string;
  mode: CheckoutMode;
  /** What is charged, after any discount (empty for a setup). */
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutCreated {
  checkoutUrl: string;
  /** The gateway's own id of the checkout, kept for support and reconciliation. */
  gatewayRef: string;
}

export interface SavedCard {
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The state of a gateway subscription at one moment. `plan`/`cycle` is what the gateway bills at
 * the next renewal; `version` orders snapshots (a lower one than already applied changes nothing).
 */
export interface SubscriptionSnapshot {
  subscriptionRef: string;
  customerRef: string;
  plan: PlanCode;
  cycle: BillingCycle;
  status: SubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  version: number;
}

/**
 * A paid subscription invoice. `reason`: `create` (first period), `cycle` (renewal) or `update`
 * (an upgrade's prorated charge; `previousPlan`/`previousCycle` say what it upgraded from).
 * `periodStart`/`periodEnd` are the service period it pays for.
 */
export interface PaidInvoice {
  invoiceRef: string;
  subscriptionRef: string;
  customerRef: string;
  reason: 'create' | 'cycle' | 'update';
  plan: PlanCode;
  cycle: BillingCycle;
  previousPlan: PlanCode | null;
  previousCycle: BillingCycle | null;
  amountCents: number;
  discountCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** The gateway's hosted invoice document, when it has one. */
  invoiceUrl: string | null;
}

/**
 * A gateway event we act on, normalised. `id` is unique per gateway and makes redeliveries
 * no-ops. Every gateway reaches PaymentsService.handle with these: Stripe through its webhook,
 * the sandbox through its page and its own calls.
 */
export type GatewayEvent =
  | {
      id: string;
      type: 'checkout.paid';
      sessionId: string;
      /** Set for a subscription checkout: the subscription it created. */
      subscriptionRef?: string | null;
      /** Set when the checkout saved a card (setup, subscription, or a payment that keeps the card). */
      card?: SavedCard | null;
      /** The gateway's id of the payment (e.g. a PaymentIntent), kept so it can be refunded. */
      paymentRef?: string | null;
    }
  | { id: string; type: 'checkout.declined'; sessionId: string }
  | { id: string; type: 'checkout.expired'; sessionId: string }
  | { id: string; type: 'subscription.updated'; subscription: SubscriptionSnapshot }
  | { id: string; type: 'invoice.paid'; invoice: PaidInvoice }
  | {
      id: string;
      type: 'invoice.payment_failed';
      subscriptionRef: string;
      customerRef: string;
      amountCents: number;
    }
  | { id: string; type: 'card.saved'; customerRef: string; card: SavedCard };

export type GatewayEventType = GatewayEvent['type'];

/** A change of plan as the gateway is asked to make it. */
export interface ChangeSubscription {
  subscriptionRef: string;
  customerRef: string;
  plan: PlanCode;
  cycle: BillingCycle;
  /** The new plan's price for its cycle. */
  priceCents: number;
  /** The gateway's live price for it, when it has one for `priceCents`. */
  priceRef?: string | null;
  /** `now`: charge the prorated difference at once; `period_end`: bill the new price from the next renewal. */
  effective: 'now' | 'period_end';
}

/**
 * A payment provider. Domain services talk only to this port; the adapter (sandbox or Stripe) is
 * chosen by configuration. Calls that change something answer the events the gateway reports at
 * once (the sandbox) — a provider that reports by webhook (Stripe) answers []. Either way every
 * event goes through PaymentsService.handle, which makes each one count once.
 */
export interface PaymentGateway {
  /** Name in `checkout_sessions.gateway`, `payment_events.gateway` and `POST billing/webhook/:gateway`. */
  readonly name: string;
  /**
   * True when renewals read the catalogue's price themselves (the sandbox); false when the gateway keeps each
   * subscription's own price (Stripe), so a plan's new price is moved onto its subscriptions for their next renewal.
   */
  readonly renewsAtCataloguePrice: boolean;
  /** The gateway's customer for this user, created on first use (the caller stores the ref). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  createCheckout(input: CreateCheckout): Promise<CheckoutCreated>;
  /**
   * Charges the saved card off-session for a session already recorded (extra decorations). A
   * refusal is reported as a `checkout.declined` event, never thrown.
   */
  chargeSavedCard(input: {
    sessionId: string;
    customerRef: string;
    methodRef: string;
    amountCents: number;
    description: string;
  }): Promise<GatewayEvent[]>;
  /** Removes the saved card from the customer. */
  detachCard(input: { customerRef: string; methodRef: string }): Promise<GatewayEvent[]>;
  /** Upgrades now (prorated) or schedules a change for the next period. PAYMENT_DECLINED when the upgrade charge fails. */
  changeSubscription(input: ChangeSubscription): Promise<GatewayEvent[]>;
  /** Sets or clears cancel-at-period-end. */
  setCancelAtPeriodEnd(input: {
    subscriptionRef: string;
    customerRef: string;
    cancel: boolean;
  }): Promise<GatewayEvent[]>;
  /**
   * Verifies and reads a webhook delivery. Throws VALIDATION_FAILED when the signature or body is
   * bad; answers null for a genuine event that needs no action. May call the provider to fill in
   * what the event lacks.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<GatewayEvent | null>;
  /**
   * Creates a price for a figure of the catalogue and answers its reference. The price it replaces
   * is archived separately (`archivePrice`) once ours is committed, so a failed save never leaves
   * the gateway without a live price for what we still sell.
   */
  publishPrice(input: PublishPrice): Promise<{ ref: string }>;
  /** Takes a price off sale at the gateway (it stays there, as what was sold with it). */
  archivePrice(ref: string): Promise<void>;
  /** Refunds money of a payment; throws (GATEWAY_ERROR or the provider's error) when refused. */
  refund(input: RefundPayment): Promise<{ ref: string }>;
}

/** Injection token of the configured PaymentGateway. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** Months a cycle pays for; a subscription grants its plan's included decorations per month of it. */
export const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, annual: 12 };
