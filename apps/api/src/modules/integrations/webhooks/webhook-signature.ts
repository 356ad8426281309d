import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of webhook deliveries, Stripe's scheme: `Estancia-Signature: t=<unix seconds>,v1=<hex>`,
 * where the hex is HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's whole secret (`whsec_…`).
 * The timestamp is signed too, so an old delivery replayed later fails the tolerance check.
 */
export function webhookSignature(secret: string, rawBody: string | Buffer, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The `Estancia-Signature` header of a body sent now (or at `timestamp`, unix seconds). */
export function signatureHeader(
  secret: string,
  rawBody: string | Buffer,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${webhookSignature(secret, rawBody, timestamp)}`;
}

/**
 * What a receiver runs on each delivery: true when `header` carries a v1 signature of exactly `rawBody`
 * made with `secret`, at most `toleranceSeconds` away from now. `rawBody` must be the bytes received, not
 * a re-serialised JSON.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined | null,
  rawBody: string | Buffer,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    // Several v1 entries are allowed, so a receiver keeps working while a secret is being rolled.
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || !signatures.length) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, rawBody, timestamp), 'hex');
  return signatures.some((signature) => timingSafeEqual(signature, expected));
}
