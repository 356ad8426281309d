import { randomUUID } from 'node:crypto';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import {
  decorationCost,
  decorationSchema,
  descriptionSchema,
  descriptionVersionSchema,
  orderDecorationsResponseSchema,
  projectDescriptionsSchema,
  projectDetailSchema,
  projectListResponseSchema,
  projectSummarySchema,
  type CreatedApiKey,
  type Decoration,
  type DecorationVersion,
  type DescriptionFactsRequest,
  type DescriptionVersion,
  type OrderDecorationsResponse,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { DataSource } from 'typeorm';
import {
  apiKeyFor,
  call,
  projectWithPhotos,
  RELAXED_LIMITS,
  signUp,
  waitFor,
  type ApiAnswer,
  type ApiKeyHolder,
} from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { API_KEY_ROUTE } from '../../infra/http/access';
import { SubscriptionRenewals } from '../billing/subscription-renewals';
import { roomJpeg } from '../projects/test-images';

type Method = 'GET' | 'POST' | 'DELETE';
type Body = Record<string, unknown> | unknown[] | Buffer | null;

/** One call to /api/v1/<path> with an API key (or any Authorization header); JSON or a file answered. */
async function v1<T = Body>(
  t: TestApp,
  method: Method,
  path: string,
  options: { key?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${t.url}/api/v1/${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.key && { authorization: `Bearer ${options.key}` }),
      ...options.headers,
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  const body = json && bytes.length ? (JSON.parse(bytes.toString()) as unknown) : bytes.length ? bytes : null;
  return { status: res.status, body: body as T, headers: res.headers };
}

const codeOf = (answer: ApiAnswer<unknown>) => (answer.body as { code?: string } | null)?.code;

const photoForm = async (): Promise<FormData> => {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }), 'a.jpg');
  return form;
};

const FACTS: DescriptionFactsRequest = {
  language: 'es',
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 2,
  bathrooms: 1,
  propertyType: 'apartment',
  features: ['balcony', 'elevator'],
};

const automatic = (imageId: string) => ({ imageId, roomType: 'bedroom', style: 'modern', type: 'automatic' });

/** The app's session headers of a key's owner (for the /data calls the customer app makes). */
const session = (holder: ApiKeyHolder) => ({
  token: holder.token,
  headers: { authorization: `Bearer ${holder.token}` },
});

