import { SANDBOX_CARDS } from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import type { SandboxSubscriptions } from './sandbox-subscriptions';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxGateway,
  cardBrand,
  luhnValid,
  sandboxEvent,
  signSandboxPayload,
} from './sandbox-gateway';

const SECRET = 'a-test-secret-that-is-long-enough-32+';
const SESSION = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('SandboxGateway', () => {
  // These cases never reach the provider-side tables; the integration tests cover those.
  const gateway = new SandboxGateway(
    loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://estancia.test/' }),
    null as unknown as DataSource,
    null as unknown as SandboxSubscriptions,
  );
  const body = Buffer.from(JSON.stringify(sandboxEvent(SESSION, 'paid')));
  const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (error) {
      return error instanceof AppError ? { code: error.code, fields: error.fields } : error;
    }
    return 'accepted';
  };
  const refused = async (raw: Buffer, signature?: string): Promise<unknown> =>
    (
      (await failure(() =>
        gateway.parseWebhook(raw, signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
      )) as { code?: string }
    ).code ?? 'accepted';

  it('sends the customer to the sandbox checkout page for the session', async () => {
    const created = await gateway.createCheckout({
      sessionId: SESSION,
      userId: SESSION,
      customerRef: 'cus_sandbox_x',
      mode: { kind: 'payment' },
      lines: [{ description: 'Standard', amountCents: 4900 }],
      successUrl: 'https://estancia.test/ok',
      cancelUrl: 'https://estancia.test/offers',
      expiresAt: new Date(),
    });
    expect(created.checkoutUrl).toBe(`https://estancia.test/sandbox-checkout/${SESSION}`);
    expect(created.gatewayRef).toContain(SESSION);
  });

  it('creates a distinct customer each time', async () => {
    const [a, b] = await Promise.all([
      gateway.createCustomer({ userId: SESSION, email: 'a@example.test', name: 'A' }),
      gateway.createCustomer({ userId: SESSION, email: 'a@example.test', name: 'A' }),
    ]);
    expect(a).toMatch(/^cus_sandbox_/);
    expect(a).not.toBe(b);
  });

  it('reads a correctly signed event', async () => {
    await expect(
      gateway.parseWebhook(body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, body) }),
    ).resolves.toEqual({ id: `sandbox:${SESSION}:paid`, type: 'checkout.paid', sessionId: SESSION });
  });

  it('refuses a missing, malformed, foreign or stale-body signature', async () => {
    expect(await refused(body)).toBe('VALIDATION_FAILED');
    expect(await refused(body, 'not-hex')).toBe('VALIDATION_FAILED');
    expect(await refused(body, signSandboxPayload('another-secret-that-is-long-enough-32', body))).toBe(
      'VALIDATION_FAILED',
    );
    const tampered = Buffer.from(body.toString().replace('paid"', 'declined"'));
    expect(await refused(tampered, signSandboxPayload(SECRET, body))).toBe('VALIDATION_FAILED');
  });

  it('refuses a signed body that is not a sandbox event', async () => {
    const notJson = Buffer.from('{oops');
    expect(await refused(notJson, signSandboxPayload(SECRET, notJson))).toBe('VALIDATION_FAILED');
    const wrongShape = Buffer.from(JSON.stringify({ id: 'x', type: 'refund', sessionId: SESSION }));
    expect(await refused(wrongShape, signSandboxPayload(SECRET, wrongShape))).toBe('VALIDATION_FAILED');
  });

  it('checks card numbers with Luhn and names their brand', () => {
    expect(luhnValid(SANDBOX_CARDS.pays)).toBe(true);
    expect(luhnValid(SANDBOX_CARDS.declines)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('declines a payment with the declining card, and refuses a bad number or a past expiry', async () => {
    const payment = { sessionId: SESSION, customerRef: 'cus_sandbox_x', mode: { kind: 'payment' as const } };
    const nextYear = new Date().getUTCFullYear() + 1;
    await expect(
      gateway.pay(payment, { number: SANDBOX_CARDS.declines, expMonth: 1, expYear: nextYear, cvc: '123' }),
    ).resolves.toEqual([
      { id: `sandbox:${SESSION}:declined`, type: 'checkout.declined', sessionId: SESSION },
    ]);
    expect(
      await failure(() =>
        gateway.pay(payment, { number: '4242424242424241', expMonth: 1, expYear: nextYear, cvc: '123' }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', fields: { 'card.number': 'invalid' } });
    expect(
      await failure(() =>
        gateway.pay(payment, { number: SANDBOX_CARDS.pays, expMonth: 1, expYear: nextYear - 2, cvc: '123' }),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { 'card.expMonth': 'invalid', 'card.expYear': 'invalid' },
    });
  });

  it('publishes a fresh price reference per call and refunds with a reference of its own, offline', async () => {
    const figure = { product: 'plan', code: 'PRO', cycle: 'monthly' } as const;
    const [a, b] = await Promise.all([
      gateway.publishPrice({ figure, name: 'Pro', amountCents: 5900 }),
      gateway.publishPrice({ figure, name: 'Pro', amountCents: 5900 }),
    ]);
    expect(a.ref).toMatch(/^price_sbx_[0-9a-f]{24}$/);
    expect(b.ref).not.toBe(a.ref);
    await expect(gateway.archivePrice(a.ref)).resolves.toBeUndefined();
    const refund = await gateway.refund({
      paymentRef: null,
      checkoutRef: `sandbox_${SESSION}`,
      amountCents: 100,
      reason: 'Test',
      idempotencyKey: 'k',
    });
    expect(refund.ref).toMatch(/^re_sbx_[0-9a-f]{24}$/);
  });
});
