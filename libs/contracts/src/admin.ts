import { z } from 'zod';
import { ROLES } from './enums';
import { platformStatusSchema } from './platform';

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
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
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

/** GET/PUT /data/admin/platform/status: the platform flags as one react-admin record, with who changed them last. */
export const adminPlatformStatusSchema = platformStatusSchema.extend({
  id: z.literal('status'),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AdminPlatformStatus = z.infer<typeof adminPlatformStatusSchema>;
