/**
 * Staging on Replicate through the predictions API of the official `replicate` SDK.
 *
 *   Authorization: Bearer <REPLICATE_API_TOKEN> on every call to <REPLICATE_BASE_URL>
 *   POST /predictions                          { version, input }   model "owner/name:version", or a
 *                                                                   community model pinned in the table
 *   POST /models/<owner>/<name>/predictions    { input }            model "owner/name" (official models)
 *     Prefer: wait=<n>   sync mode: Replicate holds the answer up to n seconds (at most 60, capped by the
 *                        time the render has left) and answers 201 with the prediction, finished or not
 *   GET  /predictions/<id>                     every ENGINE_POLL_MS while starting | processing
 *   POST /predictions/<id>/cancel              when the render gives up on a prediction still running
 *   GET  <output URL>                          the image (replicate.delivery; no token sent)
 *
 *   POST /files   multipart `content`   a photo or mask over 256 kB, uploaded first (the SDK's files.create);
 *                                      the input names its `urls.get`, and the file is deleted afterwards
 *
 * `input` follows the model's row in replicate-models.ts, with a small photo or mask as a data URI. A failed
 * prediction whose error names a content filter is `refused`, any other `server_error`. A prediction
 * canceled by someone else (from Replicate's dashboard, or by its own deadline) is `server_error`,
 * not `cancelled`: that reason means our caller gave up, and a fallback engine should take the render.
 *
 * Retries. The SDK (1.4) retries a 429, and a 5xx on GETs, five times back to back: it reads Retry-After
 * only from errors its fetch never throws, so it does not wait; and it retries whatever its fetch
 * throws. It therefore gets a fetch that applies our policy (engineFetch: network errors, 429 after its
 * Retry-After, 5xx, ENGINE_RETRIES times with backoff) and that answers the SDK's repeats of a request
 * it has given up on with the same error, without calling Replicate again. 5xx on the creation is
 * retried too (the SDK would not): a failed decoration costs more than a rare duplicate prediction.
 *
 * The whole render is bounded by ENGINE_TIMEOUT_SECONDS and the caller's AbortSignal. An abort while
 * polling cancels the prediction before the render rejects. An abort while the creation is held open
 * rejects at once; the creation then finishes in the background (within its wait plus a grace) so the
 * prediction it started can be cancelled, since Replicate keeps running predictions whose request closed.
 */
import type { EngineName } from '@estancia/contracts';
import Replicate, { parseProgressFromLogs, type Prediction } from 'replicate';
import sharp from 'sharp';
import {
  abortError,
  engineFetch,
  isRefusal,
  pollDelay,
  renderSignal,
  toPhotoSizedJpeg,
  type RetryPolicy,
} from './engine-http';
import {
  buildReplicateInput,
  parseReplicateModel,
  replicateModelInput,
  replicateOutputUrl,
  type ReplicateInputFiles,
  type ReplicateModelInput,
  type ReplicateModelRef,
} from './replicate-models';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

export interface ReplicateStagingEngineOptions {
  apiToken: string;
  /** API root including `/v1`; the SDK's default (https://api.replicate.com/v1) when absent. */
  baseUrl?: string;
  /** `owner/name` (official models) or `owner/name:version`; a request's own model overrides it. */
  model: string;
  timeoutSeconds: number;
  pollMs: number;
  /** Extra attempts after a network error, a 429 or a 5xx. */
  retries: number;
  /** First retry delay when Replicate gives no Retry-After; doubles each time. */
  backoffMs?: number;
}

/** Longest sync wait Replicate accepts in `Prefer: wait=n`. */
const MAX_SYNC_WAIT_SECONDS = 60;
/** Time kept back from the sync wait so a finished prediction still leaves room for the download. */
const SYNC_WAIT_MARGIN_SECONDS = 2;
/** How long past its sync wait a creation may take (sending the photo, queueing) before we stop waiting. */
const CREATE_GRACE_SECONDS = 15;
/** The cancel call runs after the render has given up, so it gets its own short limit. */
const CANCEL_TIMEOUT_MS = 5_000;
/** Past this, a photo or mask is uploaded to Replicate's files API instead of sent inline as a data URI. */
export const REPLICATE_INLINE_MAX_BYTES = 256 * 1024;
/** The SDK's own first retry interval. */
const DEFAULT_BACKOFF_MS = 500;

/** Statuses of a prediction Replicate is still working on. */
const RUNNING: ReadonlySet<string> = new Set(['starting', 'processing']);

/** Replicate's own words for a filtered input or output ("flagged as sensitive"), beyond the shared ones. */
const REPLICATE_REFUSAL = /sensitive/i;

/** Progress while polling runs from 40 (created) to 85; 90 is reported once the prediction succeeded. */
const POLL_PROGRESS_FROM = 40;
const POLL_PROGRESS_SPAN = 45;
/** Step per poll when the model's logs carry no progress bar. */
const POLL_PROGRESS_STEP = 5;

