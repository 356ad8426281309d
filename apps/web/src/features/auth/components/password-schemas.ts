// The password forms' schemas (register, reset, account security), in their own module so that a page
// can load them, and zod, only when its form validates (see lazyZodResolver).
import { z } from 'zod';
import { FieldIssue, passwordSchema, registerRequestSchema } from '@estancia/contracts';

/** Adds the repeated password (which never leaves the browser) to a schema that has `password`. */
export function withRepeatedPassword<Shape extends z.ZodRawShape & { password: z.ZodType<string> }>(
  schema: z.ZodObject<Shape>,
) {
  return schema.extend({ repeatPassword: z.string().min(1, FieldIssue.REQUIRED) }).refine(
    (values) => {
      // The generic shape hides the two keys from the compiler; both are always there.
      const { password, repeatPassword } = values as { password: unknown; repeatPassword: string };
      return password === repeatPassword;
    },
    {
      message: FieldIssue.PASSWORDS_DIFFER,
      path: ['repeatPassword'],
    },
  );
}

/**
 * The API's register schema plus the repeated password, which never leaves the browser. The consent box
 * starts unticked (`false`), and the contract's own rule (only `true` passes) judges it.
 */
export const registrationFormSchema = withRepeatedPassword(
  registerRequestSchema.extend({
    acceptTerms: z.boolean().pipe(registerRequestSchema.shape.acceptTerms),
  }),
);
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormOutput = z.output<typeof registrationFormSchema>;

export const resetPasswordFormSchema = withRepeatedPassword(z.object({ password: passwordSchema }));
