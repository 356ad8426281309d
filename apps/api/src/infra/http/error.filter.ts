import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, isLocale, type ApiError, type Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../database/database-outage';
import { isRedisUnavailable } from '../redis/redis-outage';
import { AppError } from './app-error';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.VALIDATION_FAILED,
  429: ErrorCode.RATE_LIMITED,
};

/** Retry-After of a 429 whose limit did not say when its window ends. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The message follows the caller's language: ?lang, then Accept-Language, then English. */
export function requestLocale(req: Request): Locale {
  const query = typeof req.query?.lang === 'string' ? req.query.lang : undefined;
  if (isLocale(query)) return query;
  const header = req.headers['accept-language'] ?? '';
  const first = header
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find(isLocale);
  return first ?? 'en';
}

/** Every error answers `{ code, message, fields? }` with the status of its code. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    // Redis or PostgreSQL unreachable (the queue, a rate limit, a lock, the pool): a quick, translated 503, never a 500.
    if (isRedisUnavailable(exception) || isDatabaseUnavailable(exception))
      exception = new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    let status = 500;
    let code: ErrorCode = ErrorCode.INTERNAL;
    let fields: Record<string, string> | undefined;
    if (exception instanceof AppError) {
      status = exception.status;
      code = exception.code;
      fields = exception.fields;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      code = HTTP_CODES[status] ?? (status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION_FAILED);
    } else if (isBodyParserError(exception)) {
      status = exception.status;
      code = HTTP_CODES[status] ?? ErrorCode.VALIDATION_FAILED;
    }
    // A 503 the product chose (maintenance, high demand) is an answer, not a fault: one line, no stack.
    if (status === 503 && exception instanceof AppError)
      this.logger.warn(`${req.method} ${req.path}: ${code}`);
    else if (status >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    // Every 429 says when to try again; a limit that cannot tell (a framework 429) answers a minute.
    if (status === 429 && !res.headersSent) {
      const seconds = exception instanceof AppError ? exception.hint.retryAfterSeconds : undefined;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(seconds ?? DEFAULT_RETRY_AFTER_SECONDS))));
    }
    const body: ApiError = {
      code,
      message: translate(requestLocale(req), 'errors', code),
      ...(fields && { fields }),
    };
    if (!res.headersSent) res.status(status).json(body);
  }
}

function isBodyParserError(e: unknown): e is { status: number; type: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { status?: unknown }).status === 'number' &&
    'type' in e
  );
}
