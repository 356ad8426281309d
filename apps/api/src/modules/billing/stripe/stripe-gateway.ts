import type { IncomingHttpHeaders } from 'node:http';
import { Logger } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import Stripe from 'stripe';
import type { AppConfig } from '../../../infra/config/config';
import { AppError } from '../../../infra/http/app-error';
import type {
  ChangeSubscription,
  CheckoutCreated,
  CreateCheckout,
  GatewayEvent,
  PaymentGateway,
  PublishPrice,
  RefundPayment,
  SavedCard,
} from '../payment-gateway.port';
import {
  cardOf,
  chargeEventId,
  intervalOf,
  productRefOf,
  toGatewayEvent,
  type PlanTerm,
  type StripeReader,
} from './stripe-events';

const CURRENCY = 'eur';
const MINUTE_MS = 60_000;
/** Stripe accepts a Checkout expiry from 30 minutes to 24 hours ahead. */
const CHECKOUT_MIN_AHEAD_MS = 31 * MINUTE_MS;
const CHECKOUT_MAX_AHEAD_MS = 24 * 60 * MINUTE_MS - MINUTE_MS;

const invalidSignature = (): AppError => new AppError(ErrorCode.VALIDATION_FAILED, { signature: 'invalid' });

/**
 * The Stripe API version this build reads (the SDK's pinned one: `2026-02-25.clover` with stripe 20.4).
 * Since 2025-03-31 (basil) an invoice names its subscription under `parent.subscription_details` and its
 * lines bill `pricing.price_details.product`; an event rendered in an older version has neither, and a
 * renewal would be dropped without a word. The webhook endpoint must be created with this version.
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

/**
 * The PaymentGateway over Stripe: hosted Checkout for packs, subscriptions and saving a card,
 * off-session PaymentIntents for extra decorations, and signed webhooks for every outcome. The
 * only file (with stripe-events.ts) that talks to Stripe.
 */
export class StripeGateway implements PaymentGateway, StripeReader {
  readonly name = 'stripe';
  readonly renewsAtCataloguePrice = false;
  private readonly stripe: Stripe;
  private readonly logger = new Logger('Stripe');
  /** Products known to exist, so each is created at most once per process. */
  private readonly products = new Set<string>();

