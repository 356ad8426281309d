import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { json, LoopbackServer } from '../../../../test/loopback-server';
import {
  ComfyUiStagingEngine,
  STAGING_NEGATIVE_PROMPT,
  stagingSlots,
  type ComfyUiStagingEngineOptions,
} from './comfyui-staging.engine';
import { SHIPPED_STAGING_WORKFLOW, type ComfyUiWorkflow } from './comfyui-staging.workflow';
import {
  StagingFailedError,
  StagingTimeoutError,
  type StagingRequest,
  type StagingStage,
} from './staging-engine.port';

const SHIPPED_JSON = join(__dirname, '../../../../../../docker/comfyui/staging-workflow.json');

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** How the fake ComfyUI ends a prompt: its history after `runningPolls` empty answers. */
interface Script {
  runningPolls: number;
  outcome: 'success' | 'error' | 'no_image' | 'never';
  /** Whether GET /queue shows our prompt running (else another client's runs and ours waits). */
  ourPromptRuns: boolean;
}

/** ComfyUI's HTTP API on loopback, answering as server.py does; each test scripts the prompt's fate. */
class FakeComfyUi {
  private readonly server = new LoopbackServer();
  readonly calls: Call[] = [];
  /** Uploaded files by name, as ComfyUI's input folder would hold them. */
  readonly inputs = new Map<string, { bytes: Buffer; mime: string; fields: string[] }>();
  script: Script = { runningPolls: 2, outcome: 'success', ourPromptRuns: true };
  /** Answers before the scripted ComfyUI; return true when it answered. */
  intercept: (call: Call, res: ServerResponse) => boolean = () => false;
  decorated!: Buffer;
  /** Queued prompts by id, in order. */
  readonly prompts = new Map<string, { workflow: ComfyUiWorkflow; polls: number }>();
  private promptNumber = 0;

  constructor() {
    this.server.handler = (req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://comfyui');
      const call = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      this.calls.push(call);
      if (this.intercept(call, res)) return;
      void Promise.resolve(this.answer(call, res)).catch(() => res.writeHead(500).end());
    };
  }

  start(): Promise<string> {
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  reset(): void {
    this.calls.length = 0;
    this.inputs.clear();
    this.prompts.clear();
    this.script = { runningPolls: 2, outcome: 'success', ourPromptRuns: true };
    this.intercept = () => false;
  }

  /** The one workflow POSTed to /prompt, as JSON. */
  /** The id ComfyUI gave the one queued prompt. */
  promptId(): string {
    const ids = [...this.prompts.keys()];
    expect(ids).toHaveLength(1);
    return ids[0]!;
  }

  submitted(): { prompt: ComfyUiWorkflow; client_id?: unknown } {
    const posts = this.calls.filter((c) => c.method === 'POST' && c.path === '/prompt');
    expect(posts).toHaveLength(1);
    return JSON.parse(posts[0]!.body.toString()) as { prompt: ComfyUiWorkflow; client_id?: unknown };
  }

  private async answer(call: Call, res: ServerResponse): Promise<unknown> {
    const route = `${call.method} ${call.path}`;
    if (route === 'POST /upload/image') {
      const form = await new Request('http://comfyui/upload/image', {
        method: 'POST',
        headers: { 'content-type': String(call.headers['content-type']) },
        body: call.body,
      }).formData();
      const image = form.get('image');
      if (!(image instanceof Blob) || !('name' in image)) return res.writeHead(400).end();
      const name = String(image.name);
      this.inputs.set(name, {
        bytes: Buffer.from(await image.arrayBuffer()),
        mime: image.type,
        fields: [...form.keys()],
      });
      return json(res, 200, { name, subfolder: String(form.get('subfolder') ?? ''), type: form.get('type') });
    }
    if (route === 'POST /prompt') {
      const { prompt } = JSON.parse(call.body.toString()) as { prompt: ComfyUiWorkflow };
      const id = randomUUID();
      this.prompts.set(id, { workflow: prompt, polls: 0 });
      return json(res, 200, { prompt_id: id, number: this.promptNumber++, node_errors: {} });
    }
    if (call.method === 'GET' && call.path.startsWith('/history/')) {
      const id = decodeURIComponent(call.path.slice('/history/'.length));
      const prompt = this.prompts.get(id);
      if (!prompt || this.script.outcome === 'never' || prompt.polls++ < this.script.runningPolls)
        return json(res, 200, {});
      return json(res, 200, { [id]: this.historyEntry(id, prompt.workflow) });
    }
    if (route === 'GET /view') {
      const known =
        call.query.get('filename') === 'staging_00001_.png' && call.query.get('type') === 'output';
      if (!known) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'image/png' }).end(this.decorated);
    }
    if (route === 'GET /queue') {
      const [ours] = [...this.prompts.keys()];
      const other = [99, 'another-clients-prompt', {}, {}, []];
      const mine = [0, ours, {}, {}, []];
      return json(res, 200, {
        queue_running: this.script.ourPromptRuns ? [mine] : [other],
        queue_pending: this.script.ourPromptRuns ? [] : [mine],
      });
    }
    if (route === 'POST /queue' || route === 'POST /interrupt') return res.writeHead(200).end();
    return res.writeHead(404).end();
  }

  private historyEntry(id: string, workflow: ComfyUiWorkflow) {
    const saver = Object.keys(workflow).find((node) => workflow[node]!.class_type === 'SaveImage')!;
    const started = ['execution_start', { prompt_id: id, timestamp: 1 }];
    if (this.script.outcome === 'error') {
      return {
        prompt: [0, id, workflow, {}, [saver]],
        outputs: {},
        status: {
          status_str: 'error',
          completed: false,
          messages: [
            started,
            [
              'execution_error',
              {
                prompt_id: id,
                node_id: '11',
                node_type: 'KSampler',
                executed: ['1', '2'],
                exception_message: 'Allocation on device 0 would exceed allowed memory. (out of memory)',
                exception_type: 'torch.OutOfMemoryError',
                traceback: [],
                current_inputs: {},
                current_outputs: {},
                timestamp: 2,
              },
            ],
          ],
        },
      };
    }
    const images =
      this.script.outcome === 'no_image'
        ? []
        : [{ filename: 'staging_00001_.png', subfolder: 'estancia', type: 'output' }];
    return {
      prompt: [0, id, workflow, {}, [saver]],
      outputs: { [saver]: { images } },
      status: {
        status_str: 'success',
        completed: true,
        messages: [started, ['execution_success', { prompt_id: id, timestamp: 3 }]],
      },
    };
  }
}

