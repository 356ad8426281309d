import {
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
  type DescriptionFacts,
  type DescriptionLanguage,
  type PropertyFeature,
  type PropertyType,
} from '@estancia/contracts';
import { composeListing, LAYOUTS, LISTING_LENGTH } from './compose';

const LANGUAGES: DescriptionLanguage[] = ['es', 'cat', 'en'];
/** A whole word, accents included (JavaScript's \b only knows ASCII letters). */
const word = (w: string) => new RegExp(`(?<![\\p{L}])(${w})(?![\\p{L}])`, 'giu');
const occurrences = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

const TYPE_WORDS: Record<DescriptionLanguage, Record<PropertyType, RegExp>> = {
  es: { apartment: word('piso'), penthouse: word('ático'), house: word('casa'), cabin: word('cabaña') },
  cat: { apartment: word('pis'), penthouse: word('àtic'), house: word('casa'), cabin: word('cabana') },
  en: {
    apartment: word('apartment'),
    penthouse: word('penthouse'),
    house: word('house'),
    cabin: word('cabin'),
  },
};
/** Each language's words for a feature: a text may hold one only if that feature was given, and then once. */
const FEATURE_WORDS: Record<DescriptionLanguage, Record<PropertyFeature, RegExp>> = {
  es: {
    balcony: word('balc[oó]n'),
    terrace: word('terrazas?'),
    garden: word('jard[ií]n'),
    garage: word('garaje'),
    elevator: word('ascensor'),
    storage_room: word('trastero'),
    pool: word('piscina'),
  },
  cat: {
    balcony: word('balcó'),
    terrace: word('terrassa'),
    garden: word('jardí'),
    garage: word('garatge'),
    elevator: word('ascensor'),
    storage_room: word('traster'),
    pool: word('piscina'),
  },
  en: {
    balcony: word('balcony'),
    terrace: word('terrace'),
    garden: word('garden'),
    garage: word('garage'),
    elevator: word('elevator|lift'),
    storage_room: word('storage'),
    pool: word('pool'),
  },
};
const BEDROOMS: Record<DescriptionLanguage, RegExp> = {
  es: /\b\d+ (dormitorios?|habitaci(ón|ones))|sin dormitorios/g,
  cat: /\b\d+ (dormitoris?|habitaci(ó|ons))|sense (dormitoris|habitacions)/g,
  en: /\b\d+ bedrooms?\b|(no|without) separate bedrooms/g,
};
const BATHROOMS: Record<DescriptionLanguage, RegExp> = {
  es: /\b\d+ baños?/g,
  cat: /\b\d+ banys?\b/g,
  en: /\b\d+ bathrooms?\b/g,
};
/** Words that give a text's language away, and words of the other languages it must not contain. */
const MARKERS: Record<DescriptionLanguage, { must: RegExp[]; never: RegExp[] }> = {
  es: {
    must: [/(dormitorio|habitaci[oó]n)/i, /baños?/i],
    never: [/\bamb\b/i, /habitacions/i, /\bbanys?\b/i, /\bbedrooms?\b/i, /\bthe\b/i, /\bi\b/],
  },
  cat: {
    must: [/(dormitori|habitaci)/i, /\bbanys?\b/i],
    never: [/habitaciones/i, /dormitorios/i, /baños?/i, /\bcon\s/i, /\by\b/, /\bbedrooms?\b/i, /\bthe\b/i],
  },
  en: {
    must: [/\bbedrooms?\b/i, /\bbathrooms?\b/i],
    never: [/habitaci/i, /baños?/i, /\bbanys?\b/i, /\bcon\s/i, /\bamb\b/i, /\by\b/],
  },
};

const LONG_LOCATION =
  'Carrer de la Mare de Déu del Pilar, 14, barri de Sant Pere, Santa Caterina i la Ribera, Ciutat Vella, Barcelona'.slice(
    0,
    120,
  );

