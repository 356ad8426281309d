import { isLocale, VISITOR_HEADER, type Locale } from '@estancia/contracts';
import type { Request } from 'express';

/** What a browser may send as its visitor id (the web app makes a UUID); anything else counts as none. */
const VISITOR_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** The browser's visitor id, or null: a request without one is counted only by its network address. */
export function visitorId(req: Pick<Request, 'headers'>): string | null {
  const value = req.headers[VISITOR_HEADER];
  const id = (Array.isArray(value) ? value[0] : value)?.trim();
  return id && VISITOR_ID.test(id) ? id : null;
}

/** The visitor has no account: the e-mail follows the browser's languages, else the product's default (es). */
export function visitorLanguage(req: Pick<Request, 'headers'>): Locale {
  const header = req.headers['accept-language'] ?? '';
  return (
    header
      .split(',')
      .map((part) => part.trim().slice(0, 2).toLowerCase())
      .find(isLocale) ?? 'es'
  );
}
