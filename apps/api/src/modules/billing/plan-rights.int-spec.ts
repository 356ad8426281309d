import { randomUUID } from 'node:crypto';
import type { Decoration, EditLayer, OrderDecorationsResponse, PlanCode } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import {
  RELAXED_LIMITS,
  apiKeyFor,
  call,
  projectWithPhotos,
  subscribe,
  waitFor,
  type ApiAnswer,
  type ApiKeyHolder,
} from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { WalletService } from '../wallet/wallet.service';
import { STANDARD_DECORATIONS_PER_ORDER } from './plan-rights.service';

type Answer = { code?: string; fields?: Record<string, string> };

/**
 * What each plan allows, as the plans' data (billing migration) says; the API must answer exactly this.
 * `descriptions`: 'credits' (no plan: each one paid), a monthly number, or null (unlimited).
 */
interface Expected {
  plan: PlanCode | null;
  allRoomsAndStyles: boolean;
  shortOfCredits: 'INSUFFICIENT_CREDITS' | 'PLAN_EXCEEDED';
  extraEditOptions: boolean;
  unlimitedEditing: boolean;
  descriptions: 'credits' | number | null;
  apiAccess: boolean;
}
const PLANS: Expected[] = [
  {
    plan: null,
    allRoomsAndStyles: false,
    shortOfCredits: 'INSUFFICIENT_CREDITS',
    extraEditOptions: false,
    unlimitedEditing: false,
    descriptions: 'credits',
    apiAccess: false,
  },
  {
    plan: 'STARTER',
    allRoomsAndStyles: false,
    shortOfCredits: 'PLAN_EXCEEDED',
    extraEditOptions: false,
    unlimitedEditing: false,
    descriptions: 4,
    apiAccess: false,
  },
  {
    plan: 'PRO',
    allRoomsAndStyles: true,
    shortOfCredits: 'PLAN_EXCEEDED',
    extraEditOptions: true,
    unlimitedEditing: true,
    descriptions: 16,
    apiAccess: false,
  },
  {
    plan: 'ULTIMATE',
    allRoomsAndStyles: true,
    shortOfCredits: 'PLAN_EXCEEDED',
    extraEditOptions: true,
    unlimitedEditing: true,
    descriptions: 40,
    apiAccess: true,
  },
  {
    plan: 'BUSINESS',
    allRoomsAndStyles: true,
    shortOfCredits: 'PLAN_EXCEEDED',
    extraEditOptions: true,
    unlimitedEditing: true,
    descriptions: null,
    apiAccess: true,
  },
];
const CASES = PLANS.map((expected) => [expected.plan ?? 'no plan', expected] as const);

const FACTS = {
  language: 'es',
  location: 'Eixample, Barcelona',
  squareMeters: 90,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'apartment',
  features: ['elevator'],
};
/** A wall painted blue: an edit every plan may make. */
const wallLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'paint',
  surface: 'wall',
  productId: 'paint-mediterranean-blue',
  area: [{ kind: 'polygon', points: [0.18, 0, 1, 0, 1, 0.62, 0.18, 0.62], erase: false }],
});
/** An AI redraw of an area: one of the extra edit options. */
const aiLayer = (): EditLayer => ({
  id: randomUUID(),
  type: 'ai',
  mode: 'decoration',
  seed: 42,
  area: [{ kind: 'polygon', points: [0.3, 0.5, 0.7, 0.5, 0.7, 0.9, 0.3, 0.9], erase: false }],
});

interface Customer extends SignedIn {
  project: { id: string; imageIds: string[] };
  /** The decoration of the first photo, once ordered. */
  decorationId?: string;
}

