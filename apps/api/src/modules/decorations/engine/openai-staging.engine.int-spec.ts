import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { json, LoopbackServer } from '../../../../test/loopback-server';
import {
  OpenAiStagingEngine,
  REFERENCE_INSTRUCTION,
  type OpenAiStagingEngineOptions,
} from './openai-staging.engine';
import {
  StagingFailedError,
  StagingTimeoutError,
  type StagingRequest,
  type StagingStage,
} from './staging-engine.port';

interface EditCall {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string;
  form: FormData;
}

type Handler = (call: EditCall, res: ServerResponse, req: IncomingMessage) => void;

/**
 * OpenAI's `POST /v1/images/edits` on loopback: reads the multipart body as the real endpoint does and
 * answers as each test says (the JSON shapes are those of the API reference).
 */
class FakeOpenAi {
  private readonly server = new LoopbackServer();
  handler: Handler = (_call, res) => res.writeHead(500).end();
  readonly calls: EditCall[] = [];

  constructor() {
    this.server.handler = (req, body, res) => {
      const contentType = req.headers['content-type'] ?? '';
      void new Request('http://loopback/', { method: 'POST', headers: { 'content-type': contentType }, body })
        .formData()
        .catch(() => new FormData())
        .then((form) => {
          const call = {
            method: req.method ?? '',
            url: req.url ?? '',
            authorization: req.headers.authorization,
            contentType,
            form,
          };
          this.calls.push(call);
          this.handler(call, res, req);
        });
    };
  }

