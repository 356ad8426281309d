import { z } from 'zod';
import { registerRequestSchema } from '@estancia/contracts';
import { withRepeatedPassword } from './NewPasswordFields';

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
