import { z } from 'zod';

/** Stable error codes: the API answers `{ code, message }`; the apps translate `errors.<code>`. */
export const ErrorCode = {
  // generic
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  MAINTENANCE_MODE: 'MAINTENANCE_MODE',
  INTERNAL: 'INTERNAL',
  // identity
  EMAIL_ALREADY_EXISTS: 'EMAIL_ALREADY_EXISTS',
  REFERRAL_CODE_UNKNOWN: 'REFERRAL_CODE_UNKNOWN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  VERIFICATION_CODE_INVALID: 'VERIFICATION_CODE_INVALID',
  VERIFICATION_CODE_EXPIRED: 'VERIFICATION_CODE_EXPIRED',
  VERIFICATION_CODE_BURNED: 'VERIFICATION_CODE_BURNED',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  GOOGLE_LOGIN_DISABLED: 'GOOGLE_LOGIN_DISABLED',
  GOOGLE_LOGIN_FAILED: 'GOOGLE_LOGIN_FAILED',
  RESET_LINK_INVALID: 'RESET_LINK_INVALID',
  CURRENT_PASSWORD_WRONG: 'CURRENT_PASSWORD_WRONG',
  STAFF_ONLY: 'STAFF_ONLY',
  // wallet
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  // platform
  HIGH_DEMAND: 'HIGH_DEMAND',
  // projects and uploads
  PROJECT_EXISTS: 'PROJECT_EXISTS',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  TOO_MANY_PHOTOS: 'TOO_MANY_PHOTOS',
  IMAGE_NOT_VALID: 'IMAGE_NOT_VALID',
  IMAGE_TOO_MANY_PIXELS: 'IMAGE_TOO_MANY_PIXELS',
  IMAGE_HAS_PERSON: 'IMAGE_HAS_PERSON',
  NO_IMAGE_SELECTED: 'NO_IMAGE_SELECTED',
  // decorations
  GENERATION_ERROR: 'GENERATION_ERROR',
  GENERATION_TIMEOUT: 'GENERATION_TIMEOUT',
  DECORATION_NOT_READY: 'DECORATION_NOT_READY',
  DOWNLOAD_NOT_POSSIBLE: 'DOWNLOAD_NOT_POSSIBLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every error response body. `fields` maps a form field to the error code that flags it. */
export const apiErrorSchema = z.object({
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Validation issue codes used in `fields` (translated as `validation.<code>`). */
export const FieldIssue = {
  REQUIRED: 'required',
  EMAIL: 'email',
  PHONE: 'phone',
  PASSWORD_RULES: 'passwordRules',
  PASSWORD_TOO_LONG: 'passwordTooLong',
  PASSWORDS_DIFFER: 'passwordsDiffer',
  CODE_FORMAT: 'codeFormat',
  TOO_LONG: 'tooLong',
  INVALID: 'invalid',
} as const;
export type FieldIssue = (typeof FieldIssue)[keyof typeof FieldIssue];
