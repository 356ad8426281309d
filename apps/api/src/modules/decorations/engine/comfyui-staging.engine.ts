/**
 * Self-hosted adapter: a ComfyUI server at COMFYUI_URL runs a workflow (API format) that stages the photo.
 *
 *   POST /upload/image   multipart: image=<file>, type=input, overwrite=true   → { name, subfolder, type }
 *   POST /prompt         { prompt: <workflow>, client_id }                     → { prompt_id, number, node_errors }
 *                        400 { error, node_errors } when the workflow is invalid (missing model, unknown node)
 *   GET  /history/<id>   {} while queued or running, then
 *                        { <id>: { outputs: { <node>: { images: [{ filename, subfolder, type }] } },
 *                                  status: { status_str: 'success' | 'error', completed, messages } } }
 *   GET  /view?filename=&subfolder=&type=                                      → the image bytes
 *   POST /queue          { delete: [<id>] }     drops the prompt while it still waits
 *   POST /interrupt      { prompt_id: <id> }    stops it while it runs
 *
 * The workflow is docker/comfyui/staging-workflow.json unless COMFYUI_WORKFLOW names another; the adapter finds
 * the nodes it fills by their titles (`_meta.title`, see PLACEHOLDERS). Every call goes through engineFetch
 * (retries on network errors, 429 after its Retry-After, 5xx); the whole render is bounded by
 * ENGINE_TIMEOUT_SECONDS and the caller's signal, and a render given up on is removed from ComfyUI's queue.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EngineName } from '@estancia/contracts';
import sharp from 'sharp';
import { SHIPPED_STAGING_WORKFLOW, type ComfyUiNode, type ComfyUiWorkflow } from './comfyui-staging.workflow';
import {
  abortError,
  engineFetch,
  pollDelay,
  renderSignal,
  toPhotoSizedJpeg,
  type RetryPolicy,
} from './engine-http';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

export interface ComfyUiStagingEngineOptions {
  url: string;
  /** A parsed workflow in the API format; the shipped staging workflow when absent. */
  workflow?: object;
  timeoutSeconds: number;
  pollMs: number;
  retries: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
}

type Placeholder = 'photo' | 'mask' | 'prompt' | 'negative' | 'seed' | 'checkpoint' | 'result';

interface PlaceholderNode {
  title: string;
  /** The input the adapter sets: the first of these the node has (none for the result). */
  inputs: readonly string[];
  required: boolean;
}

/** The nodes the adapter fills, found by their title in the workflow. */
export const PLACEHOLDERS: Record<Placeholder, PlaceholderNode> = {
  photo: { title: 'Estancia photo', inputs: ['image'], required: true },
  mask: { title: 'Estancia mask', inputs: ['image'], required: false },
  prompt: { title: 'Estancia prompt', inputs: ['text'], required: true },
  negative: { title: 'Estancia negative', inputs: ['text'], required: false },
  seed: { title: 'Estancia seed', inputs: ['seed', 'noise_seed'], required: true },
  checkpoint: { title: 'Estancia checkpoint', inputs: ['ckpt_name'], required: false },
  result: { title: 'Estancia result', inputs: [], required: false },
};

/** Where a placeholder sits in the workflow: the node id and the input to set (none for the result). */
interface Slot {
  node: string;
  input?: string;
}

/** What the staging photographs must never show, whatever the room and style. */
export const STAGING_NEGATIVE_PROMPT =
  'people, text, watermark, logo, blurry, low quality, cartoon, illustration, distorted perspective, ' +
  'warped walls, changed windows, floating furniture, deformed furniture';

/** Without the customer's mask the engine may paint below this share of the height: floor and furniture, not the ceiling. */
const DEFAULT_MASK_KEEPS_TOP = 0.4;

/** How long the queue removal of an abandoned render may take; it runs after the render's own limit. */
const CANCEL_TIMEOUT_MS = 5_000;

const ENGINE = 'ComfyUI';

interface OutputImage {
  filename: string;
  subfolder?: string;
  type?: string;
}

