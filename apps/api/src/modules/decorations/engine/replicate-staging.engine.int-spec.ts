import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { json, LoopbackServer, type LoopbackCall } from '../../../../test/loopback-server';
import {
  buildReplicateInput,
  parseReplicateModel,
  REPLICATE_MODELS,
  replicateModelInput,
  replicateOutputUrl,
} from './replicate-models';
import { ReplicateStagingEngine, type ReplicateStagingEngineOptions } from './replicate-staging.engine';
import {
  StagingFailedError,
  StagingTimeoutError,
  type StagingRequest,
  type StagingStage,
} from './staging-engine.port';

const TOKEN = 'r8_test';
const INTERIOR_VERSION = '76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38';
const INPAINTING_VERSION = '95b7223104132402a9ae91cc677285bc5eb997834bd2349fa486f53910fd68b3';

/**
 * Replicate's HTTP API on loopback, under /v1 as at api.replicate.com, plus /files/* standing in for
 * replicate.delivery. Each test sets how the API answers; every call is recorded.
 */
class FakeReplicate extends LoopbackServer {
  readonly files = new Map<string, Buffer>();

  protected override answer(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const file = req.url?.startsWith('/files/') ? this.files.get(req.url.slice('/files/'.length)) : undefined;
    if (file) res.writeHead(200, { 'content-type': 'image/png' }).end(file);
    else this.handler(req, body, res);
  }

  /** A prediction object as Replicate returns it from create, get and cancel. */
  prediction(id: string, status: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      id,
      model: 'adirik/interior-design',
      version: INTERIOR_VERSION,
      input: {},
      logs: '',
      output: null,
      data_removed: false,
      error: null,
      source: 'api',
      status,
      created_at: '2025-06-02T10:00:00.000Z',
      urls: {
        get: `${this.origin}/v1/predictions/${id}`,
        cancel: `${this.origin}/v1/predictions/${id}/cancel`,
        web: `https://replicate.com/p/${id}`,
      },
      ...fields,
    };
  }

  routes(): string[] {
    return this.calls.map((call) => `${call.method} ${call.url}`);
  }
}

const problem = (res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}) =>
  json(res, status, { title: detail, detail, status }, headers);

const isCreate = (req: IncomingMessage) =>
  req.method === 'POST' &&
  (req.url === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(req.url ?? ''));

