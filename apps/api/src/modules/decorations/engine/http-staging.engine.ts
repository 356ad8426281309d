/**
 * Production adapter: a staging (inference) service at ENGINE_URL that speaks this protocol.
 *
 *   POST <ENGINE_URL>/render   content-type: application/json
 *     { image: <base64 JPEG>, mask?: <base64 PNG, white = may change>, width, height,
 *       roomType, style, prompt, seed }
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
 * Network errors, 429 and 5xx are retried ENGINE_RETRIES times with exponential backoff, then the render
 * fails (StagingFailedError); other 4xx and failed jobs fail at once. The whole render, polling included,
 * is bounded by ENGINE_TIMEOUT_SECONDS and by the caller's AbortSignal (StagingTimeoutError). Whatever
 * comes back is re-encoded as a JPEG of the input's exact size.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
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

/** An answer worth another attempt: the service may be restarting or overloaded. */
class RetryableError extends Error {}

export class HttpStagingEngine extends StagingEngine {
  private readonly base: string;
  private readonly backoffMs: number;

  constructor(private readonly options: HttpStagingEngineOptions) {
    super();
    this.base = options.url.endsWith('/') ? options.url : `${options.url}/`;
    this.backoffMs = options.backoffMs ?? 250;
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<Buffer> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const progress = options.onProgress;
    try {
      progress?.('analysing', 10);
      const body = JSON.stringify({
        image: request.image.toString('base64'),
        ...(request.mask ? { mask: request.mask.toString('base64') } : {}),
        width: request.width,
        height: request.height,
        roomType: request.roomType,
        style: request.style,
        prompt: request.prompt,
        seed: request.seed,
      });
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
          throw new StagingFailedError('The staging engine gave no job id');
        image = await this.waitForJob(jobId, signal, options);
      } else {
        image = await this.imageFrom(submitted, signal);
      }
      progress?.('rendering', 90);
      return await toJpeg(image, request.width, request.height);
    } catch (error) {
      if (signal.aborted) throw new StagingTimeoutError();
      if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('The staging engine failed', { cause: error });
    }
  }

  private async waitForJob(jobId: string, signal: AbortSignal, options: StagingOptions): Promise<Buffer> {
    options.onProgress?.('rendering', 40);
    for (;;) {
      await sleep(this.options.pollMs, undefined, { signal });
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
        throw new StagingFailedError('The staging engine finished the job without an image');
      }
      if (job.status !== 'queued' && job.status !== 'running') {
        throw new StagingFailedError(
          `The staging engine answered an unknown job status: ${String(job.status)}`,
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
      throw new StagingFailedError('The staging engine answered without an image');
    }
    return Buffer.from(await answer.arrayBuffer());
  }

  /** One HTTP call with the retry policy; `path` is relative to ENGINE_URL or absolute. */
  private async call(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
    const url = new URL(path, this.base).toString();
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await fetch(url, { ...init, signal });
        if (answer.status === 429 || answer.status >= 500) {
          await answer.body?.cancel();
          throw new RetryableError(`The staging engine answered ${answer.status}`);
        }
        if (!answer.ok) {
          const text = await answer.text().catch(() => '');
          throw new StagingFailedError(
            `The staging engine refused the request (${answer.status}): ${text.slice(0, 200)}`,
          );
        }
        return answer;
      } catch (error) {
        if (signal.aborted) throw new StagingTimeoutError();
        if (error instanceof StagingFailedError) throw error;
        if (attempt >= this.options.retries) {
          throw new StagingFailedError(`The staging engine failed after ${attempt + 1} attempts`, {
            cause: error,
          });
        }
        await sleep(Math.min(this.backoffMs * 2 ** attempt, 10_000), undefined, { signal });
      }
    }
  }
}

/** Whatever the service sends (JPEG, PNG, another size) becomes a JPEG of the input's size. */
async function toJpeg(image: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    const pipeline = sharp(image, { failOn: 'error' }).autoOrient();
    const { width: w, height: h } = await pipeline.metadata();
    const sized = w === width && h === height ? pipeline : pipeline.resize(width, height, { fit: 'fill' });
    return await sized.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  } catch (error) {
    throw new StagingFailedError('The staging engine sent something that is not an image', { cause: error });
  }
}
