import type { EngineFailureReason, EngineName, RoomType, Style } from '@estancia/contracts';

export interface StagingRequest {
  image: Buffer;
  width: number;
  height: number;
  roomType: RoomType;
  style: Style;
  seed: number;
  prompt: string;
  /** PNG or any image sharp reads, white where the engine may paint; without it the engine may paint anywhere. */
  mask?: Buffer;
  /** Remove the furniture already in the photo before staging (only engines whose `emptiesRooms` is true). */
  emptyRoom?: boolean;
  /** Model named by the staff's engine settings; each adapter falls back to its configured default. */
  model?: string;
  /**
   * The style lock's reference: a result already made for another photo of the same property in the same
   * style. Engines that take a second image match its furniture and palette; the others share its seed.
   */
  reference?: Buffer;
}

export interface StagingResult {
  /** A JPEG of exactly the request's width and height. */
  image: Buffer;
  /** Greyscale PNG of the same size, white where the engine added something (furniture); absent when unknown. */
  added?: Buffer;
}

export type StagingStage = 'analysing' | 'rendering';

export interface StagingOptions {
  onProgress?: (stage: StagingStage, percent: number) => void;
  signal?: AbortSignal;
}

export abstract class StagingEngine {
  abstract readonly name: EngineName;
  /** True when the engine can empty a furnished room before staging it. */
  readonly emptiesRooms: boolean = false;
  abstract render(request: StagingRequest, options?: StagingOptions): Promise<StagingResult>;

  /**
   * Does the work of a render that needs no engine (encoding what it is sent) and answers the call that
   * does: the router prepares while it waits for an engine slot, so a freed slot is used at once.
   */
  prepare(request: StagingRequest, options: StagingOptions = {}): Promise<PreparedRender> {
    return Promise.resolve(() => this.render(request, options));
  }
}

/** A render whose request is built: calling it sends it to the engine. */
export type PreparedRender = () => Promise<StagingResult>;

/** The engine did not answer within its time limit, or the caller gave up (its signal aborted). */
export class StagingTimeoutError extends Error {
  readonly reason: EngineFailureReason;
  constructor(
    message = 'The staging engine did not answer in time',
    reason: 'timeout' | 'cancelled' = 'timeout',
  ) {
    super(message);
    this.name = 'StagingTimeoutError';
    this.reason = reason;
  }
}

/** The engine failed for good: after its retries, or with an answer that cannot be used. */
export class StagingFailedError extends Error {
  readonly reason: EngineFailureReason;
  constructor(message: string, options?: { cause?: unknown; reason?: EngineFailureReason }) {
    super(message, options);
    this.name = 'StagingFailedError';
    this.reason = options?.reason ?? 'server_error';
  }
}

/** Why a render failed, for the metrics: the engine's own reason when it gave one. */
export function failureReason(error: unknown): EngineFailureReason {
  if (error instanceof StagingFailedError || error instanceof StagingTimeoutError) return error.reason;
  return 'server_error';
}
