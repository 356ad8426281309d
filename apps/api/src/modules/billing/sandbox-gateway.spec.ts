import { loadConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxGateway,
  sandboxEvent,
  signSandboxPayload,
} from './sandbox-gateway';

const SECRET = 'a-test-secret-that-is-long-enough-32+';
const SESSION = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('SandboxGateway', () => {
  const gateway = new SandboxGateway(
    loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://estancia.test/' }),
  );
  const body = Buffer.from(JSON.stringify(sandboxEvent(SESSION, 'paid')));
  const refused = (raw: Buffer, signature?: string): unknown => {
    try {
      gateway.parseWebhook(raw, signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature });
    } catch (error) {
      return error instanceof AppError ? error.code : error;
    }
    return 'accepted';
  };

  it('sends the customer to our own sandbox page for the session', async () => {
    const created = await gateway.createCheckout({
      sessionId: SESSION,
      userId: SESSION,
      lines: [{ description: 'Standard', amountCents: 4900 }],
      successUrl: 'https://estancia.test/ok',
      cancelUrl: 'https://estancia.test/offers',
    });
    expect(created.checkoutUrl).toBe(`https://estancia.test/data/billing/sandbox/${SESSION}`);
    expect(created.gatewayRef).toContain(SESSION);
  });

  it('reads a correctly signed event', () => {
    expect(
      gateway.parseWebhook(body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SECRET, body) }),
    ).toEqual({
      id: `sandbox:${SESSION}:paid`,
      type: 'checkout.paid',
      sessionId: SESSION,
    });
  });

  it('refuses a missing, malformed, foreign or stale-body signature', () => {
    expect(refused(body)).toBe('VALIDATION_FAILED');
    expect(refused(body, 'not-hex')).toBe('VALIDATION_FAILED');
    expect(refused(body, signSandboxPayload('another-secret-that-is-long-enough-32', body))).toBe(
      'VALIDATION_FAILED',
    );
    const tampered = Buffer.from(body.toString().replace('paid"', 'declined"'));
    expect(refused(tampered, signSandboxPayload(SECRET, body))).toBe('VALIDATION_FAILED');
  });

  it('refuses a signed body that is not a sandbox event', () => {
    const notJson = Buffer.from('{oops');
    expect(refused(notJson, signSandboxPayload(SECRET, notJson))).toBe('VALIDATION_FAILED');
    const wrongShape = Buffer.from(JSON.stringify({ id: 'x', type: 'refund', sessionId: SESSION }));
    expect(refused(wrongShape, signSandboxPayload(SECRET, wrongShape))).toBe('VALIDATION_FAILED');
  });
});
