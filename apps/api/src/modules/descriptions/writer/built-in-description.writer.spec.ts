import {
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
  type DescriptionFacts,
  type DescriptionLanguage,
  type PropertyFeature,
  type PropertyType,
} from '@estancia/contracts';
import { BuiltInDescriptionWriter, composeDescription } from './built-in-description.writer';

/** Each language's words for a feature and a type; a text may hold a word only if its fact was given. */
const FEATURE_WORDS: Record<DescriptionLanguage, Record<PropertyFeature, RegExp>> = {
  es: {
    balcony: /balc[oó]n/i,
    terrace: /terraza/i,
    garden: /jard[ií]n/i,
    garage: /garaje/i,
    elevator: /ascensor/i,
    storage_room: /trastero/i,
    pool: /piscina/i,
  },
  cat: {
    balcony: /balc[oó]/i,
    terrace: /terrassa/i,
    garden: /jard[ií]/i,
    garage: /garatge/i,
    elevator: /ascensor/i,
    storage_room: /traster/i,
    pool: /piscina/i,
  },
  en: {
    balcony: /balcony/i,
    terrace: /terrace/i,
    garden: /garden/i,
    garage: /garage/i,
    elevator: /elevator|\blift\b/i,
    storage_room: /storage/i,
    pool: /pool/i,
  },
};
const TYPE_WORDS: Record<DescriptionLanguage, Record<PropertyType, RegExp>> = {
  es: { apartment: /\bpiso\b/i, penthouse: /ático/i, house: /\bcasa\b/i, cabin: /cabaña/i },
  cat: { apartment: /\bpis\b/i, penthouse: /àtic/i, house: /\bcasa\b/i, cabin: /\bcabana\b/i },
  en: { apartment: /apartment/i, penthouse: /penthouse/i, house: /\bhouse\b/i, cabin: /\bcabin\b/i },
};
/** Words that give a text's language away, and words of the other languages it must not contain. */
const MARKERS: Record<DescriptionLanguage, { must: RegExp[]; never: RegExp[] }> = {
  es: {
    must: [/\b(dormitorios?|habitaci[oó]n|habitaciones)\b/i, /\bbaños?\b/i],
    never: [/\bamb\b/i, /habitacions/i, /\bbanys?\b/i, /\bbedrooms?\b/i, /\bthe\b/i],
  },
  cat: {
    must: [/\b(dormitori|habitaci)/i, /\bbanys?\b/i],
    never: [/habitaciones/i, /dormitorios/i, /\bbaños?\b/i, /\bcon\s/i, /\bbedrooms?\b/i, /\bthe\b/i],
  },
  en: {
    must: [/\bbedrooms?\b/i, /\bbathrooms?\b/i],
    never: [/habitaci/i, /\bbaños?\b/i, /\bbanys?\b/i, /\bcon\s/i, /\bamb\b/i],
  },
};

const LANGUAGES: DescriptionLanguage[] = ['es', 'cat', 'en'];
const numbersIn = (text: string) => (text.match(/\d+/g) ?? []).map(Number).sort((a, b) => a - b);

/** A spread of fact sets: every type, features from none to all, studios and big houses. */
function factSets(language: DescriptionLanguage): DescriptionFacts[] {
  const sets: DescriptionFacts[] = [];
  PROPERTY_TYPES.forEach((propertyType, i) => {
    for (let k = 0; k <= PROPERTY_FEATURES.length; k += 2) {
      sets.push({
        language,
        location: i % 2 ? 'Gràcia, Barcelona' : 'Sant Cugat del Vallès',
        squareMeters: 45 + i * 37 + k,
        bedrooms: (i + k) % 5,
        bathrooms: 1 + ((i + k) % 3),
        propertyType,
        features: PROPERTY_FEATURES.filter((_, j) => (j + i) % (k + 1) === 0).slice(0, k),
      });
    }
  });
  return sets;
}