export class ReplicateStagingEngine extends StagingEngine {
  readonly name: EngineName = 'replicate';
  private readonly client: Replicate;
  private readonly policy: RetryPolicy;
  /** Per SDK request (its `init` object): the error our policy ended it with, for the SDK's repeats. */
  private readonly givenUp = new WeakMap<object, unknown>();

  constructor(private readonly options: ReplicateStagingEngineOptions) {
    super();
    this.policy = { retries: options.retries, backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS };
    this.client = new Replicate({
      auth: options.apiToken,
      baseUrl: options.baseUrl,
      fetch: (input, init) => this.fetchWithPolicy(input, init),
      // Outputs are read from the prediction object; FileOutput only wraps run(), which we do not use.
      useFileOutput: false,
    });
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    const startedAt = Date.now();
    const timeoutMs = this.options.timeoutSeconds * 1000;
    const signal = renderSignal(this.options.timeoutSeconds, options.signal);
    const progress = options.onProgress;
    const model = request.model ?? this.options.model;
    /** Ids of the files this render uploaded, deleted once it is over. */
    const uploaded: string[] = [];
    try {
      progress?.('analysing', 10);
      const ref = parseReplicateModel(model);
      if (!ref) {
        const expected = 'owner/name or owner/name:version';
        throw new StagingFailedError(`"${model}" is not a Replicate model (${expected})`, {
          reason: 'bad_request',
        });
      }
      const spec = replicateModelInput(model);
      const files = await this.inputFiles(spec, request, signal, uploaded);
      const input = buildReplicateInput(spec, request, files);
      const created = await this.create(ref, spec, input, signal, timeoutMs - (Date.now() - startedAt));
      progress?.('rendering', POLL_PROGRESS_FROM);
      const finished = await this.waitUntilFinished(created, signal, progress);
      const url = replicateOutputUrl(spec, finished.output);
      if (!url) {
        throw new StagingFailedError('Replicate finished the prediction without an image', {
          reason: 'bad_output',
        });
      }
      progress?.('rendering', 90);
      const download = await engineFetch('Replicate', url, { method: 'GET' }, signal, this.policy);
      const image = Buffer.from(await download.arrayBuffer());
      return { image: await toPhotoSizedJpeg(image, request.width, request.height) };
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('Replicate answered something the engine cannot use', {
        cause: error,
        reason: 'bad_output',
      });
    } finally {
      // The customer's photo is not left on Replicate longer than the render needs it.
      for (const id of uploaded) void this.deleteFileQuietly(id);
    }
  }

  /** Starts the prediction in sync mode, waiting for it at most as long as the render has left. */
  private async create(
    ref: ReplicateModelRef,
    spec: ReplicateModelInput,
    input: Record<string, unknown>,
    signal: AbortSignal,
    remainingMs: number,
  ): Promise<Prediction> {
    const wait = Math.min(
      MAX_SYNC_WAIT_SECONDS,
      // Rounded, not floored: the milliseconds spent encoding the photo must not cost a whole second.
      Math.max(1, Math.round(remainingMs / 1000) - SYNC_WAIT_MARGIN_SECONDS),
    );
    const version = ref.version ?? spec.version;
    const target = version ? { version } : { model: `${ref.owner}/${ref.name}` };
    // Not the render's signal: aborting the held request would lose the id of the prediction it started.
    const creation = this.client.predictions.create({
      ...target,
      input,
      wait,
      signal: AbortSignal.timeout((wait + CREATE_GRACE_SECONDS) * 1000),
    });
    try {
      return await untilAborted(creation, signal);
    } catch (error) {
      if (signal.aborted) {
        void creation.then(
          (prediction) => (RUNNING.has(prediction.status) ? this.cancelQuietly(prediction.id) : undefined),
          () => undefined,
        );
      }
      throw error;
    }
  }

  /** Polls a running prediction to its end; a render that gives up meanwhile cancels it first. */
  private async waitUntilFinished(
    created: Prediction,
    signal: AbortSignal,
    onProgress: StagingOptions['onProgress'],
  ): Promise<Prediction> {
    let prediction = created;
    if (RUNNING.has(prediction.status) && (typeof prediction.id !== 'string' || !prediction.id)) {
      throw new StagingFailedError('Replicate started a prediction without an id', { reason: 'bad_output' });
    }
    let percent = POLL_PROGRESS_FROM;
    try {
      while (RUNNING.has(prediction.status)) {
        await pollDelay(this.options.pollMs, signal);
        prediction = await this.client.predictions.get(prediction.id, { signal });
        const next = pollProgress(prediction, percent);
        if (next > percent) {
          percent = next;
          onProgress?.('rendering', percent);
        }
      }
    } catch (error) {
      await this.cancelQuietly(prediction.id);
      throw error;
    }
    return finishedPrediction(prediction);
  }

