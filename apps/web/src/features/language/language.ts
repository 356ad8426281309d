import type { i18n as I18n } from 'i18next';
import { isLocale, STORAGE_KEYS, type Locale } from '@estancia/contracts';

/** A `lang` query parameter naming an available locale is stored under `_lang` and becomes active. */
export function applyLangParam(
  search: string,
  storage: Storage,
  i18n: Pick<I18n, 'language' | 'changeLanguage'>,
): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  if (!isLocale(lang)) return null;
  storage.setItem(STORAGE_KEYS.lang, lang);
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  return lang;
}
