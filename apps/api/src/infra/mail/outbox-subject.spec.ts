import { translate } from '@estancia/i18n';
import { subjectIn, subjectParamsToKeep } from './outbox-subject';

describe('outbox subjects in the staff member’s language', () => {
  it('keeps only the values the subject uses', () => {
    expect(subjectParamsToKeep('verification', { code: '123456', minutes: 15 })).toEqual({ code: '123456' });
    expect(subjectParamsToKeep('passwordReset', { link: 'https://x.test/r', minutes: 60 })).toEqual({});
  });

  it('keeps nothing when the subject cannot be written again', () => {
    // A value the subject needs is missing, or the kind has no subject in the mail catalogue.
    expect(subjectParamsToKeep('verification', { minutes: 15 })).toBeNull();
    expect(subjectParamsToKeep('verification')).toBeNull();
    expect(subjectParamsToKeep('test', { code: '1' })).toBeNull();
  });

  it('writes the subject again in each language from the kind and the kept values', () => {
    for (const locale of ['es', 'ca', 'en'] as const) {
      expect(subjectIn(locale, 'verification', { code: '123456' })).toBe(
        translate(locale, 'mail', 'verification.subject', { code: '123456' }),
      );
      expect(subjectIn(locale, 'verification', { code: '123456' })).toContain('123456');
    }
    expect(subjectIn('en', 'verification', { code: '1' })).not.toBe(
      subjectIn('es', 'verification', { code: '1' }),
    );
  });

  it('needs no kept values for a subject without any (messages stored before they were kept too)', () => {
    expect(subjectIn('ca', 'passwordReset', null)).toBe(translate('ca', 'mail', 'passwordReset.subject'));
  });

  it('gives up, for the subject as sent, without the values or the kind', () => {
    expect(subjectIn('en', 'verification', null)).toBeNull();
    expect(subjectIn('en', 'verification', {})).toBeNull();
    expect(subjectIn('en', 'test', {})).toBeNull();
  });
});
