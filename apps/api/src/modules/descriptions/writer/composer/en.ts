import { count, type PhraseSet } from './phrase-set';

const beds = (n: number) => count(n, 'bedroom', 'bedrooms');
const baths = (n: number) => count(n, 'bathroom', 'bathrooms');

/** English (British spelling, as the rest of the product). */
export const EN: PhraseSet = {
  subject: {
    apartment: { a: 'an apartment', this: 'this apartment' },
    penthouse: { a: 'a penthouse', this: 'this penthouse' },
    house: { a: 'a house', this: 'this house' },
    cabin: { a: 'a cabin', this: 'this cabin' },
  },
  intros: [
    (s, loc) => `Introducing ${s.a} in ${loc}, a place made to be enjoyed from day one.`,
    (s, loc) => `An opportunity well worth a closer look: ${s.this} in ${loc}.`,
    (s, loc) => `Today we are delighted to present ${s.this} in ${loc}.`,
    (s, loc) => `If you are looking for a home in ${loc}, ${s.this} deserves your full attention.`,
  ],
  hooks: [
    'Some homes win you over the moment you walk through the door.',
    'Finding a home that fits you can be simpler than it seems.',
    'Some places invite you to stay from the very first moment.',
  ],
  sizes: [
    (m2) => `It offers ${m2} m² to organise daily life your way.`,
    (m2) => `Its ${m2} m² leave plenty of scope to furnish and decorate every space to your taste.`,
    (m2) => `With ${m2} square metres, every space can adapt to the way you live.`,
  ],
  rooms: [
    (b, w) => `The home is laid out with ${beds(b)} and ${baths(w)}.`,
    (b, w) => `Inside, the layout includes ${beds(b)} and ${baths(w)}.`,
    (b, w) => `It has ${beds(b)} and ${baths(w)}.`,
  ],
  studios: [
    (w) => `Its open-plan layout has no separate bedrooms and includes ${baths(w)}.`,
    (w) => `It is an open, studio-style space without separate bedrooms, with ${baths(w)}.`,
  ],
  features: {
    balcony: [
      'The balcony offers a spot outdoors to enjoy some fresh air or a quiet read.',
      'From the balcony you can look out over the street and enjoy a moment outside without leaving home.',
    ],
    terrace: [
      'The terrace invites you to eat outside and linger over long lunches.',
      'On the terrace, breakfasts and get-togethers with friends move outdoors.',
    ],
    garden: [
      'The garden adds space for plants, play or a meal in the open air.',
      'With the garden, the home extends outdoors.',
    ],
    pool: [
      'On hot days, the swimming pool is a luxury within easy reach.',
      'The swimming pool promises refreshing dips during the warmest months.',
    ],
    garage: [
      'A garage space puts an end to the daily search for parking.',
      'The garage space is a convenience you will appreciate every day.',
    ],
    elevator: [
      'The elevator makes everyday life easier, from carrying the shopping up to welcoming guests.',
      'Having an elevator makes coming and going comfortable at any time.',
    ],
    storage_room: [
      'The storage room provides extra space for bikes, suitcases or out-of-season clothes.',
      'There is also a storage room, ideal for keeping the rest of the home tidy.',
    ],
  },
  featureNames: {
    balcony: 'a balcony',
    terrace: 'a terrace',
    garden: 'a garden',
    pool: 'a swimming pool',
    garage: 'a garage space',
    elevator: 'an elevator',
    storage_room: 'a storage room',
  },
  featureLists: [(list) => `The home also comes with ${list}.`, (list) => `Its extras include ${list}.`],
  and: 'and',
  life: [
    'Each corner can carry your own style, from the decoration to the way it is used.',
    'It is the kind of home where it is easy to picture yourself living from the very first visit.',
    'A place to enjoy both the daily routine and moments of rest.',
    'Its spaces let you freely set up areas to work, rest and get together.',
    'All it needs is your personal touch to become your home.',
    'It suits different stages of life, whether you are settling down or starting afresh.',
  ],
  closings: [
    'Get in touch for more information or to arrange a viewing.',
    "Don't miss the chance: book your visit and discover everything this home can offer you.",
    'Call or write to us and we will share all the details, with no obligation.',
    'We will be delighted to show you around and answer any questions.',
  ],
};
