import type { PropertyFeature, PropertyType } from '@estancia/contracts';

/** How a language names the property itself: "un piso", "este piso" ("an apartment", "this apartment"). */
export interface Subject {
  /** With the indefinite article. */
  a: string;
  /** With the demonstrative. */
  this: string;
}

/**
 * Everything the composer says in one language. Each sentence states exactly the fact it is given
 * (or, for `hooks`, `life` and `closings`, no fact at all: no place, number, feature or property
 * type, so nothing can be repeated or invented), and starts with a capital letter.
 */
export interface PhraseSet {
  subject: Record<PropertyType, Subject>;
  /** The one sentence naming the property type and the location. */
  intros: ((subject: Subject, location: string) => string)[];
  /** Opening lines that claim nothing, before the intro in some layouts. */
  hooks: string[];
  /** The one sentence giving the surface. */
  sizes: ((squareMeters: number) => string)[];
  /** The one sentence giving bedrooms and bathrooms. */
  rooms: ((bedrooms: number, bathrooms: number) => string)[];
  /** The same when there are no bedrooms (a studio). */
  studios: ((bathrooms: number) => string)[];
  /** Each feature woven into a sentence of its own, in a few wordings. */
  features: Record<PropertyFeature, string[]>;
  /** Each feature as a list item, for the compact form of a long listing. */
  featureNames: Record<PropertyFeature, string>;
  /** One sentence listing several features. */
  featureLists: ((list: string, count: number) => string)[];
  and: string;
  /** Sentences about living in the place that state no fact: they give the text its body. */
  life: string[];
  /** A call to action. */
  closings: string[];
}

/** "1 baño", "3 baños". */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "a, b and c". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
