import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@estancia/contracts';

/** Referral codes avoid look-alike characters (0/O, 1/I/L) because people type them. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function newVerificationCode(): string {
  return randomInt(0, 10 ** LIMITS.verificationCodeLength)
    .toString()
    .padStart(LIMITS.verificationCodeLength, '0');
}

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** Referral codes are matched however the user typed them. */
export const normaliseReferralCode = (code: string): string => code.trim().toUpperCase();

/** The opaque token of a password-reset link (256 bits). */
export const newResetToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * A 6-digit code has only a million values, so a plain hash would be reversible; keying it with
 * the server secret means a copy of the database alone does not reveal live codes.
 */
export const verificationCodeHash = (secret: string, userId: string, code: string): string =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A password for a seeded staff account that passes the product's password rule. */
export const newStaffPassword = (): string => `${randomBytes(12).toString('base64url')}-A7`;
