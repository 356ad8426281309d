import { randomUUID } from 'node:crypto';
import type {
  Favourite,
  FavouriteStatus,
  Recommendations,
  ReformRequest,
  RoomType,
  ShopProduct,
  Style,
} from '@estancia/contracts';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, latestMail, signUp } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { Storage } from '../../infra/storage/storage.port';

/** A solid photo of `main` with a band of `band` across its bottom third, as JPEG. */
async function resultJpeg(main: string, band = main): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
    <rect width="300" height="200" fill="${main}"/><rect y="140" width="300" height="60" fill="${band}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

describe('shop: recommendations, favourites, reform requests', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;
  let projects = 0;

  /** A project of `user` with one decoration, ready with `result` when given (else still pending). */
  async function decoration(
    user: SignedIn,
    roomType: RoomType,
    style: Style,
    result?: Buffer,
    propertyName = `Piso ${++projects}`,
  ): Promise<{ projectId: string; decorationId: string }> {
    const projectId = randomUUID();
    const imageId = randomUUID();
    const decorationId = randomUUID();
    const versionId = randomUUID();
    await db.query(`INSERT INTO projects (id, user_id, property_name) VALUES ($1, $2, $3)`, [
      projectId,
      user.userId,
      propertyName,
    ]);
    await db.query(
      `INSERT INTO project_images (id, project_id, user_id, original_key, preview_key, thumbnail_key, width, height, bytes)
       VALUES ($1, $2, $3, 'a.jpg', 'b.jpg', 'c.jpg', 300, 200, 1000)`,
      [imageId, projectId, user.userId],
    );
    await db.query(
      `INSERT INTO decorations (id, project_id, image_id, user_id, type, room_type, style, state, stage)
       VALUES ($1, $2, $3, $4, 'automatic', $5, $6, $7, $8)`,
      [
        decorationId,
        projectId,
        imageId,
        user.userId,
        roomType,
        style,
        result ? 'ready' : 'pending',
        result ? 'ready' : 'queued',
      ],
    );
    const resultKey = `projects/${projectId}/decorations/${decorationId}/${versionId}.jpg`;
    await db.query(
      `INSERT INTO decoration_versions (id, decoration_id, number, room_type, style, seed, result_key, state, credits, charge_key)
       VALUES ($1, $2, 1, $3, $4, 7, $5, $6, 0, $7)`,
      [
        versionId,
        decorationId,
        roomType,
        style,
        result ? resultKey : null,
        result ? 'ready' : 'pending',
        `test:${versionId}`,
      ],
    );
    await db.query(`UPDATE decorations SET current_version_id = $2 WHERE id = $1`, [decorationId, versionId]);
    if (result) await t.app.get(Storage).put(resultKey, result);
    return { projectId, decorationId };
  }

  const recommendations = (user: SignedIn, decorationId: string) =>
    call<Recommendations>(t, 'GET', `decoration/${decorationId}/recommendations`, { token: user.token });

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterAll(() => t.close());

  it('serves our own drawing of every product as a cacheable SVG', async () => {
    const furniture = (await call<ShopProduct[]>(t, 'GET', 'catalogue/products?type=furniture')).body;
    expect(furniture.length).toBeGreaterThanOrEqual(24);
    expect(new Set(furniture.map((f) => f.category)).size).toBeGreaterThanOrEqual(10);
    for (const product of furniture) {
      expect(product).toMatchObject({ type: 'furniture', unit: 'item', textureUrl: null, pattern: null });
      expect(product.styles.length).toBeGreaterThan(0);
      expect(product.roomTypes.length).toBeGreaterThan(0);
      expect(product.purchaseUrl).toMatch(/^https:\/\//);
    }
    const sample = [
      furniture[0]!,
      ...(await call<ShopProduct[]>(t, 'GET', 'catalogue/products')).body.filter(
        (p) => p.id === 'paint-sage-green' || p.id === 'floor-white-marble',
      ),
    ];
    expect(sample).toHaveLength(3);
    for (const product of sample) {
      expect(product.pictureUrl).toBe(`/data/catalogue/products/${product.id}/picture.svg`);
      const res = await fetch(`${t.url}${product.pictureUrl}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const { width } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(width).toBeGreaterThanOrEqual(256);
    }
    expect((await fetch(`${t.url}/data/catalogue/products/no-such-sofa/picture.svg`)).status).toBe(404);
  });

  it('recommends what suits the room and style, ranked by the colours of the result', async () => {
    const blue = await decoration(alice, 'livingroom', 'coastal', await resultJpeg('#4d7898'));
    const res = await recommendations(alice, blue.decorationId);
    expect(res.status).toBe(200);
    const { body } = res;
    expect(body).toMatchObject({ decorationId: blue.decorationId, roomType: 'livingroom', style: 'coastal' });
    expect(body.palette.length).toBeGreaterThan(0);
    for (const type of ['furniture', 'wall_paint', 'floor'] as const) {
      expect(body[type].length).toBeGreaterThan(0);
      for (const product of body[type]) {
        expect(product.type).toBe(type);
        expect(product.roomTypes).toContain('livingroom');
        expect(product.styles).toContain('coastal');
        expect(product.favourite).toBe(false);
      }
      const matches = body[type].map((p) => p.colourMatch);
      expect(matches).toEqual([...matches].sort((a, b) => b - a));
    }
    expect(body.wall_paint[0]!.id).toBe('paint-mediterranean-blue');
    expect(body.furniture[0]!.id).toBe('furniture-navy-linen-sofa');

    const terracotta = await decoration(alice, 'livingroom', 'mediterranean', await resultJpeg('#c0775a'));
    const warm = (await recommendations(alice, terracotta.decorationId)).body;
    expect(warm.wall_paint[0]!.id).toBe('paint-terracotta-clay');
    expect(warm.furniture[0]!.id).toBe('furniture-terracotta-modular-sofa');
    expect(warm.floor[0]!.id).toBe('floor-terracotta-tiles');
    // A bathroom gets no sofa.
    const bath = await decoration(alice, 'bathroom', 'coastal', await resultJpeg('#eeeae0'));
    const bathroom = (await recommendations(alice, bath.decorationId)).body;
    expect(bathroom.furniture.map((p) => p.category)).not.toContain('sofa');
    expect(bathroom.furniture.length).toBeGreaterThan(0);
  });

  it('names recommendations and favourites in the language asked for, else in the account’s language', async () => {
    const carles = await signIn(t);
    await db.query(`UPDATE users SET language = 'ca' WHERE id = $1`, [carles.userId]);
    const blue = await decoration(carles, 'livingroom', 'coastal', await resultJpeg('#4d7898'));
    const inCatalan = (await recommendations(carles, blue.decorationId)).body;
    expect(inCatalan.wall_paint[0]).toMatchObject({
      id: 'paint-mediterranean-blue',
      name: 'Blau mediterrani',
    });
    const inSpanish = await call<Recommendations>(
      t,
      'GET',
      `decoration/${blue.decorationId}/recommendations`,
      {
        token: carles.token,
        headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
      },
    );
    expect(inSpanish.body.wall_paint[0]).toMatchObject({ name: 'Azul mediterráneo' });
    // Same products, same order, same favourites: only the names change.
    expect(inSpanish.body.furniture.map((p) => p.id)).toEqual(inCatalan.furniture.map((p) => p.id));

    await call(t, 'POST', 'catalogue/favourites/floor-terracotta-tiles', { token: carles.token });
    const favourites = (lang?: string) =>
      call<Favourite[]>(t, 'GET', `catalogue/favourites${lang ? `?lang=${lang}` : ''}`, {
        token: carles.token,
      });
    expect((await favourites()).body.map((f) => f.name)).toEqual(['Rajoles de terracota']);
    expect((await favourites('en')).body.map((f) => f.name)).toEqual(['Terracotta Tiles']);
    expect((await favourites('es')).body.map((f) => f.name)).toEqual(['Baldosas de terracota']);
  });

  it('recommends in catalogue order before there is a result, and hides other customers’ decorations', async () => {
    const pending = await decoration(alice, 'bedroom', 'scandinavian');
    const res = await recommendations(alice, pending.decorationId);
    expect(res.status).toBe(200);
    expect(res.body.palette).toEqual([]);
    expect(res.body.furniture.every((p) => p.colourMatch === 0)).toBe(true);

    for (const id of [pending.decorationId, randomUUID(), 'not-a-uuid']) {
      const foreign = await recommendations(bob, id);
      expect(foreign).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await call(t, 'GET', `decoration/${pending.decorationId}/recommendations`)).status).toBe(401);
  });

  it('keeps favourites idempotently, per customer, and marks them in recommendations', async () => {
    const sofa = 'furniture-navy-linen-sofa';
    for (let i = 0; i < 2; i++) {
      const added = await call<FavouriteStatus>(t, 'POST', `catalogue/favourites/${sofa}`, {
        token: alice.token,
      });
      expect(added).toMatchObject({ status: 200, body: { productId: sofa, favourite: true } });
    }
    await call(t, 'POST', 'catalogue/favourites/paint-alabaster-white', { token: alice.token });
    const list = await call<Favourite[]>(t, 'GET', 'catalogue/favourites', { token: alice.token });
    expect(list.body.map((f) => f.id)).toEqual(['paint-alabaster-white', sofa]);
    expect(list.body[1]).toMatchObject({ type: 'furniture', pictureUrl: expect.stringContaining(sofa) });
    expect((await call<Favourite[]>(t, 'GET', 'catalogue/favourites', { token: bob.token })).body).toEqual(
      [],
    );

    const blue = await decoration(alice, 'livingroom', 'coastal', await resultJpeg('#2e4a6b'));
    const marked = (await recommendations(alice, blue.decorationId)).body;
    expect(marked.furniture.find((p) => p.id === sofa)?.favourite).toBe(true);
    expect(marked.furniture.filter((p) => p.favourite)).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const removed = await call(t, 'DELETE', `catalogue/favourites/${sofa}`, { token: alice.token });
      expect(removed).toMatchObject({ status: 200, body: { productId: sofa, favourite: false } });
    }
    expect(
      (await call<Favourite[]>(t, 'GET', 'catalogue/favourites', { token: alice.token })).body,
    ).toHaveLength(1);
    for (const method of ['POST', 'DELETE'] as const) {
      const unknown = await call(t, method, 'catalogue/favourites/no-such-sofa', { token: alice.token });
      expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await call(t, 'POST', `catalogue/favourites/${sofa}`)).status).toBe(401);
  });

  describe('reform requests', () => {
    let carla: Awaited<ReturnType<typeof signUp>>;
    let carlaProject: { projectId: string; decorationId: string };
    let admin: SignedIn;
    let decorator: SignedIn;

    beforeAll(async () => {
      carla = await signUp(t, { language: 'ca', name: 'Carla Vidal' });
      carlaProject = await decoration(
        { token: carla.token, userId: carla.user.id, email: carla.email, headers: {} },
        'kitchen',
        'modern',
        await resultJpeg('#eeeae0'),
        'Piso en Gràcia',
      );
      admin = await signIn(t, 'admin');
      decorator = await signIn(t, 'decorator');
    });

    const valid = () => ({
      projectId: carlaProject.projectId,
      decorationId: carlaProject.decorationId,
      what: ['kitchen', 'floors'],
      areaSquareMeters: 85,
      budgetRange: '15k_30k',
      contactPreference: 'phone',
      phone: '+34 612 345 678',
      notes: 'Queremos abrir la cocina al salón.',
    });

    it('refuses invalid requests with a code per field', async () => {
      const empty = await call(t, 'POST', 'reform-requests', { token: carla.token, body: {} });
      expect(empty).toMatchObject({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          fields: {
            projectId: 'required',
            what: 'required',
            areaSquareMeters: 'required',
            budgetRange: 'required',
            contactPreference: 'required',
          },
        },
      });
      const wrong = await call(t, 'POST', 'reform-requests', {
        token: carla.token,
        body: {
          ...valid(),
          what: [],
          areaSquareMeters: 0,
          budgetRange: 'lots',
          phone: 'call me',
          notes: 'x'.repeat(2001),
        },
      });
      expect(wrong).toMatchObject({
        status: 400,
        body: {
          fields: {
            what: 'required',
            areaSquareMeters: 'invalid',
            budgetRange: 'invalid',
            phone: 'phone',
            notes: 'tooLong',
          },
        },
      });
      const noPhone = await call(t, 'POST', 'reform-requests', {
        token: carla.token,
        body: { ...valid(), phone: '' },
      });
      expect(noPhone).toMatchObject({ status: 400, body: { fields: { phone: 'required' } } });
      expect(await db.query(`SELECT 1 FROM reform_requests`)).toHaveLength(0);
    });

    it('accepts requests only about the customer’s own project and decoration', async () => {
      const foreign = await call(t, 'POST', 'reform-requests', { token: bob.token, body: valid() });
      expect(foreign).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', fields: { projectId: 'NOT_FOUND' } },
      });
      const other = await decoration(bob, 'kitchen', 'modern');
      const mixed = await call(t, 'POST', 'reform-requests', {
        token: carla.token,
        body: { ...valid(), decorationId: other.decorationId },
      });
      expect(mixed).toMatchObject({ status: 404, body: { fields: { decorationId: 'NOT_FOUND' } } });
      expect((await call(t, 'POST', 'reform-requests', { body: valid() })).status).toBe(401);
    });

    it('stores a request, confirms it by e-mail in the customer’s language, and staff take it forward only', async () => {
      const created = await call<ReformRequest>(t, 'POST', 'reform-requests', {
        token: carla.token,
        body: valid(),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        projectId: carlaProject.projectId,
        decorationId: carlaProject.decorationId,
        propertyName: 'Piso en Gràcia',
        customer: { email: carla.email, name: 'Carla Vidal' },
        what: ['kitchen', 'floors'],
        areaSquareMeters: 85,
        budgetRange: '15k_30k',
        contactPreference: 'phone',
        phone: '+34 612 345 678',
        status: 'new',
        history: [{ status: 'new', by: null }],
      });
      const mail = await latestMail(t, carla.email, 'reformRequestReceived');
      expect(mail?.subject).toBe('Hem rebut la teva sol·licitud de pressupost de reforma');
      expect(mail?.text).toContain('Piso en Gràcia (cuina, terres, 85 m², de 15.000 a 30.000 €)');
      expect(mail?.text).toContain('per telèfon');

      const id = created.body.id;
      const byEmail = await call<ReformRequest>(t, 'POST', 'reform-requests', {
        token: carla.token,
        body: { ...valid(), decorationId: undefined, contactPreference: 'email', phone: '', what: ['full'] },
      });
      expect(byEmail).toMatchObject({ status: 201, body: { decorationId: null, phone: '' } });

      // Access: admins only; decorators are refused like on other admin-only resources.
      const list = await call<ReformRequest[]>(
        t,
        'GET',
        'admin/reform-requests?sort=["createdAt","DESC"]&range=[0,9]',
        {
          token: admin.token,
        },
      );
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toBe('reform-requests 0-1/2');
      expect(list.body.map((r) => r.id)).toEqual([byEmail.body.id, id]);
      const filtered = await call<ReformRequest[]>(
        t,
        'GET',
        `admin/reform-requests?filter=${encodeURIComponent(JSON.stringify({ what: 'full', status: 'new' }))}`,
        { token: admin.token },
      );
      expect(filtered.body.map((r) => r.id)).toEqual([byEmail.body.id]);
      expect((await call(t, 'GET', 'admin/reform-requests', { token: decorator.token })).body).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect((await call(t, 'GET', `admin/reform-requests/${id}`, { token: decorator.token })).status).toBe(
        403,
      );
      expect((await call(t, 'GET', 'admin/reform-requests', { token: carla.token })).status).toBe(403);
      const decoratorStep = await call(t, 'POST', `admin/reform-requests/${id}/status`, {
        token: decorator.token,
        body: { status: 'contacted' },
      });
      expect(decoratorStep).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });

      // Forward one step at a time, never back, never skipping.
      const step = (status: string) =>
        call<ReformRequest>(t, 'POST', `admin/reform-requests/${id}/status`, {
          token: admin.token,
          body: { status },
        });
      expect(await step('quoted')).toMatchObject({ status: 409, body: { code: 'REFORM_STATUS_NOT_NEXT' } });
      expect((await step('contacted')).body.status).toBe('contacted');
      expect(await step('contacted')).toMatchObject({
        status: 409,
        body: { code: 'REFORM_STATUS_NOT_NEXT' },
      });
      expect(await step('new')).toMatchObject({ status: 409 });
      expect((await step('quoted')).body.status).toBe('quoted');
      const closed = await step('closed');
      expect(closed.body).toMatchObject({ status: 'closed' });
      expect(closed.body.history.map((h) => [h.status, h.by?.id ?? null])).toEqual([
        ['new', null],
        ['contacted', admin.userId],
        ['quoted', admin.userId],
        ['closed', admin.userId],
      ]);
      expect(await step('closed')).toMatchObject({ status: 409 });
      expect(await step('reopened')).toMatchObject({ status: 400, body: { fields: { status: 'invalid' } } });
      const shown = await call<ReformRequest>(t, 'GET', `admin/reform-requests/${id}`, {
        token: admin.token,
      });
      expect(shown.body.status).toBe('closed');
      expect(
        (await call(t, 'GET', `admin/reform-requests/${randomUUID()}`, { token: admin.token })).status,
      ).toBe(404);
    });
  });
});
