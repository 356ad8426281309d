import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';
import { loginRequestSchema, passwordSchema, phoneSchema, registerRequestSchema } from './identity';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('identity schemas', () => {
  it('accepts a strong password and names the broken rule otherwise', () => {
    expect(passwordSchema.safeParse('Casa-2024').success).toBe(true);
    for (const weak of ['Casa-ab', 'casa-2024', 'CASA2024a', 'Casa2024']) {
      expect(passwordSchema.safeParse(weak).error?.issues[0]?.message).toBe('passwordRules');
    }
    expect(passwordSchema.safeParse(`A1-${'x'.repeat(126)}`).error?.issues[0]?.message).toBe(
      'passwordTooLong',
    );
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe('required');
  });

  it('normalises e-mails and flags bad ones', () => {
    expect(loginRequestSchema.parse({ login: ' Ana@Example.COM ', password: 'x' }).login).toBe(
      'ana@example.com',
    );
    expect(issues(loginRequestSchema.safeParse({ login: 'ana@', password: 'x' }))).toEqual({
      login: 'email',
    });
  });

  it('validates phones', () => {
    for (const ok of ['', '+34 612 345 678', '93.123.45.67', '(+1) 555-0100'.replace('(+1) ', '+1 ')]) {
      expect(phoneSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['abc', '12', '+34 6x2 345 678'])
      expect(phoneSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('fills registration defaults and requires a name', () => {
    const parsed = registerRequestSchema.parse({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'Casa-2024',
      acceptTerms: true,
    });
    expect(parsed).toMatchObject({ company: '', referralCode: '', language: 'es' });
    expect(
      issues(registerRequestSchema.safeParse({ name: ' ', email: 'ana@example.com', password: 'Casa-2024' })),
    ).toEqual({
      name: 'required',
      acceptTerms: 'acceptTerms',
    });
  });

  it('requires the terms to be accepted: only `true` passes', () => {
    const body = { name: 'Ana', email: 'ana@example.com', password: 'Casa-2024' };
    for (const acceptTerms of [false, 'true', 1, null]) {
      expect(issues(registerRequestSchema.safeParse({ ...body, acceptTerms }))).toEqual({
        acceptTerms: 'acceptTerms',
      });
    }
    expect(registerRequestSchema.safeParse({ ...body, acceptTerms: true }).success).toBe(true);
  });

  it('falls back to the e-mail part before the @ for the displayed name', () => {
    expect(displayName({ name: '', email: 'ana.garcia@example.com' })).toBe('ana.garcia');
    expect(displayName({ name: 'Ana', email: 'ana@example.com' })).toBe('Ana');
  });
});
