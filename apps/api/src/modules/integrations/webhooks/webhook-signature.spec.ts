import { createHmac } from 'node:crypto';
import { signatureHeader, verifyWebhookSignature, webhookSignature } from './webhook-signature';

const secret = 'whsec_test_0123456789abcdefghijklmnopqrstuvwxyz';
const body = '{"id":"0b9f6a52-2f4b-4a8e-9a6e-0d8f7f1c1a11","type":"decoration.ready","data":{"x":"àtic"}}';
const now = 1_767_225_600; // 2026-01-01T00:00:00Z

describe('webhook signatures', () => {
  it('is HMAC-SHA256 of "<t>.<raw body>" keyed with the whole secret, as the README recipe computes it', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(webhookSignature(secret, body, now)).toBe(expected);
    expect(signatureHeader(secret, body, now)).toBe(`t=${now},v1=${expected}`);
    expect(webhookSignature(secret, Buffer.from(body), now)).toBe(expected);
  });

  it('verifies a fresh signature of the exact body', () => {
    const header = signatureHeader(secret, body, now - 10);
    expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body), 300, now)).toBe(true);
  });

  it('refuses a wrong secret', () => {
    const header = signatureHeader('whsec_someone_else', body, now);
    expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
  });

  it('refuses a tampered body, even one that parses to the same JSON', () => {
    const header = signatureHeader(secret, body, now);
    expect(
      verifyWebhookSignature(secret, header, body.replace('decoration.ready', 'decoration.failed'), 300, now),
    ).toBe(false);
    expect(verifyWebhookSignature(secret, header, JSON.stringify(JSON.parse(body), null, 2), 300, now)).toBe(
      false,
    );
  });

  it('refuses a timestamp outside the tolerance, and a timestamp changed after signing', () => {
    const old = signatureHeader(secret, body, now - 301);
    expect(verifyWebhookSignature(secret, old, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, old, body, 600, now)).toBe(true);
    const future = signatureHeader(secret, body, now + 301);
    expect(verifyWebhookSignature(secret, future, body, 300, now)).toBe(false);
    const moved = old.replace(`t=${now - 301}`, `t=${now}`);
    expect(verifyWebhookSignature(secret, moved, body, 300, now)).toBe(false);
  });

  it('refuses missing or malformed headers and accepts any one matching v1 among several', () => {
    for (const header of [
      undefined,
      null,
      '',
      'v1=abc',
      `t=${now}`,
      `t=soon,v1=${webhookSignature(secret, body, now)}`,
    ])
      expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
    const good = webhookSignature(secret, body, now);
    const rolled = `t=${now},v1=${webhookSignature('whsec_old', body, now)},v1=${good}`;
    expect(verifyWebhookSignature(secret, rolled, body, 300, now)).toBe(true);
  });
});
