import type {
  ClientToServerEvents,
  Description,
  DescriptionFactsRequest,
  DescriptionVersion,
  ProjectDescriptions,
  ProjectSummary,
  ServerToClientEvents,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, sleep } from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { WalletService } from '../wallet/wallet.service';
import { DescriptionWriter } from './writer/description-writer.port';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Confirmation = { decoration: DescriptionVersion; project: ProjectSummary };
type Answer = DescriptionVersion & { code?: string; fields?: Record<string, string> };

const FACTS: DescriptionFactsRequest = {
  language: 'es',
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'penthouse',
  features: ['terrace', 'elevator'],
};

describe('descriptions', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;
  const clients: Client[] = [];

  const setBalance = async (user: SignedIn, credits: number) => {
    const wallet = t.app.get(WalletService);
    const balance = await wallet.balance(user.userId);
    const key = `test:${user.userId}:${Date.now()}:${Math.random()}`;
    if (balance > credits) await wallet.spend(user.userId, balance - credits, 'admin_adjustment', key);
    if (balance < credits) await wallet.grant(user.userId, credits - balance, 'admin_adjustment', key);
  };
  const balance = (user: SignedIn) => t.app.get(WalletService).balance(user.userId);
  const subscribe = (user: SignedIn, plan: string) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
       VALUES ($1, $2, 'monthly', 'active', now() + interval '30 days', false)`,
      [user.userId, plan],
    );

  let projectCount = 0;
  const newProject = async (user: SignedIn): Promise<string> => {
    const created = await call<{ id: string }>(t, 'POST', 'project', {
      token: user.token,
      body: { propertyName: `Àtic ${++projectCount}` },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const generate = (user: SignedIn, projectId: string, facts: object = FACTS) =>
    call<Answer>(t, 'POST', `project/${projectId}/descriptions`, { token: user.token, body: facts });
  const regenerate = (user: SignedIn, descriptionId: string) =>
    call<Answer>(t, 'POST', `description/${descriptionId}/regenerate`, { token: user.token });
  const list = async (user: SignedIn, projectId: string) =>
    (await call<ProjectDescriptions>(t, 'GET', `project/${projectId}/descriptions`, { token: user.token }))
      .body;

  const listen = async (user: SignedIn): Promise<Confirmation[]> => {
    const client: Client = io(`${t.url}/hub`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    await new Promise((resolve) => client.emit('AddGroup', user.userId, resolve));
    const feed: Confirmation[] = [];
    client.on('DescriptionConfirmation', (payload) => feed.push(payload as Confirmation));
    return feed;
  };

  beforeAll(async () => {
    t = await startTestApp({ ...RELAXED_LIMITS, PERSON_DETECTOR: 'off' });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => t.close());

  it('writes a first description for 1 credit, from exactly the facts, and pushes DescriptionConfirmation once', async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 3);
    const feed = await listen(alice);
    const res = await generate(alice, projectId, { ...FACTS, features: ['elevator', 'terrace'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      projectId,
      number: 1,
      language: 'es',
      kind: 'generate',
      state: 'ready',
      credits: 1,
      includedInPlan: false,
      facts: { ...FACTS, features: ['terrace', 'elevator'] },
    });
    const text = res.body.text!;
    for (const word of ['ático', 'Gràcia, Barcelona', '85', '3', '2', 'terraza', 'ascensor'])
      expect(text).toContain(word);
    expect(text).not.toMatch(/piscina|jardín|balcón|trastero|garaje/);
    expect(await balance(alice)).toBe(2);
    const ledger = (await db.query(`SELECT delta, reason FROM ledger_entries WHERE idempotency_key = $1`, [
      `description:${res.body.id}`,
    ])) as { delta: number; reason: string }[];
    expect(ledger).toEqual([{ delta: -1, reason: 'description' }]);

    const until = Date.now() + 5000;
    while (feed.length < 1 && Date.now() < until) await sleep(50);
    // A second run of the job (a retry, a stalled worker) writes, charges and confirms nothing more.
    await t.app
      .get(JobQueue)
      .add('description.write', { versionId: res.body.id }, { jobId: `again-${res.body.id}` });
    await sleep(800);
    expect(feed).toHaveLength(1);
    expect(feed[0]!.decoration).toEqual(res.body);
    expect(feed[0]!.project).toMatchObject({ id: projectId, propertyName: expect.stringMatching(/^Àtic/) });
    expect(await balance(alice)).toBe(2);

    const history = await list(alice, projectId);
    expect(history.allowance).toBeNull();
    expect(history.descriptions).toHaveLength(1);
    expect(history.descriptions[0]).toMatchObject({
      id: res.body.descriptionId,
      currentVersionId: res.body.id,
      regenerationsUsed: 0,
      freeRegenerationsLeft: 5,
    });
  });

  it('regenerates 5 times for free, then for 1 credit each, each time with another text', async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 2);
    const first = await generate(alice, projectId);
    expect(first.status).toBe(201);
    const texts = [first.body.text];
    for (let i = 1; i <= 5; i++) {
      const again = await regenerate(alice, first.body.descriptionId);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        number: i + 1,
        kind: 'regenerate',
        credits: 0,
        facts: first.body.facts,
      });
      texts.push(again.body.text);
    }
    expect(await balance(alice)).toBe(1);
    // Posting the same facts again is a regeneration too: the sixth, paid.
    const sixth = await generate(alice, projectId);
    expect(sixth.body).toMatchObject({ number: 7, kind: 'regenerate', credits: 1 });
    texts.push(sixth.body.text);
    expect(await balance(alice)).toBe(0);
    for (let i = 1; i < texts.length; i++) expect(texts[i]).not.toBe(texts[i - 1]);

    const short = await regenerate(alice, first.body.descriptionId);
    expect(short).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_CREDITS' } });
    const [description] = (await list(alice, projectId)).descriptions;
    expect(description!.versions.map((v) => v.number)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(description).toMatchObject({ regenerationsUsed: 6, freeRegenerationsLeft: 0 });
  });

  it('charges 1 credit for changed facts, keeps one description per language and restores an older version', async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 10);
    const first = await generate(alice, projectId);
    const changed = await generate(alice, projectId, { ...FACTS, squareMeters: 90, features: ['pool'] });
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({
      descriptionId: first.body.descriptionId,
      number: 2,
      kind: 'modify',
      credits: 1,
    });
    expect(changed.body.text).toContain('90');
    expect(changed.body.text).toContain('piscina');
    expect(changed.body.text).not.toMatch(/terraza|ascensor/);
    expect(await balance(alice)).toBe(8);
    // Another language is another description, for its own first credit.
    const catalan = await generate(alice, projectId, { ...FACTS, language: 'cat' });
    expect(catalan.body).toMatchObject({ kind: 'generate', number: 1, language: 'cat', credits: 1 });
    expect(catalan.body.text).toMatch(/3 (habitacions|dormitoris) i 2 banys/);
    expect(catalan.body.descriptionId).not.toBe(first.body.descriptionId);
    expect(await balance(alice)).toBe(7);

    const restored = await call<Description>(
      t,
      'POST',
      `description/${first.body.descriptionId}/restore/${first.body.id}`,
      { token: alice.token },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ currentVersionId: first.body.id, facts: { squareMeters: 85 } });
    // The restored facts are current again: posting them is a (free) regeneration, not a change.
    const again = await generate(alice, projectId);
    expect(again.body).toMatchObject({ kind: 'regenerate', credits: 0 });
    expect(await balance(alice)).toBe(7);
  });

  it('with too few credits writes nothing', async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 0);
    const res = await generate(alice, projectId);
    expect(res).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_CREDITS' } });
    expect((await list(alice, projectId)).descriptions).toEqual([]);
  });

  it('includes 16 descriptions a month with PRO, without credits, then answers DESCRIPTION_LIMIT_REACHED', async () => {
    const carol = await signIn(t);
    await subscribe(carol, 'PRO');
    await setBalance(carol, 5);
    const projectId = await newProject(carol);
    const first = await generate(carol, projectId);
    expect(first.body).toMatchObject({ credits: 0, includedInPlan: true });
    // Each change of facts is one more of the month's descriptions.
    for (let i = 1; i < 16; i++) {
      const res = await generate(carol, projectId, { ...FACTS, squareMeters: 100 + i });
      expect(res.body).toMatchObject({ kind: 'modify', credits: 0, includedInPlan: true });
    }
    expect((await list(carol, projectId)).allowance).toEqual({ perMonth: 16, usedThisMonth: 16 });
    const over = await generate(carol, projectId, { ...FACTS, squareMeters: 300 });
    expect(over).toMatchObject({ status: 403, body: { code: 'DESCRIPTION_LIMIT_REACHED' } });
    const otherProject = await newProject(carol);
    expect(await generate(carol, otherProject)).toMatchObject({
      status: 403,
      body: { code: 'DESCRIPTION_LIMIT_REACHED' },
    });
    // Free regenerations stay free; credits are never taken from a subscriber.
    const free = await regenerate(carol, first.body.descriptionId);
    expect(free.body).toMatchObject({ credits: 0, includedInPlan: false, kind: 'regenerate' });
    expect(await balance(carol)).toBe(5);
    // Last month's descriptions do not count.
    await db.query(
      `UPDATE description_versions SET created_at = created_at - interval '40 days' WHERE user_id = $1`,
      [carol.userId],
    );
    expect((await generate(carol, projectId, { ...FACTS, squareMeters: 301 })).body).toMatchObject({
      includedInPlan: true,
    });
  });

  it('has no monthly limit with BUSINESS', async () => {
    const dave = await signIn(t);
    await subscribe(dave, 'BUSINESS');
    await setBalance(dave, 0);
    await db.query(
      `INSERT INTO description_versions (id, description_id, user_id, project_id, number, kind, facts, seed, plan_units)
       SELECT gen_random_uuid(), d.id, d.user_id, d.project_id, 100 + n, 'modify', d.facts, 1, 1
         FROM (SELECT * FROM descriptions LIMIT 1) d, generate_series(1, 50) n`,
    );
    const projectId = await newProject(dave);
    const res = await generate(dave, projectId);
    expect(res.body).toMatchObject({ credits: 0, includedInPlan: true, state: 'ready' });
    expect((await list(dave, projectId)).allowance).toEqual({ perMonth: null, usedThisMonth: 1 });
  });

  it('refuses bad forms with a code per field', async () => {
    const projectId = await newProject(alice);
    const res = await generate(alice, projectId, {
      language: 'fr',
      location: '   ',
      squareMeters: -5,
      bedrooms: 2.5,
      propertyType: 'castle',
      features: ['balcony', 'sauna'],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        language: 'invalid',
        location: 'required',
        squareMeters: 'invalid',
        bedrooms: 'invalid',
        bathrooms: 'required',
        propertyType: 'invalid',
        'features.1': 'invalid',
      },
    });
    const long = await generate(alice, projectId, {
      ...FACTS,
      location: 'x'.repeat(121),
      features: ['pool', 'pool'],
    });
    expect(long.body.fields).toEqual({ location: 'tooLong', features: 'invalid' });
  });

  it("answers NOT_FOUND for someone else's project, description or version, exactly like a missing one", async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 5);
    await setBalance(bob, 5);
    const mine = await generate(alice, projectId);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await call(t, 'GET', `project/${projectId}/descriptions`, { token: bob.token }),
      await generate(bob, projectId),
      await regenerate(bob, mine.body.descriptionId),
      await call(t, 'POST', `description/${mine.body.descriptionId}/restore/${mine.body.id}`, {
        token: bob.token,
      }),
      await regenerate(alice, missing),
      await regenerate(alice, 'not-a-uuid'),
      await call(t, 'POST', `description/${mine.body.descriptionId}/restore/${missing}`, {
        token: alice.token,
      }),
    ])
      expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await balance(bob)).toBe(5);
    expect(await call(t, 'GET', `project/${projectId}/descriptions`)).toMatchObject({ status: 401 });
  });

  it('refunds the credit and answers GENERATION_ERROR when the writer fails', async () => {
    const projectId = await newProject(alice);
    await setBalance(alice, 1);
    const feed = await listen(alice);
    jest.spyOn(t.app.get(DescriptionWriter), 'write').mockRejectedValue(new Error('model down'));
    const res = await generate(alice, projectId);
    expect(res).toMatchObject({ status: 502, body: { code: 'GENERATION_ERROR' } });
    expect(await balance(alice)).toBe(1);
    const [description] = (await list(alice, projectId)).descriptions;
    expect(description!.versions).toMatchObject([{ state: 'failed', text: null, credits: 1 }]);
    expect(description!.currentVersionId).toBeNull();
    const until = Date.now() + 3000;
    while (feed.length < 1 && Date.now() < until) await sleep(50);
    expect(feed.map((f) => f.decoration.state)).toEqual(['failed']);
  });
});
