import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { isLocale, type Locale } from '@estancia/contracts';
import type { Request } from 'express';

/**
 * The language a request asks for: `?lang`, else the best available one of Accept-Language (by its
 * q-values; `ca-ES` counts as `ca`), else null. Our apps send their interface language in
 * Accept-Language, so this is what the person is reading; null leaves the choice to the caller
 * (the account's stored language, or the product's default).
 */
export function requestedLocale(req: Pick<Request, 'headers' | 'query'>): Locale | null {
  const query = req.query?.lang;
  if (isLocale(query)) return query;
  const header = req.headers['accept-language'];
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().split('-')[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/** `@RequestedLocale() locale: Locale | null` in a controller: see `requestedLocale`. */
export const RequestedLocale = createParamDecorator((_: unknown, ctx: ExecutionContext): Locale | null =>
  requestedLocale(ctx.switchToHttp().getRequest<Request>()),
);
