import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode, verificationCodeSchema } from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api-client';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { identityApi } from '../api/identity-api';

const codeFormSchema = z.object({ token: verificationCodeSchema });

const alreadyVerified = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.ALREADY_VERIFIED;

/**
 * The 6-digit code e-mailed after registration, with a resend and a way back to the form for a mistyped
 * address. An account verified meanwhile (another tab, a reset link) simply goes on to Login.
 */
export function VerifyEmailForm({
  email,
  onVerified,
  onOtherEmail,
}: {
  email: string;
  onVerified: () => void;
  onOtherEmail: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof codeFormSchema>,
    unknown,
    z.output<typeof codeFormSchema>
  >({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { token: '' },
  });
  const validate = useMutation({ mutationFn: identityApi.validate });
  const resend = useMutation({ mutationFn: identityApi.resendCode });
  const submit = handleSubmit(async ({ token }) => {
    try {
      await validate.mutateAsync({ email, token });
      onVerified();
    } catch (error) {
      if (alreadyVerified(error)) return onVerified();
      reportApiError(error, setError, {
        codeFields: {
          VERIFICATION_CODE_INVALID: 'token',
          VERIFICATION_CODE_EXPIRED: 'token',
          VERIFICATION_CODE_BURNED: 'token',
        },
      });
    }
  });
  const resendCode = async () => {
    try {
      await resend.mutateAsync({ email });
      notifications.toast('information', { key: 'auth.verify.resent' });
    } catch (error) {
      if (alreadyVerified(error)) return onVerified();
      reportApiError(error);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        {t('auth.verify.title')}
      </Typography>
      <Typography>{t('auth.verify.text', { email })}</Typography>
      <FormTextField
        control={control}
        name="token"
        id="verify-code"
        label={t('auth.verify.code')}
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={validate.isPending}>
          {t('auth.verify.submit')}
        </Button>
        <Button
          type="button"
          variant="outlined"
          size="large"
          onClick={resendCode}
          disabled={resend.isPending}
        >
          {t('auth.verify.resend')}
        </Button>
      </Stack>
      <Button type="button" variant="text" onClick={onOtherEmail} sx={{ mt: 2 }}>
        {t('auth.verify.otherEmail')}
      </Button>
    </Box>
  );
}