describe('the built-in description composer', () => {
  it.each(LANGUAGES)('in %s states every given fact and no other, over many seeds', (language) => {
    for (const facts of factSets(language)) {
      for (let seed = 0; seed < 12; seed++) {
        const text = composeDescription(facts, seed);
        const where = `${language} seed ${seed}: ${text}`;
        expect({ where, has: text.includes(facts.location) }).toEqual({ where, has: true });
        const given = [facts.squareMeters, facts.bathrooms, ...(facts.bedrooms ? [facts.bedrooms] : [])];
        expect({ where, numbers: [...new Set(numbersIn(text))] }).toEqual({
          where,
          numbers: [...new Set(given)].sort((a, b) => a - b),
        });
        for (const feature of PROPERTY_FEATURES) {
          const mentioned = FEATURE_WORDS[language][feature].test(text);
          expect({ where, feature, mentioned }).toEqual({
            where,
            feature,
            mentioned: facts.features.includes(feature),
          });
        }
        for (const type of PROPERTY_TYPES) {
          const mentioned = TYPE_WORDS[language][type].test(text);
          expect({ where, type, mentioned }).toEqual({ where, type, mentioned: type === facts.propertyType });
        }
      }
    }
  });

  it.each(LANGUAGES)('writes %s text with no word of the other languages', (language) => {
    for (const facts of factSets(language).filter((f) => f.bedrooms > 0)) {
      for (let seed = 0; seed < 12; seed++) {
        const text = composeDescription(facts, seed);
        for (const must of MARKERS[language].must)
          expect({ text, must: must.test(text) }).toEqual({ text, must: true });
        for (const never of MARKERS[language].never)
          expect({ text, never: never.test(text) }).toEqual({ text, never: false });
      }
    }
  });

  it('writes real Catalan: its own words for rooms, "amb", elisions and agreement', () => {
    const facts: DescriptionFacts = {
      language: 'cat',
      location: 'Girona',
      squareMeters: 120,
      bedrooms: 3,
      bathrooms: 2,
      propertyType: 'house',
      features: ['elevator', 'garden'],
    };
    const texts = Array.from({ length: 12 }, (_, seed) => composeDescription(facts, seed)).join(' ');
    expect(texts).toMatch(/\bhabitacions\b/);
    expect(texts).toMatch(/\bamb\b/);
    expect(texts).toMatch(/\b2 banys\b/);
    expect(texts).toMatch(/\b(Aquesta|aquesta|una) casa\b/);
    expect(texts).toMatch(/l'ascensor/);
    expect(texts).not.toMatch(/\b(Aquest|aquest) casa\b/);
    expect(composeDescription({ ...facts, bedrooms: 1, bathrooms: 1 }, 0)).toMatch(
      /1 (habitació|dormitori) i 1 bany\./,
    );
  });

  it('agrees in Spanish and English: gender, singular and plural, a or an', () => {
    const piso: DescriptionFacts = {
      language: 'es',
      location: 'Madrid',
      squareMeters: 70,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'apartment',
      features: ['terrace'],
    };
    const es = Array.from({ length: 12 }, (_, seed) => composeDescription(piso, seed)).join(' ');
    expect(es).not.toMatch(/\b(esta|Esta|una) piso\b/);
    expect(es).toMatch(/\b1 (dormitorio|habitación) y 1 baño\b/);
    expect(es).toMatch(/\b(destaca|Completa) /);
    const en = composeDescription({ ...piso, language: 'en' }, 1);
    expect(en).toMatch(/Introducing an apartment of 70 m²/);
  });

  it('gives a different text for each regeneration (consecutive seeds) of the same facts', async () => {
    const writer = new BuiltInDescriptionWriter();
    for (const language of LANGUAGES) {
      const facts = factSets(language)[3]!;
      const texts: string[] = [];
      for (let seed = 500; seed < 507; seed++) texts.push(await writer.write({ facts, seed }));
      for (let i = 1; i < texts.length; i++) expect(texts[i]).not.toBe(texts[i - 1]);
      expect(new Set(texts).size).toBeGreaterThanOrEqual(4);
      // The same seed gives the same text: a job that runs twice writes the same thing.
      expect(await writer.write({ facts, seed: 500 })).toBe(texts[0]);
    }
  });
});
