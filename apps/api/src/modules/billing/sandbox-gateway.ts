import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, FieldIssue, SANDBOX_CARDS, type BillingCycle, type PlanCode } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { SandboxSubscriptions } from './sandbox-subscriptions';
import type {
  ChangeSubscription,
  CheckoutCreated,
  CreateCheckout,
  GatewayEvent,
  PaymentGateway,
  PublishPrice,
  RefundPayment,
  SavedCard,
} from './payment-gateway.port';

export const SANDBOX_GATEWAY = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['checkout.paid', 'checkout.declined', 'checkout.expired']),
  sessionId: z.uuid(),
});

/** The signing key, derived so that the JWT secret itself never signs anything outside sessions. */
export const sandboxSigningKey = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('estancia:sandbox-gateway:webhook').digest();

/** Hex HMAC-SHA256 of the raw body, the value of `x-sandbox-signature`. */
export const signSandboxPayload = (jwtSecret: string, rawBody: Buffer | string): string =>
  createHmac('sha256', sandboxSigningKey(jwtSecret)).update(rawBody).digest('hex');

/** The event of a session's outcome, with the id a redelivery of that outcome reuses. */
export const sandboxEvent = (
  sessionId: string,
  outcome: 'paid' | 'declined',
  extra: { card?: SavedCard | null; subscriptionRef?: string | null } = {},
): GatewayEvent =>
  outcome === 'paid'
    ? { id: `${SANDBOX_GATEWAY}:${sessionId}:paid`, type: 'checkout.paid', sessionId, ...extra }
    : { id: `${SANDBOX_GATEWAY}:${sessionId}:declined`, type: 'checkout.declined', sessionId };

/** A card number passes the Luhn checksum (every real card number does). */
export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
};

/** The brand a card number belongs to, by its leading digits. */
export const cardBrand = (digits: string): string => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
};

/** The card typed on the sandbox page, already shaped by sandboxPayRequestSchema. */
export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A session being paid on the sandbox page, as the provider would know it. */
export interface SandboxPayment {
  sessionId: string;
  customerRef: string;
  mode:
    | { kind: 'payment' }
    | { kind: 'setup' }
    | {
        kind: 'subscription';
        plan: PlanCode;
        cycle: BillingCycle;
        priceCents: number;
        discountCents: number;
      };
}

const badSignature = (): AppError => new AppError(ErrorCode.VALIDATION_FAILED, { signature: 'invalid' });

