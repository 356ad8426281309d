import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorCode, type loginRequestSchema } from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api-client';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { currentLocale } from '../../../shared/i18n';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';
import { identityApi } from '../api/identity-api';
import { AuthSubmitButton } from './AuthSubmitButton';
import { PasswordField } from './PasswordField';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

/**
 * E-mail and password; signing in stores the session and the guards take the user on. The right password
 * on an account that never entered its e-mailed code sends a fresh code and hands over to the code step.
 */
export function LoginForm({
  defaultEmail = '',
  onUnverified,
}: {
  defaultEmail?: string;
  onUnverified: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: lazyZodResolver(() => import('../../../shared/form-schemas').then((m) => m.loginRequestSchema)),
    defaultValues: { login: defaultEmail, password: '' },
  });
  const login = useMutation({ mutationFn: identityApi.login });
  const resend = useMutation({ mutationFn: identityApi.resendCode });
  const sendNewCode = async (email: string) => {
    try {
      await resend.mutateAsync({ email });
      notifications.toast('information', { key: 'auth.verify.notVerified', values: { email } });
    } catch (error) {
      // The code step still opens: an earlier code may be valid, and it has its own resend button.
      reportApiError(error);
    }
  };
  const submit = handleSubmit(async (values) => {
    try {
      session.signIn(await login.mutateAsync({ ...values, language: currentLocale() }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === ErrorCode.EMAIL_NOT_VERIFIED) {
        await sendNewCode(values.login);
        onUnverified(values.login);
      } else {
        reportApiError(error, setError);
      }
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="login"
        id="login-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
      />
      <PasswordField
        control={control}
        name="password"
        id="login-password"
        label={t('auth.password')}
        autoComplete="current-password"
        required
      />
      <AuthSubmitButton pending={login.isPending || resend.isPending}>
        {t('auth.submitLogin')}
      </AuthSubmitButton>
    </Box>
  );
}
