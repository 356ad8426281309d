import { count, type PhraseSet } from './phrase-set';

const beds = (n: number, noun: 'dormitorio' | 'habitación') =>
  noun === 'dormitorio' ? count(n, 'dormitorio', 'dormitorios') : count(n, 'habitación', 'habitaciones');
const baths = (n: number) => count(n, 'baño', 'baños');

/** Spanish (Spain). */
export const ES: PhraseSet = {
  subject: {
    apartment: { a: 'un piso', this: 'este piso' },
    penthouse: { a: 'un ático', this: 'este ático' },
    house: { a: 'una casa', this: 'esta casa' },
    cabin: { a: 'una cabaña', this: 'esta cabaña' },
  },
  intros: [
    (s, loc) => `Presentamos ${s.a} en ${loc}, una vivienda pensada para disfrutarse desde el primer día.`,
    (s, loc) => `Una oportunidad que merece la pena conocer de cerca: ${s.this} en ${loc}.`,
    (s, loc) => `Hoy tenemos el gusto de presentarte ${s.this} en ${loc}.`,
    (s, loc) => `Si buscas hogar en ${loc}, ${s.this} merece toda tu atención.`,
  ],
  hooks: [
    'Hay viviendas que enamoran nada más cruzar la puerta.',
    'Encontrar un hogar a tu medida puede ser más sencillo de lo que parece.',
    'Algunos espacios invitan a quedarse desde el primer momento.',
  ],
  sizes: [
    (m2) => `Ofrece ${m2} m² para organizar la vida diaria a tu manera.`,
    (m2) => `Sus ${m2} m² dan margen para amueblar y decorar cada estancia a tu gusto.`,
    (m2) => `Con ${m2} metros cuadrados, cada espacio puede adaptarse a tu forma de vivir.`,
  ],
  rooms: [
    (b, w) => `La vivienda se distribuye en ${beds(b, 'dormitorio')} y ${baths(w)}.`,
    (b, w) => `En su interior hay ${beds(b, 'habitación')} y ${baths(w)}.`,
    (b, w) => `Dispone de ${beds(b, 'dormitorio')} y ${baths(w)}.`,
  ],
  studios: [
    (w) => `Su planteamiento es diáfano, sin dormitorios independientes, y cuenta con ${baths(w)}.`,
    (w) => `Es un espacio abierto tipo estudio, sin dormitorios separados, con ${baths(w)}.`,
  ],
  features: {
    balcony: [
      'El balcón ofrece un rincón exterior para tomar el fresco o leer un rato.',
      'Desde el balcón podrás asomarte a la calle y disfrutar de un momento fuera sin salir del hogar.',
    ],
    terrace: [
      'La terraza invita a comer fuera y a alargar las sobremesas.',
      'En la terraza, los desayunos y las reuniones con amigos se trasladan al exterior.',
    ],
    garden: [
      'El jardín suma un espacio para plantas, juegos o una comida al aire libre.',
      'Con el jardín, la vivienda se prolonga hacia el exterior.',
    ],
    pool: [
      'En los días de calor, la piscina es un lujo al alcance de la mano.',
      'La piscina promete chapuzones refrescantes durante los meses de más calor.',
    ],
    garage: [
      'La plaza de garaje pone fin a la búsqueda diaria de aparcamiento.',
      'La plaza de garaje es una comodidad que se agradece cada día.',
    ],
    elevator: [
      'El ascensor facilita el día a día, tanto para subir la compra como para recibir visitas.',
      'Contar con ascensor hace más cómodo el acceso a cualquier hora.',
    ],
    storage_room: [
      'El trastero ofrece espacio extra para guardar bicicletas, maletas o la ropa de otra temporada.',
      'También hay un trastero, ideal para mantener el orden en el resto de la vivienda.',
    ],
  },
  featureNames: {
    balcony: 'balcón',
    terrace: 'terraza',
    garden: 'jardín',
    pool: 'piscina',
    garage: 'plaza de garaje',
    elevator: 'ascensor',
    storage_room: 'trastero',
  },
  featureLists: [
    (list) => `Además, la vivienda cuenta con ${list}.`,
    (list, n) => `Entre sus extras ${n === 1 ? 'destaca' : 'destacan'} ${list}.`,
  ],
  and: 'y',
  life: [
    'Cada estancia puede llevar tu propio estilo, desde la decoración hasta el uso de cada rincón.',
    'Es el tipo de hogar en el que resulta fácil imaginarse viviendo desde la primera visita.',
    'Un lugar pensado para disfrutar tanto de la rutina diaria como de los momentos de descanso.',
    'Sus espacios permiten organizar con libertad zonas de trabajo, descanso y reunión.',
    'Solo falta tu toque personal para que se convierta en tu hogar.',
    'Se adapta a distintas etapas de la vida, tanto para instalarse como para empezar de nuevo.',
  ],
  closings: [
    'Contacta con nosotros para recibir más información o concertar una visita.',
    'No dejes pasar la oportunidad: pide tu visita y descubre todo lo que esta vivienda puede ofrecerte.',
    'Llámanos o escríbenos y te contaremos todos los detalles sin compromiso.',
    'Estaremos encantados de acompañarte en la visita y resolver cualquier duda.',
  ],
};
