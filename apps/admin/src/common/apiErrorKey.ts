import { HttpError } from 'react-admin';
import { apiErrorSchema } from '@estancia/contracts';

/** The translation key for an API refusal (`errors.<code>`), or react-admin's generic one for anything else. */
export const apiErrorKey = (error: unknown): string => {
  const body = error instanceof HttpError ? apiErrorSchema.safeParse(error.body) : undefined;
  return body?.success ? `errors.${body.data.code}` : 'ra.notification.http_error';
};