/** The id of the node with this title in a workflow. */
function titled(workflow: ComfyUiWorkflow, title: string): string {
  const ids = Object.keys(workflow).filter((id) => workflow[id]!._meta?.title === title);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

describe('ComfyUiStagingEngine against ComfyUI on loopback', () => {
  const comfy = new FakeComfyUi();
  let url: string;
  let photo: Buffer;
  let mask: Buffer;
  const engine = (overrides: Partial<ComfyUiStagingEngineOptions> = {}) =>
    new ComfyUiStagingEngine({ url, timeoutSeconds: 5, pollMs: 20, retries: 2, backoffMs: 20, ...overrides });
  const request = (overrides: Partial<StagingRequest> = {}): StagingRequest => ({
    image: photo,
    width: 320,
    height: 240,
    roomType: 'bedroom',
    style: 'scandinavian',
    seed: 77,
    prompt: 'Virtually stage this photo as a bedroom',
    mask,
    ...overrides,
  });

  beforeAll(async () => {
    url = await comfy.start();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8c0b0' } })
      .jpeg()
      .toBuffer();
    // The customer's mask at half size, white (may paint) on the right half only.
    mask = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#000000' } })
      .composite([
        {
          input: await sharp({ create: { width: 80, height: 120, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
          left: 80,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    // ComfyUI saves a PNG at its own (1 megapixel) size: the adapter must hand back a JPEG of the photo's size.
    comfy.decorated = await sharp({
      create: { width: 1184, height: 888, channels: 3, background: '#304050' },
    })
      .png()
      .toBuffer();
  });
  afterAll(() => comfy.stop());
  beforeEach(() => comfy.reset());

  const routes = () => comfy.calls.map((c) => `${c.method} ${c.path}`);

  async function expectPhotoSizedJpeg(out: Buffer): Promise<void> {
    const metadata = await sharp(out).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 320, 240]);
    const { channels } = await sharp(out).stats();
    expect(Math.round(channels[2]!.mean)).toBeGreaterThan(70); // ComfyUI's blue, not the photo's beige
  }

  /** Greyscale value of the uploaded mask at (x, y). */
  async function maskValue(bytes: Buffer, x: number, y: number): Promise<number> {
    const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    return data[(y * info.width + x) * info.channels]!;
  }

  it('uploads the photo and mask, queues the shipped workflow filled in, polls its history and fetches the image', async () => {
    const progress: [StagingStage, number][] = [];
    const { image: out } = await engine().render(request(), {
      onProgress: (stage, percent) => progress.push([stage, percent]),
    });
    await expectPhotoSizedJpeg(out);

    const history = `GET /history/${comfy.promptId()}`;
    expect(routes()).toEqual([
      'POST /upload/image',
      'POST /upload/image',
      'POST /prompt',
      history,
      history,
      history,
      'GET /view',
    ]);

    const [photoName, maskName] = [...comfy.inputs.keys()];
    expect(photoName).toMatch(/^estancia-[0-9a-f]{24}-photo\.jpg$/);
    expect(maskName).toMatch(/^estancia-[0-9a-f]{24}-mask\.png$/);
    const uploadedPhoto = comfy.inputs.get(photoName!)!;
    expect(uploadedPhoto.fields).toEqual(['image', 'type', 'overwrite']);
    expect(uploadedPhoto.mime).toBe('image/jpeg');
    expect(uploadedPhoto.bytes.equals(photo)).toBe(true);
    const uploads = comfy.calls.filter((c) => c.path === '/upload/image');
    for (const upload of uploads) {
      const form = await new Request('http://comfyui/', {
        method: 'POST',
        headers: { 'content-type': String(upload.headers['content-type']) },
        body: upload.body,
      }).formData();
      expect([form.get('type'), form.get('overwrite')]).toEqual(['input', 'true']);
    }
    // The mask goes up as a PNG of the photo's size, still white on the right half only.
    const uploadedMask = comfy.inputs.get(maskName!)!.bytes;
    const maskMeta = await sharp(uploadedMask).metadata();
    expect([maskMeta.format, maskMeta.width, maskMeta.height]).toEqual(['png', 320, 240]);
    expect(await maskValue(uploadedMask, 40, 120)).toBe(0);
    expect(await maskValue(uploadedMask, 280, 120)).toBe(255);

    // The shipped workflow, untouched except where the titles say.
    const sent = comfy.submitted();
    expect(typeof sent.client_id).toBe('string');
    expect(String(sent.client_id).length).toBeGreaterThan(0);
    const expected = structuredClone(SHIPPED_STAGING_WORKFLOW);
    expected[titled(expected, 'Estancia photo')]!.inputs['image'] = photoName;
    expected[titled(expected, 'Estancia mask')]!.inputs['image'] = maskName;
    expected[titled(expected, 'Estancia prompt')]!.inputs['text'] = 'Virtually stage this photo as a bedroom';
    expected[titled(expected, 'Estancia negative')]!.inputs['text'] = STAGING_NEGATIVE_PROMPT;
    expected[titled(expected, 'Estancia seed')]!.inputs['seed'] = 77;
    expect(sent.prompt).toEqual(expected);

    const view = comfy.calls.find((c) => c.path === '/view')!;
    expect(Object.fromEntries(view.query)).toEqual({
      filename: 'staging_00001_.png',
      subfolder: 'estancia',
      type: 'output',
    });
    expect(progress).toEqual([
      ['analysing', 10],
      ['analysing', 30],
      ['rendering', 40],
      ['rendering', 90],
    ]);
  });

  it('without a mask lets ComfyUI paint below the top 40% of the photo, and uses the staff-chosen checkpoint', async () => {
    await engine().render(request({ mask: undefined, model: 'juggernautXL_inpainting.safetensors' }));

    const maskName = [...comfy.inputs.keys()].find((name) => name.endsWith('-mask.png'))!;
    const uploaded = comfy.inputs.get(maskName)!.bytes;
    const meta = await sharp(uploaded).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(await maskValue(uploaded, 160, 10)).toBe(0);
    expect(await maskValue(uploaded, 160, 94)).toBe(0);
    expect(await maskValue(uploaded, 160, 97)).toBe(255);
    expect(await maskValue(uploaded, 5, 235)).toBe(255);

    const { prompt } = comfy.submitted();
    expect(prompt[titled(prompt, 'Estancia mask')]!.inputs['image']).toBe(maskName);
    expect(prompt[titled(prompt, 'Estancia checkpoint')]!.inputs['ckpt_name']).toBe(
      'juggernautXL_inpainting.safetensors',
    );
  });

  it('fails with server_error and ComfyUI’s exception when the prompt ends in error, without cancelling it', async () => {
    comfy.script.outcome = 'error';
    const failure = engine().render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingFailedError);
    await expect(failure).rejects.toMatchObject({ reason: 'server_error' });
    await expect(failure).rejects.toThrow(/KSampler node 11: Allocation on device 0 .*out of memory/);
    expect(routes()).not.toContain('POST /queue');
    expect(routes()).not.toContain('POST /interrupt');
  });

  it('fails with bad_request, without retrying, when ComfyUI rejects the workflow (400 with node_errors)', async () => {
    comfy.intercept = (call, res) => {
      if (call.path !== '/prompt') return false;
      json(res, 400, {
        error: {
          type: 'prompt_outputs_failed_validation',
          message: 'Prompt outputs failed validation',
          details: '',
          extra_info: {},
        },
        node_errors: {
          '1': {
            errors: [
              {
                type: 'value_not_in_list',
                message: 'Value not in list',
                details: "ckpt_name: 'sd_xl_base_1.0.safetensors' not in []",
                extra_info: {},
              },
            ],
            dependent_outputs: ['13'],
            class_type: 'CheckpointLoaderSimple',
          },
        },
      });
      return true;
    };
    const failure = engine().render(request());
    await expect(failure).rejects.toMatchObject({ name: 'StagingFailedError', reason: 'bad_request' });
    await expect(failure).rejects.toThrow(/Prompt outputs failed validation/);
    expect(routes().filter((r) => r === 'POST /prompt')).toHaveLength(1);
    expect(routes().some((r) => r.startsWith('GET /history'))).toBe(false);
  });

  it('waits out a 429 with its Retry-After, then queues the prompt', async () => {
    let limited = false;
    comfy.intercept = (call, res) => {
      if (call.path !== '/prompt' || limited) return false;
      limited = true;
      json(res, 429, { error: 'too many prompts' }, { 'retry-after': '1' });
      return true;
    };
    const started = Date.now();
    await expectPhotoSizedJpeg((await engine().render(request())).image);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(routes().filter((r) => r === 'POST /prompt')).toHaveLength(2);
  });

  it('gives up with server_error after ENGINE_RETRIES retries of 5xx answers', async () => {
    comfy.intercept = (_call, res) => {
      res.writeHead(503).end('restarting');
      return true;
    };
    const failure = engine({ retries: 2 }).render(request());
    await expect(failure).rejects.toMatchObject({ name: 'StagingFailedError', reason: 'server_error' });
    expect(routes()).toEqual(['POST /upload/image', 'POST /upload/image', 'POST /upload/image']);
  });

  it('fails with bad_output when the prompt succeeds without an image', async () => {
    comfy.script.outcome = 'no_image';
    await expect(engine().render(request())).rejects.toMatchObject({ reason: 'bad_output' });
    expect(routes()).not.toContain('GET /view');
  });

  /** The calls that clean up after a render gave up: queue removal and interruption. */
  function cleanUp(): string[] {
    return comfy.calls
      .filter((c) => c.path === '/queue' || c.path === '/interrupt')
      .map((c) => `${c.method} ${c.path} ${c.body.toString()}`.trim());
  }

  it('times out (ENGINE_TIMEOUT_SECONDS), removes the prompt from the queue and interrupts it while it runs', async () => {
    comfy.script.outcome = 'never';
    const started = Date.now();
    const failure = engine({ timeoutSeconds: 1 }).render(request());
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    const id = comfy.promptId();
    expect(cleanUp()).toEqual([
      `POST /queue {"delete":["${id}"]}`,
      'GET /queue',
      `POST /interrupt {"prompt_id":"${id}"}`,
    ]);
  });

  it("stops with StagingTimeoutError (cancelled) when the caller's signal aborts, and cancels the prompt", async () => {
    comfy.script.outcome = 'never';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const failure = engine({ timeoutSeconds: 30 }).render(request(), { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(StagingTimeoutError);
    await expect(failure).rejects.toMatchObject({ reason: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2000);
    const id = comfy.promptId();
    expect(cleanUp()).toEqual([
      `POST /queue {"delete":["${id}"]}`,
      'GET /queue',
      `POST /interrupt {"prompt_id":"${id}"}`,
    ]);
  });

  it("drops a prompt that still waits without interrupting another client's running prompt", async () => {
    comfy.script = { runningPolls: 0, outcome: 'never', ourPromptRuns: false };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(engine().render(request(), { signal: controller.signal })).rejects.toMatchObject({
      reason: 'cancelled',
    });
    expect(cleanUp()).toEqual([`POST /queue {"delete":["${comfy.promptId()}"]}`, 'GET /queue']);
  });

  it('drives a custom COMFYUI_WORKFLOW: no mask node means no mask upload, a noise_seed takes the seed', async () => {
    const custom: ComfyUiWorkflow = {
      '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'realvisxlV50.safetensors' } },
      '10': { class_type: 'LoadImage', inputs: { image: 'room.png' }, _meta: { title: 'Estancia photo' } },
      '11': { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } },
      '6': {
        class_type: 'CLIPTextEncode',
        inputs: { text: '', clip: ['4', 1] },
        _meta: { title: 'Estancia prompt' },
      },
      '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
      '3': {
        class_type: 'KSamplerAdvanced',
        inputs: {
          model: ['4', 0],
          add_noise: 'enable',
          noise_seed: 0,
          steps: 25,
          cfg: 6,
          sampler_name: 'euler',
          scheduler: 'normal',
          positive: ['6', 0],
          negative: ['7', 0],
          latent_image: ['11', 0],
          start_at_step: 8,
          end_at_step: 10000,
          return_with_leftover_noise: 'disable',
        },
        _meta: { title: 'Estancia seed' },
      },
      '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
      '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'estancia/staging' } },
    };
    await expectPhotoSizedJpeg((await engine({ workflow: custom }).render(request())).image);

    expect(routes().filter((r) => r === 'POST /upload/image')).toHaveLength(1);
    const { prompt } = comfy.submitted();
    expect(prompt['3']!.inputs['noise_seed']).toBe(77);
    expect(prompt['6']!.inputs['text']).toBe('Virtually stage this photo as a bedroom');
    expect(prompt['7']!.inputs['text']).toBe('blurry');
    expect(prompt['10']!.inputs['image']).toMatch(/-photo\.jpg$/);
    expect(custom['10']!.inputs['image']).toBe('room.png'); // each render fills its own copy
  });

  it('refuses, at construction, a workflow it cannot drive', () => {
    expect(() => engine({ workflow: { nodes: [], links: [], version: 0.4 } })).toThrow(/Export \(API\)/);
    const withoutPrompt = structuredClone(SHIPPED_STAGING_WORKFLOW);
    delete withoutPrompt[titled(withoutPrompt, 'Estancia prompt')]!._meta;
    expect(() => engine({ workflow: withoutPrompt })).toThrow(/no node titled "Estancia prompt"/);
    const dangling = structuredClone(SHIPPED_STAGING_WORKFLOW);
    dangling[titled(dangling, 'Estancia seed')]!.inputs['model'] = ['404', 0];
    expect(() => engine({ workflow: dangling })).toThrow(/node 404, which does not exist/);
  });

  describe('the shipped docker/comfyui/staging-workflow.json', () => {
    const shipped = JSON.parse(readFileSync(SHIPPED_JSON, 'utf8')) as ComfyUiWorkflow;

    it('is the workflow compiled into the api', () => {
      expect(SHIPPED_STAGING_WORKFLOW).toEqual(shipped);
    });

    it('is in the API format and every link points to a node that exists', () => {
      const links: [string, string, unknown][] = [];
      for (const [id, node] of Object.entries(shipped)) {
        expect(typeof node.class_type).toBe('string');
        for (const [input, value] of Object.entries(node.inputs)) {
          if (Array.isArray(value)) links.push([`${id}.${input}`, String(value[0]), value[1]]);
        }
      }
      expect(links.length).toBeGreaterThan(15);
      for (const [from, to, slot] of links) {
        expect([from, to in shipped]).toEqual([from, true]);
        expect(Number.isInteger(slot)).toBe(true);
      }
    });

    it('titles the nodes the adapter fills', () => {
      const slots = stagingSlots(shipped);
      expect(Object.keys(slots).sort()).toEqual(
        ['checkpoint', 'mask', 'negative', 'photo', 'prompt', 'result', 'seed'].sort(),
      );
      expect(shipped[titled(shipped, 'Estancia photo')]!.class_type).toBe('LoadImage');
      expect(shipped[titled(shipped, 'Estancia mask')]!.class_type).toBe('LoadImageMask');
      expect(shipped[titled(shipped, 'Estancia seed')]!.class_type).toBe('KSampler');
      expect(shipped[titled(shipped, 'Estancia result')]!.class_type).toBe('SaveImage');
    });
  });
});
