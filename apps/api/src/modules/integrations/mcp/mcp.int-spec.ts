import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  decorationCost,
  decorationSchema,
  projectImageSchema,
  projectSummarySchema,
  type ApiKeysResponse,
  type Decoration,
  type ProjectImage,
  type ProjectListResponse,
  type ProjectSummary,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { apiKeyFor, call, RELAXED_LIMITS, waitFor, type ApiKeyHolder } from '../../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { LoopbackServer } from '../../../../test/loopback-server';
import { roomJpeg } from '../../projects/test-images';
import { WalletService } from '../../wallet/wallet.service';
import { ORDERABLE_ROOM_TYPES, ORDERABLE_STYLES } from './mcp-tools';

/** A browser origin of ours (CORS_ORIGINS): its pages may call the endpoint. */
const ALLOWED_ORIGIN = 'https://app.estancia.test';

const TOOLS = [
  'create_project',
  'get_decoration',
  'get_wallet',
  'list_projects',
  'order_decoration',
  'upload_image_from_url',
];

/** The JSON a tool answered as text: the answer itself, or `{ code, message }` when refused. */
const textOf = (result: CallToolResult): unknown => {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error(`no text content in ${JSON.stringify(result)}`);
  return JSON.parse(first.text);
};

describe('MCP endpoint (/api/v1/mcp)', () => {
  let t: TestApp;
  /** The listing portal the photos are downloaded from. */
  const portal = new LoopbackServer();
  const clients: Client[] = [];
  let alice: ApiKeyHolder;
  let bob: ApiKeyHolder;

  beforeAll(async () => {
    const photo = await roomJpeg(640, 480);
    await portal.start();
    portal.handler = (req, _body, res) =>
      req.url === '/listing/salon.jpg'
        ? res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo)
        : res.writeHead(404).end();
    t = await startTestApp({
      ...RELAXED_LIMITS,
      RATE_LIMIT_API_KEY: '100000',
      // the portal is a plain-http server on loopback
      REMOTE_IMAGES_ALLOW_PRIVATE: 'true',
      REMOTE_IMAGES_ALLOW_HTTP: 'true',
      CORS_ORIGINS: ALLOWED_ORIGIN,
    });
    [alice, bob] = await Promise.all([apiKeyFor(t), apiKeyFor(t)]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t?.close();
    await portal.stop();
  });

  const transportFor = (secret?: string) =>
    new StreamableHTTPClientTransport(
      new URL(`${t.url}/api/v1/mcp`),
      secret ? { requestInit: { headers: { Authorization: `Bearer ${secret}` } } } : undefined,
    );

  /** An assistant connected with the holder's key, as a desktop MCP client would be. */
  const assistantOf = async (holder: ApiKeyHolder): Promise<Client> => {
    const client = new Client({ name: 'estancia-test-assistant', version: '1.0.0' });
    await client.connect(transportFor(holder.secret));
    clients.push(client);
    return client;
  };

  const use = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  /** A tool's answer (it must not be refused): the structured content, equal to the JSON text. */
  const answer = async <T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> => {
    const result = await use(client, name, args);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toEqual(result.structuredContent);
    return result.structuredContent as T;
  };

  const refusal = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await use(client, name, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    return textOf(result) as { code: string; message: string };
  };

  const photoUrl = () => `${portal.origin}/listing/salon.jpg`;

  it('lists the staging tools with the orderable room types and styles', async () => {
    const assistant = await assistantOf(alice);
    expect(assistant.getServerVersion()?.name).toBe('estancia');
    expect(assistant.getInstructions()).toContain('get_decoration');
    const { tools } = await assistant.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.outputSchema).toBeDefined();
    }
    const order = tools.find((tool) => tool.name === 'order_decoration')!;
    const props = order.inputSchema.properties as Record<string, { enum?: string[] }>;
    expect(props.roomType!.enum).toEqual(ORDERABLE_ROOM_TYPES);
    expect(props.style!.enum).toEqual(ORDERABLE_STYLES);
    // "coming soon" entries cannot be ordered, so they are not offered
    expect(props.roomType!.enum).not.toContain('terrace');
    expect(props.style!.enum).not.toContain('tropical');
    expect(order.inputSchema.required).toEqual(
      expect.arrayContaining(['projectId', 'imageId', 'roomType', 'style', 'type']),
    );
    expect(order.description).toContain('scandinavian (Scandinavian)');
    expect(order.description).not.toContain('tribal');
  });

  it('stages a photo: creates a project, adds a photo by URL, orders a decoration and reads its result', async () => {
    const assistant = await assistantOf(alice);
    const { balance: before } = await answer<{ balance: number }>(assistant, 'get_wallet');
    expect(before).toBeGreaterThanOrEqual(decorationCost('automatic'));

    const propertyName = `Pis Eixample ${randomUUID().slice(0, 6)}`;
    const project = projectSummarySchema.parse(
      await answer<ProjectSummary>(assistant, 'create_project', { propertyName }),
    );
    expect(project.propertyName).toBe(propertyName);
    // the app's own service made it: the customer sees it in the app
    const inApp = await call<ProjectListResponse>(
      t,
      'GET',
      `project?search=${encodeURIComponent(propertyName)}`,
      {
        token: alice.token,
      },
    );
    expect(inApp.body.items.map((p) => p.id)).toEqual([project.id]);
    const listed = await answer<ProjectListResponse>(assistant, 'list_projects', { search: propertyName });
    expect(listed.items.map((p) => p.id)).toEqual([project.id]);

    const image = projectImageSchema.parse(
      await answer<ProjectImage>(assistant, 'upload_image_from_url', {
        projectId: project.id,
        url: photoUrl(),
      }),
    );
    expect(image).toMatchObject({ projectId: project.id, width: 640, height: 480 });
    expect(portal.calls.some((c) => c.url === '/listing/salon.jpg')).toBe(true);
    // links an assistant can follow from anywhere: absolute, on the origin it reached us at
    expect(image.previewUrl.startsWith(`${t.url}/data/media/`)).toBe(true);

    const ordered = decorationSchema.parse(
      await answer<Decoration>(assistant, 'order_decoration', {
        projectId: project.id,
        imageId: image.id,
        roomType: 'livingroom',
        style: 'scandinavian',
        type: 'automatic',
      }),
    );
    expect(ordered).toMatchObject({
      projectId: project.id,
      imageId: image.id,
      type: 'automatic',
      roomType: 'livingroom',
      style: 'scandinavian',
      state: 'pending',
      resultUrl: null,
    });
    expect((await answer<{ balance: number }>(assistant, 'get_wallet')).balance).toBe(
      before - decorationCost('automatic'),
    );

    const ready = await waitFor('the decoration to be ready', async () => {
      const read = await answer<Decoration>(assistant, 'get_decoration', { decorationId: ordered.id });
      expect(read.state).not.toBe('failed');
      return read.state === 'ready' && read;
    });
    expect(ready).toMatchObject({ id: ordered.id, stage: 'ready', percent: 100 });
    expect(ready.resultUrl!.startsWith(`${t.url}/data/media/`)).toBe(true);
    const result = await fetch(ready.resultUrl!);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/jpeg');
    expect((await result.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers a refusal with the app’s error code and English message, and moves nothing', async () => {
    const assistant = await assistantOf(alice);
    const propertyName = `Casa ${randomUUID().slice(0, 6)}`;
    const project = await answer<ProjectSummary>(assistant, 'create_project', { propertyName });
    expect(await refusal(assistant, 'create_project', { propertyName })).toEqual({
      code: 'PROJECT_EXISTS',
      message: translate('en', 'errors', 'PROJECT_EXISTS'),
      fields: { propertyName: 'PROJECT_EXISTS' },
    });

    const image = await answer<ProjectImage>(assistant, 'upload_image_from_url', {
      projectId: project.id,
      url: photoUrl(),
    });
    const wallet = t.app.get(WalletService);
    const balance = await wallet.balance(alice.userId);
    if (balance > 0)
      await wallet.spend(alice.userId, balance, 'admin_adjustment', `test:empty:${randomUUID()}`);
    const order = { projectId: project.id, imageId: image.id, roomType: 'bedroom', style: 'modern' };
    // An integrator has a plan: past its decorations the answer is PLAN_EXCEEDED (billed after consent).
    expect(await refusal(assistant, 'order_decoration', { ...order, type: 'automatic' })).toEqual({
      code: 'PLAN_EXCEEDED',
      message: translate('en', 'errors', 'PLAN_EXCEEDED'),
      fields: { needed: '1', balance: '0' },
    });
    expect(await wallet.balance(alice.userId)).toBe(0);
    // the app's contract rejects what the app rejects: a room type that is still "coming soon"
    const comingSoon = await use(assistant, 'order_decoration', {
      ...order,
      roomType: 'terrace',
      type: 'automatic',
    });
    expect(comingSoon.isError).toBe(true);
  });

  it("answers another user's ids exactly like missing ones (NOT_FOUND) and touches nothing of theirs", async () => {
    const owner = await assistantOf(alice);
    const intruder = await assistantOf(bob);
    const wallet = t.app.get(WalletService);
    await wallet.grant(alice.userId, 5, 'admin_adjustment', `test:alice:${randomUUID()}`);
    const project = await answer<ProjectSummary>(owner, 'create_project', {
      propertyName: `Àtic ${randomUUID()}`,
    });
    const image = await answer<ProjectImage>(owner, 'upload_image_from_url', {
      projectId: project.id,
      url: photoUrl(),
    });
    const decoration = await answer<Decoration>(owner, 'order_decoration', {
      projectId: project.id,
      imageId: image.id,
      roomType: 'bedroom',
      style: 'classic',
      type: 'automatic',
    });
    const notFound = { code: 'NOT_FOUND', message: translate('en', 'errors', 'NOT_FOUND') };
    const bobBalance = await wallet.balance(bob.userId);
    const fetches = portal.calls.length;

    expect(await refusal(intruder, 'get_decoration', { decorationId: decoration.id })).toEqual(notFound);
    expect(await refusal(intruder, 'get_decoration', { decorationId: randomUUID() })).toEqual(notFound);
    expect(await refusal(intruder, 'get_decoration', { decorationId: 'not-an-id' })).toEqual(notFound);
    expect(
      await refusal(intruder, 'order_decoration', {
        projectId: project.id,
        imageId: image.id,
        roomType: 'bedroom',
        style: 'modern',
        type: 'automatic',
      }),
    ).toEqual(notFound);
    expect(
      await refusal(intruder, 'upload_image_from_url', { projectId: project.id, url: photoUrl() }),
    ).toEqual(notFound);
    const theirs = await answer<ProjectListResponse>(intruder, 'list_projects', {
      search: project.propertyName,
    });
    expect(theirs.items).toEqual([]);

    // nothing was fetched, charged or ordered for the intruder
    expect(portal.calls.length).toBe(fetches);
    expect(await wallet.balance(bob.userId)).toBe(bobBalance);
    const detail = await call<{ decorations: Decoration[] }>(t, 'GET', `project/${project.id}`, {
      token: alice.token,
    });
    expect(detail.body.decorations.map((d) => d.id)).toEqual([decoration.id]);
  });

  it('refuses a call without a key, with a wrong key or with a revoked one (401), at once', async () => {
    await expect(
      new Client({ name: 'anonymous', version: '1.0.0' }).connect(transportFor()),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      new Client({ name: 'guesser', version: '1.0.0' }).connect(
        transportFor(`est_abcdefgh_${'x'.repeat(43)}`),
      ),
    ).rejects.toMatchObject({ code: 401 });
    const raw = await fetch(`${t.url}/api/v1/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: 'API_KEY_INVALID' });

    const holder = await apiKeyFor(t);
    const assistant = await assistantOf(holder);
    await answer(assistant, 'get_wallet');
    // revoked on the keys page (its answer's status is the keys page's concern, not this endpoint's)
    await call(t, 'DELETE', `integrations/keys/${holder.keyId}`, { token: holder.token });
    const keys = await call<ApiKeysResponse>(t, 'GET', 'integrations/keys', { token: holder.token });
    expect(keys.body.keys.map((k) => k.id)).not.toContain(holder.keyId);
    // the connected assistant's next call is refused: every request is checked
    await expect(use(assistant, 'get_wallet')).rejects.toMatchObject({ code: 401 });
    await expect(
      new Client({ name: 'late', version: '1.0.0' }).connect(transportFor(holder.secret)),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('opens no stream and ends no session: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${t.url}/api/v1/mcp`, {
        method,
        headers: { ...alice.headers, accept: 'text/event-stream' },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  describe('HTTP protocol', () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body,
      });
    const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const initialize = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });

    it('answers a missing or bad key with WWW-Authenticate pointing to the resource metadata (RFC 9728)', async () => {
      const metadataUrl = `${t.url}/.well-known/oauth-protected-resource`;
      const noKey: Record<string, string> = {};
      for (const headers of [noKey, { authorization: `Bearer est_abcdefgh_${'x'.repeat(43)}` }]) {
        const res = await post(listTools, headers);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
      }
      // the rest of the public API keeps its plain 401
      const wallet = await fetch(`${t.url}/api/v1/wallet`);
      expect(wallet.status).toBe(401);
      const metadata = await fetch(metadataUrl);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toEqual({
        resource: `${t.url}/api/v1/mcp`,
        resource_name: 'Estancia MCP',
        bearer_methods_supported: ['header'],
        resource_documentation: `${t.url}/api/docs`,
      });
      const inserted = await fetch(`${t.url}/.well-known/oauth-protected-resource/api/v1/mcp`);
      expect(((await inserted.json()) as { resource: string }).resource).toBe(`${t.url}/api/v1/mcp`);
    });

    it('answers the rest of /.well-known with a JSON 404, not a page of the customer app', async () => {
      for (const path of ['oauth-authorization-server', 'openid-configuration', 'anything/else']) {
        const res = await fetch(`${t.url}/.well-known/${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
      }
    });

    it('refuses a foreign Origin with 403 before looking at the key; our own origins pass', async () => {
      const foreign = await post(listTools, { ...alice.headers, origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { code: string }).code).toBe('FORBIDDEN');
      const keyless = await post(listTools, { origin: 'https://evil.example' });
      expect(keyless.status).toBe(403);
      const ours = await post(JSON.stringify(initialize(1)), { ...alice.headers, origin: ALLOWED_ORIGIN });
      expect(ours.status).toBe(200);
      expect(
        ((await ours.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name,
      ).toBe('estancia');
    });

    it('answers malformed JSON with a JSON-RPC parse error, and a batch or a very deep body with 400', async () => {
      const broken = await post('{"jsonrpc": "2.0", "id": 1, "method": ', alice.headers);
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32700, message: expect.stringContaining('Parse error') },
        id: null,
      });
      const batch = await post(JSON.stringify([initialize(1), initialize(2)]), alice.headers);
      expect(batch.status).toBe(400);
      expect(await batch.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
      const deep = await post(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_wallet' },
        }).replace(
          '"get_wallet"',
          `"get_wallet","arguments":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
        ),
        alice.headers,
      );
      expect(deep.status).toBeLessThan(500);
    });
  });
});