/**
 * The embedded gateway (no keys, no network): checkout happens on our own sandbox page, its cards
 * and subscriptions are kept in sandbox_* tables (what a provider keeps on its side), and every
 * outcome comes back as events through the same path a real gateway's webhook uses.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY;
  readonly renewsAtCataloguePrice = true;
  private readonly key: Buffer;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly subscriptions: SandboxSubscriptions,
  ) {
    this.key = sandboxSigningKey(config.JWT_SECRET);
  }

  createCustomer(_input: { userId: string; email: string; name: string }): Promise<string> {
    return Promise.resolve(`cus_sandbox_${randomBytes(12).toString('hex')}`);
  }

  createCheckout(input: CreateCheckout): Promise<CheckoutCreated> {
    return Promise.resolve({
      // The sandbox page is the app's own: on the origin the buyer returns to, where their session is.
      checkoutUrl: `${new URL(input.successUrl).origin}/sandbox-checkout/${input.sessionId}`,
      gatewayRef: `${SANDBOX_GATEWAY}_${input.sessionId}`,
    });
  }

  /**
   * The sandbox page's pay button. The declining test card refuses a payment (a setup only saves
   * it: charges are what it declines); any other valid card pays and becomes the customer's card.
   * A subscription is started on the provider side and its own events follow the payment's.
   */
  async pay(payment: SandboxPayment, input: SandboxCardInput | undefined): Promise<GatewayEvent[]> {
    const card = input ?? {
      number: SANDBOX_CARDS.pays,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 1,
      cvc: '123',
    };
    checkCard(card);
    const declines = card.number === SANDBOX_CARDS.declines;
    if (declines && payment.mode.kind !== 'setup') return [sandboxEvent(payment.sessionId, 'declined')];
    const saved = await this.saveCard(payment.customerRef, card, declines);
    if (payment.mode.kind !== 'subscription')
      return [sandboxEvent(payment.sessionId, 'paid', { card: saved })];
    const started = await this.subscriptions.start({
      sessionId: payment.sessionId,
      customerRef: payment.customerRef,
      plan: payment.mode.plan,
      cycle: payment.mode.cycle,
      priceCents: payment.mode.priceCents,
      discountCents: payment.mode.discountCents,
    });
    return [
      sandboxEvent(payment.sessionId, 'paid', { card: saved, subscriptionRef: started.subscriptionRef }),
      ...started.events,
    ];
  }

  /** The sandbox page's decline button. */
  decline(sessionId: string): GatewayEvent[] {
    return [sandboxEvent(sessionId, 'declined')];
  }

  async chargeSavedCard(input: {
    sessionId: string;
    customerRef: string;
    methodRef: string;
    amountCents: number;
    description: string;
  }): Promise<GatewayEvent[]> {
    const [card] = (await this.dataSource.query(
      `SELECT declines FROM sandbox_cards WHERE customer_ref = $1 AND method_ref = $2`,
      [input.customerRef, input.methodRef],
    )) as { declines: boolean }[];
    // A card the provider no longer has cannot be charged either.
    if (!card || card.declines) return [sandboxEvent(input.sessionId, 'declined')];
    return [sandboxEvent(input.sessionId, 'paid')];
  }

  async detachCard(input: { customerRef: string; methodRef: string }): Promise<GatewayEvent[]> {
    await this.dataSource.query(`DELETE FROM sandbox_cards WHERE customer_ref = $1 AND method_ref = $2`, [
      input.customerRef,
      input.methodRef,
    ]);
    return [];
  }

  changeSubscription(input: ChangeSubscription): Promise<GatewayEvent[]> {
    return this.subscriptions.change(input);
  }

  setCancelAtPeriodEnd(input: {
    subscriptionRef: string;
    customerRef: string;
    cancel: boolean;
  }): Promise<GatewayEvent[]> {
    return this.subscriptions.setCancelAtPeriodEnd(input);
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<GatewayEvent | null> {
    const given = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) throw badSignature();
    const expected = createHmac('sha256', this.key).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw badSignature();
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError(ErrorCode.VALIDATION_FAILED, { body: 'invalid' });
    }
    const parsed = sandboxEventSchema.safeParse(body);
    if (!parsed.success) throw new AppError(ErrorCode.VALIDATION_FAILED, { body: 'invalid' });
    return Promise.resolve(parsed.data);
  }

  /**
   * The sandbox keeps no catalogue of its own: a price is a fresh reference, recorded with its figure
   * in gateway_prices like a real provider's, so a price change behaves the same on both gateways.
   */
  publishPrice(_input: PublishPrice): Promise<{ ref: string }> {
    return Promise.resolve({ ref: `price_sbx_${randomBytes(12).toString('hex')}` });
  }

  archivePrice(_ref: string): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Refunds a sandbox payment (the caller checks it was taken here and how much is left): the sandbox
   * card always accepts a refund, and the refund's reference is recorded with it.
   */
  refund(_input: RefundPayment): Promise<{ ref: string }> {
    return Promise.resolve({ ref: `re_sbx_${randomBytes(12).toString('hex')}` });
  }

  /** One card per customer, as the provider keeps it: a new card replaces the old one. */
  private async saveCard(customerRef: string, card: SandboxCardInput, declines: boolean): Promise<SavedCard> {
    const saved: SavedCard = {
      methodRef: `pm_sandbox_${randomBytes(12).toString('hex')}`,
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
    await this.dataSource.query(
      `INSERT INTO sandbox_cards (customer_ref, method_ref, brand, last4, exp_month, exp_year, declines)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (customer_ref) DO UPDATE SET method_ref = EXCLUDED.method_ref, brand = EXCLUDED.brand,
         last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year,
         declines = EXCLUDED.declines`,
      [customerRef, saved.methodRef, saved.brand, saved.last4, saved.expMonth, saved.expYear, declines],
    );
    return saved;
  }
}

/** VALIDATION_FAILED with the card's bad fields: a number failing Luhn, an expiry in the past. */
function checkCard(card: SandboxCardInput, now = new Date()): void {
  const fields: Record<string, string> = {};
  if (!luhnValid(card.number)) fields['card.number'] = FieldIssue.INVALID;
  const year = now.getUTCFullYear();
  if (card.expYear < year || (card.expYear === year && card.expMonth < now.getUTCMonth() + 1)) {
    fields['card.expMonth'] = FieldIssue.INVALID;
    fields['card.expYear'] = FieldIssue.INVALID;
  }
  if (Object.keys(fields).length) throw new AppError(ErrorCode.VALIDATION_FAILED, fields);
}
