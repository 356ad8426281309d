import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema } from '@estancia/contracts';
import { NewPasswordFields, withRepeatedPassword } from './NewPasswordFields';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { identityApi } from '../api/identity-api';
import { AuthSubmitButton } from './AuthSubmitButton';

const resetFormSchema = withRepeatedPassword(z.object({ password: passwordSchema }));

/** Opened by the e-mailed link (`/login/?resetToken=<rowId>`): a new password for the account. */
export function ResetPasswordForm({ rowId, onDone }: { rowId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof resetFormSchema>,
    unknown,
    z.output<typeof resetFormSchema>
  >({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const reset = useMutation({ mutationFn: identityApi.resetPassword });
  const submit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ rowId, password });
      notifications.toast('information', { key: 'auth.reset.done' });
      onDone();
    } catch (error) {
      reportApiError(error, setError);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        {t('auth.reset.title')}
      </Typography>
      <NewPasswordFields
        control={control}
        idPrefix="reset"
        labels={{ password: t('auth.reset.newPassword'), repeat: t('auth.reset.repeatPassword') }}
      />
      <AuthSubmitButton pending={reset.isPending}>{t('auth.reset.submit')}</AuthSubmitButton>
    </Box>
  );
}