describe('ReplicateStagingEngine against the Replicate API on loopback', () => {
  const replicate = new FakeReplicate();
  let photo: Buffer;
  let mask: Buffer;
  let decorated: Buffer;
  const engine = (overrides: Partial<ReplicateStagingEngineOptions> = {}) =>
    new ReplicateStagingEngine({
      apiToken: TOKEN,
      baseUrl: `${replicate.origin}/v1`,
      model: 'adirik/interior-design', // REPLICATE_MODEL's default: a community model, run by its pinned version
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
    roomType: 'livingroom',
    style: 'scandinavian',
    seed: 4242,
    prompt: 'Virtually stage this photo as a living room',
    ...overrides,
  });
  const sent = (call: LoopbackCall | undefined) =>
    JSON.parse(call!.body.toString()) as Record<string, unknown>;
  const photoUri = () => `data:image/jpeg;base64,${photo.toString('base64')}`;

  beforeAll(async () => {
    await replicate.start();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000000' } })
      .composite([
        {
          input: await sharp({ create: { width: 320, height: 100, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
          top: 140,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    // Replicate hands back a PNG of another size: the adapter must return a JPEG of the photo's size.
    decorated = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#304050ff' } })
      .png()
      .toBuffer();
    replicate.files.set('staged.png', decorated);
    replicate.files.set(
      'other.png',
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d02020' } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(() => replicate.stop());
  beforeEach(() => {
    replicate.calls.length = 0;
  });

  async function expectStagedJpeg(out: Buffer): Promise<void> {
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 320, 240]);
    const { channels } = await sharp(out).stats();
    expect(Math.round(channels[2]!.mean)).toBeGreaterThan(70); // the staged image's blue, not the photo's beige
    expect(Math.round(channels[0]!.mean)).toBeLessThan(100); // nor the other output's red
  }

  it('creates the prediction in sync mode and downloads the output it answers with', async () => {
    replicate.handler = (req, _body, res) =>
      isCreate(req)
        ? json(
            res,
            201,
            replicate.prediction('p-sync', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
          )
        : res.writeHead(404).end();
    const progress: [StagingStage, number][] = [];
    const { image } = await engine({ timeoutSeconds: 100 }).render(request(), {
      onProgress: (stage, percent) => progress.push([stage, percent]),
    });
    await expectStagedJpeg(image);

    expect(replicate.routes()).toEqual(['POST /v1/predictions', 'GET /files/staged.png']);
    const [create, download] = replicate.calls;
    expect(create!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create!.headers['content-type']).toBe('application/json');
    expect(create!.headers.prefer).toBe('wait=60'); // Replicate's longest sync wait
    expect(sent(create)).toEqual({
      version: INTERIOR_VERSION,
      input: {
        image: photoUri(),
        prompt: 'Virtually stage this photo as a living room',
        negative_prompt: expect.stringContaining('watermark'),
        num_inference_steps: 50,
        guidance_scale: 15,
        prompt_strength: 0.8,
        seed: 4242,
      },
    });
    // The output lives on replicate.delivery: our token must not travel there.
    expect(download!.headers.authorization).toBeUndefined();
    expect(progress).toEqual([
      ['analysing', 10],
      ['rendering', 40],
      ['rendering', 90],
    ]);
  });

  it('runs the version a model is named with rather than the one the table pins', async () => {
    replicate.handler = (_req, _body, res) =>
      json(
        res,
        201,
        replicate.prediction('p-pinned', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
      );
    await engine({ model: 'adirik/interior-design:0123abcd' }).render(request());
    expect(replicate.routes()[0]).toBe('POST /v1/predictions');
    expect(sent(replicate.calls[0])).toMatchObject({ version: '0123abcd', input: { prompt_strength: 0.8 } });
  });

  it('caps the sync wait by the time the render has left', async () => {
    replicate.handler = (_req, _body, res) =>
      json(
        res,
        201,
        replicate.prediction('p-short', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
      );
    await engine({ timeoutSeconds: 5 }).render(request());
    expect(replicate.calls[0]!.headers.prefer).toBe('wait=3'); // 5 seconds left, 2 kept for the download
  });

  it('polls a prediction that outlives the sync wait and takes the first URL of an array output', async () => {
    let polls = 0;
    replicate.handler = (req, _body, res) => {
      if (isCreate(req)) return json(res, 201, replicate.prediction('p-async', 'starting'));
      if (req.method === 'GET' && req.url === '/v1/predictions/p-async') {
        polls++;
        if (polls === 1) return json(res, 200, replicate.prediction('p-async', 'starting'));
        const half = '  50%|█████     | 25/50 [00:05<00:05,  4.90it/s]';
        if (polls === 2) return json(res, 200, replicate.prediction('p-async', 'processing', { logs: half }));
        return json(
          res,
          200,
          replicate.prediction('p-async', 'succeeded', {
            logs: `${half}\n100%|██████████| 50/50 [00:10<00:00,  4.90it/s]`,
            output: [`${replicate.origin}/files/staged.png`, `${replicate.origin}/files/other.png`],
          }),
        );
      }
      res.writeHead(404).end();
    };
    const progress: [StagingStage, number][] = [];
    const { image } = await engine({
      model: `stability-ai/stable-diffusion-inpainting:${INPAINTING_VERSION}`,
    }).render(request({ mask }), { onProgress: (stage, percent) => progress.push([stage, percent]) });
    await expectStagedJpeg(image);

    expect(replicate.routes()).toEqual([
      'POST /v1/predictions',
      'GET /v1/predictions/p-async',
      'GET /v1/predictions/p-async',
      'GET /v1/predictions/p-async',
      'GET /files/staged.png',
    ]);
    for (const call of replicate.calls.slice(0, 4))
      expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent(replicate.calls[0])).toEqual({
      version: INPAINTING_VERSION,
      input: {
        image: photoUri(),
        mask: `data:image/png;base64,${mask.toString('base64')}`,
        prompt: 'Virtually stage this photo as a living room',
        negative_prompt: expect.stringContaining('watermark'),
        num_outputs: 1,
        num_inference_steps: 50,
        guidance_scale: 7.5,
        seed: 4242,
      },
    });
    // A step for the poll without logs, then the model's own progress bar (50%, then 100%).
    expect(progress).toEqual([
      ['analysing', 10],
      ['rendering', 40],
      ['rendering', 45],
      ['rendering', 63],
      ['rendering', 85],
      ['rendering', 90],
    ]);
  });

  it('uploads a photo and a mask over 256 kB through POST /v1/files and names their URLs in the input', async () => {
    // Noise does not compress: a 1024×768 photo and mask of several hundred kB each.
    const noise = (channels: 3 | 1) =>
      sharp(randomBytes(1024 * 768 * channels), { raw: { width: 1024, height: 768, channels } });
    const bigPhoto = await noise(3).jpeg({ quality: 95 }).toBuffer();
    const bigMask = await noise(1).png().toBuffer();
    expect(bigPhoto.length).toBeGreaterThan(256 * 1024);
    expect(bigMask.length).toBeGreaterThan(256 * 1024);
    const stored = new Map<string, { type: string; name: string; bytes: Buffer }>();
    replicate.handler = async (req, body, res) => {
      if (req.method === 'POST' && req.url === '/v1/files') {
        const form = await new Request('http://replicate.test/v1/files', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type']! },
          body: new Uint8Array(body),
        }).formData();
        const content = form.get('content') as File;
        const id = `file-${stored.size + 1}`;
        stored.set(id, {
          type: content.type,
          name: content.name,
          bytes: Buffer.from(await content.arrayBuffer()),
        });
        return json(res, 201, {
          id,
          content_type: content.type,
          size: content.size,
          checksums: { sha256: 'x' },
          metadata: {},
          created_at: '2025-06-02T10:00:00.000Z',
          expires_at: null,
          urls: { get: `https://api.replicate.com/v1/files/${id}` },
        });
      }
      if (req.method === 'DELETE' && req.url?.startsWith('/v1/files/')) return res.writeHead(204).end();
      if (isCreate(req))
        return json(
          res,
          201,
          replicate.prediction('p-big', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
        );
      res.writeHead(404).end();
    };
    const { image } = await engine({
      model: `stability-ai/stable-diffusion-inpainting:${INPAINTING_VERSION}`,
    }).render(request({ image: bigPhoto, mask: bigMask, width: 1024, height: 768 }));
    expect((await sharp(image).metadata()).format).toBe('jpeg');

    await new Promise((resolve) => setTimeout(resolve, 50)); // the deletions run after the render
    expect(replicate.routes()).toEqual(
      expect.arrayContaining([
        'POST /v1/files',
        'POST /v1/predictions',
        'DELETE /v1/files/file-1',
        'DELETE /v1/files/file-2',
      ]),
    );
    expect(replicate.routes().slice(0, 3)).toEqual([
      'POST /v1/files',
      'POST /v1/files',
      'POST /v1/predictions',
    ]);
    for (const call of replicate.calls.filter((c) => c.url.startsWith('/v1/')))
      expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const [photoFile, maskFile] = [stored.get('file-1')!, stored.get('file-2')!];
    expect([photoFile.type, photoFile.name, photoFile.bytes.equals(bigPhoto)]).toEqual([
      'image/jpeg',
      'photo.jpeg',
      true,
    ]);
    expect([maskFile.type, maskFile.name, maskFile.bytes.equals(bigMask)]).toEqual([
      'image/png',
      'mask.png',
      true,
    ]);
    const create = replicate.calls.find((c) => c.url === '/v1/predictions')!;
    expect(create.body.length).toBeLessThan(10_000); // no data URI of hundreds of kB
    expect(sent(create)).toMatchObject({
      input: {
        image: 'https://api.replicate.com/v1/files/file-1',
        mask: 'https://api.replicate.com/v1/files/file-2',
      },
    });
  });

  it('runs an official model (no version) when the request names one, over the configured model', async () => {
    replicate.handler = (req, _body, res) =>
      isCreate(req)
        ? json(
            res,
            201,
            replicate.prediction('p-kontext', 'succeeded', {
              output: `${replicate.origin}/files/staged.png`,
            }),
          )
        : res.writeHead(404).end();
    await expectStagedJpeg(
      (await engine().render(request({ model: 'black-forest-labs/flux-kontext-pro' }))).image,
    );

    expect(replicate.routes()[0]).toBe('POST /v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(replicate.calls[0]!.headers.prefer).toMatch(/^wait=\d+$/);
    expect(sent(replicate.calls[0])).toEqual({
      input: {
        input_image: photoUri(),
        prompt: 'Virtually stage this photo as a living room',
        seed: 4242,
        aspect_ratio: 'match_input_image',
        output_format: 'jpg',
        safety_tolerance: 2,
      },
    });
  });

  it.each([
    ['NSFW content detected. Try running it again, or try a different prompt.', 'refused'],
    [
      'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
      'refused',
    ],
    ['CUDA out of memory. Tried to allocate 2.00 GiB', 'server_error'],
  ])('fails a prediction Replicate failed with "%s" as %s, without cancelling it', async (error, reason) => {
    replicate.handler = (req, _body, res) =>
      isCreate(req)
        ? json(res, 201, replicate.prediction('p-failed', 'processing'))
        : json(res, 200, replicate.prediction('p-failed', 'failed', { error }));
    const failure = engine().render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({ reason });
    expect(replicate.routes()).toEqual(['POST /v1/predictions', 'GET /v1/predictions/p-failed']);
  });

  it('fails as server_error when someone else cancels the prediction', async () => {
    replicate.handler = (req, _body, res) =>
      isCreate(req)
        ? json(res, 201, replicate.prediction('p-gone', 'starting'))
        : json(res, 200, replicate.prediction('p-gone', 'canceled'));
    const failure = engine().render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({
      reason: 'server_error',
      message: expect.stringMatching(/canceled/),
    });
  });

  it('fails as bad_output when the prediction succeeds without an image', async () => {
    replicate.handler = (_req, _body, res) => json(res, 201, replicate.prediction('p-empty', 'succeeded'));
    await expect(engine().render(request())).rejects.toMatchObject({ reason: 'bad_output' });
  });

  it('waits out the Retry-After of a 429 once, then succeeds', async () => {
    let creates = 0;
    replicate.handler = (req, _body, res) => {
      if (!isCreate(req)) return res.writeHead(404).end();
      creates++;
      if (creates === 1)
        return problem(res, 429, 'Request was throttled. Expected available in 1 second.', {
          'retry-after': '1',
        });
      json(
        res,
        201,
        replicate.prediction('p-throttled', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
      );
    };
    const started = Date.now();
    await expectStagedJpeg((await engine().render(request())).image);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(replicate.routes()).toEqual([
      'POST /v1/predictions',
      'POST /v1/predictions',
      'GET /files/staged.png',
    ]);
  });

  it('fails as rate_limited when 429s outlast the retries, without the SDK calling again', async () => {
    replicate.handler = (_req, _body, res) =>
      problem(res, 429, 'Request was throttled.', { 'retry-after': '0' });
    await expect(engine({ retries: 1 }).render(request())).rejects.toMatchObject({ reason: 'rate_limited' });
    expect(replicate.routes()).toEqual(['POST /v1/predictions', 'POST /v1/predictions']);
  });

  it('retries a 503 on the creation and a 502 while polling, then succeeds', async () => {
    let creates = 0;
    let polls = 0;
    replicate.handler = (req, _body, res) => {
      if (isCreate(req)) {
        creates++;
        return creates === 1
          ? res.writeHead(503).end('upstream unavailable')
          : json(res, 201, replicate.prediction('p-flaky', 'starting'));
      }
      polls++;
      if (polls === 1) return res.writeHead(502).end('bad gateway');
      json(
        res,
        200,
        replicate.prediction('p-flaky', 'succeeded', { output: `${replicate.origin}/files/staged.png` }),
      );
    };
    await expectStagedJpeg((await engine().render(request())).image);
    expect(replicate.routes()).toEqual([
      'POST /v1/predictions',
      'POST /v1/predictions',
      'GET /v1/predictions/p-flaky',
      'GET /v1/predictions/p-flaky',
      'GET /files/staged.png',
    ]);
  });

  it('fails as server_error after ENGINE_RETRIES retries of 5xx answers', async () => {
    replicate.handler = (_req, _body, res) => res.writeHead(500).end('internal error');
    await expect(engine({ retries: 2 }).render(request())).rejects.toMatchObject({ reason: 'server_error' });
    expect(replicate.routes()).toEqual([
      'POST /v1/predictions',
      'POST /v1/predictions',
      'POST /v1/predictions',
    ]);
  });

  it('fails at once as bad_request when Replicate rejects the input (422)', async () => {
    replicate.handler = (_req, _body, res) => problem(res, 422, '- input.image: Does not match format uri');
    await expect(engine().render(request())).rejects.toMatchObject({ reason: 'bad_request' });
    expect(replicate.calls).toHaveLength(1);
  });

  it('times out (ENGINE_TIMEOUT_SECONDS) on a prediction that never finishes, and cancels it', async () => {
    replicate.handler = (req, _body, res) => {
      if (isCreate(req)) return json(res, 201, replicate.prediction('p-slow', 'starting'));
      if (req.method === 'POST' && req.url === '/v1/predictions/p-slow/cancel')
        return json(res, 200, replicate.prediction('p-slow', 'canceled'));
      json(res, 200, replicate.prediction('p-slow', 'processing'));
    };
    const started = Date.now();
    const failure = engine({ timeoutSeconds: 1 }).render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(replicate.calls[0]!.headers.prefer).toBe('wait=1');
    const cancel = replicate.calls.at(-1)!;
    expect(`${cancel.method} ${cancel.url}`).toBe('POST /v1/predictions/p-slow/cancel');
    expect(cancel.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("stops as cancelled when the caller's signal aborts while polling, and cancels the prediction", async () => {
    replicate.handler = (req, _body, res) => {
      if (isCreate(req)) return json(res, 201, replicate.prediction('p-dropped', 'processing'));
      if (req.url === '/v1/predictions/p-dropped/cancel')
        return json(res, 200, replicate.prediction('p-dropped', 'canceled'));
      json(res, 200, replicate.prediction('p-dropped', 'processing'));
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const failure = engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'cancelled' });
    expect(replicate.routes().filter((route) => route.startsWith('GET')).length).toBeGreaterThan(0);
    expect(replicate.routes().at(-1)).toBe('POST /v1/predictions/p-dropped/cancel');
  });

  it('stops at once when aborted during the held sync wait, and cancels the prediction once it is known', async () => {
    let held: ServerResponse | undefined;
    replicate.handler = (req, _body, res) => {
      if (isCreate(req)) {
        held = res; // Replicate holds the answer while the model runs (Prefer: wait)
        return;
      }
      if (req.url === '/v1/predictions/p-held/cancel')
        return json(res, 200, replicate.prediction('p-held', 'canceled'));
      res.writeHead(404).end();
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const failure = engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal });
    await expect(failure).rejects.toMatchObject({ name: 'StagingTimeoutError', reason: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1000);

    json(held!, 201, replicate.prediction('p-held', 'processing'));
    for (
      let waited = 0;
      waited < 2000 && !replicate.routes().includes('POST /v1/predictions/p-held/cancel');
      waited += 20
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replicate.routes()).toEqual(['POST /v1/predictions', 'POST /v1/predictions/p-held/cancel']);
  });
});

describe('Replicate model inputs', () => {
  const files = { image: 'data:image/jpeg;base64,UEhPVE8=', mask: 'data:image/png;base64,TUFTSw==' };
  const staging = { prompt: 'Stage it', seed: 7 };
  const keys = (model: string, withMask = files) =>
    Object.keys(buildReplicateInput(replicateModelInput(model), staging, withMask)).sort();

  it('sends each listed model the input keys of its Replicate schema', () => {
    expect(Object.keys(REPLICATE_MODELS).sort()).toEqual([
      'adirik/interior-design',
      'black-forest-labs/flux-kontext-pro',
      'stability-ai/stable-diffusion-inpainting',
    ]);
    // A model without a mask input gets none even when the caller sends one.
    expect(keys('adirik/interior-design')).toEqual([
      'guidance_scale',
      'image',
      'negative_prompt',
      'num_inference_steps',
      'prompt',
      'prompt_strength',
      'seed',
    ]);
    expect(keys('black-forest-labs/flux-kontext-pro')).toEqual([
      'aspect_ratio',
      'input_image',
      'output_format',
      'prompt',
      'safety_tolerance',
      'seed',
    ]);
    expect(keys(`stability-ai/stable-diffusion-inpainting:${INPAINTING_VERSION}`)).toEqual([
      'guidance_scale',
      'image',
      'mask',
      'negative_prompt',
      'num_inference_steps',
      'num_outputs',
      'prompt',
      'seed',
    ]);
    expect(replicateModelInput('stability-ai/stable-diffusion-inpainting').mask).toEqual({
      key: 'mask',
      required: true,
    });

    // Unknown models: image, prompt, seed, and the mask only when there is one.
    expect(buildReplicateInput(replicateModelInput('someone/room-model:abc123'), staging, files)).toEqual({
      image: files.image,
      prompt: 'Stage it',
      seed: 7,
      mask: files.mask,
    });
    expect(keys('someone/room-model', { image: files.image } as typeof files)).toEqual([
      'image',
      'prompt',
      'seed',
    ]);
  });

  it('reads the image from a URL string or an array of URLs, and parses model identifiers', () => {
    const url = 'https://replicate.delivery/xezq/out-0.png';
    const map = 'https://replicate.delivery/xezq/control-map.png';
    expect(replicateOutputUrl(replicateModelInput('adirik/interior-design'), url)).toBe(url);
    expect(
      replicateOutputUrl(replicateModelInput('stability-ai/stable-diffusion-inpainting'), [url, map]),
    ).toBe(url);
    expect(replicateOutputUrl(replicateModelInput('someone/controlnet'), [map, url])).toBe(url);
    expect(replicateOutputUrl(replicateModelInput('someone/controlnet'), null)).toBeUndefined();
    expect(replicateOutputUrl(replicateModelInput('someone/controlnet'), [])).toBeUndefined();

    expect(parseReplicateModel(`adirik/interior-design:${INTERIOR_VERSION}`)).toEqual({
      owner: 'adirik',
      name: 'interior-design',
      version: INTERIOR_VERSION,
    });
    expect(parseReplicateModel('black-forest-labs/flux-kontext-pro')).toEqual({
      owner: 'black-forest-labs',
      name: 'flux-kontext-pro',
    });
    expect(parseReplicateModel('flux-kontext-pro')).toBeUndefined();
  });
});
