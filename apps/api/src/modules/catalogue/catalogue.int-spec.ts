import type { Product } from '@estancia/contracts';
import sharp from 'sharp';
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
    expect(paints.body.find((p) => p.id === 'paint-alabaster-white')).toMatchObject({
      name: 'Alabaster White',
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
