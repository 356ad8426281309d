import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

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
