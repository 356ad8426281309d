import {
  HttpException,
  HttpStatus,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { catchError, from, mergeMap, of, type Observable } from 'rxjs';
import { ErrorCode, FieldIssue, INTEGRATION_HEADERS, type ApiError } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { AppError } from '../../infra/http/app-error';
import { requestLocale } from '../../infra/http/error.filter';
import { isRedisUnavailable } from '../../infra/redis/redis-outage';
import { isDatabaseUnavailable } from '../../infra/database/database-outage';
import type { KeyedRequest } from './api-key.guard';
import { IdempotencyRepository } from './idempotency.repository';
import { API_DOC, type ApiDocSpec } from './openapi/api-doc';

/** A retry arriving while the first request runs waits this long for its answer before IDEMPOTENCY_KEY_IN_USE. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JSON with every object's members in name order, so member order never changes a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What makes two requests "the same": route, path, the body as the route's contract parsed it (so member
 * order and spelled-out defaults do not matter) and the bytes of uploaded files.
 */
function fingerprint(req: KeyedRequest, body: unknown): string {
  // Multer leaves the parsed files on the request (array form: FilesInterceptor).
  const files =
    ((req as { files?: unknown }).files as { fieldname: string; buffer: Buffer }[] | undefined) ?? [];
  return createHash('sha256')
    .update(
      canonicalJson({
        method: req.method,
        path: req.path,
        body: body ?? null,
        files: files.map((f) => [f.fieldname, createHash('sha256').update(f.buffer).digest('hex')]),
      }),
    )
    .digest('hex');
}

/** A stored failure: its status and code (the message is translated again for each replay). */
interface StoredFailure {
  code: ErrorCode;
  fields?: Record<string, string>;
}

/**
 * The answer an executed request failed with, as the error filter renders it; null when nothing is kept:
 * a validation failure (the request never ran), an outage of our own infrastructure (Redis or PostgreSQL
 * down) or a refusal to try now (503 high demand or maintenance, 429): the client is told to come back.
 */
function failureOf(error: unknown): { status: number; failure: StoredFailure } | null {
  if (isRedisUnavailable(error) || isDatabaseUnavailable(error)) return null;
  if (error instanceof AppError) {
    if (error.code === ErrorCode.VALIDATION_FAILED) return null;
    if (error.status === HttpStatus.SERVICE_UNAVAILABLE || error.status === HttpStatus.TOO_MANY_REQUESTS)
      return null;
    return {
      status: error.status,
      failure: { code: error.code, ...(error.fields && { fields: error.fields }) },
    };
  }
  // Nest's own exceptions come from the framework (routing, parsing, uploads), not from a request that ran.
  if (error instanceof HttpException) return null;
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, failure: { code: ErrorCode.INTERNAL } };
}

/**
 * Idempotency-Key on the public API's POSTs (draft-ietf-httpapi-idempotency-key-header, Stripe's rules): the
 * first request with a key runs and its answer, success or error, is kept for 24 hours; a retry with the same
 * key and the same request gets that answer again (`Idempotent-Replayed: true`) and moves nothing; the same
 * key with another request is refused (IDEMPOTENCY_KEY_REUSED). Retries that arrive while the first still
 * runs wait for its answer, so ten simultaneous retries charge once; one still waiting after 15 s is
 * IDEMPOTENCY_KEY_IN_USE. Nothing is kept for a request that did not run: a body its contract refuses
 * (VALIDATION_FAILED), an outage of Redis or PostgreSQL, a 503 or 429 refusal; its key stays free.
 * Put it after any upload interceptor, so the files are part of the fingerprint.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly requests: IdempotencyRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const key = req.header(INTEGRATION_HEADERS.idempotencyKey);
    if (key === undefined || !req.auth) return next.handle();
    if (!KEY_FORMAT.test(key))
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        [INTEGRATION_HEADERS.idempotencyKey]: FieldIssue.INVALID,
      });
    // Interceptors run before the route's pipes: parse the body with the route's own contract here.
    const doc = Reflect.getMetadata(API_DOC, context.getHandler()) as Partial<ApiDocSpec> | undefined;
    // A route without a body contract reads no body (a multipart route's files are fingerprinted apart).
    let body: unknown = null;
    if (doc?.body) {
      const parsed = doc.body.safeParse(req.body ?? {});
      // The route's pipe answers the 400; a refused body never ran, so its key stays free.
      if (!parsed.success) return next.handle();
      body = parsed.data;
    }
    const res = context.switchToHttp().getResponse<Response>();
    const userId = req.auth.userId;
    const print = fingerprint(req, body);
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
      (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);

    const until = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await this.requests.claim(userId, key, print)) break;
      const stored = await this.requests.find(userId, key);
      if (stored && stored.fingerprint !== print) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
      if (stored?.status != null) {
        res.status(stored.status);
        res.setHeader(INTEGRATION_HEADERS.idempotentReplayed, 'true');
        if (stored.status < 400) return of(stored.response);
        const { code, fields } = stored.response as StoredFailure;
        const replayed: ApiError = {
          code,
          message: translate(requestLocale(req), 'errors', code),
          ...(fields && { fields }),
        };
        return of(replayed);
      }
      if (Date.now() > until) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      // Running (or just released: the next claim takes it over).
      await sleep(POLL_MS);
    }
    return next.handle().pipe(
      // A handler that set its own status (e.g. 202 while a description is still being written) keeps it.
      mergeMap((answer: unknown) => {
        const answered = res.statusCode !== HttpStatus.OK ? res.statusCode : status;
        return from(this.requests.answer(userId, key, answered, answer).then(() => answer));
      }),
      catchError((error: unknown) => {
        const failed = failureOf(error);
        const kept = failed
          ? this.requests.answer(userId, key, failed.status, failed.failure)
          : this.requests.release(userId, key);
        return from(
          kept.then(
            () => {
              throw error;
            },
            () => {
              throw error;
            },
          ),
        );
      }),
    );
  }
}

/** Marks a POST of the public API as idempotent under an Idempotency-Key (see IdempotencyInterceptor). */
export const Idempotent = () => UseInterceptors(IdempotencyInterceptor);
