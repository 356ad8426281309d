import type {
  DescriptionFacts,
  DescriptionLanguage,
  PropertyFeature,
  PropertyType,
} from '@estancia/contracts';
import { PROPERTY_FEATURES } from '@estancia/contracts';
import { DescriptionWriter, type DescriptionRequest } from './description-writer.port';

/**
 * The embedded writer: composes a listing text from the facts with hand-written sentences in es, ca
 * and en. Every sentence only restates a given fact (or makes no claim at all), so nothing is
 * invented; the seed picks among the variants of each sentence, and consecutive seeds always change
 * the opening, so a regeneration never repeats the text before it.
 */
export class BuiltInDescriptionWriter extends DescriptionWriter {
  write(request: DescriptionRequest): Promise<string> {
    return Promise.resolve(composeDescription(request.facts, request.seed));
  }
}

type Gender = 'm' | 'f';

interface Place {
  /** Facts as the language's sentences need them. */
  loc: string;
  m2: number;
  noun: string;
  g: Gender;
  /** English only: "a" or "an" before the noun. */
  article: string;
  bedrooms: number;
  bathrooms: number;
}

interface Phrasebook {
  types: Record<PropertyType, { noun: string; g: Gender; a?: string }>;
  /** Indefinite and definite forms of each feature. */
  features: Record<PropertyFeature, [indefinite: string, definite: string]>;
  and: string;
  openings: ((p: Place) => string)[];
  rooms: ((p: Place) => string)[];
  studio: ((p: Place) => string)[];
  /** [sentence, uses definite forms] */
  featureLines: ((list: string, n: number) => string)[];
  featureDefinite: boolean[];
  closings: ((p: Place) => string)[];
}

const pick = <T>(list: readonly T[], n: number): T => list[((n % list.length) + list.length) % list.length]!;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const g = (p: { g: Gender }, m: string, f: string) => (p.g === 'm' ? m : f);

const ES: Phrasebook = {
  types: {
    apartment: { noun: 'piso', g: 'm' },
    penthouse: { noun: 'ático', g: 'm' },
    house: { noun: 'casa', g: 'f' },
    cabin: { noun: 'cabaña', g: 'f' },
  },
  features: {
    balcony: ['un balcón', 'el balcón'],
    terrace: ['una terraza', 'la terraza'],
    garden: ['un jardín', 'el jardín'],
    garage: ['plaza de garaje', 'la plaza de garaje'],
    elevator: ['ascensor', 'el ascensor'],
    storage_room: ['trastero', 'el trastero'],
    pool: ['una piscina', 'la piscina'],
  },
  and: 'y',
  openings: [
    (p) =>
      `${g(p, 'Este', 'Esta')} ${p.noun} de ${p.m2} m² en ${p.loc} es una propuesta pensada para vivir con comodidad.`,
    (p) => `Presentamos ${g(p, 'un', 'una')} ${p.noun} de ${p.m2} m² en ${p.loc}.`,
    (p) => `${p.loc} acoge ${g(p, 'este', 'esta')} ${p.noun} de ${p.m2} metros cuadrados.`,
    (p) =>
      `Descubre ${g(p, 'este', 'esta')} ${p.noun} en ${p.loc}: ${p.m2} m² para convertir${g(p, 'lo', 'la')} en tu hogar.`,
  ],
  rooms: [
    (p) =>
      `Cuenta con ${plural(p.bedrooms, 'dormitorio', 'dormitorios')} y ${plural(p.bathrooms, 'baño', 'baños')}.`,
    (p) =>
      `La distribución incluye ${plural(p.bedrooms, 'habitación', 'habitaciones')} y ${plural(p.bathrooms, 'baño', 'baños')}.`,
    (p) =>
      `En su interior hay ${plural(p.bedrooms, 'dormitorio', 'dormitorios')} y ${plural(p.bathrooms, 'baño', 'baños')}.`,
  ],
  studio: [
    (p) =>
      `Es un espacio tipo estudio, sin dormitorios independientes, con ${plural(p.bathrooms, 'baño', 'baños')}.`,
    (p) =>
      `Su planteamiento es diáfano, sin dormitorios separados, y dispone de ${plural(p.bathrooms, 'baño', 'baños')}.`,
  ],
  featureLines: [
    (list) => `Además, tiene ${list}.`,
    (list, n) => `Entre sus extras ${n === 1 ? 'destaca' : 'destacan'} ${list}.`,
    (list, n) => `${n === 1 ? 'Completa' : 'Completan'} la oferta ${list}.`,
  ],
  featureDefinite: [false, true, true],
  closings: [
    (p) => `Una oportunidad a tener en cuenta en ${p.loc}.`,
    () => 'Contacta con nosotros para más información o para concertar una visita.',
    (p) => `Ideal para quien busca un nuevo hogar en ${p.loc}.`,
    (p) => `No dejes pasar la ocasión de conocer${g(p, 'lo', 'la')} en persona.`,
  ],
};

