import {
  adminProductSchema,
  type AdminAuditEntry,
  type AdminProduct,
  type AdminProductWrite,
  type ShopProduct,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { Storage } from '../../infra/storage/storage.port';

type Answer<T> = T & { code?: string; fields?: Record<string, string> };

/** A valid new furniture product; `overrides` change any field. */
const sofa = (overrides: Partial<AdminProductWrite> = {}): AdminProductWrite => ({
  id: 'furniture-test-linen-sofa',
  type: 'furniture',
  names: { es: 'Sofá de lino de prueba', ca: 'Sofà de lli de prova', en: 'Test linen sofa' },
  brand: 'Mobles Prova',
  color: '#8a9a7b',
  category: 'sofa',
  pattern: null,
  tileScale: null,
  priceCents: 89_900,
  unit: 'item',
  purchaseUrl: 'https://shop.example.com/linen-sofa',
  styles: ['scandinavian', 'modern'],
  roomTypes: ['livingroom'],
  active: true,
  sortOrder: 500,
  ...overrides,
});

describe('console: catalogue products', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;

  const auditRows = async (action: string, recordId: string) =>
    (await db.query(`SELECT before, after FROM audit_log WHERE action = $1 AND record_id = $2 ORDER BY id`, [
      action,
      recordId,
    ])) as Pick<AdminAuditEntry, 'before' | 'after'>[];
  const auditCount = async (recordId: string) =>
    (
      (await db.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'products' AND record_id = $1`,
        [recordId],
      )) as { n: number }[]
    )[0].n;
  const shop = async (type = 'furniture') => {
    const res = await call<ShopProduct[]>(t, 'GET', `catalogue/products?type=${type}&lang=en`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const create = (body: unknown) =>
    call<Answer<AdminProduct>>(t, 'POST', 'admin/products', { token: admin.token, body });
  const update = (id: string, body: unknown) =>
    call<Answer<AdminProduct>>(t, 'PUT', `admin/products/${id}`, { token: admin.token, body });
  const upload = async (id: string, bytes: Buffer | null, type = 'image/png', user = admin) => {
    const form = new FormData();
    if (bytes) form.append('picture', new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
    else form.append('note', 'no file');
    const res = await fetch(`${t.url}/data/admin/products/${id}/picture`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Answer<AdminProduct> };
  };
  const photo = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: '#c0775a' } })
      .toFormat(format)
      .toBuffer();

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  it('creates a product the shop sells at once, with its purchase link and drawn picture', async () => {
    const created = await create(sofa());
    expect(created.status).toBe(201);
    expect(adminProductSchema.parse(created.body)).toMatchObject({
      ...sofa(),
      pictureUrl: '/data/catalogue/products/furniture-test-linen-sofa/picture.svg',
    });
    const listed = (await shop()).find((p) => p.id === 'furniture-test-linen-sofa');
    expect(listed).toMatchObject({
      name: 'Test linen sofa',
      purchaseUrl: 'https://shop.example.com/linen-sofa',
      priceCents: 89_900,
      category: 'sofa',
      pictureUrl: '/data/catalogue/products/furniture-test-linen-sofa/picture.svg',
    });
    expect(await auditRows('products.create', 'furniture-test-linen-sofa')).toEqual([
      {
        before: null,
        after: expect.objectContaining({ id: 'furniture-test-linen-sofa', priceCents: 89_900 }),
      },
    ]);

    // The id is the product's for good: a second one with it is refused on the field.
    const again = await create(sofa({ names: { es: 'Otro', ca: 'Altre', en: 'Other' } }));
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { id: 'invalid' } },
    });
    expect(await auditCount('furniture-test-linen-sofa')).toBe(1);
  });

  it('answers a combination the table refuses as VALIDATION_FAILED on the field, writing nothing', async () => {
    const refused = async (body: AdminProductWrite, fields: Record<string, string>) => {
      const res = await create(body);
      expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields } });
      expect(await db.query(`SELECT 1 FROM products WHERE id = $1`, [body.id])).toEqual([]);
      expect(await auditCount(body.id)).toBe(0);
    };
    // A floor is drawn from its texture: it needs a pattern and a tile scale.
    await refused(sofa({ id: 'floor-bad-1', type: 'floor', category: null, unit: 'square_metre' }), {
      pattern: 'required',
      tileScale: 'required',
    });
    await refused(
      sofa({ id: 'floor-bad-2', type: 'floor', category: null, pattern: 'planks', unit: 'square_metre' }),
      { tileScale: 'required' },
    );
    // Furniture is drawn from its category; a paint has none, nor a pattern.
    await refused(sofa({ id: 'furniture-bad', category: null }), { category: 'required' });
    await refused(sofa({ id: 'paint-bad', type: 'wall_paint', unit: 'litre' }), { category: 'invalid' });
    // Both rules broken at once: both told, though the table names one.
    await refused(
      sofa({ id: 'paint-bad-3', type: 'wall_paint', unit: 'litre', pattern: 'tiles', tileScale: 0.3 }),
      { category: 'invalid', pattern: 'invalid', tileScale: 'invalid' },
    );
    await refused(
      sofa({ id: 'paint-bad-2', type: 'wall_paint', category: null, pattern: 'tiles', tileScale: 0.3 }),
      { pattern: 'invalid', tileScale: 'invalid' },
    );
    // The same on an update, and the product stays as it was.
    const res = await update('furniture-test-linen-sofa', { ...sofa(), type: 'floor', category: null });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { pattern: 'required', tileScale: 'required' } },
    });
    expect(
      await db.query(`SELECT type, category FROM products WHERE id = 'furniture-test-linen-sofa'`),
    ).toEqual([{ type: 'furniture', category: 'sofa' }]);
    // What the schema itself refuses never reaches the table.
    expect((await create(sofa({ id: 'Bad Id', color: 'red' }))).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: 'invalid', color: 'invalid' },
    });
    // A valid floor passes.
    const floor = await create(
      sofa({
        id: 'floor-test-oak',
        type: 'floor',
        names: { es: 'Roble de prueba', ca: 'Roure de prova', en: 'Test oak' },
        category: null,
        pattern: 'planks',
        tileScale: 0.4,
        unit: 'square_metre',
      }),
    );
    expect(floor.status).toBe(201);
    expect((await shop('floor')).find((p) => p.id === 'floor-test-oak')).toMatchObject({
      textureUrl: '/data/catalogue/products/floor-test-oak/texture.svg',
    });
  });

  it('updates a product with the changed fields in the audit log; withdrawn ones leave the shop', async () => {
    const record = (
      await call<AdminProduct>(t, 'GET', 'admin/products/furniture-test-linen-sofa', { token: admin.token })
    ).body;
    // The console sends the whole record back (id, pictureUrl, createdAt included).
    const changed = await update('furniture-test-linen-sofa', {
      ...record,
      priceCents: 79_900,
      names: { ...record.names, en: 'Test linen sofa, sale' },
      purchaseUrl: 'https://shop.example.com/linen-sofa-sale',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      priceCents: 79_900,
      purchaseUrl: 'https://shop.example.com/linen-sofa-sale',
    });
    expect(await auditRows('products.update', 'furniture-test-linen-sofa')).toEqual([
      {
        before: {
          priceCents: 89_900,
          names: sofa().names,
          purchaseUrl: 'https://shop.example.com/linen-sofa',
        },
        after: {
          priceCents: 79_900,
          names: { ...sofa().names, en: 'Test linen sofa, sale' },
          purchaseUrl: 'https://shop.example.com/linen-sofa-sale',
        },
      },
    ]);
    expect((await shop()).find((p) => p.id === 'furniture-test-linen-sofa')).toMatchObject({
      name: 'Test linen sofa, sale',
      purchaseUrl: 'https://shop.example.com/linen-sofa-sale',
    });

    const withdrawn = await update('furniture-test-linen-sofa', { ...changed.body, active: false });
    expect(withdrawn.body.active).toBe(false);
    expect((await shop()).map((p) => p.id)).not.toContain('furniture-test-linen-sofa');
    expect((await call<ShopProduct[]>(t, 'GET', 'catalogue/products')).body.map((p) => p.id)).not.toContain(
      'furniture-test-linen-sofa',
    );
    await update('furniture-test-linen-sofa', { ...changed.body, active: true });
    expect((await shop()).map((p) => p.id)).toContain('furniture-test-linen-sofa');
    expect(await auditRows('products.update', 'furniture-test-linen-sofa')).toHaveLength(3);

    const unknown = await update('furniture-nothing-here', sofa({ id: 'furniture-nothing-here' }));
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('replaces the shop picture with the upload, re-encoded, and serves it', async () => {
    const id = 'furniture-test-linen-sofa';
    const first = await upload(id, await photo(1600, 1200));
    expect(first.status).toBe(200);
    expect(first.body.pictureUrl).toMatch(
      new RegExp(`^/data/catalogue/products/${id}/picture/[0-9a-f]{16}\\.webp$`),
    );
    expect((await shop()).find((p) => p.id === id)?.pictureUrl).toBe(first.body.pictureUrl);

    const served = await fetch(`${t.url}${first.body.pictureUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(await auditRows('products.picture', id)).toEqual([
      {
        before: { pictureUrl: `/data/catalogue/products/${id}/picture.svg` },
        after: { pictureUrl: first.body.pictureUrl },
      },
    ]);

    // A second upload (JPEG) replaces the first: the old file is gone, its URL answers 404.
    const [{ picture_key: firstKey }] = (await db.query(`SELECT picture_key FROM products WHERE id = $1`, [
      id,
    ])) as {
      picture_key: string;
    }[];
    const second = await upload(id, await photo(300, 200, 'jpeg'), 'image/jpeg');
    expect(second.status).toBe(200);
    expect(second.body.pictureUrl).not.toBe(first.body.pictureUrl);
    expect((await fetch(`${t.url}${first.body.pictureUrl}`)).status).toBe(404);
    expect(await t.app.get(Storage).exists(firstKey)).toBe(false);
    const small = await fetch(`${t.url}${second.body.pictureUrl}`);
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
    expect((await shop()).find((p) => p.id === id)?.pictureUrl).toBe(second.body.pictureUrl);
    expect(
      (await call<AdminProduct>(t, 'GET', `admin/products/${id}`, { token: admin.token })).body.pictureUrl,
    ).toBe(second.body.pictureUrl);
    expect(await auditRows('products.picture', id)).toHaveLength(2);
    // Only the current file of that product is served, and no made-up name.
    expect(
      (
        await fetch(
          `${t.url}/data/catalogue/products/paint-sage-green/picture/${String(second.body.pictureUrl).split('/').pop()}`,
        )
      ).status,
    ).toBe(404);
    expect((await fetch(`${t.url}/data/catalogue/products/${id}/picture/..%2F..%2Fsecret.webp`)).status).toBe(
      404,
    );
  });

  it('refuses what is not a picture, a picture over 2 MB, no file and an unknown product', async () => {
    const id = 'furniture-test-linen-sofa';
    const before = await auditRows('products.picture', id);
    expect(await upload(id, Buffer.from('GIF89a not really an image'), 'image/gif')).toMatchObject({
      status: 422,
      body: { code: 'IMAGE_NOT_VALID' },
    });
    // PNG magic bytes over garbage: libvips cannot read it.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    expect(await upload(id, fake)).toMatchObject({ status: 422, body: { code: 'IMAGE_NOT_VALID' } });
    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(2 * 1024 * 1024, 1)]);
    expect(await upload(id, big)).toMatchObject({ status: 413, body: { code: 'IMAGE_TOO_LARGE' } });
    expect(await upload(id, null)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { picture: 'required' } },
    });
    expect(await upload('furniture-nothing-here', await photo(50, 50))).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await auditRows('products.picture', id)).toEqual(before);
  });

  it('lists with filters and sorts, as ra-data-simple-rest asks', async () => {
    const list = async (query: Record<string, unknown>) => {
      const params = new URLSearchParams(
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
      );
      const res = await call<AdminProduct[]>(t, 'GET', `admin/products?${params.toString()}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      return { rows: res.body, range: res.headers.get('content-range') };
    };
    const all = await list({ range: [0, 499] });
    const [{ total }] = (await db.query(`SELECT count(*)::int AS total FROM products`)) as {
      total: number;
    }[];
    expect(all.range).toBe(`products 0-${total - 1}/${total}`);
    const byOrder = all.rows.map((p) => p.sortOrder);
    expect(byOrder).toEqual([...byOrder].sort((a, b) => a - b));

    const found = await list({ filter: { q: 'linen sofa, SALE' } });
    expect(found.rows.map((p) => p.id)).toEqual(['furniture-test-linen-sofa']);
    expect((await list({ filter: { q: 'lli de prova' } })).rows.map((p) => p.id)).toEqual([
      'furniture-test-linen-sofa',
    ]);
    const floors = await list({ filter: { type: 'floor' }, range: [0, 499] });
    expect(floors.rows.length).toBeGreaterThan(0);
    expect(floors.rows.every((p) => p.type === 'floor')).toBe(true);

    await update('floor-test-oak', {
      ...sofa({
        id: 'floor-test-oak',
        type: 'floor',
        names: { es: 'Roble de prueba', ca: 'Roure de prova', en: 'Test oak' },
        category: null,
        pattern: 'planks',
        tileScale: 0.4,
        unit: 'square_metre',
      }),
      active: false,
    });
    expect((await list({ filter: { active: false } })).rows.map((p) => p.id)).toEqual(['floor-test-oak']);
    expect((await list({ filter: { active: true }, range: [0, 499] })).rows.map((p) => p.id)).not.toContain(
      'floor-test-oak',
    );
    const dear = await list({ sort: ['priceCents', 'DESC'], range: [0, 0] });
    const [{ max }] = (await db.query(`SELECT max(price_cents)::int AS max FROM products`)) as {
      max: number;
    }[];
    expect(dear.rows[0].priceCents).toBe(max);
    expect(
      (await list({ filter: { id: ['floor-test-oak', 'paint-sage-green'] } })).rows.map((p) => p.id).sort(),
    ).toEqual(['floor-test-oak', 'paint-sage-green']);
    const missing = await call(t, 'GET', 'admin/products/nothing-here', { token: admin.token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('writes exactly one audit row per create, update and picture', async () => {
    const id = 'paint-test-audit';
    const paint = sofa({ id, type: 'wall_paint', category: null, unit: 'litre' });
    expect((await create(paint)).status).toBe(201);
    expect((await update(id, { ...paint, priceCents: 1234 })).status).toBe(200);
    expect((await update(id, { ...paint, priceCents: 1234 })).status).toBe(200);
    expect((await upload(id, await photo(40, 40, 'webp'), 'image/webp')).status).toBe(200);
    const rows = (await db.query(
      `SELECT action, count(*)::int AS n FROM audit_log WHERE resource = 'products' AND record_id = $1
        GROUP BY action ORDER BY action`,
      [id],
    )) as { action: string; n: number }[];
    expect(rows).toEqual([
      { action: 'products.create', n: 1 },
      { action: 'products.picture', n: 1 },
      { action: 'products.update', n: 2 },
    ]);
    const [{ actor_id }] = (await db.query(`SELECT DISTINCT actor_id FROM audit_log WHERE record_id = $1`, [
      id,
    ])) as {
      actor_id: string;
    }[];
    expect(actor_id).toBe(admin.userId);
  });

  it('refuses decorators and customers on every route, and changes nothing', async () => {
    const decorator = await signIn(t, 'decorator');
    const customer = await signIn(t);
    const id = 'furniture-test-linen-sofa';
    const before = await db.query(`SELECT * FROM products WHERE id = $1`, [id]);
    for (const user of [decorator, customer]) {
      expect((await call(t, 'GET', 'admin/products', { token: user.token })).status).toBe(403);
      expect((await call(t, 'GET', `admin/products/${id}`, { token: user.token })).status).toBe(403);
      expect(
        (await call(t, 'POST', 'admin/products', { token: user.token, body: sofa({ id: 'furniture-x' }) }))
          .status,
      ).toBe(403);
      expect((await call(t, 'PUT', `admin/products/${id}`, { token: user.token, body: sofa() })).status).toBe(
        403,
      );
      expect((await upload(id, await photo(20, 20), 'image/png', user)).status).toBe(403);
    }
    expect((await call(t, 'GET', 'admin/products')).status).toBe(401);
    expect(await db.query(`SELECT * FROM products WHERE id = $1`, [id])).toEqual(before);
    expect(await db.query(`SELECT 1 FROM products WHERE id = 'furniture-x'`)).toEqual([]);
  });
});