interface HistoryEntry {
  outputs?: Record<string, { images?: OutputImage[] } | undefined>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

interface UploadFile {
  name: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Checks a workflow once, at boot: API format, links to nodes that exist, each placeholder title on one node
 * that has the input the adapter sets. Answers where each placeholder sits.
 */
export function stagingSlots(workflow: object): Partial<Record<Placeholder, Slot>> {
  if (Array.isArray(workflow) || Array.isArray((workflow as { nodes?: unknown }).nodes)) {
    throw new Error('The ComfyUI workflow is in the editor format: export it with "Export (API)"');
  }
  const nodes = Object.entries(workflow as Record<string, unknown>);
  for (const [id, node] of nodes) {
    const candidate = node as Partial<ComfyUiNode> | null;
    if (
      typeof candidate?.class_type !== 'string' ||
      typeof candidate.inputs !== 'object' ||
      !candidate.inputs
    ) {
      throw new Error(`ComfyUI workflow node ${id} has no class_type or inputs: is it in the API format?`);
    }
    for (const [input, value] of Object.entries(candidate.inputs)) {
      const link = Array.isArray(value) && value.length === 2 && typeof value[1] === 'number';
      if (link && !(String(value[0]) in workflow)) {
        throw new Error(
          `ComfyUI workflow node ${id} links its input ${input} to node ${value[0]}, which does not exist`,
        );
      }
    }
  }
  const slots: Partial<Record<Placeholder, Slot>> = {};
  for (const [placeholder, { title, inputs, required }] of Object.entries(PLACEHOLDERS)) {
    const titled = nodes.filter(([, node]) => (node as ComfyUiNode)._meta?.title === title);
    if (titled.length > 1)
      throw new Error(`ComfyUI workflow has ${titled.length} nodes titled "${title}"; keep one`);
    const [found] = titled;
    if (!found) {
      if (required) throw new Error(`ComfyUI workflow has no node titled "${title}"`);
      continue;
    }
    const [node, { inputs: nodeInputs }] = found as [string, ComfyUiNode];
    const input = inputs.find((name) => name in nodeInputs);
    if (inputs.length > 0 && !input) {
      throw new Error(`ComfyUI workflow node "${title}" (${node}) has no input ${inputs.join(' or ')}`);
    }
    slots[placeholder as Placeholder] = { node, input };
  }
  return slots;
}

export class ComfyUiStagingEngine extends StagingEngine {
  readonly name: EngineName = 'comfyui';
  private readonly base: string;
  private readonly policy: RetryPolicy;
  private readonly workflow: ComfyUiWorkflow;
  private readonly slots: Partial<Record<Placeholder, Slot>>;
  /** ComfyUI tags a prompt with its client; one id for this process's renders. */
  private readonly clientId = randomUUID();

  constructor(private readonly options: ComfyUiStagingEngineOptions) {
    super();
    this.base = options.url.endsWith('/') ? options.url : `${options.url}/`;
    this.policy = { retries: options.retries, backoffMs: options.backoffMs ?? 250 };
    this.workflow = (options.workflow ?? SHIPPED_STAGING_WORKFLOW) as ComfyUiWorkflow;
    this.slots = stagingSlots(this.workflow);
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    const signal = renderSignal(this.options.timeoutSeconds, options.signal);
    const progress = options.onProgress;
    // The prompt ComfyUI holds for us until its history shows it finished; what a failure must cancel.
    let queued: string | undefined;
    try {
      progress?.('analysing', 10);
      const workflow = await this.filledWorkflow(request, signal);
      queued = await this.queue(workflow, signal);
      progress?.('analysing', 30);
      progress?.('rendering', 40);
      const outcome = await this.outcome(queued, signal);
      queued = undefined;
      if (outcome.status?.status_str === 'error') {
        throw new StagingFailedError(`ComfyUI failed the prompt: ${failureMessage(outcome)}`, {
          reason: 'server_error',
        });
      }
      const image = await this.download(outcome, signal);
      progress?.('rendering', 90);
      return { image: await toPhotoSizedJpeg(image, request.width, request.height) };
    } catch (error) {
      if (queued) await this.cancel(queued);
      if (signal.aborted) throw abortError(signal);
      if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('ComfyUI answered something the adapter cannot use', {
        cause: error,
        reason: 'bad_output',
      });
    }
  }

  /** A copy of the workflow with this render's uploaded images, prompt, negative prompt, seed and model. */
  private async filledWorkflow(request: StagingRequest, signal: AbortSignal): Promise<ComfyUiWorkflow> {
    const workflow = structuredClone(this.workflow);
    const fill = (placeholder: Placeholder, value: unknown) => {
      const slot = this.slots[placeholder];
      if (slot?.input) workflow[slot.node]!.inputs[slot.input] = value;
    };
    fill('photo', await this.upload(await photoFile(request.image), signal));
    if (this.slots.mask) fill('mask', await this.upload(await maskFile(request), signal));
    fill('prompt', request.prompt);
    fill('negative', STAGING_NEGATIVE_PROMPT);
    fill('seed', request.seed);
    if (request.model) fill('checkpoint', request.model);
    return workflow;
  }

  /** Puts an image in ComfyUI's input folder; answers the name a LoadImage node reads it by. */
  private async upload(file: UploadFile, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const answer = await this.call('upload/image', signal, { method: 'POST', body: form });
    const uploaded = (await answer.json()) as { name?: unknown; subfolder?: unknown };
    if (typeof uploaded.name !== 'string' || !uploaded.name) {
      throw new StagingFailedError('ComfyUI did not name the uploaded image', { reason: 'bad_output' });
    }
    return typeof uploaded.subfolder === 'string' && uploaded.subfolder
      ? `${uploaded.subfolder}/${uploaded.name}`
      : uploaded.name;
  }