const CA: Phrasebook = {
  types: {
    apartment: { noun: 'pis', g: 'm' },
    penthouse: { noun: 'àtic', g: 'm' },
    house: { noun: 'casa', g: 'f' },
    cabin: { noun: 'cabana', g: 'f' },
  },
  features: {
    balcony: ['un balcó', 'el balcó'],
    terrace: ['una terrassa', 'la terrassa'],
    garden: ['un jardí', 'el jardí'],
    garage: ['plaça de garatge', 'la plaça de garatge'],
    elevator: ['ascensor', "l'ascensor"],
    storage_room: ['traster', 'el traster'],
    pool: ['una piscina', 'la piscina'],
  },
  and: 'i',
  openings: [
    (p) =>
      `${g(p, 'Aquest', 'Aquesta')} ${p.noun} de ${p.m2} m² a ${p.loc} és una proposta pensada per viure-hi amb comoditat.`,
    (p) => `Presentem ${g(p, 'un', 'una')} ${p.noun} de ${p.m2} m² a ${p.loc}.`,
    (p) => `${p.loc} acull ${g(p, 'aquest', 'aquesta')} ${p.noun} de ${p.m2} metres quadrats.`,
    (p) =>
      `Descobreix ${g(p, 'aquest', 'aquesta')} ${p.noun} a ${p.loc}: ${p.m2} m² per convertir-${g(p, 'lo', 'la')} en la teva llar.`,
  ],
  rooms: [
    (p) => `Té ${plural(p.bedrooms, 'habitació', 'habitacions')} i ${plural(p.bathrooms, 'bany', 'banys')}.`,
    (p) =>
      `La distribució inclou ${plural(p.bedrooms, 'dormitori', 'dormitoris')} i ${plural(p.bathrooms, 'bany', 'banys')}.`,
    (p) =>
      `Disposa de ${plural(p.bedrooms, 'habitació', 'habitacions')} i ${plural(p.bathrooms, 'bany', 'banys')}.`,
  ],
  studio: [
    (p) =>
      `És un espai tipus estudi, sense dormitoris independents, amb ${plural(p.bathrooms, 'bany', 'banys')}.`,
    (p) =>
      `Té un plantejament diàfan, sense dormitoris separats, i disposa de ${plural(p.bathrooms, 'bany', 'banys')}.`,
  ],
  featureLines: [
    (list) => `A més, té ${list}.`,
    (list, n) => `Entre els seus extres ${n === 1 ? 'destaca' : 'destaquen'} ${list}.`,
    (list, n) => `${n === 1 ? 'Completa' : 'Completen'} l'oferta ${list}.`,
  ],
  featureDefinite: [false, true, true],
  closings: [
    (p) => `Una oportunitat a tenir en compte a ${p.loc}.`,
    () => 'Contacta amb nosaltres per a més informació o per concertar una visita.',
    (p) => `Ideal per a qui busca una nova llar a ${p.loc}.`,
    (p) => `No deixis passar l'ocasió de conèixer-${g(p, 'lo', 'la')} en persona.`,
  ],
};

