import {
  REFERRAL_CODE_LENGTH,
  newReferralCode,
  newResetToken,
  newStaffPassword,
  newVerificationCode,
  normaliseReferralCode,
  sameHash,
  sha256,
  verificationCodeHash,
} from './secrets';
import { passwordSchema } from '@estancia/contracts';

describe('identity secrets', () => {
  it('makes 6-digit verification codes, zero-padded', () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('makes referral codes without look-alike characters', () => {
    for (let i = 0; i < 500; i++) {
      const code = newReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]+$/);
    }
    expect(normaliseReferralCode('  ab12cd34 ')).toBe('AB12CD34');
  });

  it('makes long opaque reset tokens whose stored hash differs from the token', () => {
    const token = newResetToken();
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(token).not.toBe(newResetToken());
    expect(sha256(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(token)).not.toContain(token);
  });

  it('keys verification code hashes by secret and user', () => {
    const a = verificationCodeHash('s1', 'u1', '123456');
    expect(sameHash(a, verificationCodeHash('s1', 'u1', '123456'))).toBe(true);
    expect(sameHash(a, verificationCodeHash('s2', 'u1', '123456'))).toBe(false);
    expect(sameHash(a, verificationCodeHash('s1', 'u2', '123456'))).toBe(false);
    expect(sameHash(a, verificationCodeHash('s1', 'u1', '123457'))).toBe(false);
    expect(sameHash(a, 'abcd')).toBe(false);
  });

  it('generates staff passwords that pass the password rule', () => {
    for (let i = 0; i < 50; i++) expect(passwordSchema.safeParse(newStaffPassword()).success).toBe(true);
  });
});
