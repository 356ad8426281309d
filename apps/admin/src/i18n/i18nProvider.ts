import { type I18nProvider, mergeTranslations, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { DEFAULT_LOCALE, type Locale, LOCALES } from '@estancia/contracts';
// The console's own namespaces, file by file: the package's index would bring the customer app's catalogues too.
import esAdmin from '@estancia/i18n/es/admin.json';
import esErrors from '@estancia/i18n/es/errors.json';
import caAdmin from '@estancia/i18n/ca/admin.json';
import caErrors from '@estancia/i18n/ca/errors.json';
import enAdmin from '@estancia/i18n/en/admin.json';
import enErrors from '@estancia/i18n/en/errors.json';

/** Each language is named in itself, so a reader finds their own language whatever the current one. */
export const LOCALE_NAMES: Record<Locale, string> = { es: 'Español', ca: 'Català', en: 'English' };

/**
 * react-admin's English messages underneath, then our `admin` namespace (which translates the react-admin
 * messages the console shows, the resources and our own pages) and `errors.<code>` for API refusals.
 * Anything the catalogue leaves out therefore reads in English rather than as a raw key.
 */
const resources = {
  es: { admin: esAdmin, errors: esErrors },
  ca: { admin: caAdmin, errors: caErrors },
  en: { admin: enAdmin, errors: enErrors },
} satisfies Record<Locale, object>;

export const messagesFor = (locale: Locale): TranslationMessages =>
  mergeTranslations(englishMessages, { errors: resources[locale].errors }, resources[locale].admin);

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, messagesFor(locale)])) as Record<
  Locale,
  TranslationMessages
>;

const isLocale = (value: string | null): value is Locale =>
  (LOCALES as readonly string[]).includes(value ?? '');

/** Kept apart from react-admin's store, which is wiped at logout: the chosen language outlives a session. */
export const LOCALE_KEY = '_admin_locale';

const storedLocale = (): Locale | null => {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return isLocale(stored) ? stored : null;
};

export function createI18nProvider(initialLocale: Locale = storedLocale() ?? DEFAULT_LOCALE): I18nProvider {
  const polyglot = polyglotI18nProvider(
    (locale) => catalogues[isLocale(locale) ? locale : DEFAULT_LOCALE],
    initialLocale,
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
    { allowMissing: true },
  );
  // Screen readers pick the voice from <html lang>, so it follows the chosen language.
  document.documentElement.lang = initialLocale;
  return {
    ...polyglot,
    changeLocale: async (locale, options) => {
      const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
      await polyglot.changeLocale(chosen, options);
      document.documentElement.lang = chosen;
      localStorage.setItem(LOCALE_KEY, chosen);
    },
  };
}

export const i18nProvider = createI18nProvider();
