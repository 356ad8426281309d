import { PipeTransform } from '@nestjs/common';
import { ErrorCode, FieldIssue } from '@estancia/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

const KNOWN_ISSUES = new Set<string>(Object.values(FieldIssue));

/** Validates a body with the contract's zod schema; each bad field is flagged with its issue code. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value ?? {}, { reportInput: true });
    if (parsed.success) return parsed.data;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || '_';
      fields[path] ??= KNOWN_ISSUES.has(issue.message)
        ? issue.message
        : issue.code === 'invalid_type' && issue.input === undefined
          ? FieldIssue.REQUIRED
          : FieldIssue.INVALID;
    }
    throw new AppError(ErrorCode.VALIDATION_FAILED, fields);
  }
}

/** `@Body(validate(registerRequestSchema)) body: RegisterBody` */
export const validate = <S extends z.ZodType>(schema: S) => new ZodPipe(schema);
