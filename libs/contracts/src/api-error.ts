import { z } from 'zod';
import { ErrorCode } from './errors';

/** Every error response body. `fields` maps a form field to the error code that flags it. */
export const apiErrorSchema = z.object({
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
