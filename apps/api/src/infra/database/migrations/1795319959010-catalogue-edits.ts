import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalogue products (wall paints and floors, seeded) and the saved edit document of each decoration. */
export class CatalogueEdits1795319959010 implements MigrationInterface {
  name = 'CatalogueEdits1795319959010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        type text NOT NULL CHECK (type IN ('furniture', 'wall_paint', 'floor')),
        name text NOT NULL,
        brand text NOT NULL,
        color text NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
        pattern text CHECK (pattern IN ('planks', 'herringbone', 'tiles', 'marble', 'concrete')),
        -- the width of one texture tile as a share of the photo's width
        tile_scale double precision CHECK (tile_scale > 0 AND tile_scale <= 1),
        price_cents int NOT NULL CHECK (price_cents >= 0),
        unit text NOT NULL CHECK (unit IN ('litre', 'square_metre', 'item')),
        purchase_url text NOT NULL,
        sort_order int NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- a floor is drawn from its texture, so it must say which one and how big
        CONSTRAINT products_floor_texture
          CHECK ((type = 'floor') = (pattern IS NOT NULL AND tile_scale IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX products_listing_idx ON products (type, sort_order) WHERE active`);
    await seedProducts(q);

    await q.query(`
      CREATE TABLE edit_documents (
        decoration_id uuid PRIMARY KEY REFERENCES decorations (id) ON DELETE CASCADE,
        document jsonb NOT NULL,
        -- the decoration's result when the document was last saved or rendered; once the result
        -- changes another way (redo, restore, a fresh draft) the document no longer applies
        result_version_id uuid REFERENCES decoration_versions (id) ON DELETE SET NULL,
        -- edits the owner has rendered (limited without unlimited editing); staff renders do not count
        rendered_edits int NOT NULL DEFAULT 0 CHECK (rendered_edits >= 0),
        -- the render under way (its version row is written when it is done): one at a time per
        -- decoration, so the edit limit cannot be passed by two at once; a stale one is taken over
        rendering_version_id uuid,
        rendering_since timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`
      ALTER TABLE decoration_versions ADD COLUMN origin text NOT NULL DEFAULT 'order'
        CHECK (origin IN ('order', 'redo', 'edit', 'send_back'))`);
    await q.query(`UPDATE decoration_versions SET origin = 'redo' WHERE number > 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE decoration_versions DROP COLUMN origin`);
    await q.query(`DROP TABLE edit_documents, products`);
  }
}

type Seed = [id: string, name: string, brand: string, color: string, priceCents: number];
type FloorSeed = [...Seed, pattern: string, tileScale: number];

/** Our own fictional brands; prices per litre (paint) or per m² (floors), in euro cents. */
const PAINTS: Seed[] = [
  ['paint-alabaster-white', 'Alabaster White', 'Pinturas Llevant', '#eeeae0', 1290],
  ['paint-linen-cream', 'Linen Cream', 'Pinturas Llevant', '#e9dfc9', 1290],
  ['paint-warm-greige', 'Warm Greige', 'Colors del Port', '#cfc4b3', 1450],
  ['paint-misty-grey', 'Misty Grey', 'Colors del Port', '#c9ccca', 1450],
  ['paint-sand-dune', 'Sand Dune', 'Colors del Port', '#d8c3a0', 1350],
  ['paint-sage-green', 'Sage Green', 'Tintes Montseny', '#a9b59a', 1590],
  ['paint-olive-grove', 'Olive Grove', 'Tintes Montseny', '#7d8260', 1590],
  ['paint-dusty-rose', 'Dusty Rose', 'Tintes Montseny', '#d4aaa2', 1490],
  ['paint-terracotta-clay', 'Terracotta Clay', 'Pinturas Llevant', '#c0775a', 1390],
  ['paint-ochre-sun', 'Ochre Sun', 'Pinturas Llevant', '#d2a24c', 1390],
  ['paint-mediterranean-blue', 'Mediterranean Blue', 'Colors del Port', '#4d7898', 1690],
  ['paint-stormy-teal', 'Stormy Teal', 'Tintes Montseny', '#3f6567', 1690],
  ['paint-charcoal-slate', 'Charcoal Slate', 'Pinturas Llevant', '#4a4d50', 1550],
];

const FLOORS: FloorSeed[] = [
  ['floor-natural-oak-planks', 'Natural Oak Planks', 'Parquets Garrotxa', '#b88a5a', 3490, 'planks', 0.45],
  ['floor-smoked-oak-planks', 'Smoked Oak Planks', 'Parquets Garrotxa', '#7a5a40', 3990, 'planks', 0.45],
  [
    'floor-light-oak-herringbone',
    'Light Oak Herringbone',
    'Parquets Garrotxa',
    '#c9a477',
    5490,
    'herringbone',
    0.3,
  ],
  [
    'floor-walnut-herringbone',
    'Walnut Herringbone',
    'Parquets Garrotxa',
    '#6b4a33',
    5890,
    'herringbone',
    0.3,
  ],
  ['floor-terracotta-tiles', 'Terracotta Tiles', 'Terres de la Bisbal', '#b5653e', 2890, 'tiles', 0.25],
  ['floor-grey-porcelain-tiles', 'Grey Porcelain Tiles', 'Ceràmiques Túria', '#bdbab4', 3290, 'tiles', 0.3],
  ['floor-white-marble', 'White Marble', 'Marbres de Macael', '#ece9e4', 8990, 'marble', 0.4],
  ['floor-polished-concrete', 'Polished Concrete', 'Microciments Ebre', '#a7a49f', 4490, 'concrete', 0.5],
];

const shopUrl = (brand: string, id: string): string =>
  `https://www.${brand
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()}.example/${id}`;

/** Upserts the catalogue, so running the seed again corrects names and prices without duplicates. */
async function seedProducts(q: QueryRunner): Promise<void> {
  const rows = [
    ...PAINTS.map(([id, name, brand, color, price], i) => [
      id,
      'wall_paint',
      name,
      brand,
      color,
      null,
      null,
      price,
      'litre',
      shopUrl(brand, id),
      i + 1,
    ]),
    ...FLOORS.map(([id, name, brand, color, price, pattern, scale], i) => [
      id,
      'floor',
      name,
      brand,
      color,
      pattern,
      scale,
      price,
      'square_metre',
      shopUrl(brand, id),
      i + 1,
    ]),
  ];
  for (const row of rows) {
    await q.query(
      `INSERT INTO products (id, type, name, brand, color, pattern, tile_scale, price_cents, unit,
                             purchase_url, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET
         type = EXCLUDED.type, name = EXCLUDED.name, brand = EXCLUDED.brand, color = EXCLUDED.color,
         pattern = EXCLUDED.pattern, tile_scale = EXCLUDED.tile_scale,
         price_cents = EXCLUDED.price_cents, unit = EXCLUDED.unit,
         purchase_url = EXCLUDED.purchase_url, sort_order = EXCLUDED.sort_order`,
      row,
    );
  }
}
