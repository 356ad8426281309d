import type { z } from 'zod';
import { registerRequestSchema } from '@estancia/contracts';
import { withRepeatedPassword } from './NewPasswordFields';

/** The API's register schema plus the repeated password, which never leaves the browser. */
export const registrationFormSchema = withRepeatedPassword(registerRequestSchema);
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormOutput = z.output<typeof registrationFormSchema>;
