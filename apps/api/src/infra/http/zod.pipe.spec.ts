import { registerRequestSchema } from '@estancia/contracts';
import { AppError } from './app-error';
import { validate } from './zod.pipe';

const fieldsOf = (body: unknown): Record<string, string> | undefined => {
  try {
    validate(registerRequestSchema).transform(body);
  } catch (error) {
    return (error as AppError).fields;
  }
  return undefined;
};

describe('ZodPipe', () => {
  it('passes parsed values through', () => {
    const body = validate(registerRequestSchema).transform({
      name: 'Ana',
      email: 'ANA@x.es',
      password: 'Casa-2024',
      acceptTerms: true,
    });
    expect(body.email).toBe('ana@x.es');
  });

  it('flags a missing field as required and a wrongly typed one as invalid', () => {
    const terms = { acceptTerms: true };
    expect(fieldsOf({ email: 'ana@x.es', password: 'Casa-2024', ...terms })).toEqual({ name: 'required' });
    expect(fieldsOf({ name: 42, email: 'ana@x.es', password: 'Casa-2024', ...terms })).toEqual({
      name: 'invalid',
    });
  });

  it('keeps the schema issue code for a known rule', () => {
    expect(fieldsOf({ name: 'Ana', email: 'ana@', password: 'weak' })).toEqual({
      email: 'email',
      password: 'passwordRules',
      acceptTerms: 'acceptTerms',
    });
  });
});
