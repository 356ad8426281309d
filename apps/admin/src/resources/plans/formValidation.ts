import { type z } from 'zod';

/** A message react-admin translates under an input: a key, or a key with its variables. */
export type FieldMessage = string | { message: string; args: Record<string, unknown> };
export type FormErrors = Record<string, unknown>;

/** The console's words for a zod issue that no field-specific message covers. */
const generalMessage = (issue: z.core.$ZodIssue): FieldMessage => {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'ra.validation.required'
          : { message: 'ra.validation.minLength', args: { min: Number(issue.minimum) } };
      if (issue.origin === 'number' || issue.origin === 'int')
        return { message: 'ra.validation.minValue', args: { min: Number(issue.minimum) } };
      return 'commerce.validation.invalid';
    case 'too_big':
      if (issue.origin === 'string')
        return { message: 'ra.validation.maxLength', args: { max: Number(issue.maximum) } };
      if (issue.origin === 'number' || issue.origin === 'int')
        return { message: 'ra.validation.maxValue', args: { max: Number(issue.maximum) } };
      return 'commerce.validation.invalid';
    case 'invalid_type':
      // Mostly an empty input (null, '' or NaN where a number or a text is required).
      return issue.expected === 'int' || issue.expected === 'number'
        ? 'commerce.validation.number'
        : 'ra.validation.required';
    default:
      return 'commerce.validation.invalid';
  }
};

const put = (errors: FormErrors, issuePath: readonly PropertyKey[], message: FieldMessage) => {
  // An issue on one element of a list (styles.2) is shown on the list's input, which is what is on screen.
  const index = issuePath.findIndex((key) => typeof key === 'number');
  const path = index > 0 ? issuePath.slice(0, index) : issuePath;
  let at = errors;
  path.slice(0, -1).forEach((key) => {
    const name = String(key);
    at[name] = (at[name] as FormErrors | undefined) ?? {};
    at = at[name] as FormErrors;
  });
  const leaf = String(path[path.length - 1] ?? '_');
  // The first issue of a field is the one shown.
  if (at[leaf] === undefined) at[leaf] = message;
};

/**
 * The form's errors from the same zod schema the API validates with, shaped like the form for react-admin's form
 * `validate`: `{ names: { es: 'ra.validation.required' } }`. `messages` gives a field its own words (a price in euros
 * rather than "at least 1" cent); the issues `skip` picks are left to the caller.
 */
export const zodFormErrors = (
  schema: z.ZodType,
  values: unknown,
  messages: Record<string, FieldMessage> = {},
  skip: (issue: z.core.$ZodIssue) => boolean = () => false,
): FormErrors => {
  const result = schema.safeParse(values);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    if (skip(issue)) continue;
    const path = issue.path.map(String).join('.');
    put(errors, issue.path, messages[path] ?? generalMessage(issue));
  }
  return errors;
};

export const setFormError = (errors: FormErrors, path: string, message: FieldMessage) =>
  put(errors, path.split('.'), message);

/**
 * A date and time from a datetime-local input (local time, "2025-03-01T10:00") or from the record (ISO), as the
 * ISO instant the API takes; null when empty. A text that is not a date stays as it is, so validation refuses it.
 */
export const isoOrNull = (value: unknown): string | null | unknown => {
  if (value === '' || value === null || value === undefined) return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** A number input's value: null when empty. */
export const numberOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);