  private async cancelQuietly(id: string): Promise<void> {
    try {
      await this.client.predictions.cancel(id, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
    } catch {
      // Best effort: the render has already failed; an uncancelled prediction only runs to its end.
    }
  }

  /** The photo and, when the model takes one, the mask: data URIs when small, else uploaded files' URLs. */
  private async inputFiles(
    spec: ReplicateModelInput,
    request: StagingRequest,
    signal: AbortSignal,
    uploaded: string[],
  ): Promise<ReplicateInputFiles> {
    const image = await this.inputFile(request.image, 'photo', signal, uploaded);
    if (!spec.mask) return { image };
    const mask =
      request.mask ??
      (spec.mask.required ? await paintAnywhereMask(request.width, request.height) : undefined);
    return mask ? { image, mask: await this.inputFile(mask, 'mask', signal, uploaded) } : { image };
  }

  /**
   * One input image as Replicate takes it. A multi-megabyte data URI swells the prediction's JSON by a third
   * and is stored with the prediction; past 256 kB the file goes through POST /files, as the SDK does.
   */
  private async inputFile(
    bytes: Buffer,
    what: 'photo' | 'mask',
    signal: AbortSignal,
    uploaded: string[],
  ): Promise<string> {
    const file = await asReplicateImage(bytes, what);
    if (file.bytes.length <= REPLICATE_INLINE_MAX_BYTES)
      return `data:${file.type};base64,${file.bytes.toString('base64')}`;
    const blob = new File([new Uint8Array(file.bytes)], `${what}.${file.type.slice('image/'.length)}`, {
      type: file.type,
    });
    const created = await untilAborted(this.client.files.create(blob, { purpose: what }, { signal }), signal);
    if (typeof created?.id === 'string') uploaded.push(created.id);
    const url = created?.urls?.get;
    if (typeof url !== 'string' || !url) {
      throw new StagingFailedError(`Replicate stored the ${what} without a URL`, { reason: 'bad_output' });
    }
    return url;
  }

  private async deleteFileQuietly(id: string): Promise<void> {
    try {
      await this.client.files.delete(id, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
    } catch {
      // Best effort: Replicate expires uploaded files by itself.
    }
  }

  /** The SDK's fetch: one request under our retry policy, repeated failures answered from memory. */
  private async fetchWithPolicy(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request = init ?? {};
    if (this.givenUp.has(request)) throw this.givenUp.get(request);
    const url = input instanceof Request ? input.url : String(input);
    const signal = request.signal ?? AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    try {
      return await engineFetch('Replicate', url, request, signal, this.policy);
    } catch (error) {
      this.givenUp.set(request, error);
      throw error;
    }
  }
}

/** Settles with the work, or rejects with the port's error as soon as the signal aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The prediction when it succeeded; the port's error for any other final status. */
function finishedPrediction(prediction: Prediction): Prediction {
  switch (prediction.status) {
    case 'succeeded':
      return prediction;
    case 'failed': {
      const text = errorText(prediction.error);
      const refused = isRefusal(text) || REPLICATE_REFUSAL.test(text);
      throw new StagingFailedError(`Replicate failed the prediction: ${text}`, {
        reason: refused ? 'refused' : 'server_error',
      });
    }
    case 'canceled':
    case 'aborted':
      throw new StagingFailedError(
        `The prediction was ${prediction.status} on Replicate before it finished`,
        {
          reason: 'server_error',
        },
      );
    default:
      throw new StagingFailedError(
        `Replicate answered an unknown prediction status: ${String(prediction.status)}`,
        {
          reason: 'bad_output',
        },
      );
  }
}

function errorText(error: unknown): string {
  if (typeof error === 'string' && error) return error.slice(0, 300);
  if (error === null || error === undefined) return 'no reason given';
  return JSON.stringify(error).slice(0, 300);
}

/** The model's own progress bar (tqdm lines in its logs) when it prints one, else a step per poll. */
function pollProgress(prediction: Prediction, current: number): number {
  const logged = parseProgressFromLogs(prediction);
  const next = logged
    ? POLL_PROGRESS_FROM + Math.round(logged.percentage * POLL_PROGRESS_SPAN)
    : current + POLL_PROGRESS_STEP;
  return Math.min(POLL_PROGRESS_FROM + POLL_PROGRESS_SPAN, next);
}

/** Replicate takes jpeg, png, gif and webp files; anything else sharp reads is sent as a PNG. */
async function asReplicateImage(
  bytes: Buffer,
  what: 'photo' | 'mask',
): Promise<{ type: string; bytes: Buffer }> {
  const type = imageType(bytes);
  if (type) return { type, bytes };
  try {
    return { type: 'image/png', bytes: await sharp(bytes, { failOn: 'error' }).png().toBuffer() };
  } catch (error) {
    throw new StagingFailedError(`The ${what} is not an image Replicate can take`, {
      cause: error,
      reason: 'bad_request',
    });
  }
}

function imageType(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  return undefined;
}

/** An all-white mask: the port lets an engine paint anywhere when the caller sends no mask. */
function paintAnywhereMask(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}
