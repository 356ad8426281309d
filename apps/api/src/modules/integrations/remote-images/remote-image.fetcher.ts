import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ErrorCode, LIMITS } from '@estancia/contracts';
import { AppError } from '../../../infra/http/app-error';
import { isPublicAddress } from './public-address';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface RemoteImageFetcherOptions {
  /** Plain http too (tests against loopback servers); production fetches https only. */
  allowHttp: boolean;
  /** Any address, private ones included (tests only). */
  allowPrivate: boolean;
  maxBytes?: number;
  maxRedirects?: number;
  /** A connection or an answer that stays silent this long is given up. */
  idleTimeoutMs?: number;
  /** The whole fetch, redirects included. */
  totalTimeoutMs?: number;
  /** Every address of a host name; tests map made-up names to loopback. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** Whether an address may be connected to (unless allowPrivate); tests widen it to one loopback address. */
  isAllowedAddress?: (address: string) => boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Estancia-ImageImport/1.0 (+https://estancia.app)';

const systemResolve = (host: string): Promise<ResolvedAddress[]> =>
  dnsLookup(host, { all: true, verbatim: true });

/** Connects to the address we vetted whatever the name resolves to now, so DNS rebinding cannot move it. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

type Answer = { redirect: string } | { body: Buffer };

const unreachable = () => new AppError(ErrorCode.REMOTE_IMAGE_UNREACHABLE);

/**
 * Downloads an integrator's photo for the worker without letting the URL reach our own network: https
 * only, no credentials in the URL, every address of the host (and of every redirect's host) must be
 * public, the connection goes to the vetted address, at most 3 redirects followed by hand, silence and
 * total timeouts, and no more than the upload limit read (announced or counted). What the bytes are is
 * left to the upload path, which decides the type from the content.
 */
export class RemoteImageFetcher {
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly idleTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly resolve: (host: string) => Promise<ResolvedAddress[]>;
  private readonly isAllowedAddress: (address: string) => boolean;

  constructor(private readonly options: RemoteImageFetcherOptions) {
    this.maxBytes = options.maxBytes ?? LIMITS.maxImageBytes;
    this.maxRedirects = options.maxRedirects ?? 3;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 10_000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
    this.resolve = options.resolve ?? systemResolve;
    this.isAllowedAddress = options.isAllowedAddress ?? isPublicAddress;
  }

  async fetch(url: string): Promise<Buffer> {
    const deadline = AbortSignal.timeout(this.totalTimeoutMs);
    let target = this.parse(url);
    for (let redirects = 0; ; redirects++) {
      const address = await this.vet(target, deadline);
      const answer = await this.get(target, address, deadline);
      if ('body' in answer) return answer.body;
      if (redirects >= this.maxRedirects) throw new AppError(ErrorCode.URL_NOT_ALLOWED);
      target = this.parse(answer.redirect, target);
    }
  }

  private parse(text: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      throw new AppError(ErrorCode.URL_NOT_ALLOWED);
    }
    const scheme = url.protocol === 'https:' || (this.options.allowHttp && url.protocol === 'http:');
    if (!scheme || url.username || url.password || !url.hostname)
      throw new AppError(ErrorCode.URL_NOT_ALLOWED);
    return url;
  }

  /** The address to connect to: refused if any address of the host is not public (it could switch to it). */
  private async vet(url: URL, deadline: AbortSignal): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    if (family) addresses = [{ address: host, family }];
    else {
      try {
        addresses = await withDeadline(this.resolve(host), deadline);
      } catch {
        throw unreachable();
      }
    }
    if (!addresses.length) throw unreachable();
    if (!this.options.allowPrivate && !addresses.every((a) => this.isAllowedAddress(a.address)))
      throw new AppError(ErrorCode.URL_NOT_ALLOWED);
    return addresses[0];
  }

  private get(url: URL, address: ResolvedAddress, deadline: AbortSignal): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      const fail = (error: unknown) =>
        settle(() => {
          req.destroy();
          reject(error instanceof AppError ? error : unreachable());
        });

      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'GET',
        // A fresh connection per fetch: a pooled one could have been opened to another address.
        agent: false,
        lookup: pinnedLookup(address),
        timeout: this.idleTimeoutMs,
        signal: deadline,
        headers: { accept: 'image/*', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
      });
      req.on('timeout', () => fail(unreachable()));
      req.on('error', fail);
      req.on('response', (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          const location = res.headers.location;
          return settle(() => {
            req.destroy();
            resolve({ redirect: location });
          });
        }
        if (status < 200 || status > 299) return fail(unreachable());
        const announced = Number(res.headers['content-length']);
        if (announced > this.maxBytes) return fail(new AppError(ErrorCode.IMAGE_TOO_LARGE));
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Counted as it arrives: an answer without (or lying about) its length is cut at the limit.
          if (received > this.maxBytes) return fail(new AppError(ErrorCode.IMAGE_TOO_LARGE));
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () =>
          settle(() => (res.complete ? resolve({ body: Buffer.concat(chunks) }) : reject(unreachable()))),
        );
      });
      req.end();
    });
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (deadline.aborted) return reject(deadline.reason as Error);
    const onAbort = () => reject(deadline.reason as Error);
    deadline.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}
