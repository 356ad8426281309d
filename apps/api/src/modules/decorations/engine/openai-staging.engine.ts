/**
 * Staging with OpenAI's GPT Image models through the Images edits endpoint (official `openai` SDK).
 *
 *   POST <OPENAI_BASE_URL>/images/edits   multipart/form-data, Authorization: Bearer <OPENAI_API_KEY>
 *     image            the photo as a PNG, resized to `size`
 *     mask             RGBA PNG of the same size, fully transparent (alpha 0) where the model may paint
 *     prompt, model, input_fidelity=high, size, quality=high, n=1
 *   200 { data: [{ b64_json }] }
 *
 * `size` is the supported size nearest to the photo's aspect ratio; the answer is stretched back to the
 * photo's exact size, which undoes the stretch applied on the way out. Without a mask from the caller the
 * engine gets the default staging mask (floor area only, see `defaultStagingMask`). The SDK retries
 * network errors, 408/409/429 and 5xx `retries` times, honouring `retry-after-ms` and `Retry-After`; the
 * whole render is bounded by `timeoutSeconds` and by the caller's AbortSignal.
 */
import type { EngineName } from '@estancia/contracts';
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RateLimitError,
  toFile,
} from 'openai';
import sharp from 'sharp';
import { abortError, isRefusal, toPhotoSizedJpeg } from './engine-http';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type PreparedRender,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

export interface OpenAiStagingEngineOptions {
  apiKey: string;
  /** API root including `/v1`; the SDK's default (https://api.openai.com/v1) when absent. */
  baseUrl?: string;
  model: string;
  timeoutSeconds: number;
  /** Extra attempts the SDK makes after a network error, a 408/409/429 or a 5xx. */
  retries: number;
}

export type OpenAiEditSize = '1536x1024' | '1024x1536' | '1024x1024';

type Upload = Awaited<ReturnType<typeof toFile>>;

/** Models that reject `input_fidelity` (OpenAI documents it as unsupported for gpt-image-1-mini). */
const WITHOUT_INPUT_FIDELITY = /^gpt-image-1-mini/;

/** Share of the height, from the top, the default mask keeps: ceiling, upper walls, window and door heads. */
const PROTECTED_TOP_SHARE = 0.45;
/** Cells per row of the grid that finds windows: a bright spot smaller than a cell (a lamp) averages out. */
const WINDOW_GRID_COLUMNS = 32;
/** Mean luminance of a cell that counts as a window: daylight through glass is nearly blown out indoors. */
const WINDOW_LUMINANCE = 240;

/**
 * The supported size nearest to the photo's aspect ratio, compared on a log scale so that 3:2 and 2:3 are
 * as far from square: landscape from about 1.22:1, portrait from about 1:1.22.
 */
export function openAiEditSize(width: number, height: number): OpenAiEditSize {
  const ratio = Math.log(width / height);
  const candidates: [OpenAiEditSize, number][] = [
    ['1536x1024', Math.log(1536 / 1024)],
    ['1024x1536', Math.log(1024 / 1536)],
    ['1024x1024', 0],
  ];
  candidates.sort((a, b) => Math.abs(ratio - a[1]) - Math.abs(ratio - b[1]));
  return candidates[0]![0];
}

/**
 * The mask the engine gets when the caller sends none, white where it may paint (the port's convention):
 * OpenAI may repaint the whole photo, so everything but the floor area is protected. Walls, ceiling and
 * door heads are approximated by the top 45% of the height; windows, including those that reach the
 * floor, by the cells of a coarse grid whose mean luminance is near white.
 */
