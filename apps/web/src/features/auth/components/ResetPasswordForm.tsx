import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { reportApiError } from '../../../shared/forms';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { NewPasswordFields } from './NewPasswordFields';
import type { resetPasswordFormSchema } from './password-schemas';
import { notifications } from '../../notifications/notifications';
import { identityApi } from '../api/identity-api';
import { AuthSubmitButton } from './AuthSubmitButton';

/** Opened by the e-mailed link (`/login/?resetToken=<rowId>`): a new password for the account. */
export function ResetPasswordForm({ rowId, onDone }: { rowId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof resetPasswordFormSchema>,
    unknown,
    z.output<typeof resetPasswordFormSchema>
  >({
    resolver: lazyZodResolver(() => import('./password-schemas').then((m) => m.resetPasswordFormSchema)),
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
