import type { IncomingHttpHeaders } from 'node:http';

/** One line of what the customer pays for, as the gateway's checkout page shows it. */
export interface CheckoutLine {
  description: string;
  amountCents: number;
}

export interface CreateCheckout {
  /** Our checkout_sessions id; the gateway echoes it back in its events. */
  sessionId: string;
  userId: string;
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  checkoutUrl: string;
  /** The gateway's own id of the checkout, kept for support and reconciliation. */
  gatewayRef: string;
}

/** A gateway event we act on; `id` is unique per gateway and makes redeliveries no-ops. */
export interface GatewayEvent {
  id: string;
  type: 'checkout.paid' | 'checkout.declined';
  sessionId: string;
}

/**
 * A payment provider. Domain services talk only to this port; the adapter (sandbox now, Stripe
 * later) is chosen by configuration.
 */
export interface PaymentGateway {
  /** Name in `checkout_sessions.gateway`, `payment_events.gateway` and `POST billing/webhook/:gateway`. */
  readonly name: string;
  createCheckout(input: CreateCheckout): Promise<CheckoutCreated>;
  /**
   * Verifies and reads a webhook delivery. Throws VALIDATION_FAILED when the signature or body is
   * bad; answers null for a genuine event that needs no action.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayEvent | null;
}

/** Injection token of the configured PaymentGateway. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