export async function defaultStagingMask(photo: Buffer, width: number, height: number): Promise<Buffer> {
  const columns = WINDOW_GRID_COLUMNS;
  const rows = Math.max(1, Math.round((columns * height) / width));
  const { data: cells } = await sharp(photo)
    .autoOrient()
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(columns, rows, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const protectedRows = Math.round(height * PROTECTED_TOP_SHARE);
  const mask = Buffer.alloc(width * height);
  for (let y = protectedRows; y < height; y++) {
    const cellRow = Math.min(rows - 1, Math.floor((y * rows) / height)) * columns;
    for (let x = 0; x < width; x++) {
      const cell = cells[cellRow + Math.min(columns - 1, Math.floor((x * columns) / width))]!;
      mask[y * width + x] = cell >= WINDOW_LUMINANCE ? 0 : 255;
    }
  }
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * OpenAI's mask from ours: an RGBA PNG of the sent image's size, fully transparent where our mask is white
 * (may paint) and opaque elsewhere. Transparent parts of our mask count as protected; greys are cut at half.
 */
export async function openAiEditMask(paintable: Buffer, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(paintable)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < grey.length; i++) rgba[i * 4 + 3] = grey[i]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Said after the prompt when the style lock sends the property's earlier result as a second image. */
export const REFERENCE_INSTRUCTION =
  'Use the same furniture pieces, materials and colour palette as in the second image, another room of the same home; edit only the first image.';

/** The photo, our mask as OpenAI's and the style reference, as the files the endpoint takes. */
type EditUploads = [Upload, Upload, Upload | undefined];

export class OpenAiStagingEngine extends StagingEngine {
  readonly name: EngineName = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiStagingEngineOptions) {
    super();
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      maxRetries: options.retries,
      timeout: Math.round(options.timeoutSeconds * 1000),
    });
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    return (await this.prepare(request, options))();
  }

  /** The photo, mask and reference at GPT Image's size are made before an engine slot is taken. */
  override async prepare(request: StagingRequest, options: StagingOptions = {}): Promise<PreparedRender> {
    const size = openAiEditSize(request.width, request.height);
    const uploads = await this.uploads(request, size);
    return () => this.edit(request, options, size, uploads);
  }

  private async edit(
    request: StagingRequest,
    options: StagingOptions,
    size: OpenAiEditSize,
    [image, mask, reference]: EditUploads,
  ): Promise<StagingResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const progress = options.onProgress;
    progress?.('analysing', 10);
    if (signal.aborted) throw stopped(signal, deadline);

    const model = request.model ?? this.options.model;
    progress?.('rendering', 40);
    let b64: string | undefined;
    try {
      const edit = this.client.images.edit(
        {
          model,
          image: reference ? [image, reference] : image,
          mask,
          prompt: reference ? `${request.prompt} ${REFERENCE_INSTRUCTION}` : request.prompt,
          ...(WITHOUT_INPUT_FIDELITY.test(model) ? {} : { input_fidelity: 'high' as const }),
          size,
          quality: 'high',
          n: 1,
        },
        { signal },
      );
      const answer = await untilAborted(edit, signal);
      b64 = answer.data?.[0]?.b64_json;
    } catch (error) {
      throw stagingError(error, signal, deadline);
    }
    if (!b64) {
      throw new StagingFailedError('OpenAI answered without an image (no b64_json)', {
        reason: 'bad_output',
      });
    }
    progress?.('rendering', 90);
    return { image: await toPhotoSizedJpeg(Buffer.from(b64, 'base64'), request.width, request.height) };
  }

  /** The photo and its mask at the edit size, as the PNG files the endpoint takes. */
  private async uploads(request: StagingRequest, size: OpenAiEditSize): Promise<EditUploads> {
    const [width, height] = size.split('x').map(Number) as [number, number];
    try {
      const photo = sharp(request.image, { failOn: 'error' })
        .autoOrient()
        .resize(width, height, { fit: 'fill' })
        // Transparent pixels in the image itself would read as a second mask.
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
      const paintable = request.mask
        ? Promise.resolve(request.mask)
        : defaultStagingMask(request.image, width, height);
      const [image, mask] = await Promise.all([
        photo,
        paintable.then((ours) => openAiEditMask(ours, width, height)),
      ]);
      return await Promise.all([
        toFile(image, 'photo.png', { type: 'image/png' }),
        toFile(mask, 'mask.png', { type: 'image/png' }),
        // The mask applies to the first image only; the reference is looked at, never edited.
        request.reference
          ? sharp(request.reference)
              .resize(width, height, { fit: 'fill' })
              .png()
              .toBuffer()
              .then((png) => toFile(png, 'reference.png', { type: 'image/png' }))
          : undefined,
      ]);
    } catch (error) {
      throw new StagingFailedError('The photo or its mask could not be read', {
        cause: error,
        reason: 'bad_request',
      });
    }
  }
}

/**
 * The SDK's wait before a retry ignores the signal (it sleeps the full Retry-After), so the render stops
 * waiting at the abort; the SDK then sees the aborted signal and sends nothing more.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new APIUserAbortError());
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Our own time limit is a timeout whatever its abort reason looks like; any other abort is the caller's. */
function stopped(signal: AbortSignal, deadline: AbortSignal): StagingTimeoutError {
  return deadline.aborted ? new StagingTimeoutError() : abortError(signal);
}

/** The port's error for whatever the SDK threw, once its own retries are spent. */
function stagingError(error: unknown, signal: AbortSignal, deadline: AbortSignal): Error {
  if (signal.aborted || error instanceof APIUserAbortError) return stopped(signal, deadline);
  if (error instanceof APIConnectionTimeoutError) return new StagingTimeoutError();
  if (error instanceof APIConnectionError) {
    return new StagingFailedError(`OpenAI could not be reached: ${error.message}`, {
      cause: error,
      reason: 'network',
    });
  }
  if (error instanceof RateLimitError) {
    return new StagingFailedError(`OpenAI kept rate limiting the request: ${error.message}`, {
      cause: error,
      reason: 'rate_limited',
    });
  }
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status >= 500) {
      return new StagingFailedError(`OpenAI failed: ${error.message}`, {
        cause: error,
        reason: 'server_error',
      });
    }
    const refused = isRefusal(`${error.code ?? ''} ${error.type ?? ''} ${error.message}`);
    return new StagingFailedError(
      `OpenAI ${refused ? 'refused' : 'rejected'} the request: ${error.message}`,
      {
        cause: error,
        reason: refused ? 'refused' : 'bad_request',
      },
    );
  }
  return new StagingFailedError('OpenAI answered something that could not be read', {
    cause: error,
    reason: 'bad_output',
  });
}
