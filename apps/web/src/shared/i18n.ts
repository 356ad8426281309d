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
import spanish from './catalogues/es';

type Catalogue = typeof spanish;
const NAMESPACES = ['web', 'errors', 'validation'] as const;

/**
 * Spanish, the default language, ships with the app; Catalan and English are fetched the first time they
 * are shown (each is a chunk of ~12 kB gzip the sign-in page would otherwise download for nothing).
 */
const loaded = new Map<Locale, Catalogue>([[DEFAULT_LOCALE, spanish]]);
const loading = new Map<Locale, Promise<Catalogue>>();
const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./catalogues/es'),
  ca: () => import('./catalogues/ca'),
  en: () => import('./catalogues/en'),
};

export function loadLocale(locale: Locale): Promise<Catalogue> {
  const known = loaded.get(locale);
  if (known) return Promise.resolve(known);
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(
      ({ default: catalogue }) => {
        loaded.set(locale, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(locale); // a later switch tries again
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Every language at hand, so switching is synchronous (the unit tests switch freely). */
export async function preloadLocales(): Promise<void> {
  await Promise.all(LOCALES.map(loadLocale));
}

/** The stored language (`_lang`) when valid, else Spanish. */
export function storedLocale(storage: Storage): Locale {
  const stored = storage.getItem(STORAGE_KEYS.lang);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function addCatalogue(instance: I18n, locale: Locale, catalogue: Catalogue): void {
  for (const ns of NAMESPACES)
    if (!instance.hasResourceBundle(locale, ns)) instance.addResourceBundle(locale, ns, catalogue[ns]);
}

/** Starts in `initial` when its catalogue is at hand, else in Spanish until `changeLanguage(initial)` fetched it. */
export function createI18n(initial: Locale): I18n {
  const instance = i18next.createInstance();
  const start = loaded.has(initial) ? initial : DEFAULT_LOCALE;
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries([...loaded].map(([locale, catalogue]) => [locale, { ...catalogue }])),
    lng: start,
    // Every catalogue is complete (a test fails on a missing key), so English is not fetched just in case.
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: 'web',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // A language not loaded yet is fetched first; a loaded one switches at once, as i18next does.
  const change = instance.changeLanguage.bind(instance);
  instance.changeLanguage = ((lng, callback) => {
    if (!isLocale(lng) || loaded.has(lng)) {
      if (isLocale(lng)) addCatalogue(instance, lng, loaded.get(lng) as Catalogue);
      return change(lng, callback);
    }
    return loadLocale(lng).then(
      (catalogue) => {
        addCatalogue(instance, lng, catalogue);
        return change(lng, callback);
      },
      (error: unknown) => {
        // Offline, say: the page stays in the language it has.
        console.warn(`[i18n] the ${lng} catalogue could not be loaded`, error);
        return instance.t;
      },
    );
  }) as I18n['changeLanguage'];
  // The page language follows the interface language (screen readers, hyphenation, axe).
  const syncHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
  syncHtmlLang(instance.language);
  instance.on('languageChanged', syncHtmlLang);
  return instance;
}

const initialLocale = storedLocale(window.localStorage);
export const i18n = createI18n(initialLocale);

/** Resolves once the stored language is shown: the app renders after it, so no Spanish text flashes first. */
export const i18nReady: Promise<unknown> =
  i18n.language === initialLocale ? Promise.resolve() : i18n.changeLanguage(initialLocale);

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
