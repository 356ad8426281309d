/**
 * Adapter for Virtual Staging AI's render API, v1 (https://docs.virtualstagingai.app/endpoints), the
 * commercial service that stages a photo from a room type and a style, and can empty a furnished room first.
 *
 *   every call                 Authorization: Api-Key <VIRTUAL_STAGING_API_KEY>
 *   POST <base>/render/create  the photo, either
 *       multipart/form-data `file` with the settings as query parameters   (default: no public URL needed)
 *       or JSON { image_url, ...settings }                                 (when `publishImage` is given)
 *     settings: room_type, style, declutter_mode 'off' | 'on' | 'auto', add_furniture,
 *               wait_for_completion (false: answer { render_id } at once), add_virtually_staged_watermark
 *   GET  <base>/render?render_id=<id>
 *     { render_id, status: 'rendering' | 'done' | 'error', progress: 0…1, outputs: [image urls] }
 *   then the first output is downloaded (a storage URL: without our key).
 *
 * The API takes no prompt, mask or seed: the room type and the style are the whole brief, and it may
 * paint anywhere in the photo. It has no cancel call, so an abort or the time limit stops our polling
 * and the render runs out on their side. 'queued' is accepted as still working though v1 documents only
 * 'rendering'; an 'error' render documents no reason, so `error`/`message` are read when present.
 */
import type { EngineName, RoomType, Style } from '@estancia/contracts';
import { abortError, engineFetch, isRefusal, pollDelay, toPhotoSizedJpeg } from './engine-http';
import {
  StagingEngine,
  StagingFailedError,
  StagingTimeoutError,
  type StagingOptions,
  type StagingRequest,
  type StagingResult,
} from './staging-engine.port';

/** Room types v1 accepts (`room_type`, "must be one of"). */
export const VIRTUAL_STAGING_ROOM_TYPES = [
  'living',
  'bed',
  'kitchen',
  'dining',
  'bathroom',
  'home_office',
] as const;
export type VirtualStagingRoomType = (typeof VIRTUAL_STAGING_ROOM_TYPES)[number];

/** Styles v1 accepts (`style`, "must be one of"). */
export const VIRTUAL_STAGING_STYLES = [
  'modern',
  'scandinavian',
  'industrial',
  'midcentury',
  'luxury',
  'farmhouse',
  'coastal',
  'standard',
] as const;
export type VirtualStagingStyle = (typeof VIRTUAL_STAGING_STYLES)[number];

/** Our room types as the API's closest one: it knows six, so open-plan and special rooms take their main use. */
export const VIRTUAL_STAGING_ROOM_TYPE: Record<RoomType, VirtualStagingRoomType> = {
  bedroom: 'bed',
  bedroom_individual: 'bed',
  childrenroom: 'bed',
  livingroom: 'living',
  // An empty room of no stated use is staged as a living room, as our own prompt does.
  empty_room: 'living',
  dining_living_room: 'living',
  // The kitchen units are already there: what an open kitchen-lounge lacks is the lounge.
  living_kitchen_room: 'living',
  gameroom: 'living',
  // v1 documents no outdoor type; lounge seating is the nearest to a terrace set.
  terrace: 'living',
  diningroom: 'dining',
  kitchen: 'kitchen',
  bathroom: 'bathroom',
  office: 'home_office',
  study_room: 'home_office',
};

/** Our styles as the API's closest one, judged on the materials and colours staging-prompt.ts gives each. */
export const VIRTUAL_STAGING_STYLE: Record<Style, VirtualStagingStyle> = {
  modern: 'modern',
  scandinavian: 'scandinavian',
  industrial: 'industrial',
  coastal: 'coastal',
  // Few pieces in white and light beige.
  minimalist: 'scandinavian',
  // Dark wood, rich fabrics, brass.
  classic: 'luxury',
  // Reclaimed wood, earthy tones, linen.
  rustic: 'farmhouse',
  // Whitewash, blue accents, natural wood.
  mediterranean: 'coastal',
  // Mid-century furniture.
  vintage: 'midcentury',
  // Warm saturated colours and mid-century-leaning pieces.
  bohemian: 'midcentury',
  // Bright, neutral listing staging: the API's own default style.
  housfy: 'standard',
  // Rattan, plants, airy light.
  tropical: 'coastal',
  // Carved dark wood, handmade textiles, earthy tones.
  tribal: 'farmhouse',
};

export interface VirtualStagingEngineOptions {
  apiKey: string;
  /** Default: the production v1 API. */
  baseUrl?: string;
  timeoutSeconds: number;
  pollMs: number;
  retries: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
  /**
   * Puts the photo at a URL the API can fetch (a signed public URL) and answers it; then the create call
   * is JSON with `image_url`. Unset: the photo travels in the request as the documented multipart `file`.
   */
  publishImage?: (image: Buffer) => Promise<string>;
}

export const VIRTUAL_STAGING_URL = 'https://api.virtualstagingai.app/v1';

type RenderState = {
  render_id?: string;
  status?: string;
  progress?: number;
  outputs?: unknown;
  error?: unknown;
  message?: unknown;
};

export class VirtualStagingEngine extends StagingEngine {
  readonly name: EngineName = 'virtual-staging';
  override readonly emptiesRooms = true;
  private readonly base: string;
  private readonly backoffMs: number;