describe('plan rights: each right × each plan', () => {
  let t: TestApp;
  let db: DataSource;
  const customers = new Map<PlanCode | null, Customer>();

  const setBalance = async (user: SignedIn, credits: number) => {
    const wallet = t.app.get(WalletService);
    const balance = await wallet.balance(user.userId);
    const key = `test:${user.userId}:${randomUUID()}`;
    if (balance > credits) await wallet.spend(user.userId, balance - credits, 'admin_adjustment', key);
    if (balance < credits) await wallet.grant(user.userId, credits - balance, 'admin_adjustment', key);
  };
  const balance = (user: SignedIn) => t.app.get(WalletService).balance(user.userId);
  const decorationCount = async (user: SignedIn) =>
    (
      (await db.query(`SELECT count(*)::int AS n FROM decorations WHERE user_id = $1`, [user.userId])) as {
        n: number;
      }[]
    )[0]!.n;
  const order = (user: Customer, items: object[]) =>
    call<OrderDecorationsResponse & Answer>(t, 'POST', `project/${user.project.id}/decorations`, {
      token: user.token,
      body: { items },
    });
  const item = (imageId: string, roomType: string, style: string, type = 'automatic') => ({
    imageId,
    roomType,
    style,
    type,
  });
  const redo = (user: Customer, body: object) =>
    call<Decoration & Answer>(t, 'POST', `decoration/${user.decorationId}/redo`, { token: user.token, body });
  /** Ready, with no version still rendering: a redo or an edit may follow. */
  const settled = (decorationId: string) =>
    waitFor(`decoration ${decorationId} settled`, async () => {
      const [row] = (await db.query(
        `SELECT d.state, (SELECT count(*)::int FROM decoration_versions v
                           WHERE v.decoration_id = d.id AND v.state = 'pending') AS rendering
           FROM decorations d WHERE d.id = $1`,
        [decorationId],
      )) as { state: string; rendering: number }[];
      return row?.state === 'ready' && row.rendering === 0;
    });
  /** Refused with `code`, and nothing charged or created. */
  const refusedUntouched = async (
    user: Customer,
    attempt: () => Promise<ApiAnswer<Answer>>,
    expected: { status: number; code: string; fields?: Record<string, string> },
  ) => {
    const [before, decorations] = [await balance(user), await decorationCount(user)];
    const res = await attempt();
    expect({ status: res.status, code: res.body.code, fields: res.body.fields }).toEqual(expected);
    expect(await balance(user)).toBe(before);
    expect(await decorationCount(user)).toBe(decorations);
  };
  const setPlans = (sql: string, params: unknown[] = []) => db.query(`UPDATE plans SET ${sql}`, params);

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off', RATE_LIMIT_API_KEY: '100000' });
    db = t.app.get(DataSource);
    await Promise.all(
      PLANS.map(async ({ plan }) => {
        const user = await signIn(t);
        if (plan) await subscribe(t, user.userId, plan);
        const project = await projectWithPhotos(t, user, 3);
        await setBalance(user, 20);
        customers.set(plan, { ...user, project });
      }),
    );
  });
  afterAll(() => t.close());

  const customer = (plan: PlanCode | null) => customers.get(plan)!;

  it.each(CASES)('rooms and styles when ordering and redoing: %s', async (_, expected) => {
    const user = customer(expected.plan);
    const [photo] = user.project.imageIds;
    if (expected.allRoomsAndStyles) {
      const res = await order(user, [item(photo!, 'office', 'industrial')]);
      expect(res.status).toBe(201);
      user.decorationId = res.body.decorations[0]!.id;
    } else {
      await refusedUntouched(user, () => order(user, [item(photo!, 'office', 'modern')]), {
        status: 403,
        code: 'PLAN_REQUIRED',
        fields: { 'items.0.roomType': 'PLAN_REQUIRED' },
      });
      await refusedUntouched(user, () => order(user, [item(photo!, 'bedroom', 'industrial')]), {
        status: 403,
        code: 'PLAN_REQUIRED',
        fields: { 'items.0.style': 'PLAN_REQUIRED' },
      });
      // The basic rooms and styles are every customer's.
      const res = await order(user, [item(photo!, 'bathroom', 'scandinavian')]);
      expect(res.status).toBe(201);
      user.decorationId = res.body.decorations[0]!.id;
    }
    await settled(user.decorationId);

    if (expected.allRoomsAndStyles) {
      expect((await redo(user, { style: 'rustic', roomType: 'study_room' })).status).toBe(201);
      await settled(user.decorationId);
    } else {
      await refusedUntouched(user, () => redo(user, { style: 'rustic' }), {
        status: 403,
        code: 'PLAN_REQUIRED',
        fields: { style: 'PLAN_REQUIRED' },
      });
      await refusedUntouched(user, () => redo(user, { roomType: 'office' }), {
        status: 403,
        code: 'PLAN_REQUIRED',
        fields: { roomType: 'PLAN_REQUIRED' },
      });
    }
  });

  it('keeps a redone decoration in the room and style it was bought in after the plan loses the right', async () => {
    const user = customer('PRO');
    await setPlans(`all_rooms_and_styles = false WHERE code = 'PRO'`);
    try {
      // Ordered as study_room / rustic under the right: rendering it again is no new choice…
      expect((await redo(user, {})).status).toBe(201);
      await settled(user.decorationId!);
      expect((await redo(user, { style: 'rustic' })).status).toBe(201);
      await settled(user.decorationId!);
      // …another room or style outside the basic ones is.
      expect((await redo(user, { style: 'bohemian' })).body.code).toBe('PLAN_REQUIRED');
      expect((await redo(user, { style: 'classic' })).status).toBe(201);
      await settled(user.decorationId!);
    } finally {
      await setPlans(`all_rooms_and_styles = true WHERE code = 'PRO'`);
    }
  });

  it.each(CASES)('decorations per order: %s', async (_, expected) => {
    const user = customer(expected.plan);
    // Ids that do not exist: the limit is checked first, so nothing else is looked at.
    const items = (n: number) => Array.from({ length: n }, () => item(randomUUID(), 'bedroom', 'modern'));
    const over = STANDARD_DECORATIONS_PER_ORDER + 1;
    await refusedUntouched(user, () => order(user, items(over)), {
      status: 403,
      code: 'DECORATIONS_LIMIT',
      fields: { selected: String(over), limit: String(STANDARD_DECORATIONS_PER_ORDER) },
    });

    // Every plan's row names 2 a order; only a plan with custom limits (BUSINESS) reads it.
    await setPlans(`decorations_per_order = 2`);
    try {
      const three = await order(user, items(3));
      if (expected.plan === 'BUSINESS')
        expect(three.body).toMatchObject({
          code: 'DECORATIONS_LIMIT',
          fields: { selected: '3', limit: '2' },
        });
      // Past the limit check, the unknown photos are simply not found.
      else expect(three.body.code).toBe('NOT_FOUND');
      expect((await order(user, items(2))).body.code).toBe('NOT_FOUND');
    } finally {
      await setPlans(`decorations_per_order = NULL`);
    }
  });

  it.each(CASES)('an order or redo the balance does not cover: %s', async (_, expected) => {
    const user = customer(expected.plan);
    const [, second, third] = user.project.imageIds;
    const short = (needed: number, has: number) =>
      expected.shortOfCredits === 'PLAN_EXCEEDED'
        ? {
            status: 402,
            code: 'PLAN_EXCEEDED',
            fields: { needed: String(needed), balance: String(has) },
          }
        : { status: 402, code: 'INSUFFICIENT_CREDITS', fields: undefined };

    await setBalance(user, 3);
    await refusedUntouched(
      user,
      () => order(user, [item(second!, 'kitchen', 'modern', 'supervised')]),
      short(5, 3),
    );
    // The first decoration's charge passed before the second failed: all of it is undone.
    await setBalance(user, 1);
    await refusedUntouched(
      user,
      () => order(user, [item(second!, 'kitchen', 'modern'), item(third!, 'bedroom', 'classic')]),
      short(2, 1),
    );
    await setBalance(user, 0);
    // A redo earned free (a structure-changed delivery) would cost nothing: this one must be paid.
    await db.query(`UPDATE decorations SET free_redo = false WHERE id = $1`, [user.decorationId]);
    await refusedUntouched(user, () => redo(user, {}), short(1, 0));
    await setBalance(user, 20);
  });

  it.each(CASES)('extra edit options and unlimited editing: %s', async (_, expected) => {
    const user = customer(expected.plan);
    const id = user.decorationId!;
    const [{ base }] = (await db.query(`SELECT current_version_id AS base FROM decorations WHERE id = $1`, [
      id,
    ])) as { base: string }[];
    const save = (layers: EditLayer[]) =>
      call<Answer>(t, 'PUT', `decoration/${id}/edit`, {
        token: user.token,
        body: { document: { schemaVersion: 1, baseVersionId: base, layers, watermark: false } },
      });

    const extra = await save([aiLayer()]);
    if (expected.extraEditOptions) expect(extra.status).toBe(200);
    else expect(extra).toMatchObject({ status: 403, body: { code: 'PLAN_REQUIRED' } });

    expect((await save([wallLayer()])).status).toBe(200);
    // Three edits rendered already: the most without unlimited editing.
    await db.query(`UPDATE edit_documents SET rendered_edits = 3 WHERE decoration_id = $1`, [id]);
    const render = await call<Answer>(t, 'POST', `decoration/${id}/edit/render`, { token: user.token });
    if (expected.unlimitedEditing) {
      expect(render.status).toBe(201);
      await settled(id);
    } else expect(render).toMatchObject({ status: 403, body: { code: 'LIMIT_REACHED' } });
  });

  it.each(CASES)('descriptions a month: %s', async (_, expected) => {
    const user = customer(expected.plan);
    const generate = (facts: object) =>
      call<Answer & { credits?: number; includedInPlan?: boolean }>(
        t,
        'POST',
        `project/${user.project.id}/descriptions`,
        { token: user.token, body: facts },
      );
    if (expected.descriptions === 'credits') {
      await setBalance(user, 1);
      const paid = await generate(FACTS);
      expect(paid.body).toMatchObject({ credits: 1, includedInPlan: false });
      expect(await balance(user)).toBe(0);
      return;
    }
    // This month's descriptions so far, written where the count is read from.
    const used = expected.descriptions ?? 500;
    const [{ id: descriptionId }] = (await db.query(
      `INSERT INTO descriptions (user_id, project_id, language, facts, seed)
       VALUES ($1, $2, 'en', $3, 1) RETURNING id`,
      [user.userId, user.project.id, JSON.stringify({ ...FACTS, language: 'en' })],
    )) as { id: string }[];
    await db.query(
      `INSERT INTO description_versions (id, description_id, user_id, project_id, number, kind, facts, seed, plan_units)
       VALUES (gen_random_uuid(), $1, $2, $3, 1, 'generate', $4, 1, $5)`,
      [descriptionId, user.userId, user.project.id, JSON.stringify(FACTS), used],
    );
    const next = await generate(FACTS);
    if (expected.descriptions === null) {
      expect(next.body).toMatchObject({ credits: 0, includedInPlan: true });
      // BUSINESS's limit is its plan row's: a number there is enforced like any other plan's.
      await setPlans(`descriptions_per_month = $1 WHERE code = 'BUSINESS'`, [used + 1]);
      try {
        const over = await generate({ ...FACTS, squareMeters: 120 });
        expect(over).toMatchObject({ status: 403, body: { code: 'DESCRIPTION_LIMIT_REACHED' } });
      } finally {
        await setPlans(`descriptions_per_month = NULL WHERE code = 'BUSINESS'`);
      }
    } else expect(next).toMatchObject({ status: 403, body: { code: 'DESCRIPTION_LIMIT_REACHED' } });
  });

  it.each(CASES)('API access: %s', async (_, expected) => {
    const user = customer(expected.plan);
    const res = await call<Answer>(t, 'POST', 'integrations/keys', {
      token: user.token,
      body: { name: 'CRM' },
    });
    if (expected.apiAccess) expect(res.status).toBe(201);
    else expect(res).toMatchObject({ status: 403, body: { code: 'API_ACCESS_REQUIRED' } });
  });

  describe('through the public API', () => {
    let integrator: ApiKeyHolder;
    let project: { id: string; imageIds: string[] };
    const v1 = async (
      path: string,
      body: object,
    ): Promise<ApiAnswer<Answer & { decorations?: Decoration[] }>> => {
      const res = await fetch(`${t.url}/api/v1/${path}`, {
        method: 'POST',
        headers: { ...integrator.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
    };

    beforeAll(async () => {
      integrator = await apiKeyFor(t);
      project = await projectWithPhotos(
        t,
        { token: integrator.token, headers: { authorization: `Bearer ${integrator.token}` } },
        2,
      );
    });

    it('answers the same rights to integrators', async () => {
      const [first, second] = project.imageIds;
      const decorate = (imageId: string, style: string, type = 'automatic') =>
        v1(`projects/${project.id}/decorations`, { items: [item(imageId, 'livingroom', style, type)] });
      await setBalance({ userId: integrator.userId } as SignedIn, 20);
      const ordered = await decorate(first!, 'industrial');
      expect(ordered.status).toBe(201);
      const decorationId = ordered.body.decorations![0]!.id;
      await settled(decorationId);

      // The same plan without the right: both the order and the redo are refused.
      await setPlans(`all_rooms_and_styles = false WHERE code = 'ULTIMATE'`);
      try {
        expect((await decorate(second!, 'bohemian')).body).toMatchObject({
          code: 'PLAN_REQUIRED',
          fields: { 'items.0.style': 'PLAN_REQUIRED' },
        });
        expect((await v1(`decorations/${decorationId}/redo`, { style: 'vintage' })).body).toMatchObject({
          code: 'PLAN_REQUIRED',
          fields: { style: 'PLAN_REQUIRED' },
        });
      } finally {
        await setPlans(`all_rooms_and_styles = true WHERE code = 'ULTIMATE'`);
      }

      const tooMany = await v1(`projects/${project.id}/decorations`, {
        items: Array.from({ length: 6 }, () => item(randomUUID(), 'bedroom', 'modern')),
      });
      expect(tooMany).toMatchObject({
        status: 403,
        body: { code: 'DECORATIONS_LIMIT', fields: { selected: '6', limit: '5' } },
      });

      await setBalance({ userId: integrator.userId } as SignedIn, 2);
      expect(await decorate(second!, 'modern', 'supervised')).toMatchObject({
        status: 402,
        body: { code: 'PLAN_EXCEEDED', fields: { needed: '5', balance: '2' } },
      });
      expect(await balance({ userId: integrator.userId } as SignedIn)).toBe(2);
    });
  });
});
