import { z } from 'zod';
import { FieldIssue, registerRequestSchema } from '@estancia/contracts';

/** The API's register schema plus the repeated password, which never leaves the browser. */
export const registrationFormSchema = registerRequestSchema
  .extend({ repeatPassword: z.string().min(1, FieldIssue.REQUIRED) })
  .refine((values) => values.password === values.repeatPassword, {
    message: FieldIssue.PASSWORDS_DIFFER,
    path: ['repeatPassword'],
  });
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormOutput = z.output<typeof registrationFormSchema>;
