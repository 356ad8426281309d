import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop: our own furniture (drawn by us, fictional brands), the styles and room types every product
 * suits, the customers' favourites, and reform budget requests with their status history.
 */
export class Shop1795319959300 implements MigrationInterface {
  name = 'Shop1795319959300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products
        ADD COLUMN category text CHECK (category IN ('sofa', 'armchair', 'table', 'chair', 'bed', 'lamp',
          'rug', 'shelf', 'desk', 'cabinet', 'mirror', 'plant')),
        ADD COLUMN styles text[] NOT NULL DEFAULT '{}',
        ADD COLUMN room_types text[] NOT NULL DEFAULT '{}',
        -- furniture is drawn from its category, so it must say which one
        ADD CONSTRAINT products_furniture_category CHECK ((type = 'furniture') = (category IS NOT NULL))`);
    await seedShop(q);

    await q.query(`
      CREATE TABLE product_favourites (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (user_id, product_id)
      )`);

    await q.query(`
      CREATE TABLE reform_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        decoration_id uuid REFERENCES decorations (id) ON DELETE SET NULL,
        what text[] NOT NULL CHECK (cardinality(what) > 0
          AND what <@ ARRAY['kitchen', 'bathroom', 'floors', 'walls', 'full', 'other']),
        area_square_meters int NOT NULL CHECK (area_square_meters > 0),
        budget_range text NOT NULL
          CHECK (budget_range IN ('under_5k', '5k_15k', '15k_30k', '30k_60k', 'over_60k')),
        contact_preference text NOT NULL CHECK (contact_preference IN ('phone', 'email')),
        phone text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'quoted', 'closed')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT reform_requests_phone CHECK (contact_preference = 'email' OR phone <> '')
      )`);
    await q.query(`CREATE INDEX reform_requests_listing_idx ON reform_requests (status, created_at DESC)`);
    await q.query(`
      CREATE TABLE reform_request_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reform_request_id uuid NOT NULL REFERENCES reform_requests (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('new', 'contacted', 'quoted', 'closed')),
        -- null for the customer's own submission, or when the staff member's account is gone
        by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        -- each status is reached once: the history is the path, forward only
        UNIQUE (reform_request_id, status)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reform_request_events, reform_requests, product_favourites`);
    await q.query(`DELETE FROM products WHERE type = 'furniture'`);
    await q.query(`
      ALTER TABLE products DROP CONSTRAINT products_furniture_category,
        DROP COLUMN category, DROP COLUMN styles, DROP COLUMN room_types`);
  }
}

const LIVING = ['livingroom', 'dining_living_room', 'living_kitchen_room', 'empty_room'];
const BED = ['bedroom', 'bedroom_individual', 'childrenroom'];
const DINING = ['diningroom', 'dining_living_room', 'living_kitchen_room', 'kitchen'];
const WORK = ['study_room', 'office'];
const ALL_ROOMS = [
  'bedroom',
  'livingroom',
  'empty_room',
  'kitchen',
  'bathroom',
  'diningroom',
  'study_room',
  'office',
  'bedroom_individual',
  'dining_living_room',
  'living_kitchen_room',
  'terrace',
  'gameroom',
  'childrenroom',
];
const DRY_ROOMS = ALL_ROOMS.filter((room) => !['bathroom', 'kitchen', 'terrace'].includes(room));

type FurnitureSeed = [
  id: string,
  name: string,
  brand: string,
  category: string,
  color: string,
  priceCents: number,
  styles: string[],
  roomTypes: string[],
];

/** Our own furniture: fictional brands, prices per item in euro cents, drawn by the API (picture.svg). */
const FURNITURE: FurnitureSeed[] = [
  [
    'furniture-fjord-sofa',
    'Fjord Three-Seater Sofa',
    'Mobles Tramuntana',
    'sofa',
    '#c9c3b6',
    89900,
    ['scandinavian', 'minimalist', 'modern', 'housfy'],
    LIVING,
  ],
  [
    'furniture-chesterfield-velvet-sofa',
    'Chesterfield Velvet Sofa',
    'Casa Albufera',
    'sofa',
    '#2f4f4f',
    139900,
    ['classic', 'vintage'],
    LIVING,
  ],
  [
    'furniture-terracotta-modular-sofa',
    'Terracotta Modular Sofa',
    'Mobles Tramuntana',
    'sofa',
    '#b8673f',
    119900,
    ['mediterranean', 'bohemian', 'modern', 'tribal'],
    LIVING,
  ],
  [
    'furniture-navy-linen-sofa',
    'Navy Linen Sofa',
    'Brisa Home',
    'sofa',
    '#2e4a6b',
    99900,
    ['coastal', 'modern', 'classic'],
    LIVING,
  ],
  [
    'furniture-cognac-leather-armchair',
    'Cognac Leather Armchair',
    'Taller Sil',
    'armchair',
    '#8a4b2a',
    54900,
    ['industrial', 'vintage', 'rustic'],
    [...LIVING, ...WORK],
  ],
  [
    'furniture-boucle-armchair',
    'Bouclé Armchair',
    'Brisa Home',
    'armchair',
    '#ece6da',
    42900,
    ['scandinavian', 'minimalist', 'modern', 'housfy'],
    [...LIVING, ...BED],
  ],
  [
    'furniture-rattan-armchair',
    'Rattan Armchair',
    'Fibras del Sur',
    'armchair',
    '#c49a5c',
    32900,
    ['bohemian', 'coastal', 'mediterranean', 'tropical'],
    [...LIVING, 'terrace'],
  ],
  [
    'furniture-oak-dining-table',
    'Oak Dining Table',
    'Fusteria Montsant',
    'table',
    '#b88a5a',
    69900,
    ['scandinavian', 'rustic', 'mediterranean'],
    DINING,
  ],
  [
    'furniture-black-steel-table',
    'Black Steel Dining Table',
    'Forja Bilbao',
    'table',
    '#2b2b2b',
    74900,
    ['industrial', 'modern', 'minimalist'],
    DINING,
  ],
  [
    'furniture-marble-coffee-table',
    'Marble Coffee Table',
    'Casa Albufera',
    'table',
    '#e4e0da',
    39900,
    ['classic', 'modern', 'minimalist', 'housfy'],
    LIVING,
  ],
  [
    'furniture-walnut-coffee-table',
    'Walnut Coffee Table',
    'Fusteria Montsant',
    'table',
    '#6b4a33',
    29900,
    ['vintage', 'classic', 'industrial'],
    LIVING,
  ],
  [
    'furniture-wishbone-oak-chair',
    'Wishbone Oak Chair',
    'Fusteria Montsant',
    'chair',
    '#c9a477',
    14900,
    ['scandinavian', 'minimalist', 'mediterranean'],
    [...DINING, ...WORK],
  ],
  [
    'furniture-sage-dining-chair',
    'Sage Upholstered Chair',
    'Brisa Home',
    'chair',
    '#a9b59a',
    12900,
    ['modern', 'scandinavian', 'coastal'],
    DINING,
  ],
  [
    'furniture-black-bar-stool',
    'Black Bar Stool',
    'Forja Bilbao',
    'chair',
    '#2b2b2b',
    9900,
    ['industrial', 'modern', 'minimalist'],
    ['kitchen', 'living_kitchen_room'],
  ],
  [
    'furniture-linen-double-bed',
    'Linen Double Bed',
    'Llit i Son',
    'bed',
    '#d8cfc0',
    79900,
    ['scandinavian', 'minimalist', 'modern', 'coastal', 'housfy'],
    ['bedroom'],
  ],
  [
    'furniture-rattan-headboard-bed',
    'Rattan Headboard Bed',
    'Fibras del Sur',
    'bed',
    '#c49a5c',
    69900,
    ['bohemian', 'mediterranean', 'tropical', 'rustic'],
    ['bedroom', 'bedroom_individual'],
  ],
  [
    'furniture-oak-single-bed',
    'Oak Single Bed',
    'Llit i Son',
    'bed',
    '#b88a5a',
    44900,
    ['scandinavian', 'rustic', 'modern'],
    ['bedroom_individual', 'childrenroom'],
  ],
  [
    'furniture-brass-floor-lamp',
    'Brass Floor Lamp',
    'Llums de Gràcia',
    'lamp',
    '#c9a227',
    18900,
    ['classic', 'vintage', 'modern'],
    [...LIVING, ...BED, ...WORK],
  ],
  [
    'furniture-paper-pendant-lamp',
    'Paper Pendant Lamp',
    'Llums de Gràcia',
    'lamp',
    '#f1ede4',
    7900,
    ['scandinavian', 'minimalist', 'bohemian', 'housfy'],
    [...LIVING, ...BED, ...DINING],
  ],
  [
    'furniture-round-jute-rug',
    'Round Jute Rug',
    'Fibras del Sur',
    'rug',
    '#c8ad7f',
    14900,
    ['bohemian', 'coastal', 'mediterranean', 'rustic'],
    [...LIVING, ...BED, 'diningroom'],
  ],
  [
    'furniture-grey-wool-rug',
    'Grey Wool Rug',
    'Teixits Pirineu',
    'rug',
    '#9a9c9b',
    24900,
    ['modern', 'minimalist', 'scandinavian', 'industrial'],
    [...LIVING, ...BED, ...WORK],
  ],
  [
    'furniture-berber-rug',
    'Berber Pattern Rug',
    'Teixits Pirineu',
    'rug',
    '#efe6d6',
    29900,
    ['bohemian', 'vintage', 'tribal'],
    [...LIVING, ...BED],
  ],
  [
    'furniture-pipe-plank-shelf',
    'Pipe and Plank Shelf',
    'Forja Bilbao',
    'shelf',
    '#5d4037',
    22900,
    ['industrial', 'rustic', 'vintage'],
    [...LIVING, ...WORK, 'kitchen'],
  ],
  [
    'furniture-white-ladder-bookcase',
    'White Ladder Bookcase',
    'Mobles Tramuntana',
    'shelf',
    '#f3f1ec',
    17900,
    ['scandinavian', 'minimalist', 'modern', 'coastal'],
    [...LIVING, ...BED, ...WORK],
  ],
  [
    'furniture-bamboo-bath-shelf',
    'Bamboo Bathroom Shelf',
    'Banys Blaus',
    'shelf',
    '#d2b48c',
    6900,
    ['coastal', 'scandinavian', 'tropical', 'minimalist'],
    ['bathroom'],
  ],
  [
    'furniture-oak-writing-desk',
    'Oak Writing Desk',
    'Fusteria Montsant',
    'desk',
    '#c9a477',
    34900,
    ['scandinavian', 'minimalist', 'modern'],
    [...WORK, 'bedroom_individual'],
  ],
  [
    'furniture-teak-vanity-cabinet',
    'Teak Vanity Cabinet',
    'Banys Blaus',
    'cabinet',
    '#9c6b3e',
    49900,
    ['mediterranean', 'coastal', 'modern', 'rustic'],
    ['bathroom'],
  ],
  [
    'furniture-round-brass-mirror',
    'Round Brass Mirror',
    'Casa Albufera',
    'mirror',
    '#c9a227',
    11900,
    ['classic', 'modern', 'vintage', 'mediterranean'],
    ['bathroom', 'bedroom', 'livingroom', 'empty_room'],
  ],
  [
    'furniture-olive-tree',
    'Olive Tree in Terracotta Pot',
    'Viver del Túria',
    'plant',
    '#6f7d4a',
    8900,
    ['mediterranean', 'rustic', 'bohemian', 'modern'],
    [...LIVING, 'terrace', 'diningroom'],
  ],
  [
    'furniture-monstera-basket',
    'Monstera in Woven Basket',
    'Viver del Túria',
    'plant',
    '#3f6f3a',
    5900,
    ['tropical', 'bohemian', 'scandinavian'],
    [...LIVING, ...BED, 'office'],
  ],
];

/** The styles each paint and floor suits; paints go in any room, wooden floors only in dry ones. */
const SUITS: Record<string, { styles: string[]; rooms: string[] }> = {
  'paint-alabaster-white': {
    styles: ['modern', 'minimalist', 'scandinavian', 'coastal', 'mediterranean', 'classic', 'housfy'],
    rooms: ALL_ROOMS,
  },
  'paint-linen-cream': {
    styles: ['classic', 'scandinavian', 'rustic', 'vintage', 'mediterranean'],
    rooms: ALL_ROOMS,
  },
  'paint-warm-greige': { styles: ['modern', 'minimalist', 'classic', 'housfy'], rooms: ALL_ROOMS },
  'paint-misty-grey': { styles: ['modern', 'minimalist', 'industrial', 'scandinavian'], rooms: ALL_ROOMS },
  'paint-sand-dune': { styles: ['coastal', 'mediterranean', 'bohemian', 'rustic'], rooms: ALL_ROOMS },
  'paint-sage-green': {
    styles: ['scandinavian', 'rustic', 'vintage', 'bohemian', 'modern'],
    rooms: ALL_ROOMS,
  },
  'paint-olive-grove': { styles: ['rustic', 'vintage', 'bohemian', 'mediterranean'], rooms: ALL_ROOMS },
  'paint-dusty-rose': { styles: ['vintage', 'bohemian', 'classic'], rooms: ALL_ROOMS },
  'paint-terracotta-clay': {
    styles: ['mediterranean', 'bohemian', 'rustic', 'tropical', 'tribal'],
    rooms: ALL_ROOMS,
  },
  'paint-ochre-sun': { styles: ['mediterranean', 'bohemian', 'vintage', 'tribal'], rooms: ALL_ROOMS },
  'paint-mediterranean-blue': { styles: ['coastal', 'mediterranean', 'classic'], rooms: ALL_ROOMS },
  'paint-stormy-teal': { styles: ['modern', 'industrial', 'vintage', 'classic'], rooms: ALL_ROOMS },
  'paint-charcoal-slate': { styles: ['industrial', 'modern', 'minimalist'], rooms: ALL_ROOMS },
  'floor-natural-oak-planks': {
    styles: ['scandinavian', 'modern', 'minimalist', 'rustic', 'coastal', 'housfy'],
    rooms: DRY_ROOMS,
  },
  'floor-smoked-oak-planks': { styles: ['industrial', 'rustic', 'vintage', 'modern'], rooms: DRY_ROOMS },
  'floor-light-oak-herringbone': {
    styles: ['classic', 'scandinavian', 'modern', 'housfy'],
    rooms: DRY_ROOMS,
  },
  'floor-walnut-herringbone': { styles: ['classic', 'vintage'], rooms: DRY_ROOMS },
  'floor-terracotta-tiles': {
    styles: ['mediterranean', 'rustic', 'bohemian', 'tropical', 'tribal'],
    rooms: ALL_ROOMS,
  },
  'floor-grey-porcelain-tiles': { styles: ['modern', 'minimalist', 'industrial'], rooms: ALL_ROOMS },
  'floor-white-marble': { styles: ['classic', 'modern', 'minimalist'], rooms: ALL_ROOMS },
  'floor-polished-concrete': { styles: ['industrial', 'minimalist', 'modern'], rooms: ALL_ROOMS },
};

const shopUrl = (brand: string, id: string): string =>
  `https://www.${brand
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()}.example/${id}`;

/** Upserts the furniture and tags paints and floors, so running it again corrects without duplicates. */
async function seedShop(q: QueryRunner): Promise<void> {
  for (const [id, { styles, rooms }] of Object.entries(SUITS))
    await q.query(`UPDATE products SET styles = $2, room_types = $3 WHERE id = $1`, [id, styles, rooms]);
  for (const [i, [id, name, brand, category, color, price, styles, rooms]] of FURNITURE.entries()) {
    await q.query(
      `INSERT INTO products (id, type, name, brand, color, price_cents, unit, purchase_url, sort_order,
                             category, styles, room_types)
       VALUES ($1, 'furniture', $2, $3, $4, $5, 'item', $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, brand = EXCLUDED.brand, color = EXCLUDED.color,
         price_cents = EXCLUDED.price_cents, purchase_url = EXCLUDED.purchase_url,
         sort_order = EXCLUDED.sort_order, category = EXCLUDED.category, styles = EXCLUDED.styles,
         room_types = EXCLUDED.room_types`,
      [id, name, brand, color, price, shopUrl(brand, id), i + 1, category, styles, [...new Set(rooms)]],
    );
  }
}
