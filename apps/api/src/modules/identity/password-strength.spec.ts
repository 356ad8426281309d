import { ErrorCode } from '@estancia/contracts';
import { AppError } from '../../infra/http/app-error';
import { assertPasswordNotCommon } from './password-strength';

const refusal = (password: string, words?: string[]) => {
  try {
    assertPasswordNotCommon(password, words);
    return null;
  } catch (error) {
    return error;
  }
};

describe('assertPasswordNotCommon', () => {
  it.each(['Password1!', 'Qwerty123!', 'P@ssw0rd!', 'Welcome1!', 'Iloveyou1!'])(
    'refuses %s, which passes the format rules but is in the common-password lists',
    (password) => {
      const error = refusal(password);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: ErrorCode.PASSWORD_TOO_COMMON,
        status: 400,
        fields: { password: ErrorCode.PASSWORD_TOO_COMMON },
      });
    },
  );

  it('accepts passwords that are hard to guess', () => {
    for (const password of ['Casa-Bonita-2024', 'Nueva-Clave-99', 'Secret#123', 'Otra-Clave-2025'])
      expect(refusal(password)).toBeNull();
  });

  it("counts the person's own e-mail and name as known words", () => {
    expect(refusal('Ferrer1!')).toBeNull();
    expect(refusal('Ferrer1!', ['ana.ferrer@example.com', 'Ana Ferrer'])).toMatchObject({
      code: ErrorCode.PASSWORD_TOO_COMMON,
    });
  });
});
