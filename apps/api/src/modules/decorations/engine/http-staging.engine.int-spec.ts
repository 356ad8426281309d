import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { json, LoopbackServer } from '../../../../test/loopback-server';
import { HttpStagingEngine, type HttpStagingEngineOptions } from './http-staging.engine';
import {
  StagingFailedError,
  StagingTimeoutError,
  type StagingRequest,
  type StagingStage,
} from './staging-engine.port';

describe('HttpStagingEngine against a staging service on loopback', () => {
  // A staging service speaking the adapter's protocol; each test sets how it answers.
  const service = new LoopbackServer();
  let url: string;
  let photo: Buffer;
  let decorated: Buffer;
  const engine = (overrides: Partial<HttpStagingEngineOptions> = {}) =>
    new HttpStagingEngine({ url, timeoutSeconds: 5, pollMs: 20, retries: 2, backoffMs: 20, ...overrides });
  const request = (): StagingRequest => ({
    image: photo,
    width: 320,
    height: 240,
    roomType: 'bedroom',
    style: 'scandinavian',
    seed: 77,
    prompt: 'Virtually stage this photo as a bedroom',
    mask: Buffer.from('mask-bytes'),
  });

  beforeAll(async () => {
    url = await service.start();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    // The service answers a PNG at another size: the adapter must hand back a JPEG of the photo's size.
    decorated = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#304050ff' } })
      .png()
      .toBuffer();
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    service.calls.length = 0;
  });

  async function expectPhotoSizedJpeg(out: Buffer): Promise<void> {
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 320, 240]);
    const { channels } = await sharp(out).stats();
    expect(Math.round(channels[2]!.mean)).toBeGreaterThan(70); // the service's blue, not the photo's beige
  }

  it('sends the photo, room type, style, prompt, seed and mask, and takes a synchronous image answer', async () => {
    service.handler = (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(decorated);
    const { image: out } = await engine().render(request());
    await expectPhotoSizedJpeg(out);

    expect(service.calls).toHaveLength(1);
    const [call] = service.calls;
    expect([call!.method, call!.url]).toEqual(['POST', '/render']);
    const sent = JSON.parse(call!.body.toString()) as Record<string, unknown>;
    expect(sent).toEqual({
      image: photo.toString('base64'),
      mask: Buffer.from('mask-bytes').toString('base64'),
      width: 320,
      height: 240,
      roomType: 'bedroom',
      style: 'scandinavian',
      prompt: 'Virtually stage this photo as a bedroom',
      seed: 77,
    });
  });

  it('follows an asynchronous job: polls until it succeeds, then downloads the image from imageUrl', async () => {
    let polls = 0;
    service.handler = (req, _body, res) => {
      if (req.method === 'POST' && req.url === '/render') return json(res, 202, { jobId: 'job-1' });
      if (req.url === '/jobs/job-1') {
        polls++;
        if (polls < 3) return json(res, 200, { status: polls === 1 ? 'queued' : 'running', progress: 50 });
        return json(res, 200, { status: 'succeeded', imageUrl: '/results/job-1.png' });
      }
      if (req.url === '/results/job-1.png')
        return res.writeHead(200, { 'content-type': 'image/png' }).end(decorated);
      res.writeHead(404).end();
    };
    const progress: [StagingStage, number][] = [];
    const { image: out } = await engine().render(request(), {
      onProgress: (stage, percent) => progress.push([stage, percent]),
    });
    await expectPhotoSizedJpeg(out);
    expect(polls).toBe(3);
    expect(service.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /render',
      'GET /jobs/job-1',
      'GET /jobs/job-1',
      'GET /jobs/job-1',
      'GET /results/job-1.png',
    ]);
    expect(progress).toEqual([
      ['analysing', 10],
      ['analysing', 30],
      ['rendering', 40],
      ['rendering', 65],
      ['rendering', 65],
      ['rendering', 90],
    ]);
  });

  it('takes a finished job that carries the image inline (base64)', async () => {
    service.handler = (req, _body, res) => {
      if (req.method === 'POST') return json(res, 202, { jobId: 'job-2' });
      return json(res, 200, { status: 'succeeded', image: decorated.toString('base64') });
    };
    await expectPhotoSizedJpeg((await engine().render(request())).image);
  });

  it('retries after a 503 and then succeeds', async () => {
    let attempts = 0;
    service.handler = (_req, _body, res) => {
      attempts++;
      if (attempts === 1) return res.writeHead(503).end('restarting');
      res.writeHead(200, { 'content-type': 'image/png' }).end(decorated);
    };
    await expectPhotoSizedJpeg((await engine().render(request())).image);
    expect(attempts).toBe(2);
  });

  it('gives up with StagingFailedError after ENGINE_RETRIES retries of 5xx answers', async () => {
    service.handler = (_req, _body, res) => res.writeHead(502).end();
    await expect(engine({ retries: 2 }).render(request())).rejects.toBeInstanceOf(StagingFailedError);
    expect(service.calls).toHaveLength(3);
  });

  it('retries a network error (nothing listening) and then fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(engine({ url: deadUrl, retries: 1 }).render(request())).rejects.toBeInstanceOf(
      StagingFailedError,
    );
  });

  it('fails at once, without retrying, on a job the service reports as failed', async () => {
    service.handler = (req, _body, res) => {
      if (req.method === 'POST') return json(res, 202, { jobId: 'job-3' });
      return json(res, 200, { status: 'failed', error: 'no floor found' });
    };
    const failure = engine().render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toThrow(/no floor found/);
    expect(service.calls).toHaveLength(2);
  });

  it('fails on a job status it does not know instead of polling until the timeout', async () => {
    service.handler = (req, _body, res) => {
      if (req.method === 'POST') return json(res, 202, { jobId: 'job-4' });
      return json(res, 200, { status: 'cancelled' });
    };
    await expect(engine().render(request())).rejects.toThrow(/unknown job status: cancelled/);
  });

  it('fails at once on a 4xx refusal', async () => {
    service.handler = (_req, _body, res) => json(res, 422, { error: 'bad image' });
    await expect(engine().render(request())).rejects.toBeInstanceOf(StagingFailedError);
    expect(service.calls).toHaveLength(1);
  });

  it('fails when the service answers something that is not an image', async () => {
    service.handler = (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>oops</html>');
    await expect(engine().render(request())).rejects.toBeInstanceOf(StagingFailedError);
  });

  it('times out (ENGINE_TIMEOUT_SECONDS) when a job never finishes', async () => {
    service.handler = (req, _body, res) => {
      if (req.method === 'POST') return json(res, 202, { jobId: 'slow' });
      return json(res, 200, { status: 'running' });
    };
    const started = Date.now();
    await expect(engine({ timeoutSeconds: 1 }).render(request())).rejects.toBeInstanceOf(StagingTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out when a synchronous answer never comes', async () => {
    service.handler = () => undefined; // holds the connection open
    await expect(engine({ timeoutSeconds: 1 }).render(request())).rejects.toBeInstanceOf(StagingTimeoutError);
  });

  it("stops with StagingTimeoutError when the caller's signal aborts", async () => {
    service.handler = (req, _body, res) => {
      if (req.method === 'POST') return json(res, 202, { jobId: 'aborted' });
      return json(res, 200, { status: 'running' });
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(StagingTimeoutError);
  });
});
