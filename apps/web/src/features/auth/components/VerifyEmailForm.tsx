import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { verificationCodeSchema } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { identityApi } from '../api/identity-api';

const codeFormSchema = z.object({ token: verificationCodeSchema });

/** The 6-digit code e-mailed after registration, with a resend. */
export function VerifyEmailForm({ email, onVerified }: { email: string; onVerified: () => void }) {
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
    </Box>
  );
}
