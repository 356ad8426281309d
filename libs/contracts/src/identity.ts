import { z } from 'zod';
import { FieldIssue } from './errors';
import { LIMITS } from './constants';
import { LOCALES, PLAN_CODES, ROLES } from './enums';

/** Schemas carry field-issue codes as messages, so forms and the API translate them alike. */
const required = (schema: z.ZodString) => schema.trim().min(1, FieldIssue.REQUIRED);

export const emailSchema = required(z.string())
  .max(254, FieldIssue.TOO_LONG)
  .pipe(z.email(FieldIssue.EMAIL))
  .transform((email) => email.toLowerCase());

/** The spec's stricter rule: 8+ characters with a number, an upper-case letter and a symbol. */
export const passwordSchema = z
  .string()
  .min(1, FieldIssue.REQUIRED)
  .max(LIMITS.passwordMaxLength, FieldIssue.PASSWORD_TOO_LONG)
  .refine(
    (p) => p.length >= LIMITS.passwordMinLength && /\d/.test(p) && /[A-Z]/.test(p) && /[^A-Za-z0-9]/.test(p),
    FieldIssue.PASSWORD_RULES,
  );

/** International or Spanish phone numbers: digits with optional +, spaces, dots, dashes, brackets. */
export const phoneSchema = z
  .string()
  .trim()
  .max(32, FieldIssue.TOO_LONG)
  .refine((p) => p === '' || /^\+?[0-9][0-9 .\-()]{5,}[0-9]$/.test(p), FieldIssue.PHONE)
  .refine((p) => p === '' || p.replace(/\D/g, '').length >= 6, FieldIssue.PHONE);

export const localeSchema = z.enum(LOCALES);
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, FieldIssue.CODE_FORMAT);
const optionalText = (max: number) => z.string().trim().max(max, FieldIssue.TOO_LONG).optional().default('');

// ---- requests (paths under /data, spec section 7) ----

/** POST user/register */
export const registerRequestSchema = z.object({
  name: required(z.string()).max(120, FieldIssue.TOO_LONG),
  email: emailSchema,
  password: passwordSchema,
  company: optionalText(120),
  referralCode: z.string().trim().max(32, FieldIssue.TOO_LONG).optional().default(''),
  language: localeSchema.optional().default('es'),
  /** The ticked "I accept the terms and the privacy policy" box: nobody registers without it. */
  acceptTerms: z.literal(true, FieldIssue.ACCEPT_TERMS),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST user/login — `login` is the e-mail. */
export const loginRequestSchema = z.object({
  login: emailSchema,
  password: z
    .string()
    .min(1, FieldIssue.REQUIRED)
    .max(LIMITS.passwordMaxLength, FieldIssue.PASSWORD_TOO_LONG),
  language: localeSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST user/validation — `token` is the 6-digit code sent by e-mail. */
export const validationRequestSchema = z.object({ email: emailSchema, token: verificationCodeSchema });
export type ValidationRequest = z.input<typeof validationRequestSchema>;

/** POST user/validation/resend */
export const resendCodeRequestSchema = z.object({ email: emailSchema });
export type ResendCodeRequest = z.input<typeof resendCodeRequestSchema>;

/** POST user/oauthauthenticate — `token` is the identity token from the Google popup. */
export const oauthRequestSchema = z.object({
  token: z.string().min(1, FieldIssue.REQUIRED).max(8192, FieldIssue.TOO_LONG),
  referralCode: z.string().trim().max(32, FieldIssue.TOO_LONG).optional().default(''),
  language: localeSchema.optional().default('es'),
});
export type OauthRequest = z.input<typeof oauthRequestSchema>;

/** POST user/changePassword — reset with the `rowId` from the e-mailed link. */
export const resetPasswordRequestSchema = z.object({
  rowId: z.string().trim().min(1, FieldIssue.REQUIRED).max(200, FieldIssue.TOO_LONG),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST user/updateProfile (signed in) */
export const updateProfileRequestSchema = z.object({
  name: required(z.string()).max(120, FieldIssue.TOO_LONG),
  company: optionalText(120),
  phone: phoneSchema.optional().default(''),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** POST user/updatePassword (signed in): the current password must be right; all tokens stop working. */
export const updatePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, FieldIssue.REQUIRED).max(LIMITS.passwordMaxLength),
  password: passwordSchema,
});
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;

/** POST admin/session — staff sign-in to the console (customers are refused). */
export const staffLoginRequestSchema = z.object({
  username: emailSchema,
  password: z.string().min(1, FieldIssue.REQUIRED).max(LIMITS.passwordMaxLength),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

// ---- responses ----

export const userSubscriptionSchema = z.object({
  isActive: z.boolean(),
  subscription: z.object({ name: z.enum(PLAN_CODES) }).nullable(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  credits: z.number().int(),
  company: z.string(),
  phone: z.string(),
  referralCode: z.string(),
  language: localeSchema,
  role: z.enum(ROLES),
  hasPassword: z.boolean(),
  userSubscription: userSubscriptionSchema,
});
export type User = z.infer<typeof userSchema>;

/** Answer of login, profile, oauthauthenticate and updatePassword. */
export const sessionResponseSchema = z.object({ token: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Answer of register: the account waits for the e-mailed code. */
export const registerResponseSchema = z.object({
  data: z.object({ email: z.string(), verificationRequired: z.literal(true) }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Answer of calls that only report they happened. */
export const statusResponseSchema = z.object({ status: z.string() });
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** Answer of updateProfile. */
export const updateProfileResponseSchema = z.object({ user: userSchema });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
