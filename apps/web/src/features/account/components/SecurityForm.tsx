import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { updatePasswordRequestSchema } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { identityApi } from '../../auth/api/identity-api';
import { NewPasswordFields } from '../../auth/components/NewPasswordFields';
import { withRepeatedPassword } from '../../auth/components/password-schemas';
import { PasswordField } from '../../auth/components/PasswordField';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';

const securityFormSchema = withRepeatedPassword(updatePasswordRequestSchema);

/** Current and new password; the API answers a new token because every older one stops working. */
export function SecurityForm() {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof securityFormSchema>,
    unknown,
    z.output<typeof securityFormSchema>
  >({
    resolver: zodResolver(securityFormSchema),
    defaultValues: { currentPassword: '', password: '', repeatPassword: '' },
  });
  const update = useMutation({ mutationFn: identityApi.updatePassword });
  const submit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      session.signIn(await update.mutateAsync({ currentPassword, password }));
      reset();
      notifications.toast('information', { key: 'account.security.saved' });
    } catch (error) {
      reportApiError(error, setError, { codeFields: { CURRENT_PASSWORD_WRONG: 'currentPassword' } });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      <PasswordField
        control={control}
        name="currentPassword"
        id="security-current-password"
        label={t('account.security.currentPassword')}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields
        control={control}
        idPrefix="security-new"
        labels={{ password: t('account.security.newPassword'), repeat: t('account.security.repeatPassword') }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={update.isPending}>
        {t('account.security.submit')}
      </Button>
    </Box>
  );
}