  constructor(private readonly config: AppConfig) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY ?? '', {
      // Explicit: the event mapper reads this version's shapes (see STRIPE_API_VERSION).
      apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
      telemetry: false,
      appInfo: { name: 'Estancia' },
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'http:' ? 80 : 443),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  async createCustomer(input: { userId: string; email: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: input.userId } },
      { idempotencyKey: `estancia-customer-${input.userId}` },
    );
    return customer.id;
  }

  async createCheckout(input: CreateCheckout): Promise<CheckoutCreated> {
    const now = Date.now();
    const expiresAt = Math.min(
      Math.max(input.expiresAt.getTime(), now + CHECKOUT_MIN_AHEAD_MS),
      now + CHECKOUT_MAX_AHEAD_MS,
    );
    const common: Stripe.Checkout.SessionCreateParams = {
      customer: input.customerRef,
      client_reference_id: input.sessionId,
      metadata: { sessionId: input.sessionId },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(expiresAt / 1000),
      // Only cards: the saved payment method is a card (brand, last4, expiry).
      payment_method_types: ['card'],
    };
    const { mode } = input;
    let params: Stripe.Checkout.SessionCreateParams;
    switch (mode.kind) {
      case 'payment': {
        // A line with a catalogue price charges that price; its discount comes off as a one-off coupon.
        const discount = input.lines.reduce(
          (sum, line) => sum + (line.price ? line.price.amountCents - line.amountCents : 0),
          0,
        );
        const coupon = await this.sessionCoupon(input.sessionId, discount);
        params = {
          ...common,
          mode: 'payment',
          line_items: input.lines.map((line) =>
            line.price
              ? { quantity: 1, price: line.price.ref }
              : {
                  quantity: 1,
                  price_data: {
                    currency: CURRENCY,
                    unit_amount: line.amountCents,
                    product_data: { name: line.description },
                  },
                },
          ),
          // Keeps the card for extra decorations charged later without the customer present.
          payment_intent_data: { setup_future_usage: 'off_session' },
          ...(coupon && { discounts: [{ coupon: coupon.id }] }),
        };
        break;
      }
      case 'subscription': {
        const term = { plan: mode.plan, cycle: mode.cycle };
        const coupon = await this.sessionCoupon(input.sessionId, mode.discountCents);
        params = {
          ...common,
          mode: 'subscription',
          line_items: [
            mode.priceRef
              ? { quantity: 1, price: mode.priceRef }
              : { quantity: 1, price_data: await this.planPrice(term, mode.priceCents) },
          ],
          subscription_data: { metadata: { sessionId: input.sessionId, plan: mode.plan, cycle: mode.cycle } },
          ...(coupon && { discounts: [{ coupon: coupon.id }] }),
        };
        break;
      }
      case 'setup':
        params = {
          ...common,
          mode: 'setup',
          currency: CURRENCY,
          setup_intent_data: { metadata: { sessionId: input.sessionId } },
        };
        break;
    }
    const session = await this.stripe.checkout.sessions.create(params, {
      idempotencyKey: `estancia-checkout-${input.sessionId}`,
    });
    if (!session.url) throw new Error(`Stripe answered checkout ${session.id} without a url`);
    return { checkoutUrl: session.url, gatewayRef: session.id };
  }

  /**
   * Answers the outcome at once (the webhook for the same PaymentIntent carries the same event id),
   * so the customer sees the decorations without waiting for the webhook.
   */
  async chargeSavedCard(input: {
    sessionId: string;
    customerRef: string;
    methodRef: string;
    amountCents: number;
    description: string;
  }): Promise<GatewayEvent[]> {
    const { sessionId } = input;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: CURRENCY,
          customer: input.customerRef,
          payment_method: input.methodRef,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { sessionId },
        },
        // One charge per session, even if this call is retried.
        { idempotencyKey: `estancia-charge-${sessionId}` },
      );
      // `processing`: the webhook reports the outcome.
      return intent.status === 'succeeded'
        ? [{ id: chargeEventId(intent.id, 'paid'), type: 'checkout.paid', sessionId, paymentRef: intent.id }]
        : [];
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
      // Declined, or the bank wants the customer present (authentication_required): refused either way.
      const intentRef = err.payment_intent?.id ?? sessionId;
      return [{ id: chargeEventId(intentRef, 'declined'), type: 'checkout.declined', sessionId }];
    }
  }

  async detachCard(input: { customerRef: string; methodRef: string }): Promise<GatewayEvent[]> {
    try {
      await this.stripe.paymentMethods.detach(input.methodRef);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      // Already gone from the customer (removed twice, or in Stripe's dashboard): nothing left to do.
      if (err.statusCode === 404) return [];
      const method = await this.stripe.paymentMethods.retrieve(input.methodRef);
      if (method.customer) throw err;
    }
    return [];
  }

  async changeSubscription(input: ChangeSubscription): Promise<GatewayEvent[]> {
    const sub = await this.ownSubscription(input.subscriptionRef, input.customerRef);
    // A new change replaces one still waiting for the period's end.
    if (sub.schedule) await this.stripe.subscriptionSchedules.release(refOf(sub.schedule));
    const item = sub.items.data[0];
    const term = { plan: input.plan, cycle: input.cycle };
    // The catalogue's live price when there is one; else an inline price of the plan's product.
    const price = input.priceRef
      ? { price: input.priceRef }
      : { price_data: await this.planPrice(term, input.priceCents) };
    const metadata = { plan: input.plan, cycle: input.cycle };
    if (input.effective === 'now') {
      try {
        await this.stripe.subscriptions.update(sub.id, {
          items: [{ id: item.id, ...price }],
          proration_behavior: 'always_invoice',
          // The upgrade's invoice is paid now or the subscription stays as it was.
          payment_behavior: 'error_if_incomplete',
          metadata,
        });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new AppError(ErrorCode.PAYMENT_DECLINED);
        throw err;
      }
      return [];
    }
    const interval = intervalOf(input.cycle);
    if (item.price.recurring?.interval === interval) {
      // Same interval: the new price applies from the next renewal, nothing is charged now.
      await this.stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, ...price }],
        proration_behavior: 'none',
        metadata,
      });
      return [];
    }
    // Stripe starts (and bills) a new period as soon as the interval changes, so a change of cycle
    // waits in a schedule whose next phase starts when the current period ends.
    const schedule = await this.stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const currentPhase = schedule.phases[0];
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: currentPhase.items.map((i) => ({ price: refOf(i.price), quantity: i.quantity ?? 1 })),
          start_date: currentPhase.start_date,
          end_date: item.current_period_end,
          metadata: { ...sub.metadata },
        },
        {
          items: [{ ...price, quantity: 1 }],
          duration: { interval, interval_count: 1 },
          proration_behavior: 'none',
          metadata: { ...sub.metadata, ...metadata },
        },
      ],
    });
    return [];
  }

  async setCancelAtPeriodEnd(input: {
    subscriptionRef: string;
    customerRef: string;
    cancel: boolean;
  }): Promise<GatewayEvent[]> {
    const sub = await this.ownSubscription(input.subscriptionRef, input.customerRef);
    // Stripe refuses cancel-at-period-end on a scheduled subscription; cancelling drops the scheduled change.
    if (input.cancel && sub.schedule) await this.stripe.subscriptionSchedules.release(refOf(sub.schedule));
    await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: input.cancel });
    return [];
  }

  async parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<GatewayEvent | null> {
    const signature = headers['stripe-signature'];
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (typeof signature !== 'string' || !secret) throw invalidSignature();
    let event: Stripe.Event;
    try {
      // Also refuses a timestamp older than the default tolerance (300 s): a replayed delivery.
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw invalidSignature();
    }
    if (event.api_version && event.api_version !== STRIPE_API_VERSION) {
      // Refused, not ignored: Stripe retries it and its dashboard shows the endpoint failing.
      this.logger.error(
        `Stripe event ${event.id} (${event.type}) is in API version ${event.api_version}, but Estancia reads ` +
          `${STRIPE_API_VERSION}: refused. Set the webhook endpoint's API version to ${STRIPE_API_VERSION} ` +
          '(Stripe dashboard, Developers, Webhooks, or create the endpoint with api_version), then resend the event.',
      );
      throw new AppError(ErrorCode.VALIDATION_FAILED, { api_version: 'unsupported' });
    }
    return toGatewayEvent(event, this);
  }

  /**
   * A new price of the figure's product: a plan's product per cycle (the one invoices are mapped
   * back from), a pack's product once. Prices are immutable at Stripe, so a change is always a new one.
   */
  async publishPrice(input: PublishPrice): Promise<{ ref: string }> {
    const { figure } = input;
    const product =
      figure.product === 'plan'
        ? await this.ensureProduct(
            productRefOf({ plan: figure.code, cycle: figure.cycle }),
            `Estancia ${figure.code}`,
            {
              plan: figure.code,
              cycle: figure.cycle,
            },
          )
        : await this.ensureProduct(`estancia_pack_${figure.code}`, `Estancia ${input.name}`, {
            pack: figure.code,
          });
    const price = await this.stripe.prices.create({
      product,
      currency: CURRENCY,
      unit_amount: input.amountCents,
      ...(figure.product === 'plan' && { recurring: { interval: intervalOf(figure.cycle) } }),
      metadata: { product: figure.product, code: figure.code, cycle: figure.cycle },
    });
    return { ref: price.id };
  }

  async archivePrice(ref: string): Promise<void> {
    try {
      await this.stripe.prices.update(ref, { active: false });
    } catch (err) {
      // Deleted in Stripe's dashboard: it is off sale either way.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) throw err;
    }
  }

  /**
   * Refunds through the payment's PaymentIntent: kept on the payment (an off-session charge, a paid
   * Checkout), read from the Checkout session, or from a subscription invoice's payment. A refusal
   * (more than is left, a disputed charge) is GATEWAY_ERROR.
   */
  async refund(input: RefundPayment): Promise<{ ref: string }> {
    const paymentIntent = await this.paymentIntentOf(input);
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: input.amountCents,
          reason: 'requested_by_customer',
          metadata: { note: input.reason.slice(0, 500) },
        },
        { idempotencyKey: `estancia-refund-${input.idempotencyKey}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new AppError(ErrorCode.GATEWAY_ERROR);
      return { ref: refund.id };
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError ||
        err instanceof Stripe.errors.StripeCardError
      )
        throw new AppError(ErrorCode.GATEWAY_ERROR);
      throw err;
    }
  }

  // ---- StripeReader: what events carry only as ids ----

  async checkoutCard(session: Stripe.Checkout.Session): Promise<SavedCard | null> {
    const expand = { expand: ['payment_method'] };
    if (session.setup_intent) {
      return cardOf(
        (await this.stripe.setupIntents.retrieve(refOf(session.setup_intent), expand)).payment_method,
      );
    }
    if (session.payment_intent) {
      return cardOf(
        (await this.stripe.paymentIntents.retrieve(refOf(session.payment_intent), expand)).payment_method,
      );
    }
    if (session.subscription) {
      const sub = await this.stripe.subscriptions.retrieve(refOf(session.subscription), {
        expand: ['default_payment_method'],
      });
      return cardOf(sub.default_payment_method);
    }
    return null;
  }

  subscription(ref: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.retrieve(ref, { expand: ['schedule'] });
  }

  paymentMethod(ref: string): Promise<Stripe.PaymentMethod> {
    return this.stripe.paymentMethods.retrieve(ref);
  }

  // ---- internals ----

  /** The customer's subscription; another customer's looks exactly like a missing one. */
  private async ownSubscription(ref: string, customerRef: string): Promise<Stripe.Subscription> {
    try {
      const sub = await this.stripe.subscriptions.retrieve(ref);
      if (refOf(sub.customer) === customerRef) return sub;
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) throw err;
    }
    throw new AppError(ErrorCode.NOT_FOUND);
  }

  /** A one-off coupon taking `discountCents` off one checkout session; null when there is no discount. */
  private async sessionCoupon(sessionId: string, discountCents: number): Promise<Stripe.Coupon | null> {
    if (discountCents <= 0) return null;
    return this.stripe.coupons.create(
      {
        amount_off: discountCents,
        currency: CURRENCY,
        duration: 'once',
        max_redemptions: 1,
        metadata: { sessionId },
      },
      { idempotencyKey: `estancia-coupon-${sessionId}` },
    );
  }

  /** The product with this fixed id, created on first use. */
  private async ensureProduct(id: string, name: string, metadata: Record<string, string>): Promise<string> {
    if (this.products.has(id)) return id;
    try {
      await this.stripe.products.create({ id, name, metadata });
    } catch (err) {
      // Created earlier (another process, an earlier boot): the fixed id is the point.
      if (!(
        err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists'
      )) {
        throw err;
      }
    }
    this.products.add(id);
    return id;
  }

  /** The PaymentIntent of a payment, from what we kept of it; GATEWAY_ERROR when none can be found. */
  private async paymentIntentOf(input: RefundPayment): Promise<string> {
    const { paymentRef, checkoutRef } = input;
    if (paymentRef?.startsWith('pi_')) return paymentRef;
    if (paymentRef?.startsWith('in_')) {
      const payments = await this.stripe.invoicePayments.list({ invoice: paymentRef, status: 'paid' });
      const paid = payments.data.find((p) => p.payment.type === 'payment_intent' && p.payment.payment_intent);
      if (paid?.payment.payment_intent) return refOf(paid.payment.payment_intent);
    } else if (checkoutRef?.startsWith('cs_')) {
      const session = await this.stripe.checkout.sessions.retrieve(checkoutRef);
      if (session.payment_intent) return refOf(session.payment_intent);
    }
    throw new AppError(ErrorCode.GATEWAY_ERROR);
  }

  /** An inline recurring price of the plan's product (created on first use). */
  private async planPrice(
    term: PlanTerm,
    unitAmount: number,
  ): Promise<{
    currency: string;
    product: string;
    unit_amount: number;
    recurring: { interval: 'month' | 'year' };
  }> {
    const product = await this.ensureProduct(productRefOf(term), `Estancia ${term.plan}`, {
      plan: term.plan,
      cycle: term.cycle,
    });
    return {
      currency: CURRENCY,
      product,
      unit_amount: unitAmount,
      recurring: { interval: intervalOf(term.cycle) },
    };
  }
}

const refOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);
