/**
 * Production adapter: a staging (inference) service at ENGINE_URL that speaks this protocol.
 *
 *   POST <ENGINE_URL>/render   content-type: application/json
 *     { image: <base64 JPEG>, mask?: <base64 PNG, white = may change>, width, height,
 *       roomType, style, prompt, seed,
 *       reference?: <base64 JPEG: the property's earlier result in this style, to match (style lock)> }
 *   Answers, either
 *     200 with the decorated image (content-type image/jpeg or image/png)          synchronous
 *     202 { jobId }                                                               asynchronous
 *   then, for a job, every ENGINE_POLL_MS:
 *     GET <ENGINE_URL>/jobs/<jobId>
 *       200 { status: 'queued' | 'running', progress?: 0…100 }        keep polling
 *       200 { status: 'succeeded', image: <base64> }  or  { status: 'succeeded', imageUrl }
 *                                                       (imageUrl absolute or relative to ENGINE_URL)
 *       200 { status: 'failed', error: <text> }                       the decoration failed for good
 *
 * Network errors, 429 (after its Retry-After) and 5xx are retried ENGINE_RETRIES times with exponential
 * backoff, then the render fails (StagingFailedError); other 4xx and failed jobs fail at once. The whole render, polling included,
 * is bounded by ENGINE_TIMEOUT_SECONDS and by the caller's AbortSignal (StagingTimeoutError). Whatever
 * comes back is re-encoded as a JPEG of the input's exact size.
 */
import type { EngineName } from '@estancia/contracts';
import { abortError, engineFetch, pollDelay, renderSignal, toPhotoSizedJpeg } from './engine-http';
import {
  StagingEngine,
  StagingFailedError,
  type PreparedRender,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

export interface HttpStagingEngineOptions {
  url: string;
  timeoutSeconds: number;
  pollMs: number;
  retries: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
}

type JobStatus =
  | { status: 'queued' | 'running'; progress?: number }
  | { status: 'succeeded'; image?: string; imageUrl?: string }
  | { status: 'failed'; error?: string };

export class HttpStagingEngine extends StagingEngine {
  readonly name: EngineName = 'http';
  private readonly base: string;
  private readonly backoffMs: number;

  constructor(private readonly options: HttpStagingEngineOptions) {
    super();
    this.base = options.url.endsWith('/') ? options.url : `${options.url}/`;
    this.backoffMs = options.backoffMs ?? 250;
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    return (await this.prepare(request, options))();
  }

  override prepare(request: StagingRequest, options: StagingOptions = {}): Promise<PreparedRender> {
    const body = JSON.stringify({
      image: request.image.toString('base64'),
      ...(request.mask ? { mask: request.mask.toString('base64') } : {}),
      ...(request.reference ? { reference: request.reference.toString('base64') } : {}),
      width: request.width,
      height: request.height,
      roomType: request.roomType,
      style: request.style,
      prompt: request.prompt,
      seed: request.seed,
    });
    return Promise.resolve(() => this.send(body, request, options));
  }

  private async send(body: string, request: StagingRequest, options: StagingOptions): Promise<StagingResult> {
    const signal = renderSignal(this.options.timeoutSeconds, options.signal);
    const progress = options.onProgress;
    try {
      progress?.('analysing', 10);
      const submitted = await this.call('render', signal, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'image/jpeg, image/png, application/json' },
        body,
      });
      progress?.('analysing', 30);
      let image: Buffer;
      if (submitted.status === 202) {
        const { jobId } = (await submitted.json()) as { jobId?: unknown };
        if (typeof jobId !== 'string' || !jobId)
          throw new StagingFailedError('The staging engine gave no job id', { reason: 'bad_output' });
        image = await this.waitForJob(jobId, signal, options);
      } else {
        image = await this.imageFrom(submitted, signal);
      }
      progress?.('rendering', 90);
      return { image: await toPhotoSizedJpeg(image, request.width, request.height) };
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('The staging engine failed', { cause: error, reason: 'bad_output' });
    }
  }

  private async waitForJob(jobId: string, signal: AbortSignal, options: StagingOptions): Promise<Buffer> {
    options.onProgress?.('rendering', 40);
    for (;;) {
      await pollDelay(this.options.pollMs, signal);
      const answer = await this.call(`jobs/${encodeURIComponent(jobId)}`, signal, { method: 'GET' });
      const job = (await answer.json()) as JobStatus;
      if (job.status === 'failed') {
        throw new StagingFailedError(`The staging engine failed the job: ${job.error ?? 'no reason given'}`);
      }
      if (job.status === 'succeeded') {
        if (job.image) return Buffer.from(job.image, 'base64');
        if (job.imageUrl) {
          const download = await this.call(new URL(job.imageUrl, this.base).toString(), signal, {
            method: 'GET',
          });
          return Buffer.from(await download.arrayBuffer());
        }
        throw new StagingFailedError('The staging engine finished the job without an image', {
          reason: 'bad_output',
        });
      }
      if (job.status !== 'queued' && job.status !== 'running') {
        throw new StagingFailedError(
          `The staging engine answered an unknown job status: ${String(job.status)}`,
          { reason: 'bad_output' },
        );
      }
      if (typeof job.progress === 'number') {
        const percent = 40 + Math.round(Math.min(100, Math.max(0, job.progress)) * 0.5);
        options.onProgress?.('rendering', percent);
      }
    }
  }

  private async imageFrom(answer: Response, signal: AbortSignal): Promise<Buffer> {
    const type = answer.headers.get('content-type') ?? '';
    if (type.startsWith('application/json')) {
      const json = (await answer.json()) as { image?: string; imageUrl?: string };
      if (json.image) return Buffer.from(json.image, 'base64');
      if (json.imageUrl) {
        const download = await this.call(new URL(json.imageUrl, this.base).toString(), signal, {
          method: 'GET',
        });
        return Buffer.from(await download.arrayBuffer());
      }
      throw new StagingFailedError('The staging engine answered without an image', { reason: 'bad_output' });
    }
    return Buffer.from(await answer.arrayBuffer());
  }

  /** One HTTP call with the retry policy; `path` is relative to ENGINE_URL or absolute. */
  private call(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
    return engineFetch('The staging engine', new URL(path, this.base).toString(), init, signal, {
      retries: this.options.retries,
      backoffMs: this.backoffMs,
    });
  }
}
