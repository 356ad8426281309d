import type { RoomType, Style } from '@estancia/contracts';

export interface StagingRequest {
  image: Buffer;
  width: number;
  height: number;
  roomType: RoomType;
  style: Style;
  seed: number;
  prompt: string;
  mask?: Buffer;
}

export type StagingStage = 'analysing' | 'rendering';

export interface StagingOptions {
  onProgress?: (stage: StagingStage, percent: number) => void;
  signal?: AbortSignal;
}

export abstract class StagingEngine {
  /** Returns a JPEG of the same width and height as the input. */
  abstract render(request: StagingRequest, options?: StagingOptions): Promise<Buffer>;
}

/** The engine did not answer within ENGINE_TIMEOUT_SECONDS, or the caller gave up (its signal aborted). */
export class StagingTimeoutError extends Error {
  constructor(message = 'The staging engine did not answer in time') {
    super(message);
    this.name = 'StagingTimeoutError';
  }
}

/** The engine failed for good: after its retries, or with an answer that cannot be used. */
export class StagingFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StagingFailedError';
  }
}
