import { visitorId, visitorLanguage } from './visitor';

const headers = (values: Record<string, string | string[]>) => ({ headers: values });

describe('visitorId', () => {
  it('takes the browser id from its header', () => {
    expect(visitorId(headers({ 'x-estancia-visitor': ' 0b8f6c2e-3f4a-4e5b-9c1d-2a3b4c5d6e7f ' }))).toBe(
      '0b8f6c2e-3f4a-4e5b-9c1d-2a3b4c5d6e7f',
    );
  });

  it('counts a missing, too short, too long or odd id as none', () => {
    expect(visitorId(headers({}))).toBeNull();
    expect(visitorId(headers({ 'x-estancia-visitor': 'abc' }))).toBeNull();
    expect(visitorId(headers({ 'x-estancia-visitor': 'a'.repeat(129) }))).toBeNull();
    expect(visitorId(headers({ 'x-estancia-visitor': 'visitor id; drop' }))).toBeNull();
  });
});

describe('visitorLanguage', () => {
  it('follows the first of the browser languages the product speaks', () => {
    expect(visitorLanguage(headers({ 'accept-language': 'ca-ES,ca;q=0.9,es;q=0.8' }))).toBe('ca');
    expect(visitorLanguage(headers({ 'accept-language': 'fr-FR,en;q=0.8' }))).toBe('en');
  });

  it('falls back to Spanish, the product default', () => {
    expect(visitorLanguage(headers({}))).toBe('es');
    expect(visitorLanguage(headers({ 'accept-language': 'de-DE' }))).toBe('es');
  });
});
