import {
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
import { ErrorCode, FieldIssue, INTEGRATION_HEADERS } from '@estancia/contracts';
import { AppError } from '../../infra/http/app-error';
import type { KeyedRequest } from './api-key.guard';
import { IdempotencyRepository } from './idempotency.repository';

/** A retry arriving while the first request runs waits this long for its answer before IDEMPOTENCY_KEY_IN_USE. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What makes two requests "the same": route, path, JSON body and the bytes of uploaded files. */
function fingerprint(req: KeyedRequest): string {
  // Multer leaves the parsed files on the request (array form: FilesInterceptor).
  const files =
    ((req as { files?: unknown }).files as { fieldname: string; buffer: Buffer }[] | undefined) ?? [];
  return createHash('sha256')
    .update(
      JSON.stringify({
        method: req.method,
        path: req.path,
        body: req.body ?? null,
        files: files.map((f) => [f.fieldname, createHash('sha256').update(f.buffer).digest('hex')]),
      }),
    )
    .digest('hex');
}

/**
 * Idempotency-Key on the public API's POSTs (Stripe's rules): the first request with a key runs and its
 * answer is kept for 24 hours; a retry with the same key and the same request gets that answer again
 * (`Idempotent-Replayed: true`) and moves nothing; the same key with another request is refused
 * (IDEMPOTENCY_KEY_REUSED). Retries that arrive while the first still runs wait for its answer, so ten
 * simultaneous retries charge once. A request that fails frees its key (the failure moved nothing).
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
    const res = context.switchToHttp().getResponse<Response>();
    const userId = req.auth.userId;
    const print = fingerprint(req);
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
        return of(stored.response);
      }
      if (Date.now() > until) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      // Running (or just released by a failure: the next claim takes it over).
      await sleep(POLL_MS);
    }
    return next.handle().pipe(
      // A handler that set its own status (e.g. 202 while a description is still being written) keeps it.
      mergeMap((body: unknown) => {
        const answered = res.statusCode !== HttpStatus.OK ? res.statusCode : status;
        return from(this.requests.answer(userId, key, answered, body).then(() => body));
      }),
      catchError((error: unknown) =>
        from(
          this.requests.release(userId, key).then(() => {
            throw error;
          }),
        ),
      ),
    );
  }
}

/** Marks a POST of the public API as idempotent under an Idempotency-Key (see IdempotencyInterceptor). */
export const Idempotent = () => UseInterceptors(IdempotencyInterceptor);
