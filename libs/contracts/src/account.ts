import { z } from 'zod';
import { LIMITS } from './constants';
import { FieldIssue } from './errors';

/**
 * POST user/deleteAccount (signed in, customers). An account with a password confirms with it; an
 * account without one (Google sign-in) types its e-mail address again as `confirmation`.
 */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(LIMITS.passwordMaxLength, FieldIssue.PASSWORD_TOO_LONG).optional().default(''),
  confirmation: z.string().trim().max(254, FieldIssue.TOO_LONG).optional().default(''),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** GET user/exportData answers a zip; this is the name of the account's JSON inside it. */
export const ACCOUNT_EXPORT_JSON = 'account.json';
