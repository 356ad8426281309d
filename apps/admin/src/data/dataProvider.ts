import { type DataProvider, fetchUtils, HttpError, type UpdateParams } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { staffSession } from '../auth/staffSession';
import { i18nProvider } from '../i18n/i18nProvider';

/**
 * Every staff call carries the console's bearer token (the API answers 401 when it is missing or
 * revoked) and the console's language, so catalogue names and messages come in the language shown.
 */
const staffHeaders = (init: HeadersInit) => {
  const headers = new Headers(init);
  const token = staffSession.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', i18nProvider.getLocale());
  return headers;
};

export const staffHttpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, {
    ...options,
    headers: staffHeaders(options.headers ?? { Accept: 'application/json' }),
  });

/**
 * A file only staff may read (an invoice PDF), fetched with the same headers and handed back as a Blob: a plain
 * link cannot carry the bearer token. A refusal throws an HttpError with the API's `{ code }` body.
 */
export const staffFile = async (url: string): Promise<Blob> => {
  const response = await fetch(url, {
    headers: staffHeaders({ Accept: 'application/pdf, application/json' }),
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new HttpError(response.statusText, response.status, body);
  }
  return response.blob();
};

/**
 * A state change that is not a PUT of the record: `update(resource, { id, data, previousData,
 * meta: { action: 'claim', body } })` posts `body` to `/:resource/:id/claim`, which answers the updated record.
 * Going through `update` keeps react-admin's mutation modes and cache for these explicit buttons.
 */
export interface RecordActionMeta {
  action: string;
  body?: unknown;
}

const recordAction = (meta: UpdateParams['meta']): RecordActionMeta | undefined =>
  typeof meta === 'object' && meta !== null && typeof (meta as RecordActionMeta).action === 'string'
    ? (meta as RecordActionMeta)
    : undefined;

/** The staff endpoints follow ra-data-simple-rest exactly (`range`, `sort`, `filter`, `Content-Range`). */
export const createDataProvider = (apiUrl = '/data/admin'): DataProvider => {
  const rest = simpleRestProvider(apiUrl, staffHttpClient);
  return {
    ...rest,
    update: async (resource, params) => {
      const action = recordAction(params.meta);
      if (!action) return rest.update(resource, params);
      const { json } = await staffHttpClient(
        `${apiUrl}/${resource}/${encodeURIComponent(String(params.id))}/${action.action}`,
        { method: 'POST', body: JSON.stringify(action.body ?? {}) },
      );
      return { data: json };
    },
  };
};

export const dataProvider = createDataProvider();
