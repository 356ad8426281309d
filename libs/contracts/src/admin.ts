import { z } from 'zod';
import { PLAN_CODES, ROLES } from './enums';
import { platformStatusSchema } from './platform';
import { ledgerEntrySchema } from './wallet';

/** Rows of the staff console's resources under /data/admin (ra-data-simple-rest). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  credits: z.number().int(),
  company: z.string(),
  phone: z.string(),
  language: z.string(),
  referralCode: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  /** The plan of the active subscription, if any. */
  plan: z.enum(PLAN_CODES).nullable(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
  blockedReason: z.string().nullable(),
  referredBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  /** The subject as sent, in the recipient's language. */
  subject: z.string(),
  /**
   * The subject in the language the console asks for (Accept-Language or `?lang`), written again from the
   * message's kind and values; the subject as sent when no language is asked for or the values were not kept.
   */
  staffSubject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The last delivery error, kept until a later attempt succeeds. */
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * A ledger entry as the staff console lists it (GET /data/admin/ledger): for a grant from the console, the note
 * saying why and who gave it; null for the movements the product makes itself.
 */
export const adminLedgerEntrySchema = ledgerEntrySchema.extend({
  note: z.string().nullable(),
  grantedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** GET/PUT /data/admin/platform/status: the platform flags as one react-admin record, with who changed them last. */
export const adminPlatformStatusSchema = platformStatusSchema.extend({
  id: z.literal('status'),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AdminPlatformStatus = z.infer<typeof adminPlatformStatusSchema>;

/** The most credits one console grant can give. */
export const ADMIN_CREDIT_GRANT_MAX = 10_000;

/**
 * POST /data/admin/users/:id/credits (admins only): gives a customer credits with a note saying
 * why. The `Idempotency-Key` header is required, so a double submit grants once.
 */
export const adminCreditGrantRequestSchema = z.object({
  amount: z.number().int().min(1).max(ADMIN_CREDIT_GRANT_MAX),
  note: z.string().trim().min(1).max(200),
});
export type AdminCreditGrantRequest = z.infer<typeof adminCreditGrantRequestSchema>;
/** The user's balance after the grant. */
export const adminCreditGrantResponseSchema = z.object({ balance: z.number().int() });
export type AdminCreditGrantResponse = z.infer<typeof adminCreditGrantResponseSchema>;
