// The contract schemas of the forms that validate lazily (see lazyZodResolver): a module of their own so
// that loading one form's schema brings the schemas and zod, never the whole contracts barrel.
export { createProjectRequestSchema, loginRequestSchema, resendCodeRequestSchema } from '@estancia/contracts';
