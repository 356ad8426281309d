import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nContextProvider, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { App } from '../App';
import { setPageUrl, startLoopbackApi } from '../test/loopbackApi';
import { alertsRoute, signInAs } from '../resources/users/testFixtures';
import { ConsoleName } from './ConsoleName';
import { i18nProvider } from '../i18n/i18nProvider';

describe('the not-found page', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
    await i18nProvider.changeLocale('es');
  });

  it.each([
    ['es', 'No encontrado', 'Ir a la cola de trabajos'],
    ['ca', "No s'ha trobat", 'Ves a la cua de feines'],
    ['en', 'Not Found', 'Go to the job queue'],
  ])(
    'titles a path the console does not have in words (%s), as the page’s one h1',
    async (locale, title, home) => {
      api = await startLoopbackApi(alertsRoute);
      signInAs();
      await i18nProvider.changeLocale(locale);
      setPageUrl(`${api.origin}/backoffice/no-such-page`);
      render(<App />);

      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(document.body.textContent).not.toMatch(/console\.|ra\.page|ra\.message/);
      expect(screen.getByRole('link', { name: home }).getAttribute('href')).toBe('/backoffice/');
    },
  );
});

describe('the console’s name', () => {
  afterEach(() => cleanup());

  it('never reads as its key, even from a catalogue that lacks it', () => {
    const withoutTitle = polyglotI18nProvider(
      () => ({}) as TranslationMessages,
      'es',
      [{ locale: 'es', name: 'Español' }],
      {
        allowMissing: true,
      },
    );
    render(
      <I18nContextProvider value={withoutTitle}>
        <ConsoleName />
      </I18nContextProvider>,
    );
    expect(document.body.textContent).toBe('Estancia · Backoffice');
  });
});