  constructor(private readonly options: VirtualStagingEngineOptions) {
    super();
    const base = options.baseUrl ?? VIRTUAL_STAGING_URL;
    this.base = base.endsWith('/') ? base : `${base}/`;
    this.backoffMs = options.backoffMs ?? 500;
  }

  async render(request: StagingRequest, options: StagingOptions = {}): Promise<StagingResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const progress = options.onProgress;
    try {
      progress?.('analysing', 10);
      const renderId = await this.create(request, signal);
      progress?.('analysing', 30);
      const output = await this.waitForRender(renderId, signal, options);
      // The output sits on the provider's storage: our key stays off that request.
      const download = await engineFetch(
        'Virtual Staging AI',
        output,
        { method: 'GET' },
        signal,
        this.policy(),
      );
      const image = Buffer.from(await download.arrayBuffer());
      progress?.('rendering', 90);
      return { image: await toPhotoSizedJpeg(image, request.width, request.height) };
    } catch (error) {
      // Our deadline is a timeout whichever realm made its DOMException; the caller's abort keeps its reason.
      if (options.signal?.aborted) throw abortError(options.signal);
      if (deadline.aborted) throw new StagingTimeoutError();
      if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) throw error;
      throw new StagingFailedError('Virtual Staging AI failed', { cause: error, reason: 'bad_output' });
    }
  }

  private async create(request: StagingRequest, signal: AbortSignal): Promise<string> {
    const settings = {
      room_type: VIRTUAL_STAGING_ROOM_TYPE[request.roomType],
      style: VIRTUAL_STAGING_STYLE[request.style],
      // 'on' rather than 'auto': the customer asked for the room emptied, not for a guess.
      declutter_mode: request.emptyRoom ? 'on' : 'off',
      add_furniture: true,
      // We poll instead: a held connection that drops would lose a paid render.
      wait_for_completion: false,
      add_virtually_staged_watermark: false,
    };
    let answer: Response;
    if (this.options.publishImage) {
      const imageUrl = await this.options.publishImage(request.image).catch((error: unknown) => {
        throw new StagingFailedError('The photo could not be published for Virtual Staging AI', {
          cause: error,
          reason: 'network',
        });
      });
      answer = await this.call('render/create', signal, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: imageUrl, ...settings }),
      });
    } else {
      // v1: with a `file` upload "the other arguments have to be sent via URL query parameters".
      const query = new URLSearchParams(
        Object.entries(settings).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const form = new FormData();
      const type = imageType(request.image);
      form.append('file', new Blob([request.image], { type }), `photo.${type.slice('image/'.length)}`);
      answer = await this.call(`render/create?${query.toString()}`, signal, { method: 'POST', body: form });
    }
    const { render_id: renderId } = (await answer.json()) as RenderState;
    if (typeof renderId !== 'string' || !renderId) {
      throw new StagingFailedError('Virtual Staging AI gave no render id', { reason: 'bad_output' });
    }
    return renderId;
  }

  /** Polls the render until it is done (its first output's URL) or failed. */
  private async waitForRender(
    renderId: string,
    signal: AbortSignal,
    options: StagingOptions,
  ): Promise<string> {
    options.onProgress?.('rendering', 40);
    for (;;) {
      await pollDelay(this.options.pollMs, signal);
      const answer = await this.call(
        `render?${new URLSearchParams({ render_id: renderId }).toString()}`,
        signal,
        {
          method: 'GET',
        },
      );
      const render = (await answer.json()) as RenderState;
      if (render.status === 'error') {
        const why = [render.error, render.message].find((text): text is string => typeof text === 'string');
        throw new StagingFailedError(`Virtual Staging AI failed the render: ${why ?? 'no reason given'}`, {
          reason: why && (isRefusal(why) || REJECTED_PHOTO.test(why)) ? 'refused' : 'server_error',
        });
      }
      if (render.status === 'done') {
        const [first] = Array.isArray(render.outputs) ? (render.outputs as unknown[]) : [];
        if (typeof first !== 'string' || !first) {
          throw new StagingFailedError('Virtual Staging AI finished the render without an image', {
            reason: 'bad_output',
          });
        }
        return new URL(first, this.base).toString();
      }
      if (render.status !== 'rendering' && render.status !== 'queued') {
        throw new StagingFailedError(
          `Virtual Staging AI answered an unknown render status: ${String(render.status)}`,
          {
            reason: 'bad_output',
          },
        );
      }
      if (typeof render.progress === 'number') {
        const percent = 40 + Math.round(Math.min(1, Math.max(0, render.progress)) * 45);
        options.onProgress?.('rendering', percent);
      }
    }
  }

  /** One API call with our key and the retry policy; `path` is relative to the base URL. */
  private call(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
    return engineFetch(
      'Virtual Staging AI',
      new URL(path, this.base).toString(),
      {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Api-Key ${this.options.apiKey}`,
        },
      },
      signal,
      this.policy(),
    );
  }

  private policy() {
    return { retries: this.options.retries, backoffMs: this.backoffMs };
  }
}

/** How a render error says the photo itself was turned down (beyond the shared content-policy words). */
const REJECTED_PHOTO = /(photo|image)[^.]*(rejected|inappropriate|not suitable)/i;

/** The upload's content type from the photo's first bytes; stored originals are JPEG, PNG or WebP. */
function imageType(image: Buffer): string {
  if (image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    image.subarray(0, 4).toString('latin1') === 'RIFF' &&
    image.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return 'image/jpeg';
}