const EN: Phrasebook = {
  types: {
    apartment: { noun: 'apartment', g: 'm', a: 'an' },
    penthouse: { noun: 'penthouse', g: 'm', a: 'a' },
    house: { noun: 'house', g: 'm', a: 'a' },
    cabin: { noun: 'cabin', g: 'm', a: 'a' },
  },
  features: {
    balcony: ['a balcony', 'the balcony'],
    terrace: ['a terrace', 'the terrace'],
    garden: ['a garden', 'the garden'],
    garage: ['a garage', 'the garage'],
    elevator: ['an elevator', 'the elevator'],
    storage_room: ['a storage room', 'the storage room'],
    pool: ['a swimming pool', 'the swimming pool'],
  },
  and: 'and',
  openings: [
    (p) => `This ${p.m2} m² ${p.noun} in ${p.loc} is made for comfortable living.`,
    (p) => `Introducing ${p.article} ${p.noun} of ${p.m2} m² in ${p.loc}.`,
    (p) => `${p.loc} is where you will find this ${p.noun} of ${p.m2} square metres.`,
    (p) => `Discover this ${p.noun} in ${p.loc}: ${p.m2} m² ready to become your new home.`,
  ],
  rooms: [
    (p) =>
      `It has ${plural(p.bedrooms, 'bedroom', 'bedrooms')} and ${plural(p.bathrooms, 'bathroom', 'bathrooms')}.`,
    (p) =>
      `The layout includes ${plural(p.bedrooms, 'bedroom', 'bedrooms')} and ${plural(p.bathrooms, 'bathroom', 'bathrooms')}.`,
    (p) =>
      `Inside you will find ${plural(p.bedrooms, 'bedroom', 'bedrooms')} and ${plural(p.bathrooms, 'bathroom', 'bathrooms')}.`,
  ],
  studio: [
    (p) =>
      `It is a studio-style space with no separate bedrooms and ${plural(p.bathrooms, 'bathroom', 'bathrooms')}.`,
    (p) =>
      `Its open-plan layout has no separate bedrooms and ${plural(p.bathrooms, 'bathroom', 'bathrooms')}.`,
  ],
  featureLines: [
    (list) => `It also offers ${list}.`,
    (list) => `Extras include ${list}.`,
    (list) => `Rounding off the offer: ${list}.`,
  ],
  featureDefinite: [false, false, true],
  closings: [
    (p) => `An opportunity worth considering in ${p.loc}.`,
    () => 'Get in touch for more information or to arrange a viewing.',
    (p) => `Ideal for anyone looking for a new home in ${p.loc}.`,
    () => "Don't miss the chance to see it in person.",
  ],
};

const BOOKS: Record<DescriptionLanguage, Phrasebook> = { es: ES, cat: CA, en: EN };

function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** The text for these facts and this seed; the same pair always gives the same text. */
export function composeDescription(facts: DescriptionFacts, seed: number): string {
  const book = BOOKS[facts.language];
  const type = book.types[facts.propertyType];
  const place: Place = {
    loc: facts.location.trim().replace(/\s+/g, ' '),
    m2: facts.squareMeters,
    noun: type.noun,
    g: type.g,
    article: type.a ?? '',
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
  };
  const s = Math.abs(Math.trunc(seed));
  // The opening follows the seed one step at a time; the other sentences move at other paces.
  const sentences = [pick(book.openings, s)(place)];
  sentences.push(
    facts.bedrooms === 0
      ? pick(book.studio, Math.floor(s / 2))(place)
      : pick(book.rooms, Math.floor(s / 4) + s)(place),
  );
  const features = PROPERTY_FEATURES.filter((f) => facts.features.includes(f));
  if (features.length) {
    const line = Math.floor(s / 3) % book.featureLines.length;
    const definite = book.featureDefinite[line] ?? false;
    const names = features.map((f) => book.features[f][definite ? 1 : 0]);
    sentences.push(book.featureLines[line]!(joinList(names, book.and), names.length));
  }
  sentences.push(pick(book.closings, Math.floor(s / 2) + 1)(place));
  return sentences.map(capitalise).join(' ');
}
