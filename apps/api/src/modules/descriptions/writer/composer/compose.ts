import {
  PROPERTY_FEATURES,
  type DescriptionFacts,
  type DescriptionLanguage,
  type PropertyFeature,
} from '@estancia/contracts';
import { CA } from './ca';
import { EN } from './en';
import { ES } from './es';
import { joinList, type PhraseSet } from './phrase-set';

/** A listing an agent could publish: long enough to say something, short enough for any portal. */
export const LISTING_LENGTH = { min: 600, max: 1200 } as const;

const PHRASES: Record<DescriptionLanguage, PhraseSet> = { es: ES, cat: CA, en: EN };

/** The outdoor features and the practical ones are told apart, each group in its own place. */
const FEATURE_GROUPS: Record<'outdoor' | 'practical', readonly PropertyFeature[]> = {
  outdoor: ['balcony', 'terrace', 'garden', 'pool'],
  practical: ['garage', 'elevator', 'storage_room'],
};

type Block = 'hook' | 'intro' | 'size' | 'rooms' | 'outdoor' | 'practical' | 'life' | 'close';

/**
 * The layouts: which blocks make each paragraph, in order. Every layout places the intro, the size
 * and the rooms differently, so two layouts never read alike whatever the facts; consecutive seeds
 * take consecutive layouts, so a regeneration always changes the structure. Each gives 3 or 4
 * paragraphs (a paragraph whose blocks are all empty is left out).
 */
export const LAYOUTS: readonly (readonly Block[])[][] = [
  [['intro', 'size'], ['rooms', 'life'], ['outdoor', 'practical'], ['close']],
  [['intro', 'life'], ['size', 'rooms', 'practical'], ['outdoor'], ['close']],
  [['intro', 'size', 'rooms'], ['outdoor', 'practical'], ['life'], ['close']],
  [['hook', 'intro'], ['rooms', 'size'], ['practical', 'outdoor', 'life'], ['close']],
  [['intro', 'rooms'], ['size', 'life'], ['outdoor', 'practical'], ['close']],
];

export interface Listing {
  text: string;
  paragraphs: string[];
  /** Index into LAYOUTS. */
  layout: number;
}

/** A small deterministic generator (mulberry32): the same seed always picks the same wordings. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const at = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

interface Wording {
  /** Feature groups written as one list sentence instead of a sentence per feature. */
  compact: Set<'outdoor' | 'practical'>;
  /** How many `life` sentences fill the text out. */
  life: number;
}

/**
 * The listing for these facts and this seed; the same pair always gives the same text. Every fact is
 * stated exactly once (the location and the property type in the intro only); the other sentences
 * state none. The text is 600–1,200 characters in paragraphs separated by a blank line.
 */
export function composeListing(facts: DescriptionFacts, seed: number): Listing {
  const phrases = PHRASES[facts.language];
  const s = Math.abs(Math.trunc(seed));
  const layout = s % LAYOUTS.length;
  const random = generator(s);
  // The wordings of the single-fact sentences, drawn once so that only the length rules below vary.
  // The opening and the closing step with the seed, so consecutive regenerations never share them.
  const intro = at(phrases.intros, s + Math.floor(s / LAYOUTS.length));
  const closing = at(phrases.closings, s * 3 + 1);
  const hook = at(phrases.hooks, Math.floor(random() * phrases.hooks.length));
  const size = at(phrases.sizes, Math.floor(random() * phrases.sizes.length));
  const rooms = at(phrases.rooms, Math.floor(random() * phrases.rooms.length));
  const studio = at(phrases.studios, Math.floor(random() * phrases.studios.length));
  const featureLine = at(phrases.featureLists, Math.floor(random() * phrases.featureLists.length));
  const featureWording = Object.fromEntries(
    PROPERTY_FEATURES.map((f) => [
      f,
      at(phrases.features[f], Math.floor(random() * phrases.features[f].length)),
    ]),
  ) as Record<PropertyFeature, string>;
  const lifeStart = Math.floor(random() * phrases.life.length);

  const location = facts.location.trim().replace(/\s+/g, ' ');
  const given = (group: readonly PropertyFeature[]) => group.filter((f) => facts.features.includes(f));

  const block = (name: Block, wording: Wording): string[] => {
    switch (name) {
      case 'hook':
        return [hook];
      case 'intro':
        return [intro(phrases.subject[facts.propertyType], location)];
      case 'size':
        return [size(facts.squareMeters)];
      case 'rooms':
        return [facts.bedrooms === 0 ? studio(facts.bathrooms) : rooms(facts.bedrooms, facts.bathrooms)];
      case 'outdoor':
      case 'practical': {
        const features = given(FEATURE_GROUPS[name]);
        if (!features.length) return [];
        if (!wording.compact.has(name)) return features.map((f) => featureWording[f]);
        const list = joinList(
          features.map((f) => phrases.featureNames[f]),
          phrases.and,
        );
        return [featureLine(list, features.length)];
      }
      case 'life':
        return Array.from({ length: wording.life }, (_, i) => at(phrases.life, lifeStart + i));
      case 'close':
        return [closing];
    }
  };

  const write = (wording: Wording): string[] =>
    LAYOUTS[layout]!.map((blocks) =>
      blocks
        .flatMap((name) => block(name, wording))
        // A location typed with a final full stop ("... Barcelona.") ends its sentence once.
        .map((sentence) => sentence.replace(/([.!?])\.$/, '$1'))
        .join(' '),
    ).filter(Boolean);
  const length = (paragraphs: string[]) => [...paragraphs.join('\n\n')].length;

  const wording: Wording = { compact: new Set(), life: 1 };
  let paragraphs = write(wording);
  // Too long (many features, a long location): the bigger feature group becomes one list sentence, then the other.
  const groups = (['outdoor', 'practical'] as const)
    .filter((g) => given(FEATURE_GROUPS[g]).length > 1)
    .sort((a, b) => given(FEATURE_GROUPS[b]).length - given(FEATURE_GROUPS[a]).length);
  for (const group of groups) {
    if (length(paragraphs) <= LISTING_LENGTH.max) break;
    wording.compact.add(group);
    paragraphs = write(wording);
  }
  // Too short (few facts): more sentences about living there, each a different one.
  while (length(paragraphs) < LISTING_LENGTH.min && wording.life < phrases.life.length) {
    wording.life += 1;
    paragraphs = write(wording);
  }
  return { text: paragraphs.join('\n\n'), paragraphs, layout };
}
