import { type DataProvider, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { staffSession } from '../auth/staffSession';

/** Every staff call carries the console's bearer token; the API answers 401 when it is missing or revoked. */
export const staffHttpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = staffSession.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

/** The staff endpoints follow ra-data-simple-rest exactly (`range`, `sort`, `filter`, `Content-Range`). */
export const createDataProvider = (apiUrl = '/data/admin'): DataProvider =>
  simpleRestProvider(apiUrl, staffHttpClient);

export const dataProvider = createDataProvider();
