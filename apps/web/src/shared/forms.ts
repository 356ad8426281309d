import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ErrorCode, FieldIssue } from '@estancia/contracts';
import { notifications } from '../features/notifications/notifications';
import { ApiRequestError } from './api-client';

const ISSUES = new Set<string>(Object.values(FieldIssue));
const CODES = new Set<string>(Object.values(ErrorCode));

/** A field's error is a zod issue code (`validation.<code>`) or an API error code (`errors.<code>`). */
export function fieldErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (ISSUES.has(code)) return t(`validation:${code}`);
  if (CODES.has(code)) return t(`errors:${code}`);
  return t('validation:invalid');
}

export interface ReportOptions<T extends FieldValues> {
  /** API field name → form field name, when they differ. */
  fieldNames?: Partial<Record<string, FieldPath<T>>>;
  /** The form field an error code belongs to when the API did not flag one (e.g. a wrong current password). */
  codeFields?: Partial<Record<ErrorCode, FieldPath<T>>>;
}

/**
 * Shows an API failure: an error toast with `errors.<code>`, and each flagged field of the form marked
 * with its code (a field issue or an error code).
 */
export function reportApiError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  { fieldNames = {}, codeFields = {} }: ReportOptions<T> = {},
): void {
  const code = error instanceof ApiRequestError ? error.code : ErrorCode.INTERNAL;
  notifications.toast('error', { key: `errors:${code}` });
  if (!(error instanceof ApiRequestError) || !setError) return;
  const flagged = Object.entries(error.body.fields ?? {});
  const fallback = codeFields[code];
  if (flagged.length === 0 && fallback) flagged.push([fallback, code]);
  for (const [field, issue] of flagged) {
    setError(fieldNames[field] ?? (field as FieldPath<T>), { type: 'server', message: issue });
  }
}
