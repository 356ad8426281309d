import { ErrorCode, type ApiError } from '@estancia/contracts';

/** A failed API call, carrying the API's `{ code, message, fields }` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    /** A 429's or 503's `Retry-After`, in milliseconds, when the answer had one. */
    readonly retryAfterMs?: number,
  ) {
    super(body.code);
    this.name = 'ApiRequestError';
  }

  get code(): ErrorCode {
    return this.body.code;
  }
}

export interface ApiClientDeps {
  /** Looked up on every call so tests can replace the global fetch at the network boundary. */
  fetch: () => typeof fetch;
  getToken: () => string;
  getLanguage: () => string;
  /** A 401 on a request that carried a token: the session is no longer valid. */
  onUnauthorized: () => void;
  /** ACCOUNT_BLOCKED on a request that carried a token: staff blocked the account. */
  onBlocked?: () => void;
  /** The API refused because the platform is being updated. */
  onMaintenance: () => void;
  baseUrl?: string;
}

/** Headers a call adds to the usual ones (e.g. the free try's visitor id). */
export type ExtraHeaders = Record<string, string>;

export interface ApiClient {
  get<T>(path: string, headers?: ExtraHeaders): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: ExtraHeaders): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  /** Calls that are not JSON both ways (DELETE, multipart uploads, file downloads): the raw answer. */
  send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: BodyInit,
    headers?: ExtraHeaders,
  ): Promise<Response>;
}

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

function toApiError(status: number, payload: unknown): ApiError {
  if (typeof payload === 'object' && payload !== null && KNOWN_CODES.has((payload as ApiError).code)) {
    const { code, message, fields } = payload as ApiError;
    return { code, message: typeof message === 'string' ? message : code, ...(fields && { fields }) };
  }
  const code =
    status === 401 ? ErrorCode.UNAUTHENTICATED : status === 429 ? ErrorCode.RATE_LIMITED : ErrorCode.INTERNAL;
  return { code, message: code };
}

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The JSON body of an answer; undefined when it is empty or not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** JSON calls to the product API under /data with the stored token as a bearer credential. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/data';

  /** One call: bearer token and language on the way out, `{ code, message, fields }` errors on the way back. */
  async function call(
    method: string,
    path: string,
    body?: BodyInit,
    contentType?: string,
    extraHeaders: ExtraHeaders = {},
  ): Promise<Response> {
    const token = deps.getToken();
    const headers: Record<string, string> = {
      ...extraHeaders,
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (contentType) headers['Content-Type'] = contentType;
    let response: Response;
    try {
      response = await deps.fetch()(`${baseUrl}/${path}`, { method, headers, body });
    } catch {
      throw new ApiRequestError(0, { code: ErrorCode.INTERNAL, message: 'network' });
    }
    if (response.ok) return response;
    const error = new ApiRequestError(
      response.status,
      toApiError(response.status, await readJson(response)),
      parseRetryAfter(response.headers.get('Retry-After')),
    );
    if (error.code === ErrorCode.ACCOUNT_BLOCKED && token) deps.onBlocked?.();
    else if (response.status === 401 && token) deps.onUnauthorized();
    if (error.code === ErrorCode.MAINTENANCE_MODE) deps.onMaintenance();
    throw error;
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers?: ExtraHeaders,
  ): Promise<T> {
    const response =
      body === undefined
        ? await call(method, path, undefined, undefined, headers)
        : await call(method, path, JSON.stringify(body), 'application/json', headers);
    return (await readJson(response)) as T;
  }

  return {
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body ?? {}, headers),
    put: (path, body) => request('PUT', path, body),
    send: (method, path, body, headers) => call(method, path, body, undefined, headers),
  };
}