describe('public API (/api/v1)', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, RATE_LIMIT_API_KEY: '100000' });
    db = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const balanceOf = async (userId: string): Promise<number> => {
    const [row] = (await db.query(`SELECT balance FROM wallets WHERE user_id = $1`, [userId])) as {
      balance: number;
    }[];
    return row?.balance ?? 0;
  };

  /** A project of the holder's, created through the public API, with `photos` photos uploaded in the app. */
  const projectOf = async (holder: ApiKeyHolder, photos = 1) => {
    const created = await v1<{ id: string }>(t, 'POST', 'projects', {
      key: holder.secret,
      body: { propertyName: `Pis ${randomUUID().slice(0, 8)}` },
    });
    expect(created.status).toBe(201);
    const { imageIds } = await uploadTo(holder, created.body.id, photos);
    return { id: created.body.id, imageIds };
  };
  const uploadTo = async (holder: ApiKeyHolder, projectId: string, photos: number) => {
    const form = new FormData();
    for (let i = 0; i < photos; i++)
      form.append(
        'files',
        new Blob([new Uint8Array(await roomJpeg(640, 480))], { type: 'image/jpeg' }),
        `${i}.jpg`,
      );
    const res = await fetch(`${t.url}/data/project/${projectId}/images`, {
      method: 'POST',
      headers: session(holder).headers,
      body: form,
    });
    const body = (await res.json()) as { images: { id: string }[] };
    expect(res.status).toBe(201);
    return { imageIds: body.images.map((i) => i.id) };
  };
  const readyDecoration = (holder: ApiKeyHolder, id: string) =>
    waitFor(`decoration ${id} ready`, async () => {
      const res = await v1<Decoration>(t, 'GET', `decorations/${id}`, { key: holder.secret });
      return res.body.state === 'ready' && res.body;
    });

  describe('keys', () => {
    it('needs a plan with API access to create a key, and refuses anything but a live key', async () => {
      const [plain, pro, holder] = await Promise.all([
        signUp(t),
        apiKeyFor(t, { plan: 'PRO' }).catch((error: Error) => error.message),
        apiKeyFor(t),
      ]);
      const refused = await call(t, 'POST', 'integrations/keys', {
        token: plain.token,
        body: { name: 'CRM' },
      });
      expect(refused).toMatchObject({ status: 403, body: { code: 'API_ACCESS_REQUIRED' } });
      // A plan without API access (PRO) is refused too.
      expect(pro).toMatch(/answered 403.*API_ACCESS_REQUIRED/);
      expect((await v1(t, 'GET', 'wallet', { key: holder.secret })).status).toBe(200);
      const [prefix] = /^est_[a-z0-9]{8}_/.exec(holder.secret)!;
      const attempts: Record<string, Record<string, string>> = {
        none: {},
        notBearer: { authorization: `Basic ${Buffer.from(`x:${holder.secret}`).toString('base64')}` },
        malformed: { authorization: 'Bearer est_nope' },
        // Right prefix and shape, wrong secret.
        wrongSecret: { authorization: `Bearer ${prefix}${'A'.repeat(43)}` },
        unknown: { authorization: `Bearer est_zzzzzzzz_${'B'.repeat(43)}` },
        // The owner's app session is not an API key.
        session: session(holder).headers,
      };
      for (const [name, headers] of Object.entries(attempts)) {
        const res = await v1(t, 'GET', 'wallet', { headers });
        expect({ name, status: res.status, code: codeOf(res) }).toEqual({
          name,
          status: 401,
          code: 'API_KEY_INVALID',
        });
      }
    });

    it('stops a key at once when its owner’s plan ends (cancelled, then the period runs out)', async () => {
      const holder = await apiKeyFor(t);
      const cancelled = await call(t, 'POST', 'billing/subscription/cancel', { token: holder.token });
      expect(cancelled.status).toBe(200);
      // Cancelling keeps the services until the end of the period.
      expect((await v1(t, 'GET', 'wallet', { key: holder.secret })).status).toBe(200);

      // The period runs out on both sides (the sandbox gateway's and ours) and the renewal sweep ends it.
      const [{ ref }] = (await db.query(`SELECT gateway_ref AS ref FROM subscriptions WHERE user_id = $1`, [
        holder.userId,
      ])) as { ref: string }[];
      await db.query(
        `UPDATE sandbox_subscriptions SET period_start = period_start - interval '32 days',
           period_end = period_end - interval '32 days' WHERE ref = $1`,
        [ref],
      );
      await db.query(
        `UPDATE subscriptions SET current_period_start = current_period_start - interval '32 days',
           current_period_end = current_period_end - interval '32 days' WHERE gateway_ref = $1`,
        [ref],
      );
      await t.app.get(SubscriptionRenewals).renewDue(new Date());
      const [{ status }] = (await db.query(`SELECT status FROM subscriptions WHERE gateway_ref = $1`, [
        ref,
      ])) as { status: string }[];
      expect(status).toBe('canceled');

      const refused = await v1(t, 'GET', 'wallet', { key: holder.secret });
      expect({ status: refused.status, code: codeOf(refused) }).toEqual({
        status: 403,
        code: 'API_ACCESS_REQUIRED',
      });
      const again = await call(t, 'POST', 'integrations/keys', { token: holder.token, body: { name: 'B' } });
      expect(again).toMatchObject({ status: 403, body: { code: 'API_ACCESS_REQUIRED' } });
    });

    it('revoking and rotating take effect at once; another user’s key id is not found', async () => {
      const [holder, other] = await Promise.all([apiKeyFor(t), apiKeyFor(t)]);

      const rotated = await call<CreatedApiKey>(t, 'POST', `integrations/keys/${holder.keyId}/rotate`, {
        token: holder.token,
      });
      expect(rotated.status).toBe(201);
      expect(rotated.body.secret).not.toBe(holder.secret);
      expect(codeOf(await v1(t, 'GET', 'wallet', { key: holder.secret }))).toBe('API_KEY_INVALID');
      expect((await v1(t, 'GET', 'wallet', { key: rotated.body.secret })).status).toBe(200);

      // Another user can neither rotate nor revoke it, and the key keeps working.
      for (const [method, path] of [
        ['POST', `integrations/keys/${rotated.body.id}/rotate`],
        ['DELETE', `integrations/keys/${rotated.body.id}`],
      ] as const) {
        const res = await call(t, method, path, { token: other.token });
        expect({ path, status: res.status, code: codeOf(res) }).toEqual({
          path,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      expect((await v1(t, 'GET', 'wallet', { key: rotated.body.secret })).status).toBe(200);

      const revoked = await call(t, 'DELETE', `integrations/keys/${rotated.body.id}`, {
        token: holder.token,
      });
      expect(revoked.status).toBe(204);
      const res = await v1(t, 'GET', 'wallet', { key: rotated.body.secret });
      expect({ status: res.status, code: codeOf(res) }).toEqual({ status: 401, code: 'API_KEY_INVALID' });
      // The other user's key was never touched.
      expect((await v1(t, 'GET', 'wallet', { key: other.secret })).status).toBe(200);
    });
  });

  it('serves projects, decorations, descriptions and the wallet with the app’s own rules', async () => {
    const holder = await apiKeyFor(t);
    const key = holder.secret;
    const startBalance = (await v1<{ balance: number }>(t, 'GET', 'wallet', { key })).body.balance;
    expect(startBalance).toBe(await balanceOf(holder.userId));
    expect(startBalance).toBeGreaterThan(10);

    const name = `Àtic Eixample ${randomUUID().slice(0, 6)}`;
    const created = await v1(t, 'POST', 'projects', { key, body: { propertyName: name } });
    expect(created.status).toBe(201);
    const project = projectSummarySchema.parse(created.body);
    expect(project.propertyName).toBe(name);
    // The app's rules: the same name twice is refused, with the app's code.
    const twice = await v1(t, 'POST', 'projects', { key, body: { propertyName: name.toUpperCase() } });
    expect({ status: twice.status, code: codeOf(twice) }).toEqual({ status: 409, code: 'PROJECT_EXISTS' });
    const invalid = await v1(t, 'POST', 'projects', { key, body: { propertyName: '' } });
    expect({ status: invalid.status, code: codeOf(invalid) }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });

    const listed = await v1(t, 'GET', `projects?search=${encodeURIComponent('eixample')}&page=1`, { key });
    expect(projectListResponseSchema.parse(listed.body)).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: project.id, propertyName: name }],
    });

    const { imageIds } = await uploadTo(holder, project.id, 2);
    const ordered = await v1(t, 'POST', `projects/${project.id}/decorations`, {
      key,
      body: {
        items: [
          automatic(imageIds[0]!),
          { imageId: imageIds[1], roomType: 'livingroom', style: 'scandinavian', type: 'supervised' },
        ],
      },
    });
    expect(ordered.status).toBe(201);
    const order = orderDecorationsResponseSchema.parse(ordered.body);
    const spent = decorationCost('automatic') + decorationCost('supervised');
    expect(order.balance).toBe(startBalance - spent);
    expect((await v1(t, 'GET', 'wallet', { key })).body).toEqual({ balance: startBalance - spent });
    const auto = order.decorations.find((d) => d.type === 'automatic')!;
    const supervised = order.decorations.find((d) => d.type === 'supervised')!;

    const ready = decorationSchema.parse(await readyDecoration(holder, auto.id));
    expect(ready).toMatchObject({
      id: auto.id,
      projectId: project.id,
      roomType: 'bedroom',
      style: 'modern',
      percent: 100,
    });
    expect(ready.resultUrl).toMatch(/^\/data\/media\//);
    const review = decorationSchema.parse((await v1(t, 'GET', `decorations/${supervised.id}`, { key })).body);
    expect(review).toMatchObject({ type: 'supervised', roomType: 'livingroom', style: 'scandinavian' });
    expect(Date.parse(review.supervision!.dueAt)).toBeGreaterThan(Date.now());

    const detail = projectDetailSchema.parse((await v1(t, 'GET', `projects/${project.id}`, { key })).body);
    expect(detail.images.map((i) => i.id).sort()).toEqual([...imageIds].sort());
    expect(detail.decorations.map((d) => d.id).sort()).toEqual([auto.id, supervised.id].sort());

    // The download is the app's own single download, byte for byte (ULTIMATE: no watermark).
    const file = await v1<Buffer>(t, 'GET', `decorations/${auto.id}/download`, { key });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    const app = await fetch(`${t.url}/data/decoration/${auto.id}/download`, {
      headers: session(holder).headers,
    });
    expect(Buffer.from(await app.arrayBuffer()).equals(file.body)).toBe(true);
    const notYet = await v1(t, 'GET', `decorations/${supervised.id}/download`, { key });
    expect({ status: notYet.status, code: codeOf(notYet) }).toEqual({
      status: 409,
      code: 'DECORATION_NOT_READY',
    });

    const redone = await v1<Decoration>(t, 'POST', `decorations/${auto.id}/redo`, {
      key,
      body: { style: 'industrial' },
    });
    expect(redone.status).toBe(201);
    expect(decorationSchema.parse(redone.body).id).toBe(auto.id);
    expect(await balanceOf(holder.userId)).toBe(startBalance - spent - decorationCost('automatic', true));
    const versions = await v1<DecorationVersion[]>(t, 'GET', `decorations/${auto.id}/versions`, { key });
    expect(versions.body.map((v) => [v.number, v.style])).toEqual([
      [2, 'industrial'],
      [1, 'modern'],
    ]);

    // Descriptions: ULTIMATE includes them in the plan (no credits).
    const balanceBefore = await balanceOf(holder.userId);
    const written = await v1<DescriptionVersion>(t, 'POST', `projects/${project.id}/descriptions`, {
      key,
      body: FACTS,
    });
    expect(written.status).toBe(201);
    expect(descriptionVersionSchema.parse(written.body)).toMatchObject({
      projectId: project.id,
      number: 1,
      kind: 'generate',
      state: 'ready',
      credits: 0,
      includedInPlan: true,
    });
    const descriptionId = written.body.descriptionId;
    const regenerated = await v1<DescriptionVersion>(t, 'POST', `descriptions/${descriptionId}/regenerate`, {
      key,
    });
    expect(regenerated.status).toBe(201);
    expect(regenerated.body).toMatchObject({ descriptionId, number: 2, kind: 'regenerate', state: 'ready' });
    const one = descriptionSchema.parse((await v1(t, 'GET', `descriptions/${descriptionId}`, { key })).body);
    expect(one).toMatchObject({
      id: descriptionId,
      projectId: project.id,
      currentVersionId: regenerated.body.id,
    });
    expect(one.versions.map((v) => v.number)).toEqual([2, 1]);
    const all = projectDescriptionsSchema.parse(
      (await v1(t, 'GET', `projects/${project.id}/descriptions`, { key })).body,
    );
    expect(all.descriptions).toEqual([one]);
    expect(all.allowance).toEqual({ perMonth: 40, usedThisMonth: 1 });
    expect(await balanceOf(holder.userId)).toBe(balanceBefore);

    const removed = await v1(t, 'DELETE', `projects/${project.id}`, { key });
    expect(removed.status).toBe(204);
    expect((await v1(t, 'GET', `projects/${project.id}`, { key })).status).toBe(404);
  });

  describe('ownership', () => {
    let alice: ApiKeyHolder;
    let bob: ApiKeyHolder;
    let aliceIds: { project: string; image: string; decoration: string; description: string };
    let bobProject: { id: string; imageIds: string[] };

    /** Every /api/v1 route that names an id, with how to call it on a set of ids. */
    const ROUTES: { method: Method; path: string; body?: (ids: typeof aliceIds) => unknown; form?: true }[] =
      [
        { method: 'GET', path: 'projects/:id' },
        { method: 'DELETE', path: 'projects/:id' },
        { method: 'POST', path: 'projects/:id/images', form: true },
        {
          method: 'POST',
          path: 'projects/:id/images/from-url',
          body: () => ({ url: 'https://example.com/room.jpg' }),
        },
        {
          method: 'POST',
          path: 'projects/:id/decorations',
          body: (ids) => ({ items: [automatic(ids.image)] }),
        },
        { method: 'GET', path: 'projects/:id/descriptions' },
        { method: 'POST', path: 'projects/:id/descriptions', body: () => FACTS },
        { method: 'GET', path: 'decorations/:id' },
        { method: 'POST', path: 'decorations/:id/redo', body: () => ({ style: 'industrial' }) },
        { method: 'GET', path: 'decorations/:id/versions' },
        { method: 'GET', path: 'decorations/:id/download' },
        { method: 'GET', path: 'descriptions/:id' },
        { method: 'POST', path: 'descriptions/:id/regenerate' },
      ];
    const target = (path: string, ids: typeof aliceIds): string => {
      const id = path.startsWith('projects/')
        ? ids.project
        : path.startsWith('decorations/')
          ? ids.decoration
          : ids.description;
      return path.replace(':id', id);
    };
    const send = async (route: (typeof ROUTES)[number], ids: typeof aliceIds, key: string) =>
      v1(t, route.method, target(route.path, ids), {
        key,
        body: route.body?.(ids),
        form: route.form ? await photoForm() : undefined,
      });

    /** What a foreign call must not change: both users' rows, credits and ledgers. */
    const snapshot = async () =>
      (
        (await db.query(
          `SELECT
             (SELECT count(*)::int FROM projects WHERE user_id = $1) AS alice_projects,
             (SELECT count(*)::int FROM project_images WHERE project_id = $3) AS alice_images,
             (SELECT json_agg(json_build_object('id', id, 'state', state, 'version', current_version_id,
                'style', style, 'credits', credits) ORDER BY id) FROM decorations WHERE user_id = $1) AS alice_decorations,
             (SELECT count(*)::int FROM decoration_versions v JOIN decorations d ON d.id = v.decoration_id
               WHERE d.user_id = $1) AS alice_versions,
             (SELECT json_agg(json_build_object('id', id, 'version', current_version_id, 'facts', facts) ORDER BY id)
                FROM descriptions WHERE user_id = $1) AS alice_descriptions,
             (SELECT count(*)::int FROM description_versions WHERE user_id = $1) AS alice_description_versions,
             (SELECT count(*)::int FROM projects WHERE user_id = $2) AS bob_projects,
             (SELECT count(*)::int FROM project_images i JOIN projects p ON p.id = i.project_id
               WHERE p.user_id = $2) AS bob_images,
             (SELECT count(*)::int FROM decorations WHERE user_id = $2) AS bob_decorations,
             (SELECT count(*)::int FROM descriptions WHERE user_id = $2) AS bob_descriptions,
             (SELECT json_agg(json_build_object('user', user_id, 'balance', balance) ORDER BY user_id)
                FROM wallets WHERE user_id IN ($1, $2)) AS wallets,
             (SELECT count(*)::int FROM ledger_entries WHERE user_id IN ($1, $2)) AS ledger_entries`,
          [alice.userId, bob.userId, aliceIds.project],
        )) as Record<string, unknown>[]
      )[0];

    beforeAll(async () => {
      [alice, bob] = await Promise.all([apiKeyFor(t), apiKeyFor(t)]);
      const project = await projectOf(alice);
      const ordered = await v1<OrderDecorationsResponse>(t, 'POST', `projects/${project.id}/decorations`, {
        key: alice.secret,
        body: { items: [automatic(project.imageIds[0]!)] },
      });
      expect(ordered.status).toBe(201);
      const decoration = ordered.body.decorations[0]!.id;
      const written = await v1<DescriptionVersion>(t, 'POST', `projects/${project.id}/descriptions`, {
        key: alice.secret,
        body: FACTS,
      });
      expect(written.status).toBe(201);
      aliceIds = {
        project: project.id,
        image: project.imageIds[0]!,
        decoration,
        description: written.body.descriptionId,
      };
      // A ready result, so a redo or a download would have something to act on.
      await readyDecoration(alice, decoration);
      bobProject = await projectWithPhotos(t, session(bob), 1);
    });

    it('covers every /api/v1 route that takes an id', () => {
      const routes: string[] = [];
      for (const module of t.app.get(ModulesContainer).values())
        for (const wrapper of module.controllers.values()) {
          const controller = wrapper.metatype as Type | null;
          if (!controller || !Reflect.getMetadata(API_KEY_ROUTE, controller)) continue;
          const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
          const prototype = controller.prototype as Record<string, unknown>;
          for (const name of Object.getOwnPropertyNames(prototype)) {
            const handler = prototype[name];
            if (typeof handler !== 'function') continue;
            const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
            const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
            if (path === undefined || method === undefined) continue;
            const full = [base, path].filter((p) => p && p !== '/').join('/');
            if (full.includes(':')) routes.push(`${RequestMethod[method]} /${full}`);
          }
        }
      expect(routes.sort()).toEqual(ROUTES.map((r) => `${r.method} /api/v1/${r.path}`).sort());
    });

    it('answers another user’s ids exactly like missing ones, and changes nothing', async () => {
      const before = await snapshot();
      const missing = {
        project: randomUUID(),
        image: randomUUID(),
        decoration: randomUUID(),
        description: randomUUID(),
      };
      for (const route of ROUTES) {
        const foreign = await send(route, aliceIds, bob.secret);
        const absent = await send(route, missing, bob.secret);
        const name = `${route.method} ${route.path}`;
        expect({ name, status: foreign.status, body: foreign.body }).toEqual({
          name,
          status: 404,
          body: absent.body,
        });
        expect(codeOf(foreign)).toBe('NOT_FOUND');
      }
      // Bob's own project with Alice's photo: the photo is not found either.
      const mixed = await v1(t, 'POST', `projects/${bobProject.id}/decorations`, {
        key: bob.secret,
        body: { items: [automatic(aliceIds.image)] },
      });
      expect({ status: mixed.status, code: codeOf(mixed) }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(await snapshot()).toEqual(before);

      // And Alice's own key still reaches all of it.
      for (const route of ROUTES.filter((r) => r.method === 'GET')) {
        const res = await send(route, aliceIds, alice.secret);
        expect({ route: route.path, status: res.status }).toEqual({ route: route.path, status: 200 });
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('ten simultaneous orders with one key move credits once and answer the same decorations', async () => {
      const holder = await apiKeyFor(t);
      const project = await projectOf(holder, 1);
      const before = await balanceOf(holder.userId);
      const body = { items: [automatic(project.imageIds[0]!)] };
      const order = (idempotencyKey: string, payload: unknown = body) =>
        v1<OrderDecorationsResponse & { code?: string }>(t, 'POST', `projects/${project.id}/decorations`, {
          key: holder.secret,
          body: payload,
          headers: { 'Idempotency-Key': idempotencyKey },
        });
      const counts = async () =>
        (
          (await db.query(
            `SELECT (SELECT count(*)::int FROM decorations WHERE project_id = $2) AS decorations,
                    (SELECT count(*)::int FROM ledger_entries WHERE user_id = $1 AND delta < 0) AS spends,
                    (SELECT coalesce(sum(delta), 0)::int FROM ledger_entries WHERE user_id = $1) AS ledger,
                    (SELECT balance FROM wallets WHERE user_id = $1) AS balance`,
            [holder.userId, project.id],
          )) as { decorations: number; spends: number; ledger: number; balance: number }[]
        )[0]!;
      const spendsBefore = (await counts()).spends;

      const answers = await Promise.all(Array.from({ length: 10 }, () => order('order-7f3a')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const ids = answers.map((a) => a.body.decorations.map((d) => d.id).join(','));
      expect(new Set(ids).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
      const cost = decorationCost('automatic');
      expect(answers.every((a) => a.body.balance === before - cost)).toBe(true);
      const after = await counts();
      expect(after).toEqual({
        decorations: 1,
        spends: spendsBefore + 1,
        ledger: before - cost,
        balance: before - cost,
      });

      // The same key with another request is refused, and moves nothing.
      const other = await order('order-7f3a', {
        items: [{ ...automatic(project.imageIds[0]!), style: 'industrial' }],
      });
      expect({ status: other.status, code: other.body.code }).toEqual({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });

      // A retry once the first has finished gets the first answer again.
      const retry = await order('order-7f3a');
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.decorations.map((d) => d.id).join(',')).toBe(ids[0]);
      expect(await counts()).toEqual(after);
      expect((await v1(t, 'GET', 'wallet', { key: holder.secret })).body).toEqual({ balance: before - cost });
    });

    it('replays a created project, and a key is the caller’s own (another user may use the same one)', async () => {
      const [alice, bob] = await Promise.all([apiKeyFor(t), apiKeyFor(t)]);
      const create = (holder: ApiKeyHolder, propertyName: string) =>
        v1<{ id: string }>(t, 'POST', 'projects', {
          key: holder.secret,
          body: { propertyName },
          headers: { 'Idempotency-Key': 'project-1' },
        });
      const first = await create(alice, 'Casa Sitges');
      const retry = await create(alice, 'Casa Sitges');
      expect([first.status, retry.status]).toEqual([201, 201]);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      const bobs = await create(bob, 'Casa Sitges');
      expect(bobs.status).toBe(201);
      expect(bobs.headers.get('idempotent-replayed')).toBeNull();
      expect(bobs.body.id).not.toBe(first.body.id);
      const [{ count }] = (await db.query(
        `SELECT count(*)::int AS count FROM projects WHERE user_id = $1 AND property_name = 'Casa Sitges'`,
        [alice.userId],
      )) as { count: number }[];
      expect(count).toBe(1);
    });

    it('replays an error the first request answered, even once the cause is gone', async () => {
      const holder = await apiKeyFor(t);
      const propertyName = `Masia ${randomUUID().slice(0, 8)}`;
      const existing = await v1<{ id: string }>(t, 'POST', 'projects', {
        key: holder.secret,
        body: { propertyName },
      });
      const create = (headers: Record<string, string> = {}) =>
        v1<{ id?: string; code?: string; message?: string }>(t, 'POST', 'projects', {
          key: holder.secret,
          body: { propertyName },
          headers: { 'Idempotency-Key': 'masia-1', ...headers },
        });
      const first = await create();
      expect([first.status, first.body.code]).toEqual([409, 'PROJECT_EXISTS']);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      // The clash is gone, but the key already has its answer: the same request answers the same.
      expect((await v1(t, 'DELETE', `projects/${existing.body.id}`, { key: holder.secret })).status).toBe(
        204,
      );
      const retry = await create({ 'Accept-Language': 'es' });
      expect([retry.status, retry.body.code]).toEqual([409, 'PROJECT_EXISTS']);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      // the message follows the retry's language
      expect(retry.body.message).toBe(translate('es', 'errors', 'PROJECT_EXISTS'));
      const [{ count }] = (await db.query(
        `SELECT count(*)::int AS count FROM projects WHERE user_id = $1 AND property_name = $2`,
        [holder.userId, propertyName],
      )) as { count: number }[];
      expect(count).toBe(0);
    });

    it('keeps nothing for a body the contract refuses: the key runs the corrected request', async () => {
      const holder = await apiKeyFor(t);
      const headers = { 'Idempotency-Key': 'fix-and-retry' };
      const refused = await v1(t, 'POST', 'projects', { key: holder.secret, body: {}, headers });
      expect([refused.status, codeOf(refused)]).toEqual([400, 'VALIDATION_FAILED']);
      const fixed = await v1<{ id: string }>(t, 'POST', 'projects', {
        key: holder.secret,
        body: { propertyName: `Xalet ${randomUUID().slice(0, 8)}` },
        headers,
      });
      expect(fixed.status).toBe(201);
      expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    });

    it('takes the same order with members reordered or defaults spelled out as the same request', async () => {
      const holder = await apiKeyFor(t);
      const project = await projectOf(holder, 1);
      const imageId = project.imageIds[0]!;
      const order = (item: Record<string, unknown>) =>
        v1<OrderDecorationsResponse & { code?: string }>(t, 'POST', `projects/${project.id}/decorations`, {
          key: holder.secret,
          body: { items: [item] },
          headers: { 'Idempotency-Key': 'order-same' },
        });
      const first = await order(automatic(imageId));
      expect(first.status).toBe(201);
      const retry = await order({
        type: 'automatic',
        style: 'modern',
        emptyRoom: false,
        roomType: 'bedroom',
        imageId,
      });
      expect([retry.status, retry.body.code]).toEqual([201, undefined]);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.decorations.map((d) => d.id)).toEqual(first.body.decorations.map((d) => d.id));
    });

    it('answers 400, not 500, to a body nested 20,000 levels deep, with or without a key', async () => {
      const holder = await apiKeyFor(t);
      const project = await projectOf(holder, 1);
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const deepObject = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
      const paths = [
        'projects',
        `projects/${project.id}/decorations`,
        `projects/${project.id}/descriptions`,
        `projects/${project.id}/images/from-url`,
      ];
      for (const path of paths)
        for (const body of [deep, `{"items":${deep}}`, deepObject])
          for (const headers of [{}, { 'Idempotency-Key': `deep-${randomUUID()}` }] as Record<
            string,
            string
          >[]) {
            const res = await fetch(`${t.url}/api/v1/${path}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${holder.secret}`,
                ...headers,
              },
              body,
            });
            expect({ path, status: res.status }).toEqual({ path, status: 400 });
            expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
          }
    });
  });
});

describe('public API rate limit', () => {
  let t: TestApp;
  const WINDOW = 60;

  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      RATE_LIMIT_API_KEY: '5',
      RATE_LIMIT_API_KEY_WINDOW_SECONDS: String(WINDOW),
    });
  });
  afterAll(() => t?.close());

  it('answers the 6th call of a key in a window with 429 and Retry-After; another key is unaffected', async () => {
    const holder = await apiKeyFor(t);
    const second = await call<CreatedApiKey>(t, 'POST', 'integrations/keys', {
      token: holder.token,
      body: { name: 'Second' },
    });
    expect(second.status).toBe(201);

    for (let i = 1; i <= 5; i++) {
      const res = await v1(t, 'GET', 'wallet', { key: holder.secret });
      expect({ i, status: res.status }).toEqual({ i, status: 200 });
      expect(res.headers.get('ratelimit-limit')).toBe('5');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(5 - i));
    }
    const limited = await v1(t, 'GET', 'wallet', { key: holder.secret });
    expect({ status: limited.status, code: codeOf(limited) }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(limited.headers.get('ratelimit-limit')).toBe('5');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = limited.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW);

    // A POST over the limit moves nothing either.
    const create = await v1(t, 'POST', 'projects', {
      key: holder.secret,
      body: { propertyName: 'Pis limitat' },
    });
    expect(create.status).toBe(429);
    const listed = await call<{ total: number }>(t, 'GET', 'project', { token: holder.token });
    expect(listed.body.total).toBe(0);

    const fresh = await v1(t, 'GET', 'wallet', { key: second.body.secret });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit-remaining')).toBe('4');
  });
});
