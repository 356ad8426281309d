import { requestedLocale } from './caller-locale';

const ask = (acceptLanguage?: string, lang?: unknown) =>
  requestedLocale({
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    query: lang === undefined ? {} : { lang },
  } as Parameters<typeof requestedLocale>[0]);

describe('the language a request asks for', () => {
  it('takes ?lang first, when it names an available locale', () => {
    expect(ask('es', 'ca')).toBe('ca');
    expect(ask('es', 'fr')).toBe('es');
    expect(ask('es', ['ca', 'en'])).toBe('es');
  });

  it('takes the best available language of Accept-Language, by q-value and then by order', () => {
    expect(ask('ca-ES,ca;q=0.9,es;q=0.8')).toBe('ca');
    expect(ask('fr-FR,fr;q=0.9,en-GB;q=0.7')).toBe('en');
    expect(ask('en;q=0.4, ca;q=0.8')).toBe('ca');
    expect(ask('es, en')).toBe('es');
    expect(ask('EN-us')).toBe('en');
    // q=0 means "not this one".
    expect(ask('ca;q=0, en;q=0.1')).toBe('en');
  });

  it('answers null when nothing available is asked for, so the caller decides', () => {
    expect(ask()).toBeNull();
    expect(ask('*')).toBeNull();
    expect(ask('de-DE,fr;q=0.5')).toBeNull();
    expect(ask('')).toBeNull();
  });
});
