import { count, type PhraseSet } from './phrase-set';

const beds = (n: number, noun: 'dormitori' | 'habitació') =>
  noun === 'dormitori' ? count(n, 'dormitori', 'dormitoris') : count(n, 'habitació', 'habitacions');
const baths = (n: number) => count(n, 'bany', 'banys');

/** Catalan. */
export const CA: PhraseSet = {
  subject: {
    apartment: { a: 'un pis', this: 'aquest pis' },
    penthouse: { a: 'un àtic', this: 'aquest àtic' },
    house: { a: 'una casa', this: 'aquesta casa' },
    cabin: { a: 'una cabana', this: 'aquesta cabana' },
  },
  intros: [
    (s, loc) => `Presentem ${s.a} a ${loc}, un habitatge pensat per gaudir-lo des del primer dia.`,
    (s, loc) => `Una oportunitat que val la pena conèixer de prop: ${s.this} a ${loc}.`,
    (s, loc) => `Avui tenim el gust de presentar-te ${s.this} a ${loc}.`,
    (s, loc) => `Si busques llar a ${loc}, ${s.this} mereix tota la teva atenció.`,
  ],
  hooks: [
    'Hi ha habitatges que enamoren només creuar la porta.',
    'Trobar una llar a la teva mida pot ser més senzill del que sembla.',
    "Alguns espais conviden a quedar-s'hi des del primer moment.",
  ],
  sizes: [
    (m2) => `Ofereix ${m2} m² per organitzar la vida diària a la teva manera.`,
    (m2) => `Els seus ${m2} m² donen marge per moblar i decorar cada estança al teu gust.`,
    (m2) => `Amb ${m2} metres quadrats, cada espai es pot adaptar a la teva manera de viure.`,
  ],
  rooms: [
    (b, w) => `L'habitatge es distribueix en ${beds(b, 'habitació')} i ${baths(w)}.`,
    (b, w) => `A l'interior hi ha ${beds(b, 'dormitori')} i ${baths(w)}.`,
    (b, w) => `Disposa de ${beds(b, 'habitació')} i ${baths(w)}.`,
  ],
  studios: [
    (w) => `Té un plantejament diàfan, sense dormitoris independents, i disposa de ${baths(w)}.`,
    (w) => `És un espai obert tipus estudi, sense habitacions separades, amb ${baths(w)}.`,
  ],
  features: {
    balcony: [
      'El balcó ofereix un racó exterior per prendre la fresca o llegir una estona.',
      "Des del balcó podràs treure el cap al carrer i gaudir d'una estona fora sense sortir de la llar.",
    ],
    terrace: [
      'La terrassa convida a menjar a fora i a allargar les sobretaules.',
      "A la terrassa, els esmorzars i les trobades amb amics es traslladen a l'exterior.",
    ],
    garden: [
      "El jardí suma un espai per a plantes, jocs o un dinar a l'aire lliure.",
      "Amb el jardí, l'habitatge s'allarga cap a l'exterior.",
    ],
    pool: [
      'Els dies de calor, la piscina és un luxe a tocar.',
      'La piscina promet capbussades refrescants durant els mesos de més calor.',
    ],
    garage: [
      "La plaça de garatge posa fi a la recerca diària d'aparcament.",
      "La plaça de garatge és una comoditat que s'agraeix cada dia.",
    ],
    elevator: [
      "L'ascensor facilita el dia a dia, tant per pujar la compra com per rebre visites.",
      "Disposar d'ascensor fa més còmode l'accés a qualsevol hora.",
    ],
    storage_room: [
      "El traster ofereix espai extra per guardar bicicletes, maletes o la roba d'una altra temporada.",
      "També hi ha un traster, ideal per mantenir l'ordre a la resta de l'habitatge.",
    ],
  },
  featureNames: {
    balcony: 'balcó',
    terrace: 'terrassa',
    garden: 'jardí',
    pool: 'piscina',
    garage: 'plaça de garatge',
    elevator: 'ascensor',
    storage_room: 'traster',
  },
  featureLists: [
    (list) => `A més, l'habitatge compta amb ${list}.`,
    (list, n) => `Entre els seus extres ${n === 1 ? 'destaca' : 'destaquen'} ${list}.`,
  ],
  and: 'i',
  life: [
    "Cada estança pot portar el teu propi estil, des de la decoració fins a l'ús de cada racó.",
    'És el tipus de llar on és fàcil imaginar-se vivint des de la primera visita.',
    'Un lloc pensat per gaudir tant de la rutina diària com dels moments de descans.',
    'Els seus espais permeten organitzar amb llibertat zones de treball, descans i trobada.',
    'Només hi falta el teu toc personal perquè es converteixi en la teva llar.',
    "S'adapta a diferents etapes de la vida, tant per instal·lar-s'hi com per començar de nou.",
  ],
  closings: [
    'Contacta amb nosaltres per rebre més informació o concertar una visita.',
    "No deixis passar l'oportunitat: demana la teva visita i descobreix tot el que aquest habitatge et pot oferir.",
    "Truca'ns o escriu-nos i t'explicarem tots els detalls sense compromís.",
    "Estarem encantats d'acompanyar-te en la visita i resoldre qualsevol dubte.",
  ],
};
