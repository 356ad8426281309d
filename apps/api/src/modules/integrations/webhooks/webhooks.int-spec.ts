import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createdWebhookEndpointSchema,
  INTEGRATION_HEADERS,
  webhookDeliverySchema,
  webhookPayloadSchema,
  webhooksResponseSchema,
  type CreatedWebhookEndpoint,
  type OrderDecorationsResponse,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookPayload,
  type WebhooksResponse,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { RELAXED_LIMITS, call, projectWithPhotos, sleep, waitFor } from '../../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../../test/harness';
import { LoopbackServer, type LoopbackCall } from '../../../../test/loopback-server';
import { DomainEvents } from '../../../infra/events/domain-events';
import { JobQueue } from '../../../infra/queue/job-queue.service';
import { EngineRouter } from '../../decorations/engine/engine-router.service';
import { StagingTimeoutError } from '../../decorations/engine/staging-engine.port';
import { WalletService } from '../../wallet/wallet.service';
import { WebhookDeliveryJob } from './webhook-delivery.job';

/** The two verification recipes of README's "### Webhooks", read from the README itself so they cannot rot. */
function readmeRecipes(): { node: string; shell: string } {
  const readme = readFileSync(join(__dirname, '../../../../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Webhooks'));
  const node = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  const shell = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!node || !shell) throw new Error('README has no webhook verification recipes');
  return { node, shell };
}

type Verify = (secret: string, header: unknown, rawBody: Buffer, toleranceSeconds?: number) => boolean;

/** The README's Node function, run as written (its import becomes this file's crypto functions). */
function readmeNodeVerify(): Verify {
  const code = readmeRecipes().node.replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', `${code}\nreturn verifyEstanciaSignature;`)(
    createHmac,
    timingSafeEqual,
  ) as Verify;
}

/** The README's shell one-liner over a received body: the hex it prints. */
function readmeShellSignature(secret: string, t: string, body: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'estancia-webhook-'));
  writeFileSync(join(dir, 'body.json'), body);
  return execFileSync('sh', ['-c', readmeRecipes().shell], {
    cwd: dir,
    env: { PATH: process.env.PATH, t, WEBHOOK_SECRET: secret },
  })
    .toString()
    .trim();
}

const header = (received: LoopbackCall, name: string) => received.headers[name.toLowerCase()] as string;
const payloadOf = (received: LoopbackCall): WebhookPayload =>
  webhookPayloadSchema.parse(JSON.parse(received.body.toString('utf8')));

