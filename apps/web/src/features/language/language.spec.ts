import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@estancia/contracts';
import { createI18n, storedLocale } from '../../shared/i18n';
import { applyLangParam } from './language';

describe('lang query parameter', () => {
  it('stores an available locale under _lang and makes it active', () => {
    const i18n = createI18n('es');
    expect(applyLangParam('?lang=ca&x=1', window.localStorage, i18n)).toBe('ca');
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('ca');
    expect(i18n.language).toBe('ca');
    expect(i18n.t('nav.logout')).toBe('Tanca la sessió');
    expect(document.documentElement.getAttribute('lang')).toBe('ca');
  });

  it('ignores a locale that is not available', () => {
    const i18n = createI18n('es');
    expect(applyLangParam('?lang=fr', window.localStorage, i18n)).toBeNull();
    expect(applyLangParam('', window.localStorage, i18n)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBeNull();
    expect(i18n.language).toBe('es');
  });

  it('starts in the stored language, Spanish by default, and falls back to English for a missing key', () => {
    expect(storedLocale(window.localStorage)).toBe('es');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'en');
    expect(storedLocale(window.localStorage)).toBe('en');
    window.localStorage.setItem(STORAGE_KEYS.lang, 'de');
    expect(storedLocale(window.localStorage)).toBe('es');
    const i18n = createI18n('es');
    i18n.addResource('en', 'web', 'onlyInEnglish', 'English text');
    expect(i18n.t('onlyInEnglish')).toBe('English text');
  });
});
