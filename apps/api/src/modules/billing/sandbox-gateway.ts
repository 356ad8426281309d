import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode } from '@estancia/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { CheckoutCreated, CreateCheckout, GatewayEvent, PaymentGateway } from './payment-gateway.port';

export const SANDBOX_GATEWAY = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['checkout.paid', 'checkout.declined']),
  sessionId: z.uuid(),
});

/** The signing key, derived so that the JWT secret itself never signs anything outside sessions. */
export const sandboxSigningKey = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('estancia:sandbox-gateway:webhook').digest();

/** Hex HMAC-SHA256 of the raw body, the value of `x-sandbox-signature`. */
export const signSandboxPayload = (jwtSecret: string, rawBody: Buffer | string): string =>
  createHmac('sha256', sandboxSigningKey(jwtSecret)).update(rawBody).digest('hex');

/** The event the sandbox's own pay/decline buttons deliver, with the id a redelivery would reuse. */
export const sandboxEvent = (sessionId: string, outcome: 'paid' | 'declined'): GatewayEvent => ({
  id: `${SANDBOX_GATEWAY}:${sessionId}:${outcome}`,
  type: outcome === 'paid' ? 'checkout.paid' : 'checkout.declined',
  sessionId,
});

const badSignature = (): AppError => new AppError(ErrorCode.VALIDATION_FAILED, { signature: 'invalid' });

/**
 * The embedded gateway (no keys, no network): checkout happens on our own sandbox page, and its
 * outcome comes back through the same event path a real gateway's webhook uses.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY;
  private readonly key: Buffer;

  constructor(private readonly config: AppConfig) {
    this.key = sandboxSigningKey(config.JWT_SECRET);
  }

  createCheckout(input: CreateCheckout): Promise<CheckoutCreated> {
    return Promise.resolve({
      checkoutUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/data/billing/sandbox/${input.sessionId}`,
      gatewayRef: `${SANDBOX_GATEWAY}_${input.sessionId}`,
    });
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayEvent | null {
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
    return parsed.data;
  }
}
