import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue names in every interface language: `names` {es, ca, en} becomes the source, and `name`
 * stays as a generated column holding the English one (for SQL by hand and older readers), so the
 * two can never drift apart.
 */
export class CatalogueNames1795319959640 implements MigrationInterface {
  name = 'CatalogueNames1795319959640';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN names jsonb`);
    for (const [id, es, ca] of NAMES)
      await q.query(
        `UPDATE products SET names = jsonb_build_object('es', $2::text, 'ca', $3::text, 'en', name) WHERE id = $1`,
        [id, es, ca],
      );
    // A product this migration does not know keeps its one name in every language until staff translate it.
    await q.query(
      `UPDATE products SET names = jsonb_build_object('es', name, 'ca', name, 'en', name) WHERE names IS NULL`,
    );
    await q.query(`
      ALTER TABLE products
        ALTER COLUMN names SET NOT NULL,
        ADD CONSTRAINT products_names CHECK (
          jsonb_typeof(names -> 'es') = 'string' AND length(btrim(names ->> 'es')) > 0 AND
          jsonb_typeof(names -> 'ca') = 'string' AND length(btrim(names ->> 'ca')) > 0 AND
          jsonb_typeof(names -> 'en') = 'string' AND length(btrim(names ->> 'en')) > 0)`);
    await q.query(`ALTER TABLE products DROP COLUMN name`);
    await q.query(`ALTER TABLE products ADD COLUMN name text GENERATED ALWAYS AS (names ->> 'en') STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN name`);
    await q.query(`ALTER TABLE products ADD COLUMN name text`);
    await q.query(`UPDATE products SET name = names ->> 'en'`);
    await q.query(`ALTER TABLE products ALTER COLUMN name SET NOT NULL`);
    await q.query(`ALTER TABLE products DROP CONSTRAINT products_names, DROP COLUMN names`);
  }
}

/** Spanish and Catalan names of every seeded product; the English one is the name it was seeded with. */
const NAMES: [id: string, es: string, ca: string][] = [
  // wall paints
  ['paint-alabaster-white', 'Blanco alabastro', 'Blanc alabastre'],
  ['paint-linen-cream', 'Crema lino', 'Crema lli'],
  ['paint-warm-greige', 'Greige cálido', 'Greige càlid'],
  ['paint-misty-grey', 'Gris niebla', 'Gris boira'],
  ['paint-sand-dune', 'Duna de arena', 'Duna de sorra'],
  ['paint-sage-green', 'Verde salvia', 'Verd sàlvia'],
  ['paint-olive-grove', 'Verde olivar', 'Verd oliverar'],
  ['paint-dusty-rose', 'Rosa empolvado', 'Rosa empolsat'],
  ['paint-terracotta-clay', 'Arcilla terracota', 'Argila terracota'],
  ['paint-ochre-sun', 'Sol ocre', 'Sol ocre'],
  ['paint-mediterranean-blue', 'Azul mediterráneo', 'Blau mediterrani'],
  ['paint-stormy-teal', 'Azul petróleo', 'Blau petroli'],
  ['paint-charcoal-slate', 'Gris pizarra', 'Gris pissarra'],
  // floors
  ['floor-natural-oak-planks', 'Tarima de roble natural', 'Tarima de roure natural'],
  ['floor-smoked-oak-planks', 'Tarima de roble ahumado', 'Tarima de roure fumat'],
  ['floor-light-oak-herringbone', 'Espiga de roble claro', 'Espiga de roure clar'],
  ['floor-walnut-herringbone', 'Espiga de nogal', 'Espiga de noguera'],
  ['floor-terracotta-tiles', 'Baldosas de terracota', 'Rajoles de terracota'],
  ['floor-grey-porcelain-tiles', 'Porcelánico gris', 'Porcellànic gris'],
  ['floor-white-marble', 'Mármol blanco', 'Marbre blanc'],
  ['floor-polished-concrete', 'Hormigón pulido', 'Formigó polit'],
  // furniture
  ['furniture-fjord-sofa', 'Sofá de tres plazas Fjord', 'Sofà de tres places Fjord'],
  ['furniture-chesterfield-velvet-sofa', 'Sofá Chesterfield de terciopelo', 'Sofà Chesterfield de vellut'],
  ['furniture-terracotta-modular-sofa', 'Sofá modular terracota', 'Sofà modular terracota'],
  ['furniture-navy-linen-sofa', 'Sofá de lino azul marino', 'Sofà de lli blau marí'],
  ['furniture-cognac-leather-armchair', 'Butaca de piel coñac', 'Butaca de pell conyac'],
  ['furniture-boucle-armchair', 'Butaca bouclé', 'Butaca bouclé'],
  ['furniture-rattan-armchair', 'Butaca de ratán', 'Butaca de rotang'],
  ['furniture-oak-dining-table', 'Mesa de comedor de roble', 'Taula de menjador de roure'],
  ['furniture-black-steel-table', 'Mesa de comedor de acero negro', "Taula de menjador d'acer negre"],
  ['furniture-marble-coffee-table', 'Mesa de centro de mármol', 'Tauleta de centre de marbre'],
  ['furniture-walnut-coffee-table', 'Mesa de centro de nogal', 'Tauleta de centre de noguera'],
  ['furniture-wishbone-oak-chair', 'Silla Wishbone de roble', 'Cadira Wishbone de roure'],
  ['furniture-sage-dining-chair', 'Silla tapizada verde salvia', 'Cadira entapissada verd sàlvia'],
  ['furniture-black-bar-stool', 'Taburete alto negro', 'Tamboret alt negre'],
  ['furniture-linen-double-bed', 'Cama de matrimonio de lino', 'Llit de matrimoni de lli'],
  ['furniture-rattan-headboard-bed', 'Cama con cabecero de ratán', 'Llit amb capçal de rotang'],
  ['furniture-oak-single-bed', 'Cama individual de roble', 'Llit individual de roure'],
  ['furniture-brass-floor-lamp', 'Lámpara de pie de latón', 'Llum de peu de llautó'],
  ['furniture-paper-pendant-lamp', 'Lámpara colgante de papel', 'Llum penjant de paper'],
  ['furniture-round-jute-rug', 'Alfombra redonda de yute', 'Catifa rodona de jute'],
  ['furniture-grey-wool-rug', 'Alfombra de lana gris', 'Catifa de llana grisa'],
  ['furniture-berber-rug', 'Alfombra de estampado bereber', "Catifa d'estampat berber"],
  ['furniture-pipe-plank-shelf', 'Estantería de tubo y tablón', 'Prestatgeria de tub i tauló'],
  ['furniture-white-ladder-bookcase', 'Librería escalera blanca', 'Llibreria escala blanca'],
  ['furniture-bamboo-bath-shelf', 'Estante de baño de bambú', 'Prestatge de bany de bambú'],
  ['furniture-oak-writing-desk', 'Escritorio de roble', 'Escriptori de roure'],
  ['furniture-teak-vanity-cabinet', 'Mueble de lavabo de teca', 'Moble de lavabo de teca'],
  ['furniture-round-brass-mirror', 'Espejo redondo de latón', 'Mirall rodó de llautó'],
  ['furniture-olive-tree', 'Olivo en maceta de terracota', 'Olivera en test de terracota'],
  ['furniture-monstera-basket', 'Monstera en cesta trenzada', 'Monstera en cistella trenada'],
];
