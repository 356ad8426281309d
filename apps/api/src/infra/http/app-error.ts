import { ErrorCode } from '@estancia/contracts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  MAINTENANCE_MODE: 503,
  INTERNAL: 500,
  EMAIL_ALREADY_EXISTS: 409,
  REFERRAL_CODE_UNKNOWN: 400,
  INVALID_CREDENTIALS: 401,
  VERIFICATION_CODE_INVALID: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  VERIFICATION_CODE_BURNED: 400,
  ALREADY_VERIFIED: 409,
  GOOGLE_LOGIN_DISABLED: 404,
  GOOGLE_LOGIN_FAILED: 401,
  RESET_LINK_INVALID: 400,
  CURRENT_PASSWORD_WRONG: 400,
  STAFF_ONLY: 403,
  INSUFFICIENT_CREDITS: 402,
  IDEMPOTENCY_CONFLICT: 409,
  HIGH_DEMAND: 503,
  PROJECT_EXISTS: 409,
  IMAGE_TOO_LARGE: 413,
  TOO_MANY_PHOTOS: 409,
  IMAGE_NOT_VALID: 422,
  IMAGE_TOO_MANY_PIXELS: 422,
  IMAGE_HAS_PERSON: 422,
  NO_IMAGE_SELECTED: 400,
  GENERATION_ERROR: 502,
  GENERATION_TIMEOUT: 504,
  DECORATION_NOT_READY: 409,
  DOWNLOAD_NOT_POSSIBLE: 409,
};

/** The one error type services throw: a stable code, optional field flags; the filter renders it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(code);
  }

  get status(): number {
    return STATUS[this.code];
  }
}
