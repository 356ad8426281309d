import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FieldIssue } from '@estancia/contracts';
import { PasswordField } from './PasswordField';

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

/** A new password, with the rules as a hint, and its repetition: register, reset and account security. */
export function NewPasswordFields<T extends FieldValues>({
  control,
  idPrefix,
  labels,
}: {
  control: Control<T>;
  idPrefix: string;
  labels: { password: string; repeat: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as FieldPath<T>}
        id={`${idPrefix}-password`}
        label={labels.password}
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        required
      />
      <PasswordField
        control={control}
        name={'repeatPassword' as FieldPath<T>}
        id={`${idPrefix}-repeat-password`}
        label={labels.repeat}
        autoComplete="new-password"
        required
      />
    </>
  );
}
