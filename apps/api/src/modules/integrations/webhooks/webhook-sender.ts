import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { isPublicAddress } from '../remote-images/public-address';

/** A webhook URL checked for sending: where it points and the address vetted for it. */
export interface VettedUrl {
  url: URL;
  address: { address: string; family: number };
}

/** What a receiver answered: its status (null: no answer) and the start of its body, or why there was none. */
export interface ReceiverAnswer {
  status: number | null;
  response: string;
}

/** The part of an answer kept for the page. */
export const ANSWER_CHARS = 500;
const USER_AGENT = 'Estancia-Webhooks/1.0 (+https://estancia.app)';

/** Connects to the address we vetted whatever the name resolves to by then, so DNS rebinding cannot move it. */
const pinnedLookup =
  ({ address, family }: VettedUrl['address']): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * The only place webhooks touch the network. A URL must be https and every address of its host public
 * (WEBHOOK_ALLOW_HTTP / WEBHOOK_ALLOW_PRIVATE widen that for tests and local receivers); it is checked
 * when the endpoint is registered and again before every attempt, and redirects are never followed, so
 * a receiver cannot steer our requests into our own network.
 */
@Injectable()
export class WebhookSender {
  constructor(
    @Inject(APP_CONFIG)
    private readonly config: Pick<
      AppConfig,
      'WEBHOOK_ALLOW_HTTP' | 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_TIMEOUT_SECONDS'
    >,
  ) {}

  /** The vetted target, or why the URL may not be called. */
  async vet(raw: string): Promise<VettedUrl | { refused: string }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { refused: 'not a URL' };
    }
    const schemes = this.config.WEBHOOK_ALLOW_HTTP ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) return { refused: `${url.protocol} URLs are not allowed` };
    // Credentials in the URL would be listed on the page for anyone at the screen.
    if (url.username || url.password) return { refused: 'credentials in the URL are not allowed' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: VettedUrl['address'][];
    try {
      addresses = isIP(host)
        ? [{ address: host, family: isIP(host) }]
        : await lookup(host, { all: true, verbatim: true });
    } catch (error) {
      return {
        refused: `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`,
      };
    }
    if (!addresses.length) return { refused: `${host} does not resolve` };
    if (!this.config.WEBHOOK_ALLOW_PRIVATE && addresses.some((a) => !isPublicAddress(a.address)))
      return { refused: `${host} points to a private or loopback address` };
    return { url, address: addresses[0] };
  }

  /** One POST; never throws: a refusal, a network error or a timeout is an answer without status. */
  async post(raw: string, headers: Record<string, string>, body: string): Promise<ReceiverAnswer> {
    const target = await this.vet(raw);
    if ('refused' in target) return { status: null, response: `Not sent: ${target.refused}` };
    const timeoutMs = this.config.WEBHOOK_TIMEOUT_SECONDS * 1000;
    const { url, address } = target;
    return new Promise<ReceiverAnswer>((resolve) => {
      let status: number | null = null;
      let text = '';
      const finish = (answer: ReceiverAnswer) => {
        clearTimeout(timer);
        request.destroy();
        resolve(answer);
      };
      const timer = setTimeout(
        () =>
          finish(
            status === null
              ? { status, response: `No answer within ${this.config.WEBHOOK_TIMEOUT_SECONDS} s` }
              : { status, response: text.slice(0, ANSWER_CHARS) },
          ),
        timeoutMs,
      );
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          lookup: pinnedLookup(address),
          headers: {
            ...headers,
            'user-agent': USER_AGENT,
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (response) => {
          status = response.statusCode ?? null;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            // Only the start is kept: no need to read a big answer to the end.
            if (text.length >= ANSWER_CHARS) finish({ status, response: text.slice(0, ANSWER_CHARS) });
          });
          response.on('end', () => finish({ status, response: text }));
          response.on('error', () => finish({ status, response: text }));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({ status, response: status === null ? describe(error) : text.slice(0, ANSWER_CHARS) }),
      );
      request.end(body);
    });
  }
}

const describe = (error: NodeJS.ErrnoException): string =>
  (error.code && !error.message.includes(error.code)
    ? `${error.code}: ${error.message}`
    : error.message
  ).slice(0, ANSWER_CHARS);
