import { beforeEach, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { createI18nProvider, LOCALE_KEY } from './i18nProvider';

describe('i18nProvider', () => {
  beforeEach(() => localStorage.clear());

  it('starts in Spanish and translates react-admin messages and our own', () => {
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('es');
    expect(i18n.translate('ra.auth.sign_in')).toBe('Iniciar sesión');
    expect(i18n.translate('resources.users.name', { smart_count: 2 })).toBe('Usuarios');
    expect(
      i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 40 }),
    ).toBe('1-25 de 40');
    expect(document.documentElement.lang).toBe('es');
  });

  it('switches language and marks the document', async () => {
    const i18n = createI18nProvider();
    await i18n.changeLocale('ca');
    expect(i18n.translate('ra.auth.logout')).toBe('Tanca la sessió');
    expect(document.documentElement.lang).toBe('ca');
    await i18n.changeLocale('en');
    expect(i18n.translate('console.menu.customers')).toBe('Customers');
    expect(i18n.getLocales?.().map((l) => l.locale)).toEqual(['es', 'ca', 'en']);
  });

  it('remembers the chosen language for the next visit, even after logout wipes the store', async () => {
    await createI18nProvider().changeLocale('ca');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('ca');
    localStorage.removeItem('RaStore.locale');
    const nextVisit = createI18nProvider();
    expect(nextVisit.getLocale()).toBe('ca');
    expect(nextVisit.translate('ra.auth.sign_in')).toBe('Inicia la sessió');
  });

  it('translates the saved queries of the list filters ("Save current query…")', async () => {
    const english = englishMessages.ra.saved_queries as Record<string, string>;
    const i18n = createI18nProvider('es');
    expect(i18n.translate('ra.saved_queries.new_label')).toBe('Guardar la consulta actual…');
    for (const locale of ['es', 'ca'] as const) {
      await i18n.changeLocale(locale);
      for (const key of Object.keys(english))
        expect(i18n.translate(`ra.saved_queries.${key}`, { name: 'x' }), `${locale} ${key}`).not.toBe(
          english[key]!.replace('%{name}', 'x'),
        );
    }
    expect(i18n.translate('ra.saved_queries.new_label')).toBe('Desa la consulta actual…');
  });

  it('falls back to English for react-admin messages the catalogue does not translate', async () => {
    const i18n = createI18nProvider('es');
    expect(i18n.translate('ra.configurable.customize')).toBe('Customize');
    await i18n.changeLocale('ca');
    expect(i18n.translate('ra.configurable.customize')).toBe('Customize');
  });
});
