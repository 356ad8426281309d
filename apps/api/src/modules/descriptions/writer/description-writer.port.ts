import type { DescriptionFacts } from '@estancia/contracts';

export interface DescriptionRequest {
  facts: DescriptionFacts;
  /** Another seed gives another text for the same facts (a regeneration). */
  seed: number;
}

export interface DescriptionWriterOptions {
  signal?: AbortSignal;
}

/** Writes a listing text in the facts' language from exactly those facts, inventing none. */
export abstract class DescriptionWriter {
  abstract write(request: DescriptionRequest, options?: DescriptionWriterOptions): Promise<string>;
}

/** The writer did not answer within LLM_TIMEOUT_SECONDS, or the caller gave up. */
export class DescriptionTimeoutError extends Error {
  constructor(message = 'The description writer did not answer in time') {
    super(message);
    this.name = 'DescriptionTimeoutError';
  }
}

/** The writer failed for good: after its retries, or with an answer that cannot be used. */
export class DescriptionFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DescriptionFailedError';
  }
}