  start(): Promise<string> {
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

const apiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

async function partPixels(part: ReturnType<FormData['get']>) {
  if (!(part instanceof Blob)) throw new Error('expected a file part');
  const bytes = Buffer.from(await part.arrayBuffer());
  const metadata = await sharp(bytes).metadata();
  return { type: part.type, bytes, metadata };
}

describe('OpenAiStagingEngine against the Images edits endpoint on loopback', () => {
  const openAi = new FakeOpenAi();
  let url: string;
  let photo: Buffer;
  let leftHalfPaintable: Buffer;
  let staged: Buffer;
  const engine = (overrides: Partial<OpenAiStagingEngineOptions> = {}) =>
    new OpenAiStagingEngine({
      apiKey: 'sk-test',
      baseUrl: `${url}/v1`,
      model: 'gpt-image-1',
      timeoutSeconds: 5,
      retries: 2,
      ...overrides,
    });
  const request = (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
    image: photo,
    width: 320,
    height: 240,
    roomType: 'livingroom',
    style: 'scandinavian',
    seed: 7,
    prompt: 'Virtually stage this photo as a living room',
    mask: leftHalfPaintable,
    ...overrides,
  });
  const succeed = (res: ServerResponse) =>
    json(res, 200, {
      created: 1_750_000_000,
      background: 'opaque',
      output_format: 'png',
      quality: 'high',
      size: '1536x1024',
      data: [{ b64_json: staged.toString('base64') }],
      usage: { input_tokens: 1200, output_tokens: 6240, total_tokens: 7440 },
    });

  beforeAll(async () => {
    url = await openAi.start();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    leftHalfPaintable = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#000000' },
    })
      .composite([
        {
          input: await sharp({ create: { width: 160, height: 240, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    staged = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#304050' } })
      .png()
      .toBuffer();
  });
  afterAll(() => openAi.stop());
  beforeEach(() => {
    openAi.calls.length = 0;
  });

  async function expectStagedJpeg(out: Buffer): Promise<void> {
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 320, 240]);
    const { channels } = await sharp(out).stats();
    expect(channels.map((channel) => Math.round(channel.mean))).toEqual([
      expect.closeTo(0x30, -1),
      expect.closeTo(0x40, -1),
      expect.closeTo(0x50, -1),
    ]);
  }

  it('sends the documented multipart edit and returns the answer as a photo-sized JPEG', async () => {
    openAi.handler = (_call, res) => succeed(res);
    const progress: [StagingStage, number][] = [];
    const { image } = await engine().render(request(), {
      onProgress: (stage, percent) => progress.push([stage, percent]),
    });
    await expectStagedJpeg(image);
    expect(progress).toEqual([
      ['analysing', 10],
      ['rendering', 40],
      ['rendering', 90],
    ]);

    expect(openAi.calls).toHaveLength(1);
    const [call] = openAi.calls;
    expect([call!.method, call!.url, call!.authorization]).toEqual([
      'POST',
      '/v1/images/edits',
      'Bearer sk-test',
    ]);
    expect(call!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = call!.form;
    expect([...form.keys()].sort()).toEqual(
      ['image', 'input_fidelity', 'mask', 'model', 'n', 'prompt', 'quality', 'size'].sort(),
    );
    expect({
      model: form.get('model'),
      prompt: form.get('prompt'),
      input_fidelity: form.get('input_fidelity'),
      size: form.get('size'),
      quality: form.get('quality'),
      n: form.get('n'),
    }).toEqual({
      model: 'gpt-image-1',
      prompt: 'Virtually stage this photo as a living room',
      input_fidelity: 'high',
      size: '1536x1024', // a 4:3 photo goes out as the landscape size
      quality: 'high',
      n: '1',
    });

    const sent = await partPixels(form.get('image'));
    const mask = await partPixels(form.get('mask'));
    expect([sent.type, sent.metadata.format, sent.metadata.width, sent.metadata.height]).toEqual([
      'image/png',
      'png',
      1536,
      1024,
    ]);
    expect([
      mask.type,
      mask.metadata.format,
      mask.metadata.width,
      mask.metadata.height,
      mask.metadata.channels,
    ]).toEqual(['image/png', 'png', 1536, 1024, 4]);
    const { channels } = await sharp(sent.bytes).stats();
    expect(Math.round(channels[0]!.mean)).toBeCloseTo(0xc8, -1); // the photo itself, resized

    // Transparent (may paint) exactly where our mask was white: the left half.
    const { data: alpha } = await sharp(mask.bytes)
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => alpha[y * 1536 + x]!;
    expect([at(10, 10), at(700, 1000), at(840, 10), at(1530, 1000)]).toEqual([0, 0, 255, 255]);
    const transparent = alpha.filter((value) => value === 0).length / alpha.length;
    expect(transparent).toBeCloseTo(0.5, 2);
  });

  it('sends the default staging mask when the request has none: the top of the photo stays', async () => {
    openAi.handler = (_call, res) => succeed(res);
    await engine().render(request({ mask: undefined }));
    const mask = await partPixels(openAi.calls[0]!.form.get('mask'));
    const { data: alpha } = await sharp(mask.bytes)
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => alpha[y * 1536 + x]!;
    expect([at(768, 0), at(768, 450), at(768, 470), at(768, 1023)]).toEqual([255, 255, 0, 0]);
  });

  it('sends a portrait photo at the portrait size', async () => {
    openAi.handler = (_call, res) => succeed(res);
    const portrait = await sharp({ create: { width: 240, height: 320, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    const { image } = await engine().render(
      request({ image: portrait, width: 240, height: 320, mask: undefined }),
    );
    const form = openAi.calls[0]!.form;
    expect(form.get('size')).toBe('1024x1536');
    expect((await partPixels(form.get('image'))).metadata.height).toBe(1536);
    expect((await partPixels(form.get('mask'))).metadata.height).toBe(1536);
    const metadata = await sharp(image).metadata();
    expect([metadata.width, metadata.height]).toEqual([240, 320]);
  });

  it('sends the style lock’s reference as a second image to match, with the instruction, and masks only the photo', async () => {
    openAi.handler = (_call, res) => succeed(res);
    const reference = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2050a0' } })
      .jpeg()
      .toBuffer();
    await engine().render(request({ reference }));
    const form = openAi.calls[0]!.form;
    // The SDK sends an array of files as repeated `image[]` parts, the photo first.
    expect(form.has('image')).toBe(false);
    const [photo, second] = form.getAll('image[]');
    const [sentPhoto, sentReference] = await Promise.all([partPixels(photo!), partPixels(second!)]);
    expect([sentPhoto.metadata.width, sentReference.metadata.width]).toEqual([1536, 1536]);
    const { channels } = await sharp(sentReference.bytes).stats();
    expect(Math.round(channels[2]!.mean)).toBeGreaterThan(140); // the reference's blue, not the photo's beige
    expect(form.get('prompt')).toBe(`${request().prompt} ${REFERENCE_INSTRUCTION}`);
    expect((await partPixels(form.get('mask'))).metadata.width).toBe(1536);
  });

  it('uses the model the request names, without input_fidelity where that model rejects it', async () => {
    openAi.handler = (_call, res) => succeed(res);
    await engine().render(request({ model: 'gpt-image-1.5' }));
    await engine().render(request({ model: 'gpt-image-1-mini' }));
    const [full, mini] = openAi.calls.map((call) => call.form);
    expect([full!.get('model'), full!.get('input_fidelity')]).toEqual(['gpt-image-1.5', 'high']);
    expect([mini!.get('model'), mini!.has('input_fidelity')]).toEqual(['gpt-image-1-mini', false]);
  });

  // Early in the file: the SDK's own 2 s sleep runs on in the background after the render has stopped.
  it("cancels promptly during the SDK's wait for a Retry-After", async () => {
    const controller = new AbortController();
    openAi.handler = (_call, res) => {
      json(res, 429, apiError('Rate limit reached for gpt-image-1', 'requests', 'rate_limit_exceeded'), {
        'retry-after': '2',
      });
      setTimeout(() => controller.abort(), 50);
    };
    const started = Date.now();
    await expect(
      engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'StagingTimeoutError', reason: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(openAi.calls).toHaveLength(1);
  });

  it('waits out a 429 as its retry-after-ms says, then succeeds', async () => {
    openAi.handler = (_call, res) => {
      if (openAi.calls.length === 1) {
        return json(
          res,
          429,
          apiError('Rate limit reached for gpt-image-1', 'requests', 'rate_limit_exceeded'),
          {
            'retry-after-ms': '10',
          },
        );
      }
      succeed(res);
    };
    await expectStagedJpeg((await engine().render(request())).image);
    expect(openAi.calls).toHaveLength(2);
  });

  it("fails as rate_limited when 429s outlast the SDK's retries", async () => {
    openAi.handler = (_call, res) =>
      json(res, 429, apiError('Rate limit reached for gpt-image-1', 'requests', 'rate_limit_exceeded'), {
        'retry-after': '0',
      });
    const failure = engine({ retries: 2 }).render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({ reason: 'rate_limited' });
    expect(openAi.calls).toHaveLength(3);
  });

  it('fails as refused, without retrying, when the safety system rejects the request', async () => {
    openAi.handler = (_call, res) =>
      json(
        res,
        400,
        apiError(
          'Your request was rejected by the safety system',
          'image_generation_user_error',
          'moderation_blocked',
        ),
      );
    await expect(engine().render(request())).rejects.toMatchObject({
      name: 'StagingFailedError',
      reason: 'refused',
    });
    expect(openAi.calls).toHaveLength(1);
  });

  it('fails as bad_request, without retrying, on any other 4xx', async () => {
    openAi.handler = (_call, res) =>
      json(
        res,
        401,
        apiError('Incorrect API key provided: sk-test.', 'invalid_request_error', 'invalid_api_key'),
      );
    await expect(engine().render(request())).rejects.toMatchObject({
      name: 'StagingFailedError',
      reason: 'bad_request',
    });
    expect(openAi.calls).toHaveLength(1);
  });

  it('retries a 500 and then succeeds', async () => {
    openAi.handler = (_call, res) => {
      if (openAi.calls.length === 1) {
        return json(
          res,
          500,
          apiError('The server had an error while processing your request.', 'server_error', null),
          {
            'retry-after-ms': '10',
          },
        );
      }
      succeed(res);
    };
    await expectStagedJpeg((await engine().render(request())).image);
    expect(openAi.calls).toHaveLength(2);
  });

  it('fails as server_error when 5xx answers outlast the retries', async () => {
    openAi.handler = (_call, res) =>
      json(res, 503, apiError('The engine is currently overloaded.', 'server_error', null), {
        'retry-after-ms': '10',
      });
    await expect(engine({ retries: 2 }).render(request())).rejects.toMatchObject({
      name: 'StagingFailedError',
      reason: 'server_error',
    });
    expect(openAi.calls).toHaveLength(3);
  });

  it('fails as bad_output when the answer holds no b64_json', async () => {
    openAi.handler = (_call, res) =>
      json(res, 200, { created: 1_750_000_000, data: [{ url: 'https://example.com/x.png' }] });
    await expect(engine().render(request())).rejects.toMatchObject({
      name: 'StagingFailedError',
      reason: 'bad_output',
    });
  });

  it('fails as bad_request, sending nothing, when the photo cannot be read', async () => {
    openAi.handler = (_call, res) => succeed(res);
    await expect(
      engine().render(request({ image: Buffer.from('not a photo'), mask: undefined })),
    ).rejects.toMatchObject({ name: 'StagingFailedError', reason: 'bad_request' });
    expect(openAi.calls).toHaveLength(0);
  });

  it('fails as network when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(engine({ baseUrl: deadUrl, retries: 0 }).render(request())).rejects.toMatchObject({
      name: 'StagingFailedError',
      reason: 'network',
    });
  });

  it('times out (timeoutSeconds) when OpenAI never answers', async () => {
    openAi.handler = () => undefined; // holds the connection open
    const started = Date.now();
    await expect(engine({ timeoutSeconds: 1, retries: 2 }).render(request())).rejects.toMatchObject({
      name: 'StagingTimeoutError',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cancels when the caller aborts mid-request, closing the request on the server', async () => {
    const controller = new AbortController();
    let closedOnServer!: Promise<void>;
    openAi.handler = (_call, res) => {
      closedOnServer = new Promise((resolve) => res.on('close', () => resolve()));
      controller.abort();
    };
    const failure = engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'cancelled' });
    await closedOnServer;
    expect(openAi.calls).toHaveLength(1);
  });
});
