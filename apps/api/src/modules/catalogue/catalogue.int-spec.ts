import type { Product, ShopProduct } from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

describe('catalogue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
  });
  afterAll(() => t.close());

  it('lists the seeded paints, floors and furniture to anyone, by type', async () => {
    const all = await call<Product[]>(t, 'GET', 'catalogue/products');
    expect(all.status).toBe(200);
    const paints = await call<Product[]>(t, 'GET', 'catalogue/products?type=wall_paint');
    const floors = await call<Product[]>(t, 'GET', 'catalogue/products?type=floor');
    const furniture = await call<Product[]>(t, 'GET', 'catalogue/products?type=furniture');
    expect(paints.body.length).toBeGreaterThanOrEqual(12);
    expect(floors.body.length).toBeGreaterThanOrEqual(8);
    expect(all.body).toHaveLength(paints.body.length + floors.body.length + furniture.body.length);
    for (const paint of paints.body) {
      expect(paint).toMatchObject({ type: 'wall_paint', textureUrl: null, pattern: null, unit: 'litre' });
      expect(paint.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(paint.priceCents).toBeGreaterThan(0);
      expect(paint.purchaseUrl).toMatch(/^https:\/\//);
    }
    // No language asked for (Accept-Language: *): the product's default, Spanish.
    expect(paints.body.find((p) => p.id === 'paint-alabaster-white')).toMatchObject({
      name: 'Blanco alabastro',
      brand: 'Pinturas Llevant',
    });
    expect(new Set(floors.body.map((f) => f.pattern))).toEqual(
      new Set(['planks', 'herringbone', 'tiles', 'marble', 'concrete']),
    );
    for (const floor of floors.body) {
      expect(floor).toMatchObject({
        type: 'floor',
        unit: 'square_metre',
        textureUrl: `/data/catalogue/products/${floor.id}/texture.svg`,
      });
      expect(floor.tileScale).toBeGreaterThan(0);
    }
  });

  it('names every product in the caller’s language: ?lang, else Accept-Language, else Spanish', async () => {
    const names = async (headers: Record<string, string>, query = '') =>
      new Map(
        (await call<ShopProduct[]>(t, 'GET', `catalogue/products${query}`, { headers })).body.map((p) => [
          p.id,
          p.name,
        ]),
      );
    const es = await names({});
    const ca = await names({ 'accept-language': 'ca-ES,ca;q=0.9,es;q=0.8' });
    const en = await names({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(await names({ 'accept-language': 'ca' }, '?lang=en')).toEqual(en);
    expect(await names({ 'accept-language': 'en;q=0.4,ca;q=0.8' })).toEqual(ca);
    expect(await names({ 'accept-language': 'de-DE' })).toEqual(es);

    expect([
      es.get('paint-mediterranean-blue'),
      ca.get('paint-mediterranean-blue'),
      en.get('paint-mediterranean-blue'),
    ]).toEqual(['Azul mediterráneo', 'Blau mediterrani', 'Mediterranean Blue']);
    expect([es.get('floor-terracotta-tiles'), ca.get('floor-terracotta-tiles')]).toEqual([
      'Baldosas de terracota',
      'Rajoles de terracota',
    ]);
    expect(ca.get('furniture-black-steel-table')).toBe("Taula de menjador d'acer negre");
    // Every seeded product is translated: its Spanish and Catalan names are real ones, not the English.
    expect(es.size).toBeGreaterThanOrEqual(50);
    for (const [id, english] of en) {
      expect({ id, es: es.get(id) === english }).toEqual({ id, es: false });
      expect({ id, ca: ca.get(id)?.trim() }).toEqual({ id, ca: expect.stringMatching(/\S/) });
    }
    const rows = (await t.app.get(DataSource).query(`SELECT id, name, names FROM products`)) as {
      id: string;
      name: string;
      names: Record<string, string>;
    }[];
    for (const row of rows) {
      expect(Object.keys(row.names).sort()).toEqual(['ca', 'en', 'es']);
      // `name` is generated from the English one, so nothing can make the two drift apart.
      expect(row.name).toBe(row.names.en);
    }
  });

  it('labels a product’s picture with its name in the language asked for', async () => {
    const picture = (language: string) =>
      fetch(`${t.url}/data/catalogue/products/paint-alabaster-white/picture.svg`, {
        headers: { 'accept-language': language },
      });
    const catalan = await picture('ca');
    expect(catalan.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(await catalan.text()).toContain('aria-label="Blanc alabastre"');
    expect(await (await picture('en-GB')).text()).toContain('aria-label="Alabaster White"');
  });

  it('refuses an unknown type', async () => {
    const res = await call(t, 'GET', 'catalogue/products?type=sofa');
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { type: 'invalid' } },
    });
  });

  it('serves each floor’s texture as a cacheable SVG tile', async () => {
    const floors = (await call<Product[]>(t, 'GET', 'catalogue/products?type=floor')).body;
    for (const floor of floors) {
      const res = await fetch(`${t.url}${floor.textureUrl}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toMatch(/public/);
      const svg = Buffer.from(await res.arrayBuffer());
      expect(svg.toString().startsWith('<svg')).toBe(true);
      const { width, height } = await sharp(svg).metadata();
      expect(width).toBeGreaterThanOrEqual(256);
      expect(height).toBeGreaterThanOrEqual(256);
      // The same product always answers the same tile.
      expect((await (await fetch(`${t.url}${floor.textureUrl}`)).text()) === svg.toString()).toBe(true);
    }
  });

  it('has no texture for a paint or an unknown product', async () => {
    for (const id of ['paint-sage-green', 'no-such-floor']) {
      const res = await call(t, 'GET', `catalogue/products/${id}/texture.svg`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