  private async queue(workflow: ComfyUiWorkflow, signal: AbortSignal): Promise<string> {
    const answer = await this.call('prompt', signal, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: workflow, client_id: this.clientId }),
    });
    const { prompt_id: promptId } = (await answer.json()) as { prompt_id?: unknown };
    if (typeof promptId !== 'string' || !promptId) {
      throw new StagingFailedError('ComfyUI queued the workflow without a prompt id', {
        reason: 'bad_output',
      });
    }
    return promptId;
  }

  /** Polls the prompt's history until ComfyUI records how it ended. */
  private async outcome(promptId: string, signal: AbortSignal): Promise<HistoryEntry> {
    for (;;) {
      await pollDelay(this.options.pollMs, signal);
      const answer = await this.call(`history/${encodeURIComponent(promptId)}`, signal, { method: 'GET' });
      const entry = ((await answer.json()) as Record<string, HistoryEntry | undefined>)[promptId];
      if (entry) return entry;
    }
  }

  /** The result node's first image (or the first image any node saved), fetched through /view. */
  private async download(entry: HistoryEntry, signal: AbortSignal): Promise<Buffer> {
    const outputs = entry.outputs ?? {};
    const result = this.slots.result;
    const images = result
      ? (outputs[result.node]?.images ?? [])
      : Object.values(outputs).flatMap((output) => output?.images ?? []);
    const [image] = images;
    if (!image?.filename) {
      throw new StagingFailedError('ComfyUI finished the prompt without an image', { reason: 'bad_output' });
    }
    const query = new URLSearchParams({
      filename: image.filename,
      subfolder: image.subfolder ?? '',
      type: image.type ?? 'output',
    });
    const answer = await this.call(`view?${query.toString()}`, signal, { method: 'GET' });
    return Buffer.from(await answer.arrayBuffer());
  }

  /**
   * Removes an abandoned prompt: out of the queue if it still waits, interrupted only if it is the one running
   * (an older ComfyUI ignores the prompt_id and would stop whichever prompt runs, maybe another client's).
   * Best effort: the render has already failed, and a ComfyUI that cannot be reached finishes and forgets it.
   */
  private async cancel(promptId: string): Promise<void> {
    const signal = AbortSignal.timeout(CANCEL_TIMEOUT_MS);
    const once: RetryPolicy = { retries: 0, backoffMs: 0 };
    const post = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    try {
      await engineFetch(ENGINE, this.url('queue'), post({ delete: [promptId] }), signal, once);
      const answer = await engineFetch(ENGINE, this.url('queue'), { method: 'GET' }, signal, once);
      const { queue_running: running } = (await answer.json()) as { queue_running?: unknown };
      const ours =
        Array.isArray(running) && running.some((item) => Array.isArray(item) && item[1] === promptId);
      if (ours) await engineFetch(ENGINE, this.url('interrupt'), post({ prompt_id: promptId }), signal, once);
    } catch {
      // Nothing more to do: the caller learns of the timeout or cancellation, not of the failed clean-up.
    }
  }

  private url(path: string): string {
    return new URL(path, this.base).toString();
  }

  private call(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
    return engineFetch(ENGINE, this.url(path), init, signal, this.policy);
  }
}

/** ComfyUI's own words for a failed run: the node that raised and its exception, or the interruption. */
function failureMessage(entry: HistoryEntry): string {
  const messages = entry.status?.messages ?? [];
  const error = messages.find(([event]) => event === 'execution_error')?.[1];
  if (error) {
    const where = [error['node_type'], error['node_id'] ? `node ${String(error['node_id'])}` : '']
      .filter(Boolean)
      .join(' ');
    return `${where ? `${where}: ` : ''}${String(error['exception_message'] ?? 'no exception message')}`.trim();
  }
  if (messages.some(([event]) => event === 'execution_interrupted')) return 'the prompt was interrupted';
  return 'no reason given';
}

/** ComfyUI keeps uploads in its input folder: a name from the content lets a retry overwrite its own file only. */
const uploadName = (bytes: Buffer, role: 'photo' | 'mask', extension: string): string =>
  `estancia-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-${role}.${extension}`;

/** The photo as the customer sent it, named after its real format. */
async function photoFile(image: Buffer): Promise<UploadFile> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(image).metadata());
  } catch (error) {
    throw new StagingFailedError('The photo is not an image', { cause: error, reason: 'bad_request' });
  }
  const extension = format === 'jpeg' || !format ? 'jpg' : format;
  return { name: uploadName(image, 'photo', extension), mime: `image/${format ?? 'jpeg'}`, bytes: image };
}

/**
 * The mask as a greyscale PNG of the photo's size (white where the engine may paint), read by LoadImageMask's
 * red channel; without the customer's mask, the lower part of the room.
 */
async function maskFile(request: StagingRequest): Promise<UploadFile> {
  const { width, height } = request;
  let bytes: Buffer;
  if (request.mask) {
    try {
      bytes = await sharp(request.mask)
        .flatten({ background: '#000000' })
        .resize(width, height, { fit: 'fill' })
        .toColourspace('b-w')
        .png()
        .toBuffer();
    } catch (error) {
      throw new StagingFailedError('The mask is not an image', { cause: error, reason: 'bad_request' });
    }
  } else {
    const pixels = Buffer.alloc(width * height);
    pixels.fill(255, Math.round(height * DEFAULT_MASK_KEEPS_TOP) * width);
    bytes = await sharp(pixels, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
  }
  return { name: uploadName(bytes, 'mask', 'png'), mime: 'image/png', bytes };
}