/** A spread of fact sets: every type, features from none to all, studios and big houses, short and long places. */
function factSets(language: DescriptionLanguage): DescriptionFacts[] {
  const sets: DescriptionFacts[] = [];
  PROPERTY_TYPES.forEach((propertyType, i) => {
    for (let k = 0; k <= PROPERTY_FEATURES.length; k += 2) {
      sets.push({
        language,
        location: ['Gràcia, Barcelona', 'Sant Cugat del Vallès', 'Vic', LONG_LOCATION][(i + k) % 4]!,
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

/** Where the intro (the location), the surface and the rooms sit: one group of letters per paragraph. */
function structure(text: string, facts: DescriptionFacts, language: DescriptionLanguage): string {
  const surface = new RegExp(`\\b${facts.squareMeters} (m²|metr|square)`);
  return text
    .split('\n\n')
    .map((paragraph) =>
      (
        [
          ['L', paragraph.indexOf(facts.location)],
          ['S', paragraph.search(surface)],
          ['R', paragraph.search(new RegExp(BATHROOMS[language].source))],
        ] as const
      )
        .filter(([, at]) => at >= 0)
        .sort((a, b) => a[1] - b[1])
        .map(([mark]) => mark)
        .join(''),
    )
    .join('|');
}

describe('the listing composer', () => {
  it.each(LANGUAGES)(
    'writes %s listings of 600–1,200 characters in 3 or 4 paragraphs, for any facts',
    (language) => {
      // Every type and set of features, studios and not, the shortest and the longest places: 15,360 texts,
      // checked without an expect each (that would take minutes), every problem reported at the end.
      const problems: string[] = [];
      for (const propertyType of PROPERTY_TYPES)
        for (let mask = 0; mask < 2 ** PROPERTY_FEATURES.length; mask++)
          for (const bedrooms of [0, 1, 3])
            for (const location of ['Vic', LONG_LOCATION])
              for (let seed = 0; seed < LAYOUTS.length; seed++) {
                const facts: DescriptionFacts = {
                  language,
                  propertyType,
                  features: PROPERTY_FEATURES.filter((_, i) => mask & (1 << i)),
                  bedrooms,
                  bathrooms: 2,
                  location,
                  squareMeters: location === 'Vic' ? 25 : 100_000,
                };
                const { text, paragraphs } = composeListing(facts, seed);
                const length = [...text].length;
                const wrong = [
                  (length < LISTING_LENGTH.min || length > LISTING_LENGTH.max) && `${length} characters`,
                  (paragraphs.length < 3 || paragraphs.length > 4) && `${paragraphs.length} paragraphs`,
                  text !== paragraphs.join('\n\n') && 'paragraphs not separated by one blank line',
                  paragraphs.some(
                    (p) => p !== p.trim() || /\n|\s{2}/.test(p) || !/^\p{Lu}.*[.!?]$/u.test(p),
                  ) && 'a paragraph not made of whole sentences',
                ].filter(Boolean);
                if (wrong.length)
                  problems.push(`${wrong.join(', ')} for ${JSON.stringify({ facts, seed })}:\n${text}`);
              }
      expect(problems.slice(0, 3)).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    'in %s states every given fact exactly once and no other, over many seeds',
    (language) => {
      for (const facts of factSets(language)) {
        for (let seed = 0; seed < 15; seed++) {
          const { text: full } = composeListing(facts, seed);
          const where = `${language} seed ${seed}: ${full}`;
          // The place is the customer's text, whatever it holds (numbers, words): counted, then set aside.
          const text = full.split(facts.location).join('@');
          const counted = {
            where,
            location: full.split(facts.location).length - 1,
            bedrooms: occurrences(text, BEDROOMS[language]),
            bathrooms: occurrences(text, BATHROOMS[language]),
            numbers: (text.match(/\d+/g) ?? []).map(Number).sort((a, b) => a - b),
            types: PROPERTY_TYPES.map((type) => occurrences(text, TYPE_WORDS[language][type])),
            features: PROPERTY_FEATURES.map((feature) => occurrences(text, FEATURE_WORDS[language][feature])),
          };
          expect(counted).toEqual({
            where,
            location: 1,
            bedrooms: 1,
            bathrooms: 1,
            numbers: [facts.squareMeters, facts.bathrooms, ...(facts.bedrooms ? [facts.bedrooms] : [])].sort(
              (a, b) => a - b,
            ),
            types: PROPERTY_TYPES.map((type) => (type === facts.propertyType ? 1 : 0)),
            features: PROPERTY_FEATURES.map((feature) => (facts.features.includes(feature) ? 1 : 0)),
          });
          // No sentence is said twice.
          const sentences = text.split(/(?<=[.!?])\s+/);
          expect(new Set(sentences).size).toBe(sentences.length);
        }
      }
    },
  );

  it.each(LANGUAGES)('weaves each %s feature into a sentence of its own when there is room', (language) => {
    const facts: DescriptionFacts = {
      language,
      location: 'Sitges',
      squareMeters: 140,
      bedrooms: 3,
      bathrooms: 2,
      propertyType: 'house',
      features: ['garden', 'pool', 'garage'],
    };
    for (let seed = 0; seed < 10; seed++) {
      const sentences = composeListing(facts, seed).text.split(/(?<=[.!?])\s+/);
      for (const feature of facts.features) {
        const mentioning = sentences.filter((s) => occurrences(s, FEATURE_WORDS[language][feature]) > 0);
        expect(mentioning).toHaveLength(1);
        // The sentence is about that feature alone, not a list of them.
        const others = facts.features.filter((f) => f !== feature);
        expect(others.some((f) => occurrences(mentioning[0]!, FEATURE_WORDS[language][f]) > 0)).toBe(false);
      }
    }
  });

  it.each(LANGUAGES)('changes the structure with every %s regeneration (consecutive seeds)', (language) => {
    for (const facts of factSets(language)) {
      const listings = Array.from({ length: 12 }, (_, i) => composeListing(facts, 1000 + i));
      for (let i = 1; i < listings.length; i++) {
        const [before, after] = [listings[i - 1]!, listings[i]!];
        expect(structure(after.text, facts, language)).not.toBe(structure(before.text, facts, language));
        // Nor does it open or close the same way.
        expect(after.paragraphs[0]!.split('. ')[0]).not.toBe(before.paragraphs[0]!.split('. ')[0]);
        expect(after.paragraphs.at(-1)).not.toBe(before.paragraphs.at(-1));
      }
      // Every layout comes round.
      expect(new Set(listings.map((l) => structure(l.text, facts, language))).size).toBe(LAYOUTS.length);
      // The same seed gives the same text: a job that runs twice writes the same thing.
      expect(composeListing(facts, 1003)).toEqual(listings[3]);
    }
  });

  it.each(LANGUAGES)('writes %s text with no word of the other languages', (language) => {
    for (const facts of factSets(language).filter((f) => f.bedrooms > 0)) {
      for (let seed = 0; seed < 10; seed++) {
        const text = composeListing(facts, seed).text.replace(facts.location, '@');
        for (const must of MARKERS[language].must)
          expect({ text, must: must.test(text) }).toEqual({ text, must: true });
        for (const never of MARKERS[language].never)
          expect({ text, never: never.test(text) }).toEqual({ text, never: false });
      }
    }
  });

  it('agrees in gender and number, and writes a or an', () => {
    const all = (facts: Omit<DescriptionFacts, 'language'>, language: DescriptionLanguage) =>
      Array.from({ length: 10 }, (_, seed) => composeListing({ ...facts, language }, seed).text).join('\n');
    const casa: Omit<DescriptionFacts, 'language'> = {
      location: 'Girona',
      squareMeters: 120,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'house',
      features: [],
    };
    const es = all(casa, 'es');
    expect(es).toMatch(/\b(una|esta) casa\b/);
    expect(es).not.toMatch(/\b(un|este) casa\b/);
    expect(es).toMatch(/\b1 (dormitorio|habitación) y 1 baño\b/);
    const ca = all(casa, 'cat');
    expect(ca).toMatch(/\b(una|aquesta) casa\b/);
    expect(ca).not.toMatch(/\b(un|aquest) casa\b/);
    expect(ca).toMatch(/\b1 (dormitori|habitació) i 1 bany\b/);
    const en = all({ ...casa, propertyType: 'apartment' }, 'en');
    expect(en).toMatch(/\b(an|this) apartment\b/);
    expect(en).not.toMatch(/\ba apartment\b/);
    expect(en).toMatch(/\b1 bedroom and 1 bathroom\b/);
    expect(all({ ...casa, propertyType: 'apartment', bedrooms: 2, bathrooms: 2 }, 'es')).toMatch(
      /\b2 (dormitorios|habitaciones) y 2 baños\b/,
    );
  });

  it('keeps the location exactly as given, once, whatever it holds', () => {
    for (const location of [
      'Av. Diagonal 3 (Barcelona).',
      'L’Hospitalet de Llobregat',
      'Sant Cugat del Vallès',
    ]) {
      for (let seed = 0; seed < LAYOUTS.length; seed++) {
        const { text } = composeListing(
          {
            language: 'cat',
            location,
            squareMeters: 70,
            bedrooms: 2,
            bathrooms: 1,
            propertyType: 'apartment',
            features: [],
          },
          seed,
        );
        expect(text.split(location).length - 1).toBe(1);
        expect(text).not.toMatch(/\.\./);
      }
    }
  });
});
