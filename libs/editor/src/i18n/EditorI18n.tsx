import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { getI18n, I18nContext, I18nextProvider } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@estancia/contracts';
import { resources } from '@estancia/i18n';

export const EDITOR_NAMESPACE = 'editor';

/** Adds the editor's catalogues to an i18next instance that lacks them (the host app's). */
export function addEditorCatalogues(instance: I18n): I18n {
  for (const locale of LOCALES)
    if (!instance.hasResourceBundle(locale, EDITOR_NAMESPACE))
      instance.addResourceBundle(locale, EDITOR_NAMESPACE, resources[locale].editor);
  return instance;
}

/** An i18next instance of the editor's own, for hosts without one (react-admin uses polyglot). */
export function createEditorI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, { [EDITOR_NAMESPACE]: resources[l].editor }])),
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [EDITOR_NAMESPACE],
    defaultNS: EDITOR_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/**
 * Gives the editor its translations: the host's react-i18next instance (its language, the editor's
 * catalogues added) when there is one, else an instance of its own in `locale`.
 */
export function EditorI18n({ locale, children }: { locale?: Locale; children: ReactNode }) {
  const host = useContext(I18nContext)?.i18n ?? getI18n();
  const [own] = useState(() => createEditorI18n(locale));
  const instance = useMemo(() => (host ? addEditorCatalogues(host) : own), [host, own]);
  useEffect(() => {
    if (!host && locale && own.language !== locale) void own.changeLanguage(locale);
  }, [host, own, locale]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
