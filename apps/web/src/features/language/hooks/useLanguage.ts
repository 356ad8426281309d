import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isLocale, STORAGE_KEYS, type Locale } from '@estancia/contracts';
import { identityApi } from '../../auth/api/identity-api';
import { session } from '../../session/session';
import { applyLangParam } from '../language';

export function useLanguage(): { language: Locale; setLanguage: (locale: Locale) => void } {
  const { i18n } = useTranslation();
  const setLanguage = useCallback(
    (locale: Locale) => {
      window.localStorage.setItem(STORAGE_KEYS.lang, locale);
      void i18n.changeLanguage(locale);
      // The account remembers the language for its e-mails; the answer is not needed and errors are swallowed.
      if (session.getState().user) identityApi.userLanguage(locale).catch(() => undefined);
    },
    [i18n],
  );
  return { language: isLocale(i18n.language) ? i18n.language : 'es', setLanguage };
}

/** Applies `?lang=` on every navigation. */
export function useLangParam(): void {
  const { search } = useLocation();
  const { i18n } = useTranslation();
  useEffect(() => {
    applyLangParam(search, window.localStorage, i18n);
  }, [search, i18n]);
}
