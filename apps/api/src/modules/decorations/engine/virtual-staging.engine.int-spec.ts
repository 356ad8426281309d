import { ROOM_TYPES, STYLES } from '@estancia/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { json, LoopbackServer } from '../../../../test/loopback-server';
import {
  StagingFailedError,
  StagingTimeoutError,
  type StagingRequest,
  type StagingStage,
} from './staging-engine.port';
import {
  VIRTUAL_STAGING_ROOM_TYPE,
  VIRTUAL_STAGING_ROOM_TYPES,
  VIRTUAL_STAGING_STYLE,
  VIRTUAL_STAGING_STYLES,
  VirtualStagingEngine,
  type VirtualStagingEngineOptions,
} from './virtual-staging.engine';

/** Virtual Staging AI's v1 API on loopback (under /v1, as in production), plus the storage its outputs sit on. */
class FakeVirtualStagingAi extends LoopbackServer {
  /** A render that answers `states` to successive polls (the last one repeats) and stores `output`. */
  renders(states: object[], output: Buffer): { polls: () => number } {
    let polls = 0;
    this.handler = (req, _body, res) => {
      const url = new URL(req.url ?? '', this.origin);
      if (req.method === 'POST' && url.pathname === '/v1/render/create')
        return json(res, 200, { render_id: 'r-1' });
      if (
        req.method === 'GET' &&
        url.pathname === '/v1/render' &&
        url.searchParams.get('render_id') === 'r-1'
      ) {
        const state = states[Math.min(polls++, states.length - 1)];
        return json(res, 200, { render_id: 'r-1', created_at: 1685742540902, ...state });
      }
      if (req.method === 'GET' && url.pathname === '/storage/r-1.png') {
        return res.writeHead(200, { 'content-type': 'image/png' }).end(output);
      }
      json(res, 404, { message: 'not found' });
    };
    return { polls: () => polls };
  }
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('VirtualStagingEngine against Virtual Staging AI on loopback', () => {
  const api = new FakeVirtualStagingAi();
  let photo: Buffer;
  let staged: Buffer;
  const engine = (overrides: Partial<VirtualStagingEngineOptions> = {}) =>
    new VirtualStagingEngine({
      apiKey: 'vsai-test',
      baseUrl: `${api.origin}/v1`,
      timeoutSeconds: 5,
      pollMs: 20,
      retries: 2,
      backoffMs: 20,
      ...overrides,
    });
  const request = (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
    image: photo,
    width: 320,
    height: 240,
    roomType: 'study_room',
    style: 'vintage',
    seed: 77,
    prompt: 'Virtually stage this photo as a study',
    ...overrides,
  });
  const done = () => ({ status: 'done', progress: 1, outputs: [`${api.origin}/storage/r-1.png`] });

  beforeAll(async () => {
    await api.start();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    // The API answers a PNG at another size: the adapter must hand back a JPEG of the photo's size.
    staged = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#304050ff' } })
      .png()
      .toBuffer();
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    api.calls.length = 0;
  });

  async function expectPhotoSizedJpeg(out: Buffer): Promise<void> {
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 320, 240]);
    const { channels } = await sharp(out).stats();
    expect(Math.round(channels[2]!.mean)).toBeGreaterThan(70); // the render's blue, not the photo's beige
  }

  it('uploads the photo as `file` with the settings in the query, polls until done, downloads the output', async () => {
    const render = api.renders(
      [
        { status: 'queued', progress: 0, outputs: [] },
        { status: 'rendering', progress: 0.5, outputs: [] },
        done(),
      ],
      staged,
    );
    const progress: [StagingStage, number][] = [];
    const { image } = await engine().render(request(), {
      onProgress: (stage, percent) => progress.push([stage, percent]),
    });
    await expectPhotoSizedJpeg(image);

    expect(render.polls()).toBe(3);
    expect(api.calls.map((c) => `${c.method} ${path(c.url)}`)).toEqual([
      'POST /v1/render/create',
      'GET /v1/render',
      'GET /v1/render',
      'GET /v1/render',
      'GET /storage/r-1.png',
    ]);
    const [create, ...rest] = api.calls;
    expect(query(create!.url)).toEqual({
      room_type: 'home_office',
      style: 'midcentury',
      declutter_mode: 'off',
      add_furniture: 'true',
      wait_for_completion: 'false',
      add_virtually_staged_watermark: 'false',
    });
    const form = await new Response(create!.body, {
      headers: { 'content-type': create!.headers['content-type']! },
    }).formData();
    expect([...form.keys()]).toEqual(['file']);
    const file = form.get('file') as File;
    expect(file.type).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);

    for (const poll of rest.slice(0, 3)) expect(query(poll.url)).toEqual({ render_id: 'r-1' });
    for (const call of api.calls.slice(0, 4)) expect(call.headers.authorization).toBe('Api-Key vsai-test');
    // The output lives on the provider's storage: our key must not travel there.
    expect(api.calls[4]!.headers.authorization).toBeUndefined();

    expect(progress).toEqual([
      ['analysing', 10],
      ['analysing', 30],
      ['rendering', 40],
      ['rendering', 40],
      ['rendering', 63],
      ['rendering', 90],
    ]);
  });

  it('asks for the furniture to be removed first when the room is to be emptied', async () => {
    api.renders([done()], staged);
    await expectPhotoSizedJpeg(
      (await engine().render(request({ roomType: 'bedroom', style: 'classic', emptyRoom: true }))).image,
    );
    expect(query(api.calls[0]!.url)).toEqual({
      room_type: 'bed',
      style: 'luxury',
      declutter_mode: 'on',
      add_furniture: 'true',
      wait_for_completion: 'false',
      add_virtually_staged_watermark: 'false',
    });
  });

  it('sends JSON with image_url when the photo is published at a URL', async () => {
    api.renders([done()], staged);
    const published: Buffer[] = [];
    const publishImage = (image: Buffer) => {
      published.push(image);
      return Promise.resolve('https://photos.estancia.test/signed/original.jpg?sig=abc');
    };
    await expectPhotoSizedJpeg(
      (
        await engine({ publishImage }).render(
          request({ roomType: 'living_kitchen_room', style: 'rustic', emptyRoom: true }),
        )
      ).image,
    );
    expect(published).toEqual([photo]);
    const [create] = api.calls;
    expect([create!.method, create!.url]).toEqual(['POST', '/v1/render/create']);
    expect(create!.headers['content-type']).toBe('application/json');
    expect(create!.headers.authorization).toBe('Api-Key vsai-test');
    expect(JSON.parse(create!.body.toString())).toEqual({
      image_url: 'https://photos.estancia.test/signed/original.jpg?sig=abc',
      room_type: 'living',
      style: 'farmhouse',
      declutter_mode: 'on',
      add_furniture: true,
      wait_for_completion: false,
      add_virtually_staged_watermark: false,
    });
  });

  it("fails with 'server_error' on a render in the 'error' status, without polling again", async () => {
    const render = api.renders(
      [
        { status: 'rendering', progress: 0.2 },
        { status: 'error', outputs: [] },
      ],
      staged,
    );
    const failure = engine().render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({ reason: 'server_error' });
    expect(render.polls()).toBe(2);
  });

  it("fails with 'refused' when the render's error says the photo was rejected for its content", async () => {
    api.renders([{ status: 'error', error: 'Image rejected: inappropriate content detected' }], staged);
    const failure = engine().render(request());
    await expect(failure).rejects.toMatchObject({ reason: 'refused' });
    await expect(failure).rejects.toThrow(/inappropriate content/);
  });

  it('waits out a 429 for its Retry-After and then goes on', async () => {
    const render = api.renders([done()], staged);
    const renders = api.handler;
    let creates = 0;
    api.handler = (req, body, res) => {
      if (req.method === 'POST' && creates++ === 0) {
        return json(res, 429, { message: 'Too many concurrent renders' }, { 'retry-after': '1' });
      }
      renders(req, body, res);
    };
    const started = Date.now();
    await expectPhotoSizedJpeg((await engine().render(request())).image);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(creates).toBe(2);
    expect(render.polls()).toBe(1);
  });

  it("gives up with 'server_error' after the retries when the API keeps answering 5xx", async () => {
    api.handler = (_req, _body, res) => json(res, 503, { message: 'unavailable' });
    const failure = engine({ retries: 2 }).render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({ reason: 'server_error' });
    expect(api.calls).toHaveLength(3);
  });

  it("fails at once with 'bad_request' on a 401 (a wrong API key)", async () => {
    api.handler = (_req, _body, res) => json(res, 401, { message: 'Invalid API key' });
    const failure = engine().render(request());
    await expect(failure).rejects.toMatchObject({ reason: 'bad_request' });
    expect(api.calls).toHaveLength(1);
  });

  it("fails with 'bad_output' when a done render lists no output", async () => {
    api.renders([{ status: 'done', progress: 1, outputs: [] }], staged);
    await expect(engine().render(request())).rejects.toMatchObject({ reason: 'bad_output' });
  });

  it('fails on a render status it does not know instead of polling until the time limit', async () => {
    api.renders([{ status: 'paused' }], staged);
    await expect(engine().render(request())).rejects.toThrow(/unknown render status: paused/);
  });

  it('times out (StagingTimeoutError) when the render never finishes', async () => {
    api.renders([{ status: 'rendering', progress: 0.1 }], staged);
    const started = Date.now();
    const failure = engine({ timeoutSeconds: 1 }).render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops polling at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const render = api.renders([{ status: 'rendering', progress: 0.3 }], staged);
    const renders = api.handler;
    api.handler = (req, body, res) => {
      renders(req, body, res);
      if (render.polls() === 3) controller.abort();
    };
    const failure = engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'cancelled' });
    await sleep(200); // ten poll intervals
    expect(render.polls()).toBe(3);
  });
});

describe('Virtual Staging AI vocabulary', () => {
  it.each(ROOM_TYPES)('maps the room type %s to a room_type the API documents', (roomType) => {
    expect(VIRTUAL_STAGING_ROOM_TYPES).toContain(VIRTUAL_STAGING_ROOM_TYPE[roomType]);
  });

  it.each(STYLES)('maps the style %s to a style the API documents', (style) => {
    expect(VIRTUAL_STAGING_STYLES).toContain(VIRTUAL_STAGING_STYLE[style]);
  });
});
