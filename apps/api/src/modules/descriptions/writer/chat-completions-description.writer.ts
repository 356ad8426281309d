/**
 * Production adapter: an OpenAI-compatible chat-completions endpoint.
 *
 *   POST <LLM_URL>/chat/completions   authorization: Bearer <LLM_API_KEY> (when set)
 *     { model: LLM_MODEL, messages: [system, user], temperature, seed }
 *   200 { choices: [{ message: { content: <the text> } }] }
 *
 * Network errors, 429 and 5xx are retried LLM_RETRIES times with exponential backoff; other 4xx and
 * answers without text fail at once (DescriptionFailedError). The whole call, retries included, is
 * bounded by LLM_TIMEOUT_SECONDS and the caller's signal (DescriptionTimeoutError).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DescriptionFacts } from '@estancia/contracts';
import { LISTING_LENGTH } from './composer/compose';
import {
  DescriptionFailedError,
  DescriptionTimeoutError,
  DescriptionWriter,
  type DescriptionRequest,
  type DescriptionWriterOptions,
} from './description-writer.port';

export interface ChatCompletionsWriterOptions {
  url: string;
  model: string;
  apiKey?: string;
  timeoutSeconds: number;
  retries: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
}

const LANGUAGE_NAMES: Record<DescriptionFacts['language'], string> = {
  en: 'English',
  es: 'Spanish (Spain)',
  cat: 'Catalan',
};

const FEATURE_NAMES: Record<DescriptionFacts['features'][number], string> = {
  balcony: 'balcony',
  terrace: 'terrace',
  garden: 'garden',
  garage: 'garage',
  elevator: 'elevator',
  storage_room: 'storage room',
  pool: 'swimming pool',
};

/**
 * How each regeneration lays the text out, as the built-in composer's layouts do: consecutive seeds ask
 * for consecutive structures, so a regeneration reads differently, not just reworded.
 */
const STRUCTURES = [
  'first paragraph: the property type and location, then the size; second: the rooms and what daily life there is like; third: the features; last: an invitation to visit.',
  'first paragraph: the property type and location and what living there is like; second: size, rooms and the practical features; third: the outdoor features; last: an invitation to visit.',
  'first paragraph: property type, location, size and rooms together; second: the features; third: what daily life there is like; last: an invitation to visit.',
  'first paragraph: a short opening line that states no fact, then the property type and location; second: the rooms, then the size; third: the features and what living there is like; last: an invitation to visit.',
  'first paragraph: the property type and location, then the rooms; second: the size and what daily life there is like; third: the features; last: an invitation to visit.',
] as const;

/** The instructions: the shape of the built-in composer's listings, from exactly the facts listed, in their language. */
export function descriptionMessages(
  facts: DescriptionFacts,
  seed = 0,
): { role: 'system' | 'user'; content: string }[] {
  const language = LANGUAGE_NAMES[facts.language];
  const features = facts.features.map((f) => FEATURE_NAMES[f]);
  const structure = STRUCTURES[Math.abs(Math.trunc(seed)) % STRUCTURES.length];
  return [
    {
      role: 'system',
      content: [
        'You write property listing descriptions for a real-estate portal, ready for an agent to publish.',
        `Write in ${language} only.`,
        `Length: ${LISTING_LENGTH.min} to ${LISTING_LENGTH.max} characters, in 3 or 4 paragraphs separated by one blank line;`,
        'plain text, no headings, no lists, no emojis.',
        'Use only the facts given: never add features, rooms, numbers, views, orientation, light, condition,',
        'prices or places that are not listed.',
        'Mention every fact given exactly once: the location once, the property type once, and the size,',
        'bedrooms and bathrooms once each. Weave each feature into a sentence of its own about how it is',
        'enjoyed, rather than listing them. Other sentences may speak of living there in general terms,',
        'without stating anything new.',
        `Structure: ${structure}`,
      ].join(' '),
    },
    {
      role: 'user',
      content: [
        `Property type: ${facts.propertyType}`,
        `Location: ${facts.location}`,
        `Size: ${facts.squareMeters} square metres`,
        `Bedrooms: ${facts.bedrooms}${facts.bedrooms === 0 ? ' (a studio: no separate bedrooms)' : ''}`,
        `Bathrooms: ${facts.bathrooms}`,
        `Features: ${features.length ? features.join(', ') : 'none (mention no features)'}`,
      ].join('\n'),
    },
  ];
}

/** An answer worth another attempt: the service may be restarting or overloaded. */
class RetryableError extends Error {}

interface ChatAnswer {
  choices?: { message?: { content?: unknown } }[];
}

export class ChatCompletionsDescriptionWriter extends DescriptionWriter {
  private readonly endpoint: string;
  private readonly backoffMs: number;

  constructor(private readonly options: ChatCompletionsWriterOptions) {
    super();
    const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
    this.endpoint = new URL('chat/completions', base).toString();
    this.backoffMs = options.backoffMs ?? 250;
  }

  async write(request: DescriptionRequest, options: DescriptionWriterOptions = {}): Promise<string> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const body = JSON.stringify({
      model: this.options.model,
      messages: descriptionMessages(request.facts, request.seed),
      // Some variety, and the seed makes a regeneration ask for another text.
      temperature: 0.8,
      seed: request.seed,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    try {
      const answer = await this.call(signal, { method: 'POST', headers, body });
      const json = (await answer.json()) as ChatAnswer;
      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim())
        throw new DescriptionFailedError('The description writer answered without text');
      return content.trim();
    } catch (error) {
      if (signal.aborted) throw new DescriptionTimeoutError();
      if (error instanceof DescriptionFailedError || error instanceof DescriptionTimeoutError) throw error;
      throw new DescriptionFailedError('The description writer failed', { cause: error });
    }
  }

  private async call(signal: AbortSignal, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await fetch(this.endpoint, { ...init, signal });
        if (answer.status === 429 || answer.status >= 500) {
          await answer.body?.cancel();
          throw new RetryableError(`The description writer answered ${answer.status}`);
        }
        if (!answer.ok) {
          const text = await answer.text().catch(() => '');
          throw new DescriptionFailedError(
            `The description writer refused the request (${answer.status}): ${text.slice(0, 200)}`,
          );
        }
        return answer;
      } catch (error) {
        if (signal.aborted) throw new DescriptionTimeoutError();
        if (error instanceof DescriptionFailedError) throw error;
        if (attempt >= this.options.retries) {
          throw new DescriptionFailedError(`The description writer failed after ${attempt + 1} attempts`, {
            cause: error,
          });
        }
        await sleep(Math.min(this.backoffMs * 2 ** attempt, 10_000), undefined, { signal });
      }
    }
  }
}