describe('webhooks', () => {
  let t: TestApp;
  let db: DataSource;
  let alice: SignedIn;
  let bob: SignedIn;
  const receivers: LoopbackServer[] = [];

  /** A receiver on loopback that answers 200 unless the test sets another handler; each call's arrival time too. */
  const receiver = async (): Promise<LoopbackServer & { at: number[] }> => {
    const server = Object.assign(new LoopbackServer(), { at: [] as number[] });
    server.handler = (_req, _body, res) => {
      server.at.push(Date.now());
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    };
    await server.start();
    receivers.push(server);
    return server;
  };
  const giveApiAccess = (user: SignedIn) =>
    db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
       VALUES ($1, 'ULTIMATE', 'monthly', 'active', now() + interval '30 days', false)`,
      [user.userId],
    );
  const register = async (user: SignedIn, url: string, events: WebhookEvent[]) => {
    const res = await call<CreatedWebhookEndpoint>(t, 'POST', 'integrations/webhooks', {
      token: user.token,
      body: { url, events },
    });
    if (res.status !== 201) throw new Error(`webhooks answered ${res.status}: ${JSON.stringify(res.body)}`);
    return createdWebhookEndpointSchema.parse(res.body);
  };
  const page = async (user: SignedIn) =>
    webhooksResponseSchema.parse(
      (await call<WebhooksResponse>(t, 'GET', 'integrations/webhooks', { token: user.token })).body,
    );
  const deliveriesTo = async (user: SignedIn, endpointId: string) =>
    (await page(user)).deliveries.filter((d) => d.endpointId === endpointId);
  const deliveryWhen = (user: SignedIn, endpointId: string, test: (d: WebhookDelivery) => boolean) =>
    waitFor(`a delivery to ${endpointId}`, async () =>
      (await deliveriesTo(user, endpointId)).find((d) => test(d)),
    );
  const publishDescription = (user: SignedIn) =>
    t.app.get(DomainEvents).publish('description.ready', user.userId, {
      projectId: randomUUID(),
      descriptionId: randomUUID(),
      versionId: randomUUID(),
      language: 'es',
    });
  /** Verifies a received call with both README recipes; answers its payload. */
  const verified = (received: LoopbackCall, secret: string): WebhookPayload => {
    const signature = header(received, INTEGRATION_HEADERS.signature);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(readmeNodeVerify()(secret, signature, received.body)).toBe(true);
    expect(readmeNodeVerify()(`${secret}x`, signature, received.body)).toBe(false);
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(signature)!;
    expect(readmeShellSignature(secret, ts, received.body)).toBe(v1);
    expect(header(received, 'content-type')).toBe('application/json');
    const payload = payloadOf(received);
    expect(header(received, INTEGRATION_HEADERS.event)).toBe(payload.type);
    return payload;
  };

  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      PERSON_DETECTOR: 'off',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAYS_MS: '300,600',
    });
    db = t.app.get(DataSource);
    alice = await signIn(t);
    bob = await signIn(t);
    await giveApiAccess(alice);
    await giveApiAccess(bob);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await t.close();
  });

  it('lets only a plan with API access register an endpoint; the secret is shown once', async () => {
    const carol = await signIn(t);
    const refused = await call(t, 'POST', 'integrations/webhooks', {
      token: carol.token,
      body: { url: 'https://hooks.example.com/estancia', events: ['decoration.ready'] },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'API_ACCESS_REQUIRED' } });
    expect(await page(carol)).toEqual({ endpoints: [], deliveries: [] });

    const server = await receiver();
    const created = await register(alice, `${server.origin}/hooks`, ['decoration.ready', 'decoration.ready']);
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(created.events).toEqual(['decoration.ready']);
    const listed = (await page(alice)).endpoints.find((e) => e.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      url: `${server.origin}/hooks`,
      events: ['decoration.ready'],
      createdAt: created.createdAt,
    });
    expect(JSON.stringify(await page(alice))).not.toContain(created.secret);
  });

  it('refuses a URL that is not https or does not resolve, and unknown events', async () => {
    const bad = async (body: object) =>
      call(t, 'POST', 'integrations/webhooks', { token: alice.token, body });
    expect(await bad({ url: 'ftp://hooks.example.com/x', events: ['decoration.ready'] })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await bad({ url: 'https://hooks.example.com/x', events: [] })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(await bad({ url: 'https://hooks.example.com/x', events: ['decoration.deleted'] })).toMatchObject({
      status: 400,
    });
    expect(await bad({ url: 'https://no-such-host.invalid/x', events: ['decoration.ready'] })).toMatchObject({
      status: 422,
      body: { code: 'URL_NOT_ALLOWED' },
    });
  });

  it('retries a receiver that fails twice and delivers the event once, signed as the README says', async () => {
    const server = await receiver();
    let answered = 0;
    let holdSecond!: () => void;
    const secondHeld = new Promise<void>((resolve) => (holdSecond = resolve));
    server.handler = (_req, _body, res) => {
      server.at.push(Date.now());
      answered++;
      if (answered === 1) res.writeHead(500).end('boom 1');
      else if (answered === 2) void secondHeld.then(() => res.writeHead(500).end('boom 2'));
      else res.writeHead(200).end('ok');
    };
    const endpoint = await register(alice, `${server.origin}/estancia`, ['description.ready']);
    await publishDescription(alice);

    // While the second attempt waits for its answer, the page shows the first one's.
    const during = await deliveryWhen(alice, endpoint.id, (d) => d.attempts === 2);
    expect(during).toMatchObject({
      state: 'pending',
      lastStatus: 500,
      lastResponse: 'boom 1',
      deliveredAt: null,
    });
    holdSecond();

    const delivered = await deliveryWhen(alice, endpoint.id, (d) => d.state === 'delivered');
    expect(webhookDeliverySchema.parse(delivered)).toMatchObject({
      event: 'description.ready',
      attempts: 3,
      lastStatus: 200,
      lastResponse: 'ok',
      nextAttemptAt: null,
    });
    expect(delivered.deliveredAt).not.toBeNull();
    await sleep(1000);
    expect(server.calls).toHaveLength(3);
    const payloads = server.calls.map((c) => verified(c, endpoint.secret));
    expect(new Set(payloads.map((p) => p.id))).toEqual(new Set([delivered.eventId]));
    expect(server.calls.map((c) => header(c, INTEGRATION_HEADERS.delivery))).toEqual([
      delivered.id,
      delivered.id,
      delivered.id,
    ]);
    expect(payloads[2]).toMatchObject({ type: 'description.ready', data: { language: 'es' } });
    // The configured waits (300 ms, then 600 ms) were kept between attempts.
    expect(server.at[1] - server.at[0]).toBeGreaterThanOrEqual(280);
    expect(server.at[2] - server.at[1]).toBeGreaterThanOrEqual(580);

    // Resend: the same event again, even though it was delivered.
    const resent = await call<WebhookDelivery>(
      t,
      'POST',
      `integrations/webhooks/deliveries/${delivered.id}/resend`,
      {
        token: alice.token,
      },
    );
    expect(resent.status).toBe(201);
    expect(webhookDeliverySchema.parse(resent.body)).toMatchObject({
      id: delivered.id,
      eventId: delivered.eventId,
      state: 'pending',
    });
    await deliveryWhen(alice, endpoint.id, (d) => d.state === 'delivered' && d.attempts === 4);
    expect(server.calls).toHaveLength(4);
    expect(verified(server.calls[3], endpoint.secret)).toEqual(payloads[2]);
  });

  it('sends a delivered delivery to nobody again, whatever duplicate jobs run', async () => {
    const server = await receiver();
    server.handler = (_req, _body, res) => void sleep(300).then(() => res.writeHead(204).end());
    const endpoint = await register(alice, `${server.origin}/slow`, ['description.ready']);
    await publishDescription(alice);
    const [pending] = await deliveriesTo(alice, endpoint.id);
    // Two more runs of the same delivery race the scheduled job.
    const job = t.app.get(WebhookDeliveryJob);
    await Promise.all([job.deliver({ deliveryId: pending.id }), job.deliver({ deliveryId: pending.id })]);
    await deliveryWhen(alice, endpoint.id, (d) => d.state === 'delivered');
    await job.deliver({ deliveryId: pending.id });
    await t.app.get(JobQueue).add('webhook.deliver', { deliveryId: pending.id });
    await sleep(1000);
    expect(server.calls).toHaveLength(1);
    expect((await deliveriesTo(alice, endpoint.id))[0]).toMatchObject({ attempts: 1, lastStatus: 204 });
  });

  it('records a network error and gives up once the retry window after the event is over', async () => {
    const server = await receiver();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.handler = (_req, _body, res) =>
      void released.then(() => res.writeHead(503).end('down for maintenance'));
    const endpoint = await register(alice, `${server.origin}/late`, ['description.ready']);
    await publishDescription(alice);
    const [delivery] = await deliveriesTo(alice, endpoint.id);
    // The event happened 24 hours ago by now: this attempt is its last.
    await db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '24 hours' WHERE id = $1`, [
      delivery.id,
    ]);
    release();
    const failed = await deliveryWhen(alice, endpoint.id, (d) => d.state === 'failed');
    expect(failed).toMatchObject({
      attempts: 1,
      lastStatus: 503,
      lastResponse: 'down for maintenance',
      nextAttemptAt: null,
    });
    await sleep(800);
    expect(server.calls).toHaveLength(1);

    // Send again still makes one attempt of a failed delivery.
    server.handler = (_req, _body, res) => res.writeHead(200).end();
    const resent = await call(t, 'POST', `integrations/webhooks/deliveries/${delivery.id}/resend`, {
      token: alice.token,
    });
    expect(resent.status).toBe(201);
    await deliveryWhen(alice, endpoint.id, (d) => d.state === 'delivered' && d.attempts === 2);
    expect(payloadOf(server.calls[1]).id).toBe(delivery.eventId);

    // A receiver that is not there: no status, the connection error as the answer.
    const gone = await receiver();
    const closedUrl = `${gone.origin}/nobody`;
    await gone.stop();
    const unreachable = await register(alice, closedUrl, ['description.ready']);
    await publishDescription(alice);
    const refused = await deliveryWhen(
      alice,
      unreachable.id,
      (d) => d.attempts >= 1 && d.lastResponse !== null,
    );
    expect(refused).toMatchObject({ state: 'pending', lastStatus: null });
    expect(refused.lastResponse).toMatch(/ECONNREFUSED/);
    // Deleting the endpoint stops its retries.
    expect(
      (await call(t, 'DELETE', `integrations/webhooks/${unreachable.id}`, { token: alice.token })).status,
    ).toBe(204);
    expect((await page(alice)).endpoints.map((e) => e.id)).not.toContain(unreachable.id);
    const [{ state }] = (await db.query(`SELECT state FROM webhook_deliveries WHERE endpoint_id = $1`, [
      unreachable.id,
    ])) as { state: string }[];
    expect(state).toBe('failed');
  });

  it('sends decoration.ready of a real order to the subscribed endpoint only, and nothing to other users', async () => {
    const erin = await signIn(t);
    await giveApiAccess(erin);
    const subscribed = await receiver();
    const other = await receiver();
    const bobs = await receiver();
    const ready = await register(erin, `${subscribed.origin}/ready`, ['decoration.ready']);
    const notReady = await register(erin, `${other.origin}/other`, [
      'decoration.failed',
      'supervised.delivered',
    ]);
    await register(bob, `${bobs.origin}/bob`, ['decoration.ready']);
    await t.app.get(WalletService).grant(erin.userId, 20, 'admin_adjustment', `test:${randomUUID()}`);

    const project = await projectWithPhotos(t, erin);
    const ordered = await call<OrderDecorationsResponse>(t, 'POST', `project/${project.id}/decorations`, {
      token: erin.token,
      body: {
        items: [{ imageId: project.imageIds[0], roomType: 'bedroom', style: 'modern', type: 'automatic' }],
      },
    });
    expect(ordered.status).toBe(201);
    const decorationId = ordered.body.decorations[0].id;

    await waitFor('decoration.ready at the receiver', async () => subscribed.calls.length > 0);
    const payload = verified(subscribed.calls[0], ready.secret);
    expect(payload).toMatchObject({
      type: 'decoration.ready',
      data: {
        projectId: project.id,
        decorationId,
        state: 'ready',
        type: 'automatic',
        roomType: 'bedroom',
        style: 'modern',
      },
    });
    const [{ current_version_id: versionId }] = (await db.query(
      `SELECT current_version_id FROM decorations WHERE id = $1`,
      [decorationId],
    )) as { current_version_id: string }[];
    expect(payload.data.versionId).toBe(versionId);
    // The deliveries of an event are written together, before any is sent: no other one exists.
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = $1`, [
      payload.id,
    ])) as { n: number }[];
    expect(n).toBe(1);
    await sleep(500);
    expect(other.calls).toHaveLength(0);
    expect(bobs.calls).toHaveLength(0);
    expect(await deliveriesTo(erin, notReady.id)).toEqual([]);
  });

  it('sends decoration.failed of a render that failed and supervised.delivered of an approved review', async () => {
    const frank = await signIn(t);
    await giveApiAccess(frank);
    await t.app.get(WalletService).grant(frank.userId, 100, 'admin_adjustment', `test:${randomUUID()}`);
    const server = await receiver();
    const endpoint = await register(frank, `${server.origin}/frank`, [
      'decoration.failed',
      'supervised.delivered',
    ]);
    const orderOne = async (type: 'automatic' | 'supervised') => {
      const project = await projectWithPhotos(t, frank);
      const ordered = await call<OrderDecorationsResponse>(t, 'POST', `project/${project.id}/decorations`, {
        token: frank.token,
        body: {
          items: [{ imageId: project.imageIds[0], roomType: 'livingroom', style: 'scandinavian', type }],
        },
      });
      expect(ordered.status).toBe(201);
      return { projectId: project.id, decorationId: ordered.body.decorations[0].id };
    };
    const received = (type: WebhookEvent) =>
      waitFor(type, async () => server.calls.find((c) => payloadOf(c).type === type));

    const engine = t.app.get(EngineRouter).engine('builtin')!;
    const render = jest.spyOn(engine, 'render').mockRejectedValue(new StagingTimeoutError());
    const failed = await orderOne('automatic');
    const failure = verified(await received('decoration.failed'), endpoint.secret);
    render.mockRestore();
    expect(failure.data).toMatchObject({
      ...failed,
      state: 'failed',
      type: 'automatic',
      roomType: 'livingroom',
      style: 'scandinavian',
      failure: 'GENERATION_TIMEOUT',
    });

    const supervised = await orderOne('supervised');
    const [review] = await waitFor('the draft in the review queue', async () => {
      const rows = (await db.query(`SELECT id FROM reviews WHERE decoration_id = $1 AND state = 'queued'`, [
        supervised.decorationId,
      ])) as { id: string }[];
      return rows.length ? rows : undefined;
    });
    // The draft being ready is no fact for the customer yet: only the delivery is.
    expect(server.calls.map((c) => payloadOf(c).type)).toEqual(['decoration.failed']);
    const decorator = await signIn(t, 'decorator');
    for (const step of ['claim', 'approve'])
      expect(
        (await call(t, 'POST', `admin/reviews/${review.id}/${step}`, { token: decorator.token })).status,
      ).toBe(200);
    const delivered = verified(await received('supervised.delivered'), endpoint.secret);
    expect(delivered.data).toMatchObject({
      ...supervised,
      state: 'ready',
      type: 'supervised',
      roomType: 'livingroom',
      style: 'scandinavian',
    });
    expect(delivered.data).not.toHaveProperty('failure');
  });

  it('sends description.ready of a written description', async () => {
    const gina = await signIn(t);
    await giveApiAccess(gina);
    await t.app.get(WalletService).grant(gina.userId, 10, 'admin_adjustment', `test:${randomUUID()}`);
    const server = await receiver();
    const endpoint = await register(gina, `${server.origin}/gina`, ['description.ready']);
    const project = await projectWithPhotos(t, gina);
    const written = await call<{ id: string; descriptionId: string }>(
      t,
      'POST',
      `project/${project.id}/descriptions`,
      {
        token: gina.token,
        body: {
          language: 'cat',
          location: 'Gràcia, Barcelona',
          squareMeters: 85,
          bedrooms: 3,
          bathrooms: 2,
          propertyType: 'penthouse',
          features: ['terrace'],
        },
      },
    );
    expect(written.status).toBe(201);
    await waitFor('description.ready at the receiver', async () => server.calls.length > 0);
    expect(verified(server.calls[0], endpoint.secret)).toMatchObject({
      type: 'description.ready',
      data: {
        projectId: project.id,
        descriptionId: written.body.descriptionId,
        versionId: written.body.id,
        language: 'cat',
      },
    });
  });

  it('sends nothing once the user has lost API access', async () => {
    const dani = await signIn(t);
    await giveApiAccess(dani);
    const server = await receiver();
    const endpoint = await register(dani, `${server.origin}/dani`, ['description.ready']);
    await db.query(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = $1`, [dani.userId]);
    await publishDescription(dani);
    await sleep(500);
    expect(server.calls).toHaveLength(0);
    expect(await deliveriesTo(dani, endpoint.id)).toEqual([]);
  });

  it("answers another user's endpoint and delivery exactly like missing ones", async () => {
    const server = await receiver();
    const bobsEndpoint = await register(bob, `${server.origin}/bob-only`, ['description.ready']);
    await publishDescription(bob);
    const bobsDelivery = await deliveryWhen(bob, bobsEndpoint.id, (d) => d.state === 'delivered');

    const asAlice = (method: 'DELETE' | 'POST', path: string) =>
      call(t, method, `integrations/webhooks/${path}`, { token: alice.token });
    for (const [method, path] of [
      ['DELETE', bobsEndpoint.id],
      ['DELETE', randomUUID()],
      ['DELETE', 'not-an-id'],
      ['POST', `deliveries/${bobsDelivery.id}/resend`],
      ['POST', `deliveries/${randomUUID()}/resend`],
      ['POST', 'deliveries/not-an-id/resend'],
    ] as const)
      expect({ path, ...(await asAlice(method, path)) }).toMatchObject({
        path,
        status: 404,
        body: { code: 'NOT_FOUND' },
      });

    expect((await page(bob)).endpoints.map((e) => e.id)).toContain(bobsEndpoint.id);
    expect((await page(alice)).deliveries.map((d) => d.id)).not.toContain(bobsDelivery.id);
    await sleep(300);
    expect(server.calls).toHaveLength(1);
  });
});
