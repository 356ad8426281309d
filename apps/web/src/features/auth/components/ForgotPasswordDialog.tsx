import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { resendCodeRequestSchema } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { notifications } from '../../notifications/notifications';
import { identityApi } from '../api/identity-api';

/** The same `{ email }` shape as the code resend. */
type ForgotSchema = typeof resendCodeRequestSchema;

/** "Forgot your password?" link and its dialog asking for the account's e-mail. */
export function ForgotPassword() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<ForgotSchema>,
    unknown,
    z.output<ForgotSchema>
  >({
    resolver: lazyZodResolver(() =>
      import('../../../shared/form-schemas').then((m) => m.resendCodeRequestSchema),
    ),
    defaultValues: { email: '' },
  });
  const forgot = useMutation({ mutationFn: identityApi.forgotPassword });
  const close = () => {
    setOpen(false);
    reset();
  };
  const submit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
      notifications.toast('information', { key: 'auth.forgot.sent' });
      close();
    } catch (error) {
      reportApiError(error, setError);
    }
  });
  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)}>
        {t('auth.forgot.open')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{t('auth.forgot.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('auth.forgot.text')}</DialogContentText>
            <FormTextField
              control={control}
              name="email"
              id="forgot-email"
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={forgot.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
