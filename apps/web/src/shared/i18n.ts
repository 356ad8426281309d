import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  LOCALES,
  STORAGE_KEYS,
  type Locale,
} from '@estancia/contracts';
import { resources } from '@estancia/i18n';

/** The stored language (`_lang`) when valid, else Spanish. */
export function storedLocale(storage: Storage): Locale {
  const stored = storage.getItem(STORAGE_KEYS.lang);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function createI18n(initial: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      es: { errors: resources.es.errors, validation: resources.es.validation, web: resources.es.web },
      ca: { errors: resources.ca.errors, validation: resources.ca.validation, web: resources.ca.web },
      en: { errors: resources.en.errors, validation: resources.en.validation, web: resources.en.web },
    },
    lng: initial,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['web', 'errors', 'validation'],
    defaultNS: 'web',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // The page language follows the interface language (screen readers, hyphenation, axe).
  const syncHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
  syncHtmlLang(instance.language);
  instance.on('languageChanged', syncHtmlLang);
  return instance;
}

export const i18n = createI18n(storedLocale(window.localStorage));

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
