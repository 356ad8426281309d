import { z } from 'zod';
import { FieldIssue } from './errors';
import { emailSchema } from './identity';
import { orderableRoomTypeSchema, orderableStyleSchema } from './projects';

/**
 * The visitor's free try (spec sections 1, 2, 4, 9): one photo decorated free without an account,
 * redecorated without limit, deleted 15 minutes after it is made, and one free HD download per
 * e-mail (by an e-mailed code, or by registering).
 */

/**
 * POST /data/free-try (multipart: `file`, `roomType`, `style`; public). The photo follows the upload
 * rules of a project photo (image, 2 MB, no person). Refusals: IMAGE_*, HIGH_DEMAND when the
 * free-demand flag is on, FREE_TRY_LIMIT past the attempts allowed per network address and browser.
 */
export const startFreeTryFieldsSchema = z.object({
  roomType: orderableRoomTypeSchema,
  style: orderableStyleSchema,
});
export type StartFreeTryFields = z.input<typeof startFreeTryFieldsSchema>;

/** POST /data/free-try/:id/redecorate (public, by the try's id). */
export const redecorateFreeTryRequestSchema = z.object({
  roomType: orderableRoomTypeSchema.optional(),
  style: orderableStyleSchema.optional(),
});
export type RedecorateFreeTryRequest = z.input<typeof redecorateFreeTryRequestSchema>;

/** A free try as the visitor sees it. A redecoration answers the same shape with the new preview. */
export const freeTrySchema = z.object({
  id: z.string(),
  /** The decorated photo, watermarked, preview size (signed, expiring with the try). */
  previewUrl: z.string(),
  /** The photo as uploaded, preview size, for the before/after slider. */
  originalUrl: z.string(),
  roomType: z.string(),
  style: z.string(),
  /** When the decorated images are deleted (15 minutes after the latest was made). */
  expiresAt: z.string(),
});
export type FreeTry = z.infer<typeof freeTrySchema>;

/** POST /data/free-try/:id/email: sends the 6-digit code for the HD download to this e-mail. */
export const freeTryEmailRequestSchema = z.object({
  /** Trimmed and lower-cased like the sign-up e-mail, so one address is one free download however typed. */
  email: emailSchema,
});
export type FreeTryEmailRequest = z.input<typeof freeTryEmailRequestSchema>;

/**
 * POST /data/free-try/:id/email/verify: the code gives the one HD download of that e-mail
 * (FREE_DOWNLOAD_USED when the e-mail already had it; VERIFICATION_CODE_* like sign-up codes).
 */
export const freeTryVerifyRequestSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, FieldIssue.INVALID),
});
export type FreeTryVerifyRequest = z.input<typeof freeTryVerifyRequestSchema>;

/** A signed URL of the HD image (full size, no watermark), valid until the try is deleted. */
export const freeTryDownloadSchema = z.object({ downloadUrl: z.string() });
export type FreeTryDownload = z.infer<typeof freeTryDownloadSchema>;

/**
 * POST /data/free-try/:id/claim (signed in): the pending free download after registering or logging
 * in. Given when the account is at most an hour old and its e-mail's free download is unused
 * (then marked used); else FREE_DOWNLOAD_USED, or FREE_DOWNLOAD_EXPIRED for an older account.
 */
export const claimFreeTryResponseSchema = freeTryDownloadSchema;

/**
 * POST /data/free-try/:id/purchase (signed in): the paid path, the HD download for one credit
 * (bought as a single 2.99 EUR decoration through checkout `{ kind: 'decoration' }` when short).
 */
export const purchaseFreeTryResponseSchema = freeTryDownloadSchema.extend({ balance: z.number().int() });
export type PurchaseFreeTryResponse = z.infer<typeof purchaseFreeTryResponseSchema>;

/** GET /data/free-try/inspiration (public): before/after examples made by our engine from our own rooms. */
export const inspirationExampleSchema = z.object({
  id: z.string(),
  roomType: z.string(),
  style: z.string(),
  beforeUrl: z.string(),
  afterUrl: z.string(),
});
export type InspirationExample = z.infer<typeof inspirationExampleSchema>;
