import { ErrorCode, type ApiError } from '@estancia/contracts';

/** A failed API call, carrying the API's `{ code, message, fields }` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
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
  /** The API refused because the platform is being updated. */
  onMaintenance: () => void;
  baseUrl?: string;
}

export interface ApiClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
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

/** JSON calls to the product API under /data with the stored token as a bearer credential. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/data';

  async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const token = deps.getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await deps.fetch()(`${baseUrl}/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiRequestError(0, { code: ErrorCode.INTERNAL, message: 'network' });
    }
    const text = await response.text();
    let payload: unknown = undefined;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }
    if (!response.ok) {
      const error = new ApiRequestError(response.status, toApiError(response.status, payload));
      if (response.status === 401 && token) deps.onUnauthorized();
      if (error.code === ErrorCode.MAINTENANCE_MODE) deps.onMaintenance();
      throw error;
    }
    return payload as T;
  }

  return {
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
  };
}
